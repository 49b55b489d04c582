// Steps that finish after the client went away must neither crash the process
// nor leave an unhandled rejection, and must not write to the dead response.
import http from "node:http";
import { once } from "node:events";
import { Readable } from "node:stream";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { compose } from "../../src/compose.js";
import { frameworks } from "./frameworks.js";
import { start } from "../helpers/server.js";

function deferred() {
  let resolve;
  const promise = new Promise((done) => (resolve = done));
  return { promise, resolve };
}

describe.each(frameworks)("compose() after a client disconnect on $name", ({ create }) => {
  let server;
  let entered; // resolved when the slow step starts: time to hang up
  let finished; // resolved with what the slow step produced, after the hang-up
  let laterSteps; // steps or middleware that ran after the slow one
  const failures = [];
  const onFailure = (err) => failures.push(err);

  // Waits until the response is closed by the hang-up, then yields `produce()`.
  const slow = (produce) => async (ctx) => {
    entered.resolve();
    if (!ctx.res.destroyed) await once(ctx.res, "close");
    const value = produce();
    finished.resolve({ value }); // boxed: a rejected promise must not reject `finished`
    return value;
  };

  beforeAll(async () => {
    const app = create();
    const later = (ctx) => void laterSteps.push("step");
    app.get(
      "/late-value",
      compose(
        slow(() => ({ late: true })),
        later,
      ),
    );
    app.get(
      "/late-nothing",
      compose(
        slow(() => undefined),
        later,
      ),
    );
    app.get(
      "/late-error",
      compose(
        slow(() => Promise.reject(new Error("late failure"))),
        later,
      ),
    );
    app.get("/late-stream", compose(slow(() => Readable.from(["never", "read"]))));
    app.use((req, res) => {
      laterSteps.push("404");
      res.status(404).end();
    });

    app.use((err, req, res, next) => {
      laterSteps.push(`error: ${err.message}`);
      res.status(500).json({ error: err.message });
    });
    server = await start(app, { via: "listen" });
  });

  afterAll(() => server?.close());

  beforeEach(() => {
    entered = deferred();
    finished = deferred();
    laterSteps = [];
    failures.length = 0;
    process.on("unhandledRejection", onFailure);
    process.on("uncaughtException", onFailure);
  });

  afterEach(() => {
    process.off("unhandledRejection", onFailure);
    process.off("uncaughtException", onFailure);
  });

  async function hangUpDuring(path) {
    const req = http.get(server.url + path);
    req.on("error", () => {}); // the socket hang-up we cause
    await entered.promise;
    req.destroy();
    const produced = await finished.promise;
    // Give late writes, rejections and stream teardown time to surface.
    await new Promise((resolve) => setTimeout(resolve, 50));
    return produced;
  }

  it("drops a value returned after the hang-up and stops the chain", async () => {
    await hangUpDuring("/late-value");
    expect(failures).toEqual([]);
    expect(laterSteps).toEqual([]);
  });

  it("does not run the rest of the chain or call next() once the client is gone", async () => {
    await hangUpDuring("/late-nothing");
    expect(failures).toEqual([]);
    expect(laterSteps).toEqual([]);
  });

  it("still reports a late failure to the error middleware without crashing", async () => {
    await hangUpDuring("/late-error");
    expect(failures).toEqual([]);
    expect(laterSteps).toEqual(["error: late failure"]);
  });

  it("destroys a stream returned after the hang-up", async () => {
    const { value: stream } = await hangUpDuring("/late-stream");
    expect(failures).toEqual([]);
    expect(stream.destroyed).toBe(true);
  });
});
