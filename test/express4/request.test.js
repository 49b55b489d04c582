// The Express 4 mode's request against express@4: the same apps on both, status, headers and
// body compared. Deprecation warnings are test/express4/deprecations.test.js's.
import { beforeAll, afterAll, describe, expect, it } from "vitest";
import express4 from "express4";
import express from "../../src/express4/index.js";
import { compareSuite, differentialAgainst } from "../helpers/compare.js";
import { request, start } from "../helpers/server.js";

// With a listener, depd emits its warnings as this event instead of printing them.
const quiet = () => {};
beforeAll(() => process.on("deprecation", quiet));
afterAll(() => process.off("deprecation", quiet));

const E4 = { reference: express4, subject: express };
const json = (value) => JSON.stringify(value === undefined ? null : value);

compareSuite(
  "req.param (deprecated): route params, then body, then query, then the default",
  (app, factory) => {
    app.use(factory.json());
    app.all("/user/:name?", (req, res) => res.send(json([req.param("name"), req.param("missing", "dflt")])));
    app.all("/id/:id", (req, res) => res.send(json([req.param("id"), req.param("name", "dflt")])));
  },
  [
    "/user/tj?name=query",
    "/user?name=query",
    "/user",
    {
      method: "POST",
      path: "/user?name=query",
      headers: { "content-type": "application/json" },
      body: '{"name":"body"}',
    },
    { method: "POST", path: "/user", headers: { "content-type": "application/json" }, body: '{"name":null}' },
    "/id/7?name=0",
  ],
  E4,
);

compareSuite(
  "req.acceptsCharset, acceptsEncoding, acceptsLanguage (deprecated singular forms)",
  (app) => {
    app.get("/", (req, res) =>
      res.send(json([req.acceptsCharset("utf-8"), req.acceptsEncoding("gzip", "br"), req.acceptsLanguage("en", "fr")])),
    );
  },
  [
    "/",
    { path: "/", headers: { "accept-charset": "iso-8859-1", "accept-encoding": "br", "accept-language": "fr-CA" } },
    { path: "/", headers: { "accept-charset": "utf-8;q=0", "accept-encoding": "identity", "accept-language": "de" } },
  ],
  E4,
);

// What accepts 1.3 and type-is 1.6 make of extensions (mime-types 2.1): "js" is application/javascript.
const NAMES = [
  "js",
  "mjs",
  "json",
  "html",
  "text",
  "xml",
  "wav",
  "aac",
  "es",
  "sql",
  "avif",
  "urlencoded",
  "multipart",
];
const WILD = ["+json", "application/*", "*/*", "text/*", "application/javascript"];

compareSuite(
  "req.accepts: extensions as Express 4 maps them",
  (app) => {
    app.get("/", (req, res) =>
      res.send(json([...[...NAMES, ...WILD].map((type) => req.accepts(type)), req.accepts(NAMES), req.accepts()])),
    );
    app.get("/list", (req, res) => res.send(json([req.accepts("es", "js"), req.accepts(["es"]), req.accepts("json")])));
  },
  [
    ...["application/javascript", "text/javascript", "audio/wave", "audio/wav", "application/ecmascript", "image/avif"],
    ...["*/*", "text/*;q=0.5, application/json", "application/vnd.api+json"],
  ]
    .map((accept) => ({ path: "/", headers: { accept } }))
    .concat([{ path: "/list" }, { path: "/list", headers: { accept: "application/ecmascript" } }]),
  E4,
);

compareSuite(
  "req.is: extensions as Express 4 maps them",
  (app) => {
    app.all("/", (req, res) =>
      res.send(json([...[...NAMES, ...WILD].map((type) => req.is(type)), req.is(NAMES), req.is(), req.is([42, "js"])])),
    );
  },
  [
    ...["application/javascript", "text/javascript", "audio/wave", "application/ecmascript", "image/avif"],
    ...["application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/vnd.api+json", "bogus"],
  ]
    .map((type) => ({ method: "POST", path: "/", headers: { "content-type": type }, body: "x" }))
    .concat(["/", { method: "POST", path: "/", body: "x" }]),
  E4,
);

compareSuite(
  "req.host is the hostname (deprecated), without the port; req.hostname",
  (app) => {
    app.set("trust proxy", true);
    app.get("/", (req, res) => res.send(json([req.host, req.hostname, req.subdomains])));
  },
  [
    { path: "/", headers: { host: "example.com:3000" } },
    { path: "/", headers: { host: "tobi.ferrets.example.com" } },
    { path: "/", headers: { host: "[::1]:3000" } },
    { path: "/", headers: { host: "example.com", "x-forwarded-host": "proxy.example.com:8080, other" } },
  ],
  E4,
);

compareSuite(
  "req.query: qs's extended parser, a plain property middleware edits and replaces",
  (app) => {
    app.use("/edit", (req, res, next) => {
      delete req.query._sort; // json-server does this
      req.query.added = "1";
      next();
    });
    app.use("/assign", (req, res, next) => {
      req.query = { replaced: true };
      next();
    });
    app.use("/rewrite", (req, res, next) => {
      req.url = "/?rewritten=1"; // Express 4 parsed the query on the way in
      next();
    });
    app.use((req, res) => res.send(json([req.query, Object.hasOwn(req, "query"), Object.keys(req).includes("query")])));
  },
  [
    "/?a[b]=c&a[d]=e&list[]=1&list[]=2",
    "/?user.name=tj&__proto__[x]=1&hasOwnProperty=1",
    "/",
    "/edit?_sort=id&q=x",
    "/assign?q=x",
    "/rewrite?original=1",
    // qs's arrayLimit: Express 4 allows 1000 items, Express 5's "extended" 20
    `/?${Array.from({ length: 25 }, (_, i) => `ids=${i}`).join("&")}`,
  ],
  E4,
);

compareSuite(
  "req._parsedUrl: parseurl's cache of the URL as each layer sees it (node-red, express-gateway read it)",
  (app, factory) => {
    const seen = (req) => {
      const parsed = req._parsedUrl;
      return parsed && [parsed.pathname, parsed.search, parsed.query, parsed.path, parsed._raw];
    };
    function top(req, res, next) {
      req.top = seen(req);
      next();
    }
    app.use(top);
    // node-red moves its raw-body middleware to the head of the app's stack
    const stack = app._router.stack;
    stack.unshift(stack.splice(stack.indexOf(stack.find((layer) => layer.handle === top)), 1)[0]);
    const api = factory.Router();
    api.get("/items/:id", (req, res) => res.send(json({ top: req.top, mounted: seen(req) })));
    app.use("/api", api);
    app.use((req, res, next) => {
      req.url = "/rewritten?b=2";
      next();
    });
    app.get("/rewritten", (req, res) => res.send(json({ top: req.top, now: seen(req) })));
  },
  ["/api/items/7?x=1", "/api/items/7", "/elsewhere?a=1", "/elsewhere"],
  E4,
);

describe("req.query: the query parser settings", () => {
  const settings = {
    simple: (app) => app.set("query parser", "simple"),
    disabled: (app) => app.set("query parser", false),
    enabled: (app) => app.set("query parser", true),
    function: (app) => app.set("query parser", (str) => ({ length: (str || "").length })),
    missing: (app) => {
      delete app.settings["query parser"];
      delete app.settings["query parser fn"];
    },
  };
  for (const [name, configure] of Object.entries(settings)) {
    compareSuite(
      name,
      (app) => {
        configure(app);
        app.get("/", (req, res) => res.send(json(req.query)));
      },
      ["/?user[name]=tj&user.name=tj&a=1&a=2", "/"],
      E4,
    );
  }

  it("a mounted app with a parser of its own gets the query its parent parsed", async () => {
    const d = await differentialAgainst(
      express4,
      (app, factory) => {
        const sub = factory();
        sub.set("query parser", (str) => ({ sub: str }));
        sub.get("/", (req, res) => res.send(json(req.query)));
        app.use((req, res, next) => next()); // Express 4's middleware parses on the way in
        app.use("/sub", sub);
      },
      { subject: express },
    );
    try {
      const [expected, actual] = await d.both("/sub?a[b]=1");
      expect(actual).toEqual(expected);
    } finally {
      await d.close();
    }
  });
});

describe("req.query is parsed only when read", () => {
  it("a request that never reads it never calls the parser; one that does, once", async () => {
    let calls = 0;
    const app = express();
    app.set("query parser", (str) => (calls++, { str }));
    app.get("/none", (req, res) => res.end());
    app.get("/twice", (req, res) => res.send(json([req.query, req.query.str])));
    const server = await start(app);
    try {
      await request(server, "/none?a=1");
      expect(calls).toBe(0);
      const response = await request(server, "/twice?a=1");
      expect(JSON.parse(response.text)).toEqual([{ str: "a=1" }, "a=1"]);
      expect(calls).toBe(1);
    } finally {
      await server.close();
    }
  });
});

// fresh 0.5 and range-parser 1.2, Express 4's: If-Modified-Since counts beside a matching
// If-None-Match (and with no Last-Modified, never fresh), If-None-Match: * alone matches nothing;
// a malformed range is unsatisfiable (-1).
const LAST_MODIFIED = "Wed, 01 Jan 2025 00:00:00 GMT";
compareSuite(
  "req.fresh and req.range read as Express 4's fresh 0.5 and range-parser 1.2",
  (app) => {
    app.get("/fresh", (req, res) => {
      res.set("ETag", '"v1"');
      if (req.query.modified) res.set("Last-Modified", LAST_MODIFIED);
      res.send(json([req.fresh, req.stale]));
    });
    app.get("/range", (req, res) => res.send(json(req.range(1000, { combine: Boolean(req.query.combine) }))));
  },
  [
    ...[
      { "if-none-match": '"v1"' },
      { "if-none-match": "*" },
      { "if-none-match": '"v1"', "if-modified-since": "garbage" },
      { "if-none-match": '"v1"', "if-modified-since": LAST_MODIFIED },
      { "if-none-match": "*", "if-modified-since": LAST_MODIFIED },
      { "if-modified-since": LAST_MODIFIED },
    ].flatMap((headers) => [
      { path: "/fresh", headers },
      { path: "/fresh?modified=1", headers },
    ]),
    ...["bytes=0-10", "bytes=abc", "bytes=5", "bytes=x-5", "bytes= 1-2", "bytes=1-2,abc", "items=1-2", "bytes=-0"].map(
      (range) => ({ path: "/range?combine=1", headers: { range } }),
    ),
  ],
  E4,
);
