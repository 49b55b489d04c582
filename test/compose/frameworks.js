// The apps compose() is tested on: Express 5 always, lib-server once its core
// (src/index.js) exists. Both expose the Express res helpers compose relies on.
import { existsSync } from "node:fs";
import express from "express";

const coreEntry = new URL("../../src/index.js", import.meta.url);

export const frameworks = [{ name: "express 5", create: () => express() }];

if (existsSync(coreEntry)) {
  const core = await import(coreEntry.href);
  frameworks.push({ name: "lib-server", create: () => new core.default(), core });
}
