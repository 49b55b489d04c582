// When a router hands the request on (to its caller's next, or the final handler): at once
// when the layers left do not match, a tick later (setImmediate) after a next() from the
// stack's last layer, as router 2 does. Jest's fake timers hold back a setImmediate, so a
// 404 or an error page that Express sends under them must not wait for one here either.
import { describe, it, expect, afterEach, vi } from "vitest";
import express from "express";
import Server from "../../src/index.js";
import { startPair } from "../helpers/server.js";

const pass = (req, res, next) => next();

// Each builds a router; `req` is the hand-made request it gets.
const scenarios = {
  "a next() followed by routes for other paths": (router) => {
    router.use(pass);
    router.get("/other", pass);
  },
  "a next() from the stack's last layer": (router) => {
    router.get("/other", pass);
    router.use(pass);
  },
  "an empty router": () => {},
  "no layer matching": (router) => {
    router.get("/other", pass);
  },
  "a route with no handler for the method, last": (router) => {
    router.use(pass);
    router.post("/x", pass);
  },
  "a HEAD request on a route without GET, last (router 2 enters it)": (router) => {
    router.use(pass);
    router.post("/x", pass);
  },
  "a route calling next(), last": (router) => {
    router.get("/x", pass);
  },
  "an error, then routes (they skip errors)": (router) => {
    router.use((req, res, next) => next(new Error("boom")));
    router.get("/x", pass);
  },
  "an error, then a plain middleware last (router 2 enters it)": (router) => {
    router.use((req, res, next) => next(new Error("boom")));
    router.use(pass);
  },
  "an error handler last with no error (router 2 enters it)": (router) => {
    router.use(pass);
    router.use((err, req, res, next) => next(err));
  },
  "next('router')": (router) => {
    router.use((req, res, next) => next("router"));
    router.get("/x", pass);
  },
  "a param callback, then a route calling next()": (router) => {
    router.param("id", (req, res, next) => next());
    router.get("/:id", pass);
    router.get("/nothing/here", pass);
  },
};

// Whether `router.handle` handed the request on before returning, and with what.
function handOff(Router, name, method) {
  const router = Router();
  scenarios[name](router);
  return new Promise((resolve) => {
    let returned = false;
    router.handle({ method, url: "/x" }, {}, (err) => resolve({ atOnce: !returned, err: err ? String(err.message ?? err) : null }));
    returned = true;
  });
}

describe("leaving a router matches router 2's timing", () => {
  for (const name of Object.keys(scenarios)) {
    const method = name.startsWith("a HEAD") ? "HEAD" : "GET";
    it(name, async () => {
      const expected = await handOff(express.Router, name, method);
      expect(await handOff(Server.Router, name, method)).toEqual(expected);
    });
  }
});

describe("the final handler's answer under fake timers, as Express's", () => {
  afterEach(() => vi.useRealTimers());

  it("sends a 404 and an error page without a timer, and code after next() still sees an open response", async () => {
    const seen = [];
    const pair = await startPair((app) => {
      const side = [];
      seen.push(side);
      app.use((req, res, next) => {
        next();
        side.push(res.headersSent);
      });
      app.use("/late", async (req, res, next) => {
        await new Promise((resolve) => setTimeout(resolve, 20)); // the request is complete by then
        next();
        side.push(res.headersSent);
      });
      app.get("/fail", (req, res, next) => next(Object.assign(new Error("nope"), { status: 409 })));
      app.get("/other", (req, res) => res.send("other"));
    });
    try {
      vi.useFakeTimers({ toFake: ["setImmediate", "queueMicrotask"] }); // Jest fakes these (and nextTick, which this pool cannot)
      for (const path of ["/missing", "/fail", "/late"]) {
        const [reference, lib] = await pair.both(path);
        expect([lib.status, lib.text]).toEqual([reference.status, reference.text]);
      }
      expect(seen[0]).toHaveLength(4);
      expect(seen[1]).toEqual(seen[0]);
    } finally {
      vi.useRealTimers();
      await pair.close();
    }
  });
});
