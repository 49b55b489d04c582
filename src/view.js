// Views, as in Express: a template file found under the "views" setting, rendered by the
// engine registered for its extension (app.engine) or by the package of that name's
// `__express` export (ejs, pug, hbs, ...).
import { createRequire } from "node:module";
import { basename, dirname, extname, join, resolve } from "node:path";
import { nodeModule } from "./deps.js";

const { statSync } = nodeModule("node:fs");

// Engines resolve from the application's directory first, then from lib-server's own.
const requireFromApp = createRequire(join(process.cwd(), "noop.js"));
const requireFromHere = createRequire(import.meta.url);

export class View {
  constructor(name, { defaultEngine, root, engines }) {
    this.defaultEngine = defaultEngine;
    this.ext = extname(name);
    this.name = name;
    this.root = root;
    if (!this.ext && !this.defaultEngine)
      throw new Error("No default engine was specified and no extension was provided.");
    let fileName = name;
    if (!this.ext) {
      this.ext = this.defaultEngine[0] !== "." ? "." + this.defaultEngine : this.defaultEngine;
      fileName += this.ext;
    }
    if (!engines[this.ext]) engines[this.ext] = loadEngine(this.ext.slice(1));
    this.engine = engines[this.ext];
    this.path = this.lookup(fileName);
  }

  lookup(name) {
    for (const root of [].concat(this.root)) {
      const location = resolve(root, name);
      const found = this.resolve(dirname(location), basename(location));
      if (found) return found;
    }
    return undefined;
  }

  // <path>.<ext>, then <path>/index.<ext>
  resolve(dir, file) {
    const direct = join(dir, file);
    if (isFile(direct)) return direct;
    const index = join(dir, basename(file, this.ext), "index" + this.ext);
    if (isFile(index)) return index;
    return undefined;
  }

  render(options, callback) {
    // Engines that call back synchronously still answer asynchronously, as in Express.
    let sync = true;
    this.engine(this.path, options, function onRender(...args) {
      if (!sync) return callback.apply(this, args);
      process.nextTick(() => callback.apply(this, args));
    });
    sync = false;
  }
}

function loadEngine(moduleName) {
  let engine;
  try {
    engine = requireFromApp(moduleName).__express;
  } catch (err) {
    if (err.code !== "MODULE_NOT_FOUND") throw err;
    engine = requireFromHere(moduleName).__express;
  }
  if (typeof engine !== "function") throw new Error(`Module "${moduleName}" does not provide a view engine.`);
  return engine;
}

function isFile(path) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
