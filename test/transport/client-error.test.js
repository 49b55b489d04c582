// src/transport/client-error.js: malformed and hostile requests on raw TCP. Node's parser
// (with lib-server's clientError answer) rejects each one with a 4xx or a closed connection,
// a request smuggled inside a body is never routed, and a normal request on a new connection
// is served right after.
import net from "node:net";
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import Server from "../../src/index.js";
import { rawRequest, statusesOf, request, serve } from "../helpers/server.js";

const H = "Host: localhost\r\n";
// A complete request hidden in a body: if a parser ever took it for a request of its
// own, the /smuggled route would run.
const SMUGGLED = `GET /smuggled HTTP/1.1\r\n${H}\r\n`;

const cases = [
  { name: "garbage request line", data: "GARBAGE\r\n\r\n", status: 400 },
  { name: "unknown HTTP version", data: `GET / HTTP/9.9\r\n${H}\r\n`, status: 400 },
  { name: "unknown method", data: `BREW / HTTP/1.1\r\n${H}\r\n`, status: 400 },
  { name: "NUL in the request target", data: `GET /\0 HTTP/1.1\r\n${H}\r\n`, status: 400 },
  { name: "space in a header name", data: `GET / HTTP/1.1\r\n${H}Bad Header: y\r\n\r\n`, status: 400 },
  { name: "space before the colon", data: `GET / HTTP/1.1\r\n${H}Transfer-Encoding : chunked\r\n\r\n`, status: 400 },
  { name: "control character in a header value", data: `GET / HTTP/1.1\r\n${H}X-A: a\x01b\r\n\r\n`, status: 400 },
  { name: "obsolete line folding", data: `GET / HTTP/1.1\r\n${H}X-A: a\r\n b\r\n\r\n`, status: 400 },
  { name: "bare LF line endings", data: "GET / HTTP/1.1\nHost: localhost\n\n", status: 400 },
  { name: "HTTP/1.1 without Host", data: "GET / HTTP/1.1\r\n\r\n", status: 400 },
  {
    name: "smuggling: Content-Length then Transfer-Encoding",
    data: `POST /echo HTTP/1.1\r\n${H}Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n${SMUGGLED}`,
    status: 400,
  },
  {
    name: "smuggling: Transfer-Encoding then Content-Length",
    data: `POST /echo HTTP/1.1\r\n${H}Transfer-Encoding: chunked\r\nContent-Length: 40\r\n\r\n0\r\n\r\n${SMUGGLED}`,
    status: 400,
  },
  {
    name: "smuggling: two different Content-Length",
    data: `POST /echo HTTP/1.1\r\n${H}Content-Length: 0\r\nContent-Length: ${SMUGGLED.length}\r\n\r\n${SMUGGLED}`,
    status: 400,
  },
  {
    name: "smuggling: chunked not last in Transfer-Encoding",
    data: `POST /echo HTTP/1.1\r\n${H}Transfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n${SMUGGLED}`,
    status: 400,
  },
  {
    // Not chunked: RFC 9112 says read to the end of the connection, so nothing after the
    // headers can ever be a request of its own. Node answers and closes.
    name: "smuggling: unknown transfer coding",
    data: `POST /echo HTTP/1.1\r\n${H}Transfer-Encoding: xchunked\r\n\r\n0\r\n\r\n${SMUGGLED}`,
    closed: true,
  },
  { name: "negative Content-Length", data: `POST /echo HTTP/1.1\r\n${H}Content-Length: -1\r\n\r\n`, status: 400 },
  { name: "non-numeric Content-Length", data: `POST /echo HTTP/1.1\r\n${H}Content-Length: 1e3\r\n\r\n`, status: 400 },
  {
    name: "Content-Length beyond 2^64",
    data: `POST /echo HTTP/1.1\r\n${H}Content-Length: 99999999999999999999999\r\n\r\n`,
    status: 400,
  },
  {
    name: "invalid chunk size",
    data: `POST /echo HTTP/1.1\r\n${H}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n`,
    status: 400,
  },
  {
    name: "chunk data longer than its size",
    data: `POST /echo HTTP/1.1\r\n${H}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}}}\r\n0\r\n\r\n`,
    status: 400,
  },
  {
    name: "headers beyond maxHeaderSize",
    data: `GET / HTTP/1.1\r\n${H}X-Big: ${"a".repeat(20_000)}\r\n\r\n`,
    status: 431,
  },
  { name: "request target beyond maxHeaderSize", data: `GET /${"a".repeat(20_000)} HTTP/1.1\r\n${H}\r\n`, status: 431 },
  {
    name: "chunk extensions beyond Node's limit (413, as Node answers)",
    data: `POST /echo HTTP/1.1\r\n${H}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2;${"e".repeat(20_000)}\r\n{}\r\n0\r\n\r\n`,
    status: 413,
  },
];

describe("malformed requests", () => {
  let server;
  let smuggledRuns = 0;

  beforeAll(async () => {
    const app = new Server();
    app.get("/", (req, res) => res.send("ok"));
    app.get("/smuggled", (req, res) => {
      smuggledRuns++;
      res.send("smuggled");
    });
    app.post("/echo", Server.json(), (req, res) => res.json(req.body ?? null));
    server = await serve(app);
  });
  afterAll(() => server?.close());

  for (const { name, data, status, closed } of cases) {
    it(`${name}: ${status ?? "closed connection"}, then a normal request is served`, async () => {
      const reply = await rawRequest(server.port, data);
      if (status !== undefined) expect(statusesOf(reply.text)).toEqual([status]);
      expect(reply.closed).toBe(closed ?? true);
      expect(reply.text).not.toContain("smuggled");
      expect(smuggledRuns).toBe(0);
      const next = await request(server.port, "/");
      expect(next).toMatchObject({ status: 200, text: "ok" });
    });
  }

  // A client that keeps its side open (half-close) must not keep the server's socket alive
  // until headersTimeout: the 400 is written, then the server's side is gone.
  it("a socket answered 400 is closed by the server at once, even if the client keeps its side open", async () => {
    const client = net.connect({ port: server.port, host: "127.0.0.1", allowHalfOpen: true });
    let text = "";
    client.setEncoding("latin1");
    client.on("data", (chunk) => (text += chunk));
    client.on("error", () => {});
    client.write("GARBAGE\r\n\r\n");
    await new Promise((resolve) => client.once("end", resolve));
    expect(statusesOf(text)).toEqual([400]);
    const deadline = Date.now() + 1000;
    let open;
    do {
      await new Promise((resolve) => setTimeout(resolve, 20));
      open = await new Promise((resolve) => server.server.getConnections((err, count) => resolve(count)));
    } while (open > 0 && Date.now() < deadline);
    client.destroy();
    expect(open).toBe(0);
  });

  it("pipelined requests are answered in order on one connection", async () => {
    const one = `GET / HTTP/1.1\r\n${H}\r\n`;
    const reply = await rawRequest(
      server.port,
      `${one}POST /echo HTTP/1.1\r\n${H}Content-Type: application/json\r\nContent-Length: 7\r\n\r\n{"a":1}${one}GET /missing HTTP/1.1\r\n${H}Connection: close\r\n\r\n`,
    );
    expect(statusesOf(reply.text)).toEqual([200, 200, 200, 404]);
    expect(reply.text).toContain('{"a":1}');
    expect(reply.closed).toBe(true);
  });

  // Node's own rule: once a response is under way on the connection, no 400 can be
  // written after it, so the connection just ends behind the complete good answer.
  it("a pipelined malformed request ends the connection after the good ones before it", async () => {
    const reply = await rawRequest(server.port, `GET / HTTP/1.1\r\n${H}\r\nGARBAGE\r\n\r\nGET / HTTP/1.1\r\n${H}\r\n`);
    expect(statusesOf(reply.text)).toEqual([200]);
    expect(reply.text.endsWith("\r\n\r\nok")).toBe(true);
    expect(reply.closed).toBe(true);
  });
});
