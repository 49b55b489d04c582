// Every relative link of the hand-written docs leads somewhere: the file exists and, for a
// `#fragment` into a markdown file, that file has a heading GitHub gives that anchor. Sections
// move between README.md, docs/, PERFORMANCE.md and benchmarks/NOTES.md; a link left pointing
// at the old place fails here. (benchmarks/results/latest.md is generated, not checked.)
import { it, expect } from "vitest";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const docs = readdirSync(join(root, "docs"))
  .filter((name) => name.endsWith(".md"))
  .map((name) => `docs/${name}`);
const files = [
  "README.md",
  "ARCHITECTURE.md",
  "PERFORMANCE.md",
  "benchmarks/README.md",
  "benchmarks/NOTES.md",
  "packages/express4/README.md",
  ...docs,
];

// Markdown without its fenced blocks and inline code, where a `[x](y)` is not a link.
const prose = (markdown) => markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, "").replace(/`[^`\n]*`/g, "");

// GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens.
const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");

function anchors(file) {
  const text = readFileSync(file, "utf8").replace(/^```[^\n]*\n[\s\S]*?^```$/gm, "");
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) => slug(heading)));
}

it("every relative link in README.md, ARCHITECTURE.md, PERFORMANCE.md, docs/, benchmarks/*.md and packages/ resolves", () => {
  const broken = [];
  for (const file of files) {
    for (const [, target] of prose(readFileSync(join(root, file), "utf8")).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target)) continue; // https:, mailto:
      const [path, fragment] = target.split("#");
      const resolved = path === "" ? join(root, file) : join(root, dirname(file), decodeURIComponent(path));
      if (!existsSync(resolved)) broken.push(`${file}: ${target} (no such file)`);
      else if (fragment !== undefined && resolved.endsWith(".md") && !anchors(resolved).has(fragment))
        broken.push(`${file}: ${target} (no heading #${fragment} in ${relative(root, resolved)})`);
    }
  }
  expect(broken).toEqual([]);
});

it("knows GitHub's anchors for headings with code, slashes and punctuation", () => {
  expect(
    slug(
      "HTTP/2: the compat response's header storage, like for like with Fastify, and the GC (issue 26, 2026-11-27, afternoon)",
    ),
  ).toBe(
    "http2-the-compat-responses-header-storage-like-for-like-with-fastify-and-the-gc-issue-26-2026-11-27-afternoon",
  );
  expect(slug("ES modules, CommonJS and bundlers")).toBe("es-modules-commonjs-and-bundlers");
});
