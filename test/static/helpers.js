// Shared by the static tests: throwaway fixture trees, the fall-through harness, and
// servers from ../helpers/server.js, whose node:http client is the one to use here (fetch
// adds Cache-Control: no-cache to conditional requests, which rightly disables 304s).
import { mkdtempSync, mkdirSync, writeFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { serveStatic } from "../../src/static/index.js";
import { start } from "../helpers/server.js";

// files: { "a/b.txt": "content" | Buffer, "link": { symlink: "/target" } }
export function makeTree(files) {
  const root = mkdtempSync(join(tmpdir(), "lib-server-static-"));
  for (const [name, content] of Object.entries(files)) {
    const path = join(root, name);
    mkdirSync(dirname(path), { recursive: true });
    if (name.endsWith("/")) mkdirSync(path, { recursive: true });
    else if (content && typeof content === "object" && "symlink" in content) symlinkSync(content.symlink, path);
    else writeFileSync(path, content);
  }
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

// The harness from the brief: what falls through becomes a bare 404 (or the error's status).
export function fallbackHandler(mw) {
  return (req, res) =>
    mw(req, res, (err) => {
      res.statusCode = err ? err.status || 500 : 404;
      res.setHeader("X-Fell-Through", err ? "error" : "next");
      res.end();
    });
}

// serve(options): a fresh serveStatic(getRoot(), options) server behind fallbackHandler;
// track(server) adopts a hand-built one; closeAll() closes every one of them.
export function staticServers(getRoot) {
  const servers = [];
  const track = (server) => {
    servers.push(server);
    return server;
  };
  return {
    serve: async (options) => track(await listen(fallbackHandler(serveStatic(getRoot(), options)))),
    track,
    closeAll: () => Promise.all(servers.map((server) => server.close())),
  };
}

// start(handler) (request(path, options) -> { status, headers, body: Buffer, text }, close(),
// ...) with its URL also as `base`.
export async function listen(handler) {
  const server = await start(handler);
  return { ...server, base: server.url };
}

// What an error handler can see of an error, for comparing with Express's.
export function errorShape(err) {
  if (!err) return null;
  const { name, status, statusCode, expose, code, errno, syscall, path, message, headers } = err;
  // A file-system error's stack too: Node's async fs errors have no frames, so dev error pages show one line
  const stack = syscall === undefined ? undefined : err.stack;
  return {
    name,
    class: err.constructor.name,
    status,
    statusCode,
    expose,
    code,
    errno,
    syscall,
    path,
    message,
    headers,
    stack,
    keys: Object.keys(err),
  };
}
