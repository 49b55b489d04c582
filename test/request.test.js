// The request surface (req.*), compared with Express 5: a route answers with everything
// the request object reports, for many header combinations and app settings.
import { describe, it, expect, afterAll, beforeAll } from "vitest";
import { compareSuite, differential } from "./helpers/compare.js";
import { rawRequest } from "./helpers/server.js";

const protoName = (value) => {
  if (value === null || typeof value !== "object") return typeof value;
  const proto = Object.getPrototypeOf(value);
  return proto === null
    ? "null"
    : proto === Object.prototype
      ? "Object"
      : proto === Array.prototype
        ? "Array"
        : "other";
};

// JSON drops a range array's `type`: report it beside the ranges.
const range = (result) => (Array.isArray(result) ? { type: result.type, ranges: [...result] } : result);

function describeRequest(app) {
  return (req, res) =>
    res.json({
      path: req.path,
      url: req.url,
      originalUrl: req.originalUrl,
      baseUrl: req.baseUrl,
      params: req.params,
      paramsProto: protoName(req.params),
      query: req.query,
      host: req.host,
      hostname: req.hostname,
      ip: req.ip,
      ips: req.ips,
      protocol: req.protocol,
      secure: req.secure,
      subdomains: req.subdomains,
      xhr: req.xhr,
      appIsApp: req.app === app,
      resIsRes: req.res === res && res.req === req,
    });
}

function describeNegotiation(req, res) {
  res.json({
    referer: req.get("referer") ?? null,
    referrer: req.header("Referrer") ?? null,
    contentType: req.get("Content-Type") ?? null,
    is: [
      req.is("json"),
      req.is("text/*"),
      req.is(["html", "json"]),
      req.is("application/*+json"),
      req.is("urlencoded"),
    ],
    accepts: [
      req.accepts(),
      req.accepts("html"),
      req.accepts(["json", "html"]),
      req.accepts("text/plain", "image/png"),
      req.accepts("xml"),
    ],
    encodings: [req.acceptsEncodings(), req.acceptsEncodings("gzip", "br"), req.acceptsEncodings("deflate")],
    charsets: [req.acceptsCharsets(), req.acceptsCharsets("utf-8", "iso-8859-1")],
    languages: [req.acceptsLanguages(), req.acceptsLanguages("en", "fr"), req.acceptsLanguages("de")],
    range: range(req.range(1000)),
    rangeCombined: range(req.range(1000, { combine: true })),
  });
}

const routes = (app) => {
  const handler = describeRequest(app);
  app.get("/req", handler);
  app.get("/req/:a/:b", handler);
  app.get("/wild/*rest", handler);
  app.post("/neg", describeNegotiation);
  app.post("/is-bare", (req, res) => res.json({ is: req.is() }));
  app.get("/neg", describeNegotiation);
  app.use("/mounted", handler);
  app.get("/query-proto", (req, res) => res.json({ query: protoName(req.query), nested: protoName(req.query.a) }));
};

// Without a Host header each server would report its own port: pin it.
const withHost = (req) => {
  const entry = typeof req === "string" ? { path: req } : req;
  return { ...entry, headers: { host: "app.test", ...entry.headers } };
};

const forwarded = [
  { path: "/req", headers: { host: "example.com" } },
  { path: "/req", headers: { host: "example.com:8080" } },
  { path: "/req", headers: { host: "[::1]:3000" } },
  { path: "/req", headers: { host: "tobi.ferrets.example.com" } },
  { path: "/req", headers: { host: "192.168.0.1:80" } },
  { path: "/req", headers: { host: "a.example.com", "x-forwarded-host": "fwd.example.org:9000" } },
  { path: "/req", headers: { host: "a.example.com", "x-forwarded-host": "first.example.org, second.example.org" } },
  { path: "/req", headers: { "x-forwarded-proto": "https" } },
  { path: "/req", headers: { "x-forwarded-proto": "https, http" } },
  { path: "/req", headers: { "x-forwarded-proto": " HTTPS " } },
  { path: "/req", headers: { "x-forwarded-for": "1.1.1.1" } },
  { path: "/req", headers: { "x-forwarded-for": "1.1.1.1, 10.0.0.2, 127.0.0.1" } },
  { path: "/req", headers: { "x-forwarded-for": "garbage, 2.2.2.2" } },
  { path: "/req", headers: { "x-requested-with": "XMLHttpRequest" } },
  { path: "/req", headers: { "x-requested-with": "fetch" } },
];

const trustSettings = [
  ["default (false)", undefined],
  ["true", true],
  ["hop count 1", 1],
  ["hop count 2", 2],
  ["loopback", "loopback"],
  ["CIDR list", "10.0.0.0/8, 127.0.0.1"],
  ["CIDR array", ["10.0.0.0/8", "127.0.0.0/8"]],
  ["untrusted list", "10.0.0.0/8"],
  ["function", (address, hop) => address === "127.0.0.1" || hop < 1],
];

for (const [name, value] of trustSettings) {
  compareSuite(
    `host, ip, protocol with trust proxy ${name}`,
    (app) => {
      if (value !== undefined) app.set("trust proxy", value);
      routes(app);
    },
    forwarded.map(withHost),
  );
}

compareSuite(
  "subdomain offset",
  (app) => {
    app.set("subdomain offset", 3);
    routes(app);
  },
  [
    { path: "/req", headers: { host: "a.b.tobi.example.com" } },
    { path: "/req", headers: { host: "example.com" } },
  ],
);

compareSuite(
  "path, params, query and mounting",
  routes,
  [
    "/req?a=1&a=2&a=3",
    "/req?a",
    "/req?a=&b",
    "/req?=b",
    // Malformed escapes: U+FFFD for them, the valid ones next to them decoded, as node:querystring.
    "/req?a=%E0",
    "/req?a=caf%E9%20x&b=%zz&%E9=1&c=%00",
    "/req?a=1&a=%E0&a=3&d=%2525",
    "/req?a+b=c+d",
    "/req?a[b]=c&a[d]=e",
    "/req?%61=1",
    "/req?a=1&&b=2",
    "/req?__proto__=x&constructor=1&toString=2",
    "/req?",
    "/req/x/y?z=1",
    "/req/x%20y/%C3%A9",
    "/wild/a/b/c",
    "/mounted",
    "/mounted/deep/er?q=1",
    "/MOUNTED/x/",
  ].map(withHost),
);

// DIFF (query-proto, "simple"): Express's parser (node:querystring) gives a null-prototype
// object; fast-querystring's object has a (null-prototyped) prototype object instead.
const queryDiffs = { simple: ["/query-proto?a=1", "/query-proto?a[b]=1", "/query-proto"] };
for (const parser of ["extended", false, "simple", "custom function"]) {
  compareSuite(
    `query parser ${parser}`,
    (app) => {
      app.set(
        "query parser",
        parser === "custom function" ? (str) => ({ raw: String(str), type: typeof str }) : parser,
      );
      routes(app);
    },
    [
      "/req?a=1&a=2",
      "/req?a[b]=c&a[d][e]=f",
      "/req?list[]=1&list[]=2",
      "/req?a[0]=x&a[1]=y",
      "/req?__proto__[polluted]=yes",
      "/req?a.b=c",
      "/req?",
      "/req",
      "/query-proto?a=1",
      "/query-proto?a[b]=1",
      "/query-proto",
    ].map((path) => withHost(queryDiffs[parser]?.includes(path) ? { path, fails: "DIFF" } : path)),
  );
}

compareSuite("headers and content negotiation", routes, [
  { path: "/neg" },
  { path: "/neg", headers: { referer: "http://a.example/x" } },
  { path: "/neg", headers: { referrer: "http://b.example/y" } },
  { path: "/neg", headers: { accept: "text/html" } },
  { path: "/neg", headers: { accept: "application/json, text/html;q=0.5" } },
  { path: "/neg", headers: { accept: "image/*" } },
  { path: "/neg", headers: { accept: "*/*;q=0" } },
  { path: "/neg", headers: { accept: "text/*, application/xml;q=0.9" } },
  { path: "/neg", headers: { "accept-encoding": "gzip, deflate;q=0.5, br;q=0.9" } },
  { path: "/neg", headers: { "accept-encoding": "identity;q=0" } },
  { path: "/neg", headers: { "accept-charset": "iso-8859-1, utf-8;q=0.7" } },
  { path: "/neg", headers: { "accept-language": "fr-CH, fr;q=0.9, en;q=0.8" } },
  { path: "/neg", headers: { range: "bytes=0-99" } },
  { path: "/neg", headers: { range: "bytes=0-99,100-199,500-" } },
  { path: "/neg", headers: { range: "bytes=2000-3000" } },
  { path: "/neg", headers: { range: "items=0-5" } },
  { path: "/neg", headers: { range: "bytes=-100" } },
  { method: "POST", path: "/neg", headers: { "content-type": "application/json" }, body: "{}" },
  { method: "POST", path: "/neg", headers: { "content-type": "application/vnd.api+json; charset=utf-8" }, body: "{}" },
  { method: "POST", path: "/neg", headers: { "content-type": "text/plain" }, body: "hi" },
  { method: "POST", path: "/neg", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "a=1" },
  {
    method: "POST",
    path: "/neg",
    headers: { "content-type": "text/html", "transfer-encoding": "chunked" },
    body: "<p>",
  },
  { method: "POST", path: "/neg", headers: { "content-type": "application/json", "content-length": "0" } },
  // req.is() with no argument returns the request's media type.
  { method: "POST", path: "/is-bare", headers: { "content-type": "application/json" }, body: "{}" },
  { method: "POST", path: "/is-bare", headers: { "content-type": "text/plain; charset=utf-8" }, body: "x" },
  { method: "POST", path: "/is-bare" },
]);

compareSuite(
  "req.get() argument errors",
  (app) => {
    app.get("/none", (req, res) => res.send(String(req.get())));
    app.get("/number", (req, res) => res.send(String(req.get(42))));
  },
  ["/none", "/number"],
  { expectedErrors: /TypeError: name (argument is required|must be a string) to req\.get/ },
);

describe("req.fresh and req.stale", () => {
  let d;
  beforeAll(async () => {
    d = await differential(
      (app) => {
        app.all("/fresh", (req, res) => {
          res.set("ETag", '"v1"');
          res.set("Last-Modified", "Wed, 21 Oct 2015 07:28:00 GMT");
          if (req.query.status) res.status(Number(req.query.status));
          res.set("x-fresh", `${req.fresh}/${req.stale}`);
          res.end();
        });
      },
      { extraHeaders: ["x-fresh"] },
    );
  });
  afterAll(() => d.close());

  const cases = [
    { path: "/fresh" },
    { path: "/fresh", headers: { "if-none-match": '"v1"' } },
    { path: "/fresh", headers: { "if-none-match": 'W/"v1"' } },
    { path: "/fresh", headers: { "if-none-match": '"v2"' } },
    { path: "/fresh", headers: { "if-none-match": "*" } },
    { path: "/fresh", headers: { "if-modified-since": "Thu, 22 Oct 2015 07:28:00 GMT" } },
    { path: "/fresh", headers: { "if-modified-since": "Tue, 20 Oct 2015 07:28:00 GMT" } },
    { path: "/fresh", headers: { "if-none-match": '"v1"', "cache-control": "no-cache" } },
    { path: "/fresh?status=404", headers: { "if-none-match": '"v1"' } },
    { path: "/fresh?status=304", headers: { "if-none-match": '"v1"' } },
    { method: "POST", path: "/fresh", headers: { "if-none-match": '"v1"' } },
    { method: "HEAD", path: "/fresh", headers: { "if-none-match": '"v1"' } },
  ];
  for (const req of cases) {
    it(`${req.method ?? "GET"} ${req.path} ${JSON.stringify(req.headers ?? {})}`, async () => {
      const [expected, actual] = await d.both(req);
      expect(actual).toEqual(expected);
    });
  }
});

compareSuite(
  "req.query after req.url changes, changes to it, assignment and defineProperty",
  (app) => {
    app.use((req, res, next) => {
      res.setHeader("x-first", JSON.stringify(req.query));
      if (req.path === "/rewrite") req.url = "/target?after=1";
      next();
    });
    app.get("/target", (req, res) => res.json(req.query));
    // Parsed anew on every read: changes to the object do not stick (express-validator's
    // sanitizers, hpp and the like leave req.query as sent, as on Express 5).
    app.get("/mutate", (req, res) => {
      req.query.x = "changed";
      req.query.added = "1";
      res.json({ query: req.query, same: req.query === req.query });
    });
    app.get("/assign", (req, res) => {
      req.query = { replaced: true };
      res.json(req.query);
    });
    // V8's message names the request's class as Express's does: #<IncomingMessage>
    app.get("/assign-message", (req, res) => {
      try {
        req.query = {};
        res.send("assigned");
      } catch (error) {
        res.send(error.message);
      }
    });
    app.get("/define", (req, res) => {
      Object.defineProperty(req, "query", {
        value: { defined: true },
        configurable: true,
        writable: true,
        enumerable: true,
      });
      res.json(req.query);
    });
  },
  [
    "/rewrite?before=1",
    "/mutate?x=1",
    // A getter without a setter: assigning it throws in strict code (a 500).
    "/assign?x=1",
    "/assign-message",
    "/define?x=1",
  ],
  { extraHeaders: ["x-first"], expectedErrors: /TypeError: Cannot set property query/ },
);

describe("requests without a Host header (HTTP/1.0)", () => {
  let d;
  beforeAll(async () => {
    d = await differential((app) => {
      app.get("/h", (req, res) =>
        res.json({
          host: req.host ?? null,
          hostname: req.hostname ?? null,
          subdomains: req.subdomains,
          protocol: req.protocol,
        }),
      );
    });
  });
  afterAll(() => d.close());

  // node:http's client always sends Host: talk to the socket directly.
  const raw = async (port, head) => {
    const { text } = await rawRequest(port, head, { end: true });
    return text.slice(text.indexOf("\r\n\r\n") + 4);
  };

  for (const head of ["GET /h HTTP/1.0\r\n\r\n", "GET /h HTTP/1.0\r\nHost:\r\n\r\n"]) {
    it(JSON.stringify(head), async () => {
      const [expected, actual] = await Promise.all([raw(d.express.port, head), raw(d.lib.port, head)]);
      expect(actual).toBe(expected);
    });
  }
});

describe("req.query edge cases match Express 5", () => {
  let d;
  beforeAll(async () => {
    d = await differential(
      (app, factory) => {
        // A parent reads req.query first; the sub-app parses with its own parser.
        app.use((req, res, next) => {
          res.set("x-parent-q", JSON.stringify(req.query));
          next();
        });
        const extended = factory();
        extended.set("query parser", "extended");
        extended.get("/", (req, res) => res.json({ sub: req.query }));
        app.use("/extended", extended);
        const off = factory();
        off.set("query parser", false);
        off.get("/", (req, res) => res.json({ sub: req.query }));
        app.use("/off", off);
        app.get("/q", (req, res) => res.json({ q: req.query, keys: Object.keys(req.query).length }));
      },
      { extraHeaders: ["x-parent-q"] },
    );
  });
  afterAll(() => d.close());

  const paths = [
    "/extended?a[b]=1&c[]=2",
    "/off?a=1",
    "/q?a=1#b=2",
    "/q?#x",
    "/q#?a=1",
    "/q?" + Array.from({ length: 1001 }, (_, i) => `k${i}=1`).join("&"),
    "/q?" + "a=1&".repeat(1500),
    "/q?" + "&".repeat(3000) + "a=1",
  ];
  for (const path of paths) {
    it(`GET ${path.slice(0, 40)}${path.length > 40 ? "…" : ""}`, async () => {
      const [expected, actual] = await d.both({ path });
      expect(actual).toEqual(expected);
    });
  }
});
