// One app, three transports: every case's answer over h2c and over h2 with TLS must be the
// answer over HTTP/1.1 from the same server (status, headers but the connection-specific
// ones and Date, body), with Node's clients and with curl.
import https from "node:https";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { request } from "../../helpers/server.js";
import { curl, curlHasHttp2, h2request, listenHttp2, testCertificate } from "../../helpers/http2.js";
import { CASES, makeApp, makeFiles } from "./differential-app.js";

// What HTTP/2 has no place for (RFC 9113 §8.2.2), and what changes from one second to the next.
const NOT_COMPARED = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

function comparable({ status, headers, text }) {
  const kept = {};
  for (const name of Object.keys(headers).sort()) {
    if (!NOT_COMPARED.has(name)) kept[name] = [].concat(headers[name]).map(String);
  }
  return { status, headers: kept, body: text };
}

function https1(port, { method = "GET", path = "/", headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const sent = body === undefined ? headers : { ...headers, "content-length": Buffer.byteLength(body) };
    const req = https.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        headers: sent,
        agent: false,
        rejectUnauthorized: false,
        ALPNProtocols: ["http/1.1"],
      },
      (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

let files;
let h2c;
let tls;

beforeAll(async () => {
  files = makeFiles();
  h2c = await listenHttp2(makeApp(files.root));
  tls = await listenHttp2(makeApp(files.root), testCertificate());
});

afterAll(async () => {
  await Promise.all([h2c?.close(), tls?.close()]);
  files?.cleanup();
});

describe("Node's clients", () => {
  test.each(CASES)("h2c: %s", async (name, req) => {
    const [http1, http2] = await Promise.all([request(h2c.port, req), h2request(`http://127.0.0.1:${h2c.port}`, req)]);
    expect(comparable(http2)).toEqual(comparable(http1));
  });

  test.each(CASES)("h2 over TLS: %s", async (name, req) => {
    const [http1, http2] = await Promise.all([https1(tls.port, req), h2request(`https://127.0.0.1:${tls.port}`, req)]);
    expect(comparable(http2)).toEqual(comparable(http1));
  });

  test("the app sees HTTP/2 as HTTP/1.1 would: host from :authority, no pseudo-headers, the right protocol", async () => {
    const overH2c = JSON.parse((await h2request(`http://127.0.0.1:${h2c.port}`, { path: "/users/1" })).text);
    expect(overH2c).toMatchObject({
      hostname: "127.0.0.1",
      hostHeader: `127.0.0.1:${h2c.port}`,
      protocol: "http",
      secure: false,
      pseudoHeaders: [],
    });
    const overTls = JSON.parse((await h2request(`https://127.0.0.1:${tls.port}`, { path: "/users/1" })).text);
    expect(overTls).toMatchObject({
      hostname: "127.0.0.1",
      protocol: "https",
      secure: true,
      ip: "127.0.0.1",
      pseudoHeaders: [],
    });
  });
});

describe.skipIf(!curlHasHttp2())("curl", () => {
  const curlCase = (url, flags, req) => curl(url + req.path, { ...req, flags });

  test.each(CASES)("--http2-prior-knowledge: %s", async (name, req) => {
    const url = `http://127.0.0.1:${h2c.port}`;
    const [http1, http2] = await Promise.all([
      curlCase(url, ["--http1.1"], req),
      curlCase(url, ["--http2-prior-knowledge"], req),
    ]);
    expect(http2.version).toBe("HTTP/2");
    expect(comparable(http2)).toEqual(comparable(http1));
  });

  test.each(CASES)("--http2 over TLS: %s", async (name, req) => {
    const url = `https://127.0.0.1:${tls.port}`;
    const [http1, http2] = await Promise.all([
      curlCase(url, ["--http1.1", "-k"], req),
      curlCase(url, ["--http2", "-k"], req),
    ]);
    expect(http2.version).toBe("HTTP/2");
    expect(comparable(http2)).toEqual(comparable(http1));
  });
});

test.skipIf(curlHasHttp2())("curl without HTTP/2: the curl half of the suite is skipped", () => {
  console.warn("curl lacks HTTP/2 (nghttp2): the curl comparisons were skipped");
});
