// Every code block of README.md and of the guides in docs/ runs as printed. ```js blocks run as ES modules (```js
// commonjs: as CommonJS) in a child process, inside this checkout so that "lib-server" is
// this package (test/helpers/run-snippet.js keeps servers off fixed ports and ends the
// process); ```ts blocks are type-checked together by the repository's tsc, with
// test/types/tsconfig.base.json's options. Other blocks say what they are: ```sh, ```text,
// or ```js fragment / ```ts fragment for code deliberately shown but not runnable (keep
// those few). An untagged block fails, so every snippet added later is checked too.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const runner = fileURLToPath(new URL("./helpers/run-snippet.js", import.meta.url));
const tsc = join(dirname(createRequire(import.meta.url).resolve("typescript/package.json")), "bin", "tsc");

/** A markdown file's fenced blocks: { line, lang, flags, code }. */
function codeBlocks(markdown) {
  const blocks = [];
  let open = null;
  markdown.split("\n").forEach((text, index) => {
    const fence = /^```(.*)$/.exec(text);
    if (!fence) {
      if (open) open.lines.push(text);
      return;
    }
    if (open) {
      blocks.push({ line: open.line, lang: open.lang, flags: open.flags, code: open.lines.join("\n") + "\n" });
      open = null;
    } else {
      const [lang = "", ...flags] = fence[1].trim().split(/\s+/).filter(Boolean);
      open = { line: index + 1, lang, flags, lines: [] };
    }
  });
  if (open) blocks.push({ ...open, code: null }); // unclosed: reported below
  return blocks;
}

const guides = readdirSync(join(root, "docs"))
  .filter((name) => name.endsWith(".md"))
  .sort()
  .map((name) => `docs/${name}`);
const blocks = ["README.md", ...guides].flatMap((file) =>
  codeBlocks(readFileSync(join(root, file), "utf8")).map((block) => ({ ...block, file })),
);
const where = (block) => `${block.file}:${block.line}`;
// A snippet's file name in the scratch directory: docs/http2.md:12 -> docs-http2-line-12.
const scratchName = (block) => `${block.file.replace(/\.md$/, "").replace(/\//g, "-")}-line-${block.line}`;
const isFragment = (block) => block.flags.includes("fragment");
const jsBlocks = blocks.filter((b) => b.lang === "js" && !isFragment(b));
const tsBlocks = blocks.filter((b) => b.lang === "ts" && !isFragment(b));
const known = { js: ["commonjs", "fragment"], ts: ["fragment"], json: [], sh: [], text: [] };

let dir;
beforeAll(() => {
  mkdirSync(join(root, ".scratch"), { recursive: true });
  dir = mkdtempSync(join(root, ".scratch", "readme-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (file, args, timeout) =>
  new Promise((resolve) => {
    execFile(file, args, { cwd: root, timeout, encoding: "utf8" }, (error, stdout, stderr) =>
      resolve({ error, stdout, stderr }),
    );
  });

it("tags every block with what it is (js, ts, json, sh, text; js commonjs; fragment)", () => {
  const unknown = blocks.filter(
    (b) => b.code === null || !(b.lang in known) || b.flags.some((f) => !known[b.lang].includes(f)),
  );
  expect(unknown.map((b) => `${where(b)}: \`\`\`${[b.lang, ...b.flags].join(" ")}`)).toEqual([]);
  expect(jsBlocks.length).toBeGreaterThan(0);
  expect(tsBlocks.length).toBeGreaterThan(0);
});

it("```json blocks parse", () => {
  for (const block of blocks.filter((b) => b.lang === "json"))
    expect(() => JSON.parse(block.code), where(block)).not.toThrow();
});

describe.concurrent("```js blocks run", () => {
  it.each(jsBlocks.map((b) => [where(b), b]))("%s", async (_where, block) => {
    const file = join(dir, `${scratchName(block)}.${block.flags.includes("commonjs") ? "cjs" : "mjs"}`);
    writeFileSync(file, block.code);
    const { error, stdout, stderr } = await run(process.execPath, [runner, file], 10_000);
    expect({
      exit: error?.code ?? 0,
      signal: error?.signal ?? null,
      stderr,
      ran: stdout.includes("snippet ran"),
    }).toEqual({
      exit: 0,
      signal: null,
      stderr: expect.any(String),
      ran: true,
    });
  });
});

it("```ts blocks type-check", async () => {
  const files = tsBlocks.map((block) => {
    const name = `${scratchName(block)}.ts`;
    writeFileSync(join(dir, name), block.code);
    return name;
  });
  const base = relative(dir, join(root, "test/types/tsconfig.base.json"));
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({ extends: base, compilerOptions: { moduleDetection: "force" }, files }),
  );
  const { stdout, stderr } = await run(process.execPath, [tsc, "-p", join(dir, "tsconfig.json"), "--noEmit"], 60_000);
  expect(stdout + stderr).toBe("");
}, 60_000);
