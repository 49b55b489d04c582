// The import rules ARCHITECTURE.md states, checked: each folder of src/ is a unit that
// reaches outside itself only for the shared leaf modules, so it can be read, tested and
// changed on its own, and nothing below the application knows the application.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

const src = resolve(dirname(fileURLToPath(import.meta.url)), "../src");

// Modules (and one folder, node-internals/) anything may import: they import nothing of ours
// but deps.js and property-key.js (and tracing.js the handler-call.js it wraps, node-internals/
// its own modules).
// transport/exchange.js and transport/request-shape.js are the transport's leaves: how an
// exchange ends early, for the final handler and the body parsers; the shape a request is born
// with, whose body slot the body parsers use.
const leaves = [
  "deps.js",
  "errors.js",
  "url.js",
  "tracing.js",
  "node-internals/",
  "headers.js",
  "property-key.js",
  "transport/exchange.js",
  "transport/request-shape.js",
];

// What each module (or folder, "router/") may import besides its own folder and the leaves.
const allowed = {
  "deps.js": [],
  "errors.js": [],
  "url.js": [],
  "tracing.js": ["handler-call.js"], // which imports nothing: no cycle
  "handler-call.js": [],
  "node-internals/": [],
  "headers.js": [],
  "property-key.js": [],
  "context.js": [],
  "compose.js": ["context.js"],
  "settings.js": [],
  "view.js": [],
  "request.js": [],
  "response.js": ["settings.js", "static/send-file.js"], // res.sendFile's, loaded on first use
  "final-handler.js": [],
  "router/": ["handler-call.js"],
  "body/": [],
  "static/": [],
  "transport/": [],
  // The OpenTelemetry entry point reaches lib-server through a diagnostics channel only.
  "opentelemetry/": [],
  // Adapters for monitoring tools: they reach lib-server through its diagnostics channels
  // too, and share lib-server/opentelemetry's modules that load no @opentelemetry/* (the
  // instrumentation itself is loaded by its package name once an OpenTelemetry SDK runs).
  "monitoring/": [
    "opentelemetry/layer-metadata.js",
    "opentelemetry/route-store.js",
    "opentelemetry/enabled.js",
    "opentelemetry/wrap-layers.js",
  ],
  "application.js": ["*"],
  "index.js": ["*"],
  // The Express 4 mode wires the same units into Express 4's app, as application.js does.
  "express4/": ["*"],
};

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(c?js)$/.test(entry.name) ? [path] : [];
  });
}

// Static imports (bare ones too), dynamic imports and the lazy("./x.js") / require("./x.js")
// loaders; a module's import of itself (index.js reads its own namespace) is no dependency.
function localImports(file) {
  const text = readFileSync(file, "utf8");
  const found = [];
  for (const match of text.matchAll(
    /(?:from\s+|import\s+|import\(\s*|lazy\(\s*|require\(\s*)["'](\.{1,2}\/[^"']+)["']/g,
  )) {
    const target = resolve(dirname(file), match[1]);
    if (target !== file) found.push(relative(src, target));
  }
  return found;
}

// The leaves other leaves may import: they import nothing of ours.
const LEAVES_OF_LEAVES = ["deps.js", "property-key.js"];

const unitOf = (path) => (path.includes("/") ? path.slice(0, path.indexOf("/") + 1) : path);
const isLeaf = (path) => leaves.includes(path) || leaves.includes(unitOf(path));

describe("src/ import rules", () => {
  const files = sourceFiles(src).map((file) => relative(src, file));

  test("every module of src/ belongs to a unit with rules", () => {
    const unknown = files.filter((file) => !file.endsWith(".cjs") && !(unitOf(file) in allowed));
    expect(unknown).toEqual([]);
  });

  test.each(files.filter((file) => !file.endsWith(".cjs")))("%s imports only what it may", (file) => {
    const unit = unitOf(file);
    const rules = allowed[unit];
    const broken = localImports(join(src, file)).filter((target) => {
      if (rules.includes("*")) return target === "index.js";
      // Anything imports a leaf; a leaf no other leaf but deps.js and property-key.js (a leaf
      // folder its own modules).
      if (isLeaf(target)) return isLeaf(file) && !LEAVES_OF_LEAVES.includes(target) && unitOf(target) !== unitOf(file);
      if (isLeaf(file)) return !rules.includes(target);
      if (unit.endsWith("/") && target.startsWith(unit)) return false;
      return !rules.includes(target);
    });
    expect(broken).toEqual([]);
  });

  // Lazy loaders count: a module loaded on first use that imports its way back to its loader
  // still makes both one unit to read and to change.
  test("no import cycle: following imports from any module never leads back to it", () => {
    const importsOf = new Map(files.map((file) => [file, localImports(join(src, file))]));
    const cycles = [];
    const visit = (file, path) => {
      if (path.includes(file)) return void cycles.push([...path.slice(path.indexOf(file)), file].join(" → "));
      if (visited.has(file)) return;
      visited.add(file);
      for (const target of importsOf.get(file) ?? []) visit(target, [...path, file]);
    };
    const visited = new Set();
    for (const file of files) visit(file, []);
    expect(cycles).toEqual([]);
  });

  test("only the monitoring adapters import lib-server/opentelemetry, whose peer dependencies are optional", () => {
    const importers = files.filter(
      (file) =>
        unitOf(file) !== "opentelemetry/" &&
        unitOf(file) !== "monitoring/" &&
        localImports(join(src, file)).some((target) => unitOf(target) === "opentelemetry/"),
    );
    expect(importers).toEqual([]);
  });

  test("nothing imports the package entry points", () => {
    const importers = files.filter((file) =>
      localImports(join(src, file)).some((target) => target === "index.js" || target === "index.cjs"),
    );
    expect(importers.filter((file) => file !== "index.cjs")).toEqual([]);
  });
});
