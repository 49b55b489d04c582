// Two lib-server instances (examples/deploy/app.js) behind nginx with TLS, sessions and
// rate limits in Redis: any instance serves any client, client address and scheme come
// from X-Forwarded-*, and stopping an instance gracefully loses no request.
import http2 from "node:http2";
import { describe, it, expect, beforeAll, afterAll, beforeEach, afterEach } from "vitest";
import { startDeployment, missingBinaries } from "./deployment.js";
import { httpsClient } from "./client.js";
import { killAll } from "./processes.js";

const missing = missingBinaries();
if (missing.length !== 0) {
  console.warn(
    `test/scale skipped: ${missing.join(", ")} not installed (apt-get install -y nginx redis-server openssl)`,
  );
}

const RATE_LIMIT = 5;

describe.skipIf(missing.length !== 0)("nginx + two lib-server instances + Redis", () => {
  let deployment;
  const clients = [];
  // Each test its own client address, so rate limits and connections don't mix.
  const clientFrom = (localAddress) => {
    const client = httpsClient({ port: deployment.port, ca: deployment.ca, localAddress });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    deployment = await startDeployment({ names: ["a", "b"], rateLimit: RATE_LIMIT });
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    await deployment?.stop();
    killAll();
  });

  it("round robin: both instances answer through nginx", async () => {
    const client = clientFrom("127.0.0.2");
    const seen = new Set();
    for (let i = 0; i < 6; i++) {
      const res = await client.request("GET", "/health");
      expect(res.status).toBe(200);
      seen.add(res.headers["x-instance"]);
    }
    expect([...seen].sort()).toEqual(["a", "b"]);
  });

  it("req.ip and req.protocol come from X-Forwarded-*, and forged X-Forwarded-For/-Host/-Proto are ignored", async () => {
    const client = clientFrom("127.0.0.2");
    const res = await client.request("GET", "/whoami", {
      headers: { "x-forwarded-for": "6.6.6.6", "x-forwarded-host": "evil.example", "x-forwarded-proto": "gopher" },
    });
    // nginx connects from 127.0.0.1 over plain HTTP; the app sees the client and https.
    expect(res.json()).toMatchObject({ ip: "127.0.0.2", protocol: "https", secure: true, hostname: "localhost" });
  });

  it("nginx speaks HTTP/2 to clients and HTTP/1.1 with X-Forwarded-* to the instances", async () => {
    const session = http2.connect(`https://127.0.0.1:${deployment.port}`, {
      ca: deployment.ca,
      servername: "localhost",
    });
    try {
      const stream = session.request({ ":path": "/whoami", ":authority": "localhost" });
      const { status, text } = await new Promise((resolve, reject) => {
        let answer = { text: "" };
        stream.on("response", (headers) => (answer.status = headers[":status"]));
        stream.on("data", (chunk) => (answer.text += chunk));
        stream.on("end", () => resolve(answer));
        stream.on("error", reject);
      });
      expect(session.alpnProtocol).toBe("h2");
      expect(status).toBe(200);
      expect(JSON.parse(text)).toMatchObject({
        ip: "127.0.0.1",
        protocol: "https",
        secure: true,
        hostname: "localhost",
      });
    } finally {
      session.close();
    }
  });

  it("a session created through one instance is read through the other", async () => {
    const client = clientFrom("127.0.0.3");
    const login = await client.request("POST", "/login", { body: { user: "alice" } });
    expect(login.status).toBe(200);
    const setCookie = login.headers["set-cookie"]?.[0] ?? "";
    // A Secure cookie is only issued because the app trusts nginx's X-Forwarded-Proto.
    expect(setCookie).toMatch(/^connect\.sid=.+; Secure/);
    const cookie = setCookie.split(";")[0];
    const readers = new Map();
    for (let i = 0; i < 6; i++) {
      const me = (await client.request("GET", "/me", { headers: { cookie } })).json();
      readers.set(me.instance, me.user);
    }
    expect(Object.fromEntries(readers)).toEqual({ a: "alice", b: "alice" });
    const anonymous = (await client.request("GET", "/me")).json();
    expect(anonymous.user).toBeNull();
  });

  it("the rate limit holds across instances, per client address", async () => {
    const client = clientFrom("127.0.0.4");
    const answers = [];
    for (let i = 0; i < RATE_LIMIT + 3; i++) {
      const res = await client.request("GET", "/limited", { headers: { "x-forwarded-for": `10.0.0.${i}` } });
      answers.push({ status: res.status, instance: res.headers["x-instance"] });
    }
    expect(answers.map((a) => a.status)).toEqual([...Array(RATE_LIMIT).fill(200), 429, 429, 429]);
    // Both instances counted into the same Redis key.
    expect(new Set(answers.slice(0, RATE_LIMIT).map((a) => a.instance))).toEqual(new Set(["a", "b"]));
    expect(new Set(answers.slice(RATE_LIMIT).map((a) => a.instance))).toEqual(new Set(["a", "b"]));
    // Another client address has its own budget.
    expect((await clientFrom("127.0.0.5").request("GET", "/limited")).status).toBe(200);
  });
});

describe.skipIf(missing.length !== 0)("stopping an instance of nginx + two lib-server instances + Redis", () => {
  let deployment;
  const clients = [];
  const clientFrom = (localAddress, options) => {
    const client = httpsClient({ port: deployment.port, ca: deployment.ca, localAddress, ...options });
    clients.push(client);
    return client;
  };

  // Each test stops an instance: a fresh deployment for each.
  beforeEach(async () => {
    deployment = await startDeployment({ names: ["a", "b"], rateLimit: RATE_LIMIT });
  });

  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await deployment?.stop();
    killAll();
  });

  /**
   * Runs `loops` request loops (each `request()` resolving to a response) around `during()`,
   * and a few long requests in flight when it starts; resolves to what everything got.
   */
  async function underTraffic(client, loops, during) {
    const results = [];
    let running = true;
    const runners = loops.map(async (request, loop) => {
      while (running) {
        const at = Date.now();
        try {
          const res = await request();
          results.push({ at, loop, status: res.status, instance: res.headers["x-instance"] });
        } catch (err) {
          results.push({ at, loop, status: 0, error: err.message });
        }
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Long requests, some on each instance, still in flight when the instance stops.
    const long = Promise.all(
      Array.from({ length: 6 }, () =>
        client.request("GET", "/slow?ms=1500").catch((err) => ({ status: 0, error: err.message, headers: {} })),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const outcome = await during();
    await new Promise((resolve) => setTimeout(resolve, 800));
    running = false;
    await Promise.all(runners);
    return { results, longAnswers: await long, ...outcome };
  }

  async function stopAndTime(name) {
    const stoppedAt = Date.now();
    const exit = await deployment.stopInstance(name, "SIGTERM");
    return { exit, stoppedAt, exitedAt: Date.now() };
  }

  function expectNothingLost({ results, longAnswers, exit, stoppedAt, exitedAt }) {
    expect(exit).toEqual({ code: 0, signal: null });
    expect(exitedAt - stoppedAt).toBeGreaterThanOrEqual(300); // it waited for its in-flight requests
    expect(longAnswers.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(longAnswers.map((r) => r.headers["x-instance"])).toContain("a");
    const failed = results.filter((r) => r.status !== 200).map((r) => ({ ...r, msAfterStop: r.at - stoppedAt }));
    expect(failed, `nginx's error log:\n${deployment.errorLog()}`).toEqual([]);
    expect(results.length).toBeGreaterThan(30);
    const afterExit = results.filter((r) => r.at > exitedAt);
    expect(afterExit.length).toBeGreaterThan(5);
    expect(new Set(afterExit.map((r) => r.instance))).toEqual(new Set(["b"]));
  }

  // nginx alone notices a stopped instance only when connecting to it fails. A connection
  // the kernel had completed but the instance had not yet accepted when it closed its
  // listening socket is reset after nginx wrote the request: GETs are retried on the other
  // instance, a POST would get a 502. So this one runs GETs; the next one drains first.
  it("SIGTERM to one instance: its in-flight requests finish, nginx moves GETs to the other, nothing lost", async () => {
    const client = clientFrom("127.0.0.6");
    const loops = Array.from({ length: 4 }, () => () => client.request("GET", "/slow?ms=30"));
    expectNothingLost(await underTraffic(client, loops, () => stopAndTime("a")));
  });

  it("rolling restart (nginx drains the instance, then SIGTERM): no request lost, POSTs included", async () => {
    // New client connections: a reload closes the old nginx workers' idle keep-alive
    // connections, and a client reusing one at that moment sees it close (nginx's race
    // with its clients, not the instances').
    const client = clientFrom("127.0.0.7", { keepAlive: false });
    const loops = [
      () => client.request("GET", "/slow?ms=30"),
      () => client.request("POST", "/login", { body: { user: "x" } }),
      () => client.request("POST", "/login", { body: { user: "y" } }),
    ];
    const probe = clientFrom("127.0.0.9", { keepAlive: false });
    const check = async () => (await probe.request("GET", "/health")).headers["x-instance"];
    expectNothingLost(
      await underTraffic(client, loops, async () => {
        await deployment.drainInstance("a", check);
        return stopAndTime("a");
      }),
    );
  });
});
