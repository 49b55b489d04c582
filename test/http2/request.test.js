// src/http2/request.js: req.headers over HTTP/2 is what an HTTP/1.1 app expects (no
// pseudo-headers, Host from :authority, a body announced), and the request API works on it.
import { afterAll, beforeAll, expect, test } from "vitest";
import Server from "../../src/index.js";
import { h2request, listenHttp2 } from "../helpers/http2.js";

let served;
let origin;

beforeAll(async () => {
  const app = new Server();
  app.all("/echo", (req, res) =>
    res.json({
      headers: req.headers,
      rawHeaders: req.rawHeaders,
      method: req.method,
      url: req.url,
      authority: req.authority,
      hasBody: req.is("text") !== null,
    }),
  );
  served = await listenHttp2(app);
  origin = `http://127.0.0.1:${served.port}`;
});

afterAll(() => served?.close());

test("no pseudo-headers in req.headers or req.rawHeaders; Host from :authority", async () => {
  const res = JSON.parse((await h2request(origin, { path: "/echo?x=1", headers: { "x-a": "1" } })).text);
  expect(res.headers).toEqual({ host: `127.0.0.1:${served.port}`, "x-a": "1" });
  expect(res.rawHeaders).toEqual(["host", `127.0.0.1:${served.port}`, "x-a", "1"]);
  expect(res).toMatchObject({ method: "GET", url: "/echo?x=1", authority: `127.0.0.1:${served.port}`, hasBody: false });
});

test("a Host the client sent wins over :authority", async () => {
  const res = JSON.parse((await h2request(origin, { path: "/echo", headers: { host: "example.com" } })).text);
  expect(res.headers.host).toBe("example.com");
});

test("a body without Content-Length is announced as chunked, as a gateway to HTTP/1.1 would", async () => {
  const res = JSON.parse((await h2request(origin, { method: "POST", path: "/echo", headers: { "content-type": "text/plain" }, body: "x" })).text);
  expect(res.headers["transfer-encoding"]).toBe("chunked");
  expect(res.hasBody).toBe(true);
  const sized = JSON.parse(
    (await h2request(origin, { method: "POST", path: "/echo", headers: { "content-type": "text/plain", "content-length": "1" }, body: "x" })).text,
  );
  expect(sized.headers["transfer-encoding"]).toBeUndefined();
});
