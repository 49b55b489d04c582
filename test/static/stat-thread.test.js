// The helper thread's own code (src/static/stat-thread.js), run as stat-helper.js runs it: from
// its text alone, eval'ed in a bare thread, answering each name's kind, size and mtime.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { lstatSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { statThread } from "../../src/static/stat-thread.js";
import { makeTree } from "./helpers.js";

let tree;

beforeAll(() => {
  tree = makeTree({ "a.txt": "abcd", "d/": "", link: { symlink: "a.txt" }, "dir-link": { symlink: "d" } });
});

afterAll(() => tree.cleanup());

// One request to a fresh thread -> its answer.
async function ask(prefix, names) {
  const thread = new Worker(`(${statThread})();`, { eval: true, execArgv: [] });
  try {
    thread.postMessage({ id: 7, prefix, names });
    return await new Promise((resolve, reject) => {
      thread.once("message", resolve);
      thread.once("error", reject);
    });
  } finally {
    await thread.terminate();
  }
}

describe("statThread", () => {
  it("answers kind (1 file, 2 directory, 3 symlink, 0 gone), size and mtimeMs per name, in one moved array", async () => {
    const names = ["a.txt", "d", "link", "dir-link", "gone"];
    const { id, values } = await ask(tree.root + "/", names);
    expect(id).toBe(7);
    expect(values).toBeInstanceOf(Float64Array);
    const expected = names.flatMap((name, i) => {
      if (name === "gone") return [0, 0, 0];
      const st = lstatSync(join(tree.root, name));
      return [[1, 2, 3, 3][i], st.size, st.mtimeMs];
    });
    expect(Array.from(values)).toEqual(expected);
    expect(values[1]).toBe(4);
  });
});
