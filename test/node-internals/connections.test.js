// src/node-internals/connections.js on this Node release: what a connection and a server say
// about each other. Fix the module, not this test.
import { describe, it, expect } from "vitest";
import net from "node:net";
import tls from "node:tls";
import {
  connectionsOf,
  idleConnectionsOf,
  lastRequestOnSocket,
  responseOnSocket,
  transportOf,
} from "../../src/node-internals/connections.js";
import { testCertificate } from "../helpers/http2.js";
import { listen, onSupportedLines } from "./helpers.js";

describe("connections", () => {
  it("a connection tells the response being written and the last request read", async () => {
    let seen;
    const { port } = await listen((req, res) => {
      seen = { onSocket: responseOnSocket(req.socket) === res, last: lastRequestOnSocket(req.socket) === req };
      res.end();
    });
    await fetch(`http://127.0.0.1:${port}/`);
    expect(seen).toEqual({ onSocket: true, last: true });
  });

  it("a server lists its open connections, idle ones included", async () => {
    const { port, server } = await listen((req, res) => res.end());
    const socket = net.connect(port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const connections = connectionsOf(server);
    socket.destroy();
    expect(connections).toHaveLength(1);
    expect(connections[0]).toBeInstanceOf(net.Socket);
    expect(responseOnSocket(connections[0])).toBeNull();
  });

  it("a server's TLS socket tells the TCP socket it runs on, which its destruction closes", async () => {
    const tlsServer = tls.createServer(testCertificate());
    const raw = new Promise((resolve) => tlsServer.once("connection", resolve));
    const secured = new Promise((resolve) => tlsServer.once("secureConnection", resolve));
    await new Promise((resolve) => tlsServer.listen(0, "127.0.0.1", resolve));
    const client = tls.connect({ port: tlsServer.address().port, host: "127.0.0.1", rejectUnauthorized: false });
    client.on("error", () => {});
    try {
      const [transport, socket] = await Promise.all([raw, secured]);
      expect(transportOf(socket)).toBe(transport);
      const socketClosed = new Promise((resolve) => socket.once("close", resolve));
      transport.destroy();
      await socketClosed;
      expect(socket.destroyed).toBe(true);
    } finally {
      client.destroy();
      tlsServer.close();
    }
  });
});

onSupportedLines(() => {
  it("finds a connection's request and response, and the server's lists of open and idle connections", async () => {
    let socket;
    const seen = {};
    const { port, server } = await listen((req, res) => {
      socket = req.socket;
      seen.lastRequestOnSocket = lastRequestOnSocket(req.socket) === req;
      seen.responseOnSocket = responseOnSocket(req.socket) === res;
      res.end("ok");
    });
    await (await fetch(`http://127.0.0.1:${port}/`)).text(); // a keep-alive connection, now idle
    seen.connectionsOf = connectionsOf(server).includes(socket);
    seen.idleConnectionsOf = idleConnectionsOf(server).includes(socket);
    expect(seen).toEqual({
      lastRequestOnSocket: true,
      responseOnSocket: true,
      connectionsOf: true,
      idleConnectionsOf: true,
    });
  });
});
