// The helper thread of big listings (src/static/stat-helper.js): handed out once online and
// idle, it answers lstat requests, and never keeps a process alive.
import { describe, it, expect, beforeAll, afterAll, vi } from "vitest";
import { execFileSync } from "node:child_process";
import { statSync } from "node:fs";
import { join } from "node:path";
import { makeTree } from "./helpers.js";

let tree;
let statHelper;

beforeAll(async () => {
  tree = makeTree({ "a.txt": "abc", "d/": "" });
  // A module of its own, whose helper has not started: another test file of this worker may
  // have started the shared one.
  vi.resetModules();
  ({ statHelper } = await import("../../src/static/stat-helper.js"));
});

afterAll(() => tree.cleanup());

describe("statHelper", () => {
  it("is handed out once online, not while it works, and answers [kind, size, mtimeMs] per name", async () => {
    expect(statHelper()).toBeNull(); // starting: this listing goes without it
    await expect.poll(() => statHelper() !== null).toBe(true);
    const helper = statHelper();
    const answer = helper.lstat(tree.root + "/", ["a.txt", "d", "gone"]);
    expect(statHelper()).toBeNull(); // busy: a listing would wait its turn
    const [file, dir] = [statSync(join(tree.root, "a.txt")), statSync(join(tree.root, "d"))];
    expect(Array.from(await answer)).toEqual([1, 3, file.mtimeMs, 2, dir.size, dir.mtimeMs, 0, 0, 0]);
    expect(statHelper()).toBe(helper);
  });

  // The helper thread is unref'ed while idle: a process that started it, used or not, still
  // ends by itself.
  it("does not keep the process alive with the helper thread", () => {
    const helper = new URL("../../src/static/stat-helper.js", import.meta.url).href;
    const dir = JSON.stringify(tree.root + "/");
    const script =
      `import { statHelper } from ${JSON.stringify(helper)};\n` +
      "statHelper();\nwhile (statHelper() === null) await new Promise((resolve) => setTimeout(resolve, 10));\n" +
      `if (process.argv[1] === "use") console.log((await statHelper().lstat(${dir}, ["f1", "f2"])).length);\n` +
      "else console.log('online');";
    const run = (mode) =>
      execFileSync(process.execPath, ["--input-type=module", "-e", script, mode], {
        encoding: "utf8",
        timeout: 15_000,
        stdio: ["ignore", "pipe", "pipe"],
      });
    expect(run("idle").trim()).toBe("online");
    expect(run("use").trim()).toBe("6");
  });
});
