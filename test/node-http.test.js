// src/node-http.js: node:http without its ES namespace, so that lib-server never loads undici.
import { execFileSync } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import http from "../src/node-http.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

describe("node-http", () => {
  it("is node:http itself", () => {
    expect(http).toBe(process.getBuiltinModule("node:http"));
  });

  // From Node 22 on, node:http's WebSocket, CloseEvent and MessageEvent are getters that
  // load undici; an ES import of node:http evaluates them all (PERFORMANCE.md, issue 25).
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
    const output = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, encoding: "utf8" });
    expect(JSON.parse(output)).toEqual([false, true]);
  });
});
