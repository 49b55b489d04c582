// src/node-internals/async-context-frame.js: importing lib-server settles AsyncContextFrame.
import { describe, it, expect } from "vitest";
import { execFileSync } from "node:child_process";
import { nodeMajor } from "./helpers.js";

// Node 24 settles whether AsyncLocalStorage runs on AsyncContextFrame the first time anyone
// asks, and then changes its internal AsyncContextFrame class (its prototype on Node 24,
// own properties on 26), by default when the first connection closes: process.nextTick's
// optimized code, which loads from that class, had seen the old shape and stayed
// polymorphic. Importing lib-server settles it first. (Node 20 has no such class.)
describe.runIf(nodeMajor >= 22)("AsyncContextFrame", () => {
  it("is settled once lib-server is imported: asking for AsyncLocalStorage later changes nothing", () => {
    const script = `
      const { default: frameClass } = await import("internal/async_context_frame");
      const shape = () => [Object.getPrototypeOf(frameClass).name, ...Reflect.ownKeys(frameClass)].join();
      const before = shape();
      await import(${JSON.stringify(new URL("../../src/index.js", import.meta.url).href)});
      const imported = shape();
      void process.getBuiltinModule("node:async_hooks").AsyncLocalStorage;
      console.log(JSON.stringify({ before, imported, asked: shape() }));
    `;
    const output = execFileSync(process.execPath, ["--expose-internals", "--input-type=module", "-e", script], {
      encoding: "utf8",
    });
    const { before, imported, asked } = JSON.parse(output);
    expect(asked).toBe(imported);
    // On the lines where it is on by default, the import is what settled it.
    if (nodeMajor >= 24) expect(imported).not.toBe(before);
  });
});
