// Production stores: express-session on connect-redis and express-rate-limit on
// rate-limit-redis, against a private redis-server reached through a Unix socket (no TCP
// port), compared with Express 5. Skipped when redis-server isn't installed.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient } from "redis";
import { RedisStore as SessionStore } from "connect-redis";
import { RedisStore as LimitStore } from "rate-limit-redis";
import session from "express-session";
import { rateLimit } from "express-rate-limit";
import { LIB_MODES, browser, eventually } from "./harness.js";
import { startPair } from "../helpers/server.js";

const hasRedis = spawnSync("redis-server", ["--version"]).status === 0;

describe.skipIf(!hasRedis)("redis-backed stores", () => {
  let dir;
  let redis;
  let client;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "mw-redis-"));
    const socket = path.join(dir, "redis.sock");
    redis = spawn(
      "redis-server",
      ["--port", "0", "--unixsocket", socket, "--save", "", "--appendonly", "no", "--dir", dir],
      { stdio: "ignore" },
    );
    await eventually(() => fs.existsSync(socket), 5000);
    client = createClient({ socket: { path: socket } });
    await client.connect();
  });

  afterAll(async () => {
    await client?.quit();
    if (redis && redis.exitCode === null) {
      await new Promise((resolve) => {
        redis.once("exit", resolve); // reaped here, not left to whoever inherits it
        redis.kill();
      });
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  for (const mode of LIB_MODES) {
    describe(`[lib-server via ${mode}]`, () => {
      let pair;
      beforeAll(async () => {
        let appIndex = 0;
        // Each app gets its own key prefix: they share one redis.
        pair = await startPair(
          (app) => {
            const prefix = `${mode}:${appIndex++}:`;
            app.set("trust proxy", "loopback");
            const limitStore = new LimitStore({
              sendCommand: (...args) => client.sendCommand(args),
              prefix: `${prefix}rl:`,
            });
            app.use(
              rateLimit({
                windowMs: 60_000,
                limit: 4,
                standardHeaders: "draft-7",
                legacyHeaders: false,
                store: limitStore,
              }),
            );
            app.use(
              session({
                secret: "s",
                resave: false,
                saveUninitialized: false,
                store: new SessionStore({ client, prefix: `${prefix}sess:` }),
              }),
            );
            app.get("/count", (req, res) => {
              req.session.n = (req.session.n ?? 0) + 1;
              res.json({ n: req.session.n });
            });
          },
          { via: mode },
        );
      });
      afterAll(() => pair?.close());

      it("a session counter lives in redis; the limiter answers 429 on the fifth request", async () => {
        const run = async (target) => {
          const user = browser(target);
          const answers = [];
          for (let i = 0; i < 5; i++) {
            const response = await user.send({ path: "/count", headers: { "x-forwarded-for": "203.0.113.80" } });
            answers.push({
              status: response.status,
              body: response.text,
              ratelimit: response.headers.ratelimit?.replace(/reset=\d+/, "reset=<s>"),
            });
          }
          return answers;
        };
        const [expected, actual] = await Promise.all([run(pair.express), run(pair.lib)]);
        expect(actual).toEqual(expected);
        expect(actual.map((a) => a.status)).toEqual([200, 200, 200, 200, 429]);
        expect(actual[3].body).toBe('{"n":4}');
        expect(actual[3].ratelimit).toBe("limit=4, remaining=0, reset=<s>");
      });
    });
  }
});
