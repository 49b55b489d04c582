// src/transport/http2/server.js and the app's HTTP/2 classes: limits, TLS with HTTP/1.1 through ALPN,
// and servers wired by hand with node:http2.
import http2 from "node:http2";
import https from "node:https";
import { afterEach, expect, test } from "vitest";
import Server from "../../../src/index.js";
import { h2request, listenHttp2, testCertificate } from "../../helpers/http2.js";

const closers = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

function makeApp(options) {
  const app = new Server(options);
  app.request.greeting = function greeting() {
    return `hello from ${this.httpVersion} ${this.protocol}`;
  };
  app.get("/", (req, res) => res.send(req.greeting()));
  const sub = new Server();
  sub.request.sub = true; // a mounted app whose prototypes add more than `app`
  sub.get("/", (req, res) => res.json({ sub: req.sub, sameApp: req.app === sub, parentGreets: typeof req.greeting }));
  app.use("/sub", sub);
  app.get("/after-sub", (req, res) => res.json({ sub: req.sub ?? null, sameApp: req.app === app }));
  return app;
}

const listening = (server) =>
  new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server.address().port)));

test("the session advertises lib-server's limits; a header list past maxHeaderSize resets the stream only", async () => {
  const { port, close } = await listenHttp2(makeApp({ maxHeaderSize: 4096 }));
  closers.push(close);
  const session = http2.connect(`http://127.0.0.1:${port}`);
  await new Promise((resolve) => session.once("remoteSettings", resolve));
  expect(session.remoteSettings).toMatchObject({ maxConcurrentStreams: 100, maxHeaderListSize: 4096 });
  const stream = session.request({ ":path": "/", "x-big": "a".repeat(8192) });
  stream.on("error", () => {});
  await new Promise((resolve) => stream.once("close", resolve));
  expect(stream.rstCode).not.toBe(0);
  session.close();
  expect((await h2request(`http://127.0.0.1:${port}`)).status).toBe(200);
});

test("over TLS: h2 and HTTP/1.1 (ALPN) on one port, the app's own methods and mounted apps on both", async () => {
  const app = makeApp();
  const { port, close } = await listenHttp2(app, testCertificate());
  closers.push(close);
  const origin = `https://127.0.0.1:${port}`;
  expect((await h2request(origin)).text).toBe("hello from 2.0 https");
  expect(JSON.parse((await h2request(origin, { path: "/sub" })).text)).toEqual({
    sub: true,
    sameApp: true,
    parentGreets: "function",
  });
  expect(JSON.parse((await h2request(origin, { path: "/after-sub" })).text)).toEqual({ sub: null, sameApp: true });
  const http1 = await new Promise((resolve, reject) => {
    https
      .get({ host: "127.0.0.1", port, path: "/", rejectUnauthorized: false, agent: false }, (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve(text));
      })
      .on("error", reject);
  });
  expect(http1).toBe("hello from 1.1 https");
});

test("wired by hand: http2.createSecureServer({ allowHTTP1 }, app) and http2.createServer(app)", async () => {
  const app = makeApp();
  const secure = http2.createSecureServer({ allowHTTP1: true, ...testCertificate() }, app);
  const plain = http2.createServer(app);
  const [securePort, plainPort] = await Promise.all([listening(secure), listening(plain)]);
  closers.push(
    () => new Promise((resolve) => secure.close(resolve)),
    () => new Promise((resolve) => plain.close(resolve)),
  );
  expect((await h2request(`https://127.0.0.1:${securePort}`)).text).toBe("hello from 2.0 https");
  expect((await h2request(`http://127.0.0.1:${plainPort}`)).text).toBe("hello from 2.0 http");
  expect(JSON.parse((await h2request(`http://127.0.0.1:${plainPort}`, { path: "/sub" })).text)).toMatchObject({
    sub: true,
    sameApp: true,
  });
  expect((await h2request(`http://127.0.0.1:${plainPort}`, { path: "/nowhere" })).status).toBe(404);
});

test("listen({ http2 }) with a callback, and listen errors reach it", async () => {
  const app = makeApp();
  const server = await new Promise((resolve, reject) => {
    const made = app.listen({ port: 0, host: "127.0.0.1", http2: true }, (err) => (err ? reject(err) : resolve(made)));
  });
  closers.push(() => app.close());
  const other = makeApp();
  const err = await new Promise((resolve) =>
    other.listen({ port: server.address().port, host: "127.0.0.1", http2: true, ...testCertificate() }, resolve),
  );
  expect(err.code).toBe("EADDRINUSE");
});
