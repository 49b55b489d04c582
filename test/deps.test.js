// src/deps.js: each lazy loader requires its module once, on first call, and returns the
// very module require() gives; and importing the package loads none of the heavy modules, npm's
// or ours (body parsers, static files, cluster: loaded on first use by the modules that need them).
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import * as deps from "../src/deps.js";

const require = createRequire(import.meta.url);
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

describe("lazy loaders", () => {
  it.each([
    ["mimeTypes", "mime-types"],
    ["findMyWay", "find-my-way"],
    ["qs", "qs"],
    ["accepts", "accepts"],
    ["typeis", "type-is"],
    ["iconv", "iconv-lite"],
    ["proxyaddr", "proxy-addr"],
    ["nodeCrypto", "node:crypto"],
    ["nodeQuerystring", "node:querystring"],
  ])("%s() returns require(%j), the same module on every call", (name, id) => {
    const first = deps[name]();
    expect(first).toBe(require(id));
    expect(deps[name]()).toBe(first);
  });

  it("lazy(load) calls load on the first call only, and gives its result every time", () => {
    let calls = 0;
    const loader = deps.lazy(() => ({ loaded: ++calls }));
    expect(calls).toBe(0);
    const first = loader();
    expect(loader()).toBe(first);
    expect([first, calls]).toEqual([{ loaded: 1 }, 1]);
  });

  it("nodeModule(id) is require(id)", () => {
    expect(deps.nodeModule("node:fs")).toBe(require("node:fs"));
    expect(deps.nodeModule("node:path")).toBe(require("node:path"));
  });
});

describe("wrappers", () => {
  it("call the package with the arguments they get and return its result", () => {
    expect(deps.encodeUrl("/a b/é?x=<y>")).toBe(require("encodeurl")("/a b/é?x=<y>"));
    expect(deps.escapeHtml(`<a href="x">&'</a>`)).toBe(require("escape-html")(`<a href="x">&'</a>`));
    expect(deps.fresh({ "if-none-match": '"a"' }, { etag: '"a"' })).toBe(true);
    expect(deps.fresh({ "if-none-match": '"a"' }, { etag: '"b"' })).toBe(false);
    expect(deps.statuses.message).toBe(require("statuses").message);
    expect(deps.statuses.message[404]).toBe("Not Found");
    expect(deps.parseQuery("a=1&a=2&b=%41")).toEqual(require("fast-querystring").parse("a=1&a=2&b=%41"));
    expect(deps.contentDisposition.create("ünïcode.txt")).toBe(require("content-disposition").create("ünïcode.txt"));
    expect(deps.contentDisposition.parse('attachment; filename="a.txt"')).toEqual(
      require("content-disposition").parse('attachment; filename="a.txt"'),
    );
    expect(deps.contentType.parse("text/html; charset=utf-8")).toEqual(
      require("content-type").parse("text/html; charset=utf-8"),
    );
    expect(deps.contentType.format({ type: "text/plain", parameters: { charset: "utf-8" } })).toBe(
      "text/plain; charset=utf-8",
    );
    expect(deps.serializeCookie("a", "b c", { httpOnly: true, path: "/" })).toBe(
      require("cookie").serialize("a", "b c", { httpOnly: true, path: "/" }),
    );
    expect(deps.signCookie("v", "secret")).toBe(require("cookie-signature").sign("v", "secret"));
    expect(deps.parseRange(1000, "bytes=0-99,-10", { combine: true })).toEqual(
      require("range-parser")(1000, "bytes=0-99,-10", { combine: true }),
    );
  });

  it("pass the package's errors through (cookie 0.7's checks)", () => {
    expect(() => deps.serializeCookie("bad name", "v")).toThrow(TypeError);
    expect(() => deps.serializeCookie("bad name", "v")).toThrow(/argument name is invalid/);
  });

  it("vary() sets the response's Vary through the vary package", () => {
    const headers = {};
    const res = {
      getHeader: (name) => headers[name.toLowerCase()],
      setHeader: (name, value) => void (headers[name.toLowerCase()] = value),
    };
    deps.vary(res, "Accept");
    deps.vary(res, "Origin");
    deps.vary(res, "accept");
    expect(headers.vary).toBe("Accept, Origin");
  });
});

// What importing the package loads, read in a fresh process: every CommonJS module sits in
// require.cache (packages an ES module imports too), and a resolve hook sees our ES modules.
const HEAVY = [
  /\/node_modules\/mime-(types|db)\//,
  /\/node_modules\/qs\//,
  /\/node_modules\/iconv-lite\//,
  /\/node_modules\/find-my-way\//,
  /\/src\/body\//,
  /\/src\/static\//,
  /\/src\/transport\/cluster\.js$/,
];

function loadedBy(code) {
  const hooks = `
    export async function initialize({ port }) { globalThis.port = port; }
    export async function resolve(specifier, context, next) {
      const result = await next(specifier, context);
      globalThis.port.postMessage(result.url);
      return result;
    }`;
  const script = `
    import { register, createRequire } from "node:module";
    import { MessageChannel } from "node:worker_threads";
    const { port1, port2 } = new MessageChannel();
    const resolved = [];
    const reports = [];
    port1.on("message", (url) => resolved.push(url));
    port1.unref();
    register("data:text/javascript," + encodeURIComponent(${JSON.stringify(hooks)}), { data: { port: port2 }, transferList: [port2] });
    async function report() {
      // Messages come in order on the port: once a fresh sentinel's resolution is in, all are.
      const sentinel = "data:text/javascript,//" + reports.length;
      await import(sentinel);
      while (!resolved.includes(sentinel)) await new Promise((done) => setImmediate(done));
      const required = Object.keys(createRequire(import.meta.url).cache);
      reports.push([...required, ...resolved.filter((url) => url.startsWith("file:")).map((url) => new URL(url).pathname)]);
    }
    ${code}`;
  return execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, encoding: "utf8" });
}

const heavyIn = (files) => files.filter((file) => HEAVY.some((pattern) => pattern.test(file)));

describe("cold start", () => {
  // One process: the package imported (ES) and required (CommonJS entry), then every heavy
  // module loaded through what loads it in an app, showing the check sees each once loaded.
  const [atImport, afterLoaders] = JSON.parse(
    loadedBy(`
      const lib = await import("lib-server");
      lib.default();
      createRequire(import.meta.url)("lib-server");
      await report();
      const deps = await import("./src/deps.js");
      deps.mimeTypes(); deps.qs(); deps.iconv(); deps.findMyWay();
      lib.json(); lib.serveStatic(".");
      (await import("./src/transport/loaders.js")).multiCore();
      await report();
      console.log(JSON.stringify(reports));`),
  );

  it('importing or requiring "lib-server" loads none of the heavy modules', () => {
    expect(atImport.some((file) => file.endsWith("/src/index.js"))).toBe(true); // the hook saw the package
    expect(atImport.some((file) => file.endsWith("/src/index.cjs"))).toBe(true);
    expect(heavyIn(atImport)).toEqual([]);
  });

  it("each heavy module shows once its loader ran (the check above can fail)", () => {
    expect(HEAVY.filter((pattern) => afterLoaders.some((file) => pattern.test(file)))).toEqual(HEAVY);
  });
});

describe("node:http", () => {
  // What an APM preload (`node --require ./tracing.js app.js`) sees: require-in-the-middle,
  // under OpenTelemetry's instrumentation-http, patches node:http when it is required.
  it.each([
    ["the ES module", 'await import("lib-server")'],
    ["dist/lib-server.cjs", 'require("./dist/lib-server.cjs")'],
  ])("is required where require-in-the-middle hooks see it, from %s", (_, load) => {
    const source = `
      import { createRequire } from "node:module";
      const require = createRequire(import.meta.url);
      const { Hook } = require("require-in-the-middle");
      let hooked = 0;
      new Hook(["http"], (exports) => (hooked++, exports));
      ${load};
      console.log(hooked);
    `;
    const hooked = Number(
      execFileSync(process.execPath, ["--input-type=module", "-e", source], { cwd: root, encoding: "utf8" }),
    );
    expect(hooked).toBeGreaterThan(0);
  });

  it('nodeHttp is require("node:http")', () => {
    expect(deps.nodeHttp).toBe(require("node:http"));
  });

  // From Node 22 on, node:http's WebSocket, CloseEvent and MessageEvent are getters that
  // load undici; an ES import of node:http evaluates them all (benchmarks/NOTES.md, "Cold
  // start and RSS: node:http without its ES namespace").
  it("starting an app and answering a request never loads Node's undici", () => {
    const script = `
      import Server from "lib-server";
      const http = process.getBuiltinModule("node:http");
      const undici = () => process.moduleLoadList.some((name) => name.includes("undici"));
      const app = Server();
      app.get("/", (req, res) => res.send("ok"));
      const server = app.listen(0, "127.0.0.1", async () => {
        const { port } = server.address();
        await new Promise((done) => http.request({ port, host: "127.0.0.1" }, (res) => res.resume().on("end", done)).end());
        const before = undici();
        // The check can fail: reading the getter loads undici (Node 20 has no such getter).
        const loadable = "WebSocket" in http ? (http.WebSocket, undici()) : true;
        console.log(JSON.stringify([before, loadable]));
        server.close();
      });`;
    const output = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd: root,
      encoding: "utf8",
    });
    expect(JSON.parse(output)).toEqual([false, true]);
  });
});
