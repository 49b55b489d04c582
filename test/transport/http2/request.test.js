// src/transport/http2/request.js: req.headers over HTTP/2 is what an HTTP/1.1 app expects (no
// pseudo-headers, Host from :authority, a body announced), and the request API works on it.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import Server from "../../../src/index.js";
import { h2request, listenHttp2, testCertificate } from "../../helpers/http2.js";

const origins = {};
const servers = [];

beforeAll(async () => {
  for (const [transport, options] of [
    ["h2c", {}],
    ["tls", testCertificate()],
  ]) {
    const app = new Server();
    app.all("/echo", (req, res) =>
      res.json({
        headers: req.headers,
        rawHeaders: req.rawHeaders,
        method: req.method,
        url: req.url,
        authority: req.authority,
        hostname: req.hostname,
        host: req.host,
        hostHeader: req.get("host"),
        hasBody: req.is("text") !== null,
      }),
    );
    // A vhost guard as apps write them.
    app.get("/admin", (req, res) => (req.hostname === "admin.example" ? res.send("admin area") : res.sendStatus(403)));
    const served = await listenHttp2(app, options);
    servers.push(served);
    origins[transport] = `${transport === "tls" ? "https" : "http"}://127.0.0.1:${served.port}`;
  }
});

afterAll(() => Promise.all(servers.map((served) => served.close())));

const echo = async (transport, request) =>
  JSON.parse((await h2request(origins[transport], { path: "/echo", ...request })).text);

test("no pseudo-headers in req.headers or req.rawHeaders; Host from :authority", async () => {
  const authority = new URL(origins.h2c).host;
  const res = await echo("h2c", { path: "/echo?x=1", headers: { "x-a": "1" } });
  expect(res.headers).toEqual({ host: authority, "x-a": "1" });
  expect(res.rawHeaders).toEqual(["host", authority, "x-a", "1"]);
  expect(res).toMatchObject({ method: "GET", url: "/echo?x=1", authority, hasBody: false });
});

test("a Host without :authority is the host (Node's client sends the one it is given instead of :authority)", async () => {
  const res = await echo("h2c", { headers: { host: "example.com" } });
  expect(res).toMatchObject({ authority: "example.com", hostname: "example.com", hostHeader: "example.com" });
  expect(res.rawHeaders).toEqual(["host", "example.com"]);
});

// RFC 9113 §8.3.1 makes such a request malformed; lib-server's answer is that :authority wins
// (as the target's authority wins over Host in HTTP/1.1, RFC 9112 §3.2.2), everywhere the app
// reads the host: src/transport/http2/request.js says why not a 400.
describe.each(["h2c", "tls"])("%s: a Host that differs from :authority", (transport) => {
  test(":authority wins in req.hostname, req.host, req.get('host'), req.headers and req.rawHeaders", async () => {
    const res = await echo(transport, {
      headers: { ":authority": "public.example", host: "admin.example", "x-a": "1" },
    });
    expect(res).toMatchObject({
      authority: "public.example",
      hostname: "public.example",
      host: "public.example",
      hostHeader: "public.example",
    });
    expect(res.headers).toEqual({ host: "public.example", "x-a": "1" });
    expect(res.rawHeaders).toEqual(["host", "public.example", "x-a", "1"]);
  });

  test("a vhost guard on req.hostname is not passed with a Host the :authority contradicts", async () => {
    const sneaked = await h2request(origins[transport], {
      path: "/admin",
      headers: { ":authority": "public.example", host: "admin.example" },
    });
    expect(sneaked.status).toBe(403);
    const admitted = await h2request(origins[transport], {
      path: "/admin",
      headers: { ":authority": "admin.example" },
    });
    expect(admitted).toMatchObject({ status: 200, text: "admin area" });
  });
});

test("a body without Content-Length is announced as chunked, as a gateway to HTTP/1.1 would", async () => {
  const res = await echo("h2c", { method: "POST", headers: { "content-type": "text/plain" }, body: "x" });
  expect(res.headers["transfer-encoding"]).toBe("chunked");
  expect(res.hasBody).toBe(true);
  const sized = await echo("h2c", {
    method: "POST",
    headers: { "content-type": "text/plain", "content-length": "1" },
    body: "x",
  });
  expect(sized.headers["transfer-encoding"]).toBeUndefined();
});
