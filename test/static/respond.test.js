// The small HTML answers the static module writes itself (src/static/respond.js): redirects
// and res.sendFile's error page, with serve-static's headers in its order.
import { describe, it, expect, afterEach } from "vitest";
import { sendErrorPage, sendRedirect } from "../../src/static/respond.js";
import { createHttpError } from "../../src/errors.js";
import { listen } from "./helpers.js";

const servers = [];
afterEach(() => Promise.all(servers.splice(0).map((server) => server.close())));

// The answer of a server whose every response is `answer(res)`, with its header names in order.
async function answered(answer) {
  const server = await listen((req, res) => answer(res));
  servers.push(server);
  const res = await server.request("/");
  const order = Object.keys(res.headers).filter((name) => !["date", "connection", "keep-alive"].includes(name));
  return { ...res, order };
}

describe("sendRedirect", () => {
  it("answers 301 with the Location last and the target escaped in the page", async () => {
    const res = await answered((res) => sendRedirect(res, "/a%20b/?q=<x>&y"));
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe("/a%20b/?q=<x>&y");
    expect(res.order).toEqual([
      "content-type",
      "content-length",
      "content-security-policy",
      "x-content-type-options",
      "location",
    ]);
    expect(res.headers["content-type"]).toBe("text/html; charset=UTF-8");
    expect(res.headers["content-security-policy"]).toBe("default-src 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.text).toContain("<pre>Redirecting to /a%20b/?q=&lt;x&gt;&amp;y</pre>");
    expect(res.headers["content-length"]).toBe(String(res.body.length));
  });
});

describe("sendErrorPage", () => {
  it("drops the headers set for the file and keeps the error's own", async () => {
    const res = await answered((res) => {
      res.setHeader("ETag", '"14-1"');
      res.setHeader("Content-Range", "bytes 0-1/20");
      sendErrorPage(res, createHttpError(416, undefined, { headers: { "Content-Range": "bytes */20" } }));
    });
    expect(res.status).toBe(416);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers["content-range"]).toBe("bytes */20");
    expect(res.text).toContain("<title>Error</title>");
    expect(res.text).toContain("<pre>Range Not Satisfiable</pre>");
  });

  it("answers 500 for an error without a status, and a status statuses does not know by its number", async () => {
    const plain = await answered((res) => sendErrorPage(res, new Error("secret detail")));
    expect([
      plain.status,
      plain.text.includes("<pre>Internal Server Error</pre>"),
      plain.text.includes("secret detail"),
    ]).toEqual([500, true, false]);
    const unknown = await answered((res) => sendErrorPage(res, { status: 599 }));
    expect([unknown.status, unknown.text.includes("<pre>599</pre>")]).toEqual([599, true]);
  });
});
