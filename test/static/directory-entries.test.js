// Reading a directory for a listing (src/static/directory-entries.js): each entry's kind, size
// and date, dotfiles and symlinks as the listing may show them, and big directories shared
// with the helper thread (stat-helper.js) or read alone where threads are not allowed.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdirSync, realpathSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readDirectoryEntries } from "../../src/static/directory-entries.js";
import { statHelper } from "../../src/static/stat-helper.js";
import { makeTree } from "./helpers.js";

let tree, outside, realRoot, many;

beforeAll(() => {
  outside = makeTree({ "secret.txt": "SECRET" });
  tree = makeTree({
    "docs/b.txt": "bb",
    "docs/sub/": "",
    "docs/.hidden": "h",
    "docs/in": { symlink: "b.txt" },
    "docs/sub-link": { symlink: "sub" },
    "docs/dangling": { symlink: "nowhere" },
  });
  symlinkSync(join(outside.root, "secret.txt"), join(tree.root, "docs", "out"));
  realRoot = realpathSync(tree.root);
  // Past the size from which the helper thread takes a share.
  many = join(tree.root, "many");
  mkdirSync(many);
  for (let i = 0; i < 1500; i++) writeFileSync(join(many, `n${i}.txt`), "x".repeat(i % 7));
  for (let i = 0; i < 50; i++) symlinkSync("../docs/b.txt", join(many, `in${i}`));
  for (let i = 0; i < 50; i++) symlinkSync(join(outside.root, "secret.txt"), join(many, `out${i}`));
});

afterAll(() => {
  tree.cleanup();
  outside.cleanup();
});

const byName = (entries) => entries.sort((a, b) => (a.name < b.name ? -1 : 1));

describe("readDirectoryEntries", () => {
  it("gives each entry's name, kind, size and mtime; a link's are its target's", async () => {
    const docs = join(tree.root, "docs");
    const { mtimeMs } = statSync(join(docs, "b.txt"));
    const sub = statSync(join(docs, "sub"));
    expect(byName(await readDirectoryEntries(docs, { showDotfiles: false, realRoot }))).toEqual([
      { name: "b.txt", isDirectory: false, size: 2, mtimeMs },
      { name: "in", isDirectory: false, size: 2, mtimeMs },
      { name: "sub", isDirectory: true, size: sub.size, mtimeMs: sub.mtimeMs },
      { name: "sub-link", isDirectory: true, size: sub.size, mtimeMs: sub.mtimeMs },
    ]);
  });

  it("shows dotfiles only when asked", async () => {
    const names = (await readDirectoryEntries(join(tree.root, "docs"), { showDotfiles: true, realRoot })).map(
      (entry) => entry.name,
    );
    expect(names).toContain(".hidden");
  });

  it("leaves out links leading out of the real root and dangling ones; without a root, follows any link", async () => {
    const names = async (options) =>
      (await readDirectoryEntries(join(tree.root, "docs"), options)).map((entry) => entry.name).sort();
    expect(await names({ showDotfiles: false, realRoot })).toEqual(["b.txt", "in", "sub", "sub-link"]);
    expect(await names({ showDotfiles: false, realRoot: null })).toEqual(["b.txt", "in", "out", "sub", "sub-link"]);
  });

  // Big directories are stat'ed half on a helper thread: same entries, and
  // symlinks (which the main thread resolves) still only when inside the root.
  it("lists a big directory the same with the helper thread, symlinks included", async () => {
    statHelper();
    await expect.poll(() => statHelper() !== null).toBe(true);
    const entries = await readDirectoryEntries(many, { showDotfiles: false, realRoot });
    expect(entries.length).toBe(1550);
    expect(entries.filter((e) => e.name.startsWith("out"))).toEqual([]);
    const links = entries.filter((e) => e.name.startsWith("in"));
    expect(links.length).toBe(50);
    expect(links.every((e) => e.size === 2 && !e.isDirectory)).toBe(true);
    expect(entries.find((e) => e.name === "n13.txt")).toMatchObject({ isDirectory: false, size: 6 });
  });

  it("lists big directories on the main thread alone where threads aren't allowed", () => {
    const module = new URL("../../src/static/directory-entries.js", import.meta.url).href;
    const script =
      `import { readDirectoryEntries } from ${JSON.stringify(module)};\n` +
      `const read = () => readDirectoryEntries(${JSON.stringify(many)}, { showDotfiles: false, realRoot: null });\n` +
      "const first = await read();\nawait new Promise((resolve) => setTimeout(resolve, 200));\n" +
      "console.log(first.length, (await read()).length);";
    // The permission model without --allow-worker: new Worker() throws. (Its flag lost
    // "experimental" in Node 22.13; Node 24 knows only the new name.)
    const permission = process.allowedNodeEnvironmentFlags.has("--permission")
      ? "--permission"
      : "--experimental-permission";
    const args = [permission, "--allow-fs-read=*", "--input-type=module", "-e", script];
    const out = execFileSync(process.execPath, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    expect(out.trim()).toBe("1600 1600"); // without a root, the links out are listed too
  });
});
