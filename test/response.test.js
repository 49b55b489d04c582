// The response surface (res.*), compared with Express 5: one small route per behaviour,
// and the full status, headers and body of each answer compared.
import { vi, describe, it, expect, beforeAll, afterAll } from "vitest";
import cookieParser from "cookie-parser";
import { compareSuite, differential } from "./helpers/compare.js";

let consoleError;
beforeAll(() => {
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterAll(() => consoleError.mockRestore());

const HEADERS = { extraHeaders: ["x-content-type-options", "x-a", "x-b", "x-got", "x-sent"] };

// Reports what a throwing call threw, so the error's class and message are compared too.
const attempt = (fn) => (req, res) => {
  try {
    fn(req, res);
  } catch (err) {
    res.status(200).send(`${err.name}: ${err.message}`);
  }
};

const protoName = (value) => {
  const proto = Object.getPrototypeOf(value);
  return proto === null ? "null" : proto === Object.prototype ? "Object" : "other";
};

compareSuite(
  "res.status",
  (app) => {
    app.disable("x-powered-by");
    app.get("/status/ok", (req, res) => res.status(201).send("created"));
    app.get("/status/chained", (req, res) => res.status(404).status(410).send("gone"));
    app.get("/status/unknown-code", (req, res) => res.status(799).send("odd"));
    for (const [name, code] of Object.entries({
      nan: NaN,
      low: 99,
      high: 1000,
      float: 200.5,
      string: "404",
      undef: undefined,
    })) {
      app.get(`/throw/${name}`, (req, res) => res.status(code).send("never"));
      app.get(
        `/caught/${name}`,
        attempt((req, res) => res.status(code)),
      );
    }
  },
  [
    "/status/ok",
    "/status/chained",
    "/status/unknown-code",
    ...["nan", "low", "high", "float", "string", "undef"].flatMap((n) => [`/throw/${n}`, `/caught/${n}`]),
  ],
  HEADERS,
);

const bodies = {
  string: "hello <b>world</b>",
  empty: "",
  unicode: "héllo ✓ 🎉",
  long: "x".repeat(5000),
  buffer: Buffer.from("binary \u0000 data"),
  uint8: new Uint8Array([104, 105]),
  object: { a: 1, nested: { b: [1, 2] } },
  array: [1, "two", null],
  number: 42,
  zero: 0,
  boolean: true,
  false: false,
  null: null,
  undefined: undefined,
};

compareSuite(
  "res.send bodies, Content-Type and ETag",
  (app) => {
    app.disable("x-powered-by");
    for (const [name, body] of Object.entries(bodies)) app.all(`/send/${name}`, (req, res) => res.send(body));
    app.get("/typed/text", (req, res) => res.type("text/plain").send("plain"));
    app.get("/typed/latin1", (req, res) => res.set("Content-Type", "text/plain; charset=iso-8859-1").send("café"));
    app.get("/typed/xml", (req, res) => res.set("Content-Type", "application/xml").send("<a/>"));
    app.get("/typed/buffer-html", (req, res) => res.type("html").send(Buffer.from("<p>")));
    app.get("/typed/object-as-text", (req, res) => res.type("txt").send({ a: 1 }));
    app.get("/preset-etag", (req, res) => res.set("ETag", '"mine"').send("body"));
    app.get("/no-content", (req, res) => res.status(204).send("dropped"));
    app.get("/not-modified", (req, res) => res.status(304).send("dropped"));
    app.get("/reset", (req, res) => res.status(205).send("dropped"));
    app.get("/chunked", (req, res) => res.set("Transfer-Encoding", "chunked").send("chunky"));
    app.get("/twice", (req, res) => {
      res.send("first");
      res.set("x-sent", String(res.headersSent));
    });
    app.get("/headers-sent", (req, res) => {
      const before = res.headersSent;
      res.set("x-got", String(before));
      res.send("ok");
    });
  },
  [
    ...Object.keys(bodies).map((name) => `/send/${name}`),
    { method: "HEAD", path: "/send/string" },
    { method: "POST", path: "/send/object" },
    { path: "/send/string", headers: { "if-none-match": 'W/"12-' } },
    "/typed/text",
    "/typed/latin1",
    "/typed/xml",
    "/typed/buffer-html",
    "/typed/object-as-text",
    "/preset-etag",
    { path: "/preset-etag", headers: { "if-none-match": '"mine"' } },
    { path: "/preset-etag", headers: { "if-none-match": 'W/"mine"' } },
    { method: "POST", path: "/send/string", headers: { "if-none-match": "*" } },
    "/no-content",
    "/not-modified",
    "/reset",
    "/chunked",
    "/headers-sent",
  ],
  HEADERS,
);

describe("ETag round trip: a client's If-None-Match gets a 304", () => {
  let d;
  beforeAll(async () => {
    d = await differential((app) => {
      app.get("/etag", (req, res) => res.send("cache me"));
      app.get("/json", (req, res) => res.json({ cache: "me" }));
      app.get("/lm", (req, res) => res.set("Last-Modified", "Wed, 21 Oct 2015 07:28:00 GMT").send("dated"));
    });
  });
  afterAll(() => d.close());

  for (const path of ["/etag", "/json"]) {
    it(`GET ${path} then conditional GET`, async () => {
      const [first] = await d.both({ path });
      const etag = first.headers.etag;
      expect(etag).toMatch(/^W\//);
      const [expected, actual] = await d.both({ path, headers: { "if-none-match": etag } });
      expect(expected.status).toBe(304);
      expect(actual).toEqual(expected);
      const [expectedHead, actualHead] = await d.both({ method: "HEAD", path, headers: { "if-none-match": etag } });
      expect(actualHead).toEqual(expectedHead);
    });
  }

  it("If-Modified-Since", async () => {
    const [expected, actual] = await d.both({
      path: "/lm",
      headers: { "if-modified-since": "Thu, 22 Oct 2015 07:28:00 GMT" },
    });
    expect(expected.status).toBe(304);
    expect(actual).toEqual(expected);
  });
});

for (const [name, value] of [
  ["false", false],
  ["strong", "strong"],
  ["weak", "weak"],
  ["true", true],
  ["function", (body, encoding) => `"custom-${body.length}-${encoding}"`],
]) {
  compareSuite(
    `etag setting ${name}`,
    (app) => {
      app.set("etag", value);
      app.get("/s", (req, res) => res.send("some body"));
      app.get("/b", (req, res) => res.send(Buffer.from("buffer body")));
      app.get("/j", (req, res) => res.json({ j: 1 }));
    },
    ["/s", "/b", "/j", { path: "/s", headers: { "if-none-match": '"custom-9-utf8"' } }],
  );
}

compareSuite(
  "res.json and settings",
  (app) => {
    app.disable("x-powered-by");
    app.get("/plain", (req, res) => res.json({ a: "<b>&</b>", n: [1, 2] }));
    app.get("/undefined", (req, res) => res.json(undefined));
    app.get("/null", (req, res) => res.json(null));
    app.get("/string", (req, res) => res.json("str"));
    app.get("/typed", (req, res) => res.type("application/vnd.api+json").json({ a: 1 }));
    app.get("/status", (req, res) => res.status(422).json({ error: true }));
    app.get("/date", (req, res) => res.json({ when: new Date(0) }));
    app.get("/circular", (req, res) => {
      const o = {};
      o.self = o;
      res.json(o);
    });
  },
  [
    "/plain",
    "/undefined",
    "/null",
    "/string",
    "/typed",
    "/status",
    "/date",
    "/circular",
    { method: "HEAD", path: "/plain" },
  ],
  HEADERS,
);

compareSuite(
  "json spaces, json replacer, json escape",
  (app) => {
    app.set("json spaces", 2);
    app.set("json replacer", (key, value) => (key === "secret" ? undefined : value));
    app.set("json escape", true);
    app.get("/j", (req, res) => res.json({ a: "<script>&", secret: "x", list: [1, { b: 2 }] }));
    app.get("/jsonp", (req, res) => res.jsonp({ a: "<&>", secret: "x" }));
    app.get("/send-object", (req, res) => res.send({ a: "<" }));
  },
  ["/j", "/jsonp", "/jsonp?callback=cb", "/send-object"],
  HEADERS,
);

compareSuite(
  "res.jsonp",
  (app) => {
    app.get("/p", (req, res) => res.jsonp({ a: 1, s: "\u2028\u2029" }));
    app.get("/p-undefined", (req, res) => res.jsonp(undefined));
    app.get("/p-typed", (req, res) => res.type("text/plain").jsonp({ a: 1 }));
    app.get("/p-status", (req, res) => res.status(404).jsonp("nope"));
  },
  [
    "/p",
    "/p?callback=handle",
    "/p?callback=weird%20name();alert(1)",
    "/p?callback=obj.method[0]",
    "/p?callback=a&callback=b",
    "/p?callback=",
    "/p?callback[x]=1",
    "/p-undefined?callback=cb",
    "/p-undefined",
    "/p-typed?callback=cb",
    "/p-status?callback=cb",
  ],
  HEADERS,
);

compareSuite(
  "jsonp callback name setting",
  (app) => {
    app.set("jsonp callback name", "cb");
    app.get("/p", (req, res) => res.jsonp([1]));
  },
  ["/p?cb=mine", "/p?callback=ignored"],
  HEADERS,
);

compareSuite(
  "res.sendStatus",
  (app) => {
    for (const code of [200, 201, 204, 304, 404, 418, 500, 599, 799])
      app.get(`/s/${code}`, (req, res) => res.sendStatus(code));
    app.get("/bad", (req, res) => res.sendStatus(1000));
    app.get("/typed", (req, res) => res.type("json").sendStatus(400));
  },
  [
    "/s/200",
    "/s/201",
    "/s/204",
    "/s/304",
    "/s/404",
    "/s/418",
    "/s/500",
    "/s/599",
    "/s/799",
    "/bad",
    "/typed",
    { method: "HEAD", path: "/s/200" },
  ],
  HEADERS,
);

compareSuite(
  "res.set, header, get, append, type, vary",
  (app) => {
    app.disable("x-powered-by");
    app.get("/set", (req, res) => res.set("X-A", "1").header("X-B", 2).send("ok"));
    app.get("/set-array", (req, res) => res.set("X-A", ["1", 2]).send("ok"));
    app.get("/set-object", (req, res) =>
      res.set({ "X-A": "a", "X-B": ["b1", "b2"], "Content-Type": "json" }).send("{}"),
    );
    app.get(
      "/set-type-array",
      attempt((req, res) => res.set("Content-Type", ["a", "b"]).send("never")),
    );
    app.get("/set-type-ext", (req, res) => res.set("Content-Type", "html").send("<p>"));
    app.get("/set-type-charset", (req, res) => res.set("Content-Type", "text/html; charset=latin1").send("x"));
    app.get("/get", (req, res) => {
      res.set("X-A", "got");
      res.set("x-got", String(res.get("x-a")) + "|" + String(res.get("missing")));
      res.send("ok");
    });
    app.get("/append", (req, res) =>
      res.append("X-A", "1").append("X-A", ["2", "3"]).append("X-B", ["x"]).append("X-B", "y").send("ok"),
    );
    app.get("/append-cookie", (req, res) =>
      res.append("Set-Cookie", "a=1").append("Set-Cookie", "b=2").cookie("c", "3").send("ok"),
    );
    for (const type of [
      "json",
      "html",
      ".png",
      "png",
      "text/x-custom",
      "unknownext",
      "application/json",
      "txt",
      "js",
    ]) {
      app.get(`/type/${type}`, (req, res) => res.type(type).end());
    }
    app.get("/contentType", (req, res) => res.contentType("css").end());
    app.get("/vary/one", (req, res) => res.vary("Accept").end());
    app.get("/vary/list", (req, res) => res.vary(["Accept", "Origin"]).vary("accept").end());
    app.get("/vary/star", (req, res) => res.vary("Accept").vary("*").end());
    app.get("/vary/empty", (req, res) => res.vary([]).end());
  },
  [
    "/set",
    "/set-array",
    "/set-object",
    "/set-type-array",
    "/set-type-ext",
    "/set-type-charset",
    "/get",
    "/append",
    "/append-cookie",
    ...["json", "html", ".png", "png", "text/x-custom", "unknownext", "application/json", "txt", "js"].map(
      (t) => `/type/${encodeURIComponent(t)}`,
    ),
    "/contentType",
    "/vary/one",
    "/vary/list",
    "/vary/star",
    "/vary/empty",
  ],
  HEADERS,
);

compareSuite(
  "res.location and res.redirect",
  (app) => {
    app.disable("x-powered-by");
    app.get("/loc", (req, res) => res.location(req.query.to).end());
    app.all("/r", (req, res) =>
      req.query.status ? res.redirect(Number(req.query.status), req.query.to) : res.redirect(req.query.to),
    );
    app.get("/back", (req, res) => res.redirect("back"));
    app.get("/r-preset", (req, res) => res.set("Content-Type", "text/plain").redirect("/x"));
  },
  [
    "/loc?to=/a",
    "/loc?to=http://example.com/a%20b/ü?q=1#h",
    "/loc?to=" + encodeURIComponent("/a b/<c>"),
    "/loc?to=back",
    { path: "/loc?to=back", headers: { referer: "/from" } },
    "/r?to=/x",
    "/r?to=/x&status=301",
    "/r?to=/x&status=307",
    "/r?to=/x&status=399",
    "/r?to=" + encodeURIComponent('/<script>"x"</script>'),
    { path: "/r?to=/x", headers: { accept: "text/html" } },
    { path: "/r?to=/x", headers: { accept: "text/plain" } },
    { path: "/r?to=/x", headers: { accept: "application/json" } },
    { path: "/r?to=/x", headers: { accept: "text/html;q=0.5, text/plain" } },
    { method: "HEAD", path: "/r?to=/x" },
    { method: "POST", path: "/r?to=/x&status=303" },
    { path: "/back", headers: { referer: "http://ref.example/page" } },
    "/r-preset",
  ],
  HEADERS,
);

compareSuite(
  "res.cookie and res.clearCookie",
  (app) => {
    app.disable("x-powered-by");
    app.use(cookieParser("s3cret"));
    app.get("/c/plain", (req, res) => res.cookie("name", "tobi").end());
    app.get("/c/object", (req, res) => res.cookie("obj", { a: [1, 2] }).end());
    app.get("/c/number", (req, res) => res.cookie("n", 5).end());
    app.get("/c/options", (req, res) =>
      res
        .cookie("opt", "v a;l", {
          httpOnly: true,
          secure: true,
          sameSite: "strict",
          domain: "example.com",
          path: "/admin",
          priority: "high",
        })
        .end(),
    );
    app.get("/c/expires", (req, res) => res.cookie("e", "v", { expires: new Date(Date.UTC(2030, 0, 1)) }).end());
    app.get("/c/partitioned", (req, res) => res.cookie("p", "v", { partitioned: true, secure: true }).end());
    app.get("/c/encode", (req, res) => res.cookie("enc", "a b", { encode: (v) => v.replace(" ", "_") }).end());
    app.get("/c/signed", (req, res) => res.cookie("sig", "value", { signed: true }).end());
    app.get("/c/signed-object", (req, res) => res.cookie("sig", { x: 1 }, { signed: true }).end());
    app.get("/c/multiple", (req, res) => res.cookie("a", "1").cookie("b", "2").end());
    app.get("/c/maxage-nan", (req, res) => res.cookie("m", "v", { maxAge: "soon" }).end());
    // Values and options cookie 0.7 (Express's) refuses, and what its messages say.
    const refused = [
      ["v", { encode: () => 'a"b' }],
      ["v", { encode: () => "a,b" }],
      ["v", { encode: () => "a\\b" }],
      ["v", { domain: "ex ample.com" }],
      ["v", { path: "/a;b" }],
      ["v", { sameSite: "bogus" }],
      ["v", { priority: "bogus" }],
      ["v", { expires: new Date("x") }],
      ["v", { expires: "2030-01-01" }],
      ["v", { maxAge: Infinity }],
    ];
    app.get("/c/refused/:i", (req, res) => {
      try {
        res.cookie("n", ...refused[req.params.i]).end();
      } catch (err) {
        res.status(500).send(`${err.name}: ${err.message}`);
      }
    });
    app.get("/c/name", (req, res) => {
      try {
        res.cookie(req.query.name, "v").end();
      } catch (err) {
        res.status(500).send(`${err.name}: ${err.message}`);
      }
    });
    app.get("/clear", (req, res) => res.clearCookie("name").end());
    app.get("/clear/options", (req, res) =>
      res.clearCookie("name", { path: "/admin", maxAge: 1000, expires: new Date(), domain: "x.com" }).end(),
    );
    app.get("/read", (req, res) => res.json({ cookies: req.cookies, signed: req.signedCookies }));
  },
  [
    "/c/plain",
    "/c/object",
    "/c/number",
    "/c/options",
    "/c/expires",
    "/c/partitioned",
    "/c/encode",
    "/c/signed",
    "/c/signed-object",
    "/c/multiple",
    "/c/maxage-nan",
    // Names: an RFC 6265 token only, as Express's cookie 0.7 takes them.
    ...["a!#$%25&'*+-.^_`|~9Z", "a%22", "a,b", "a(", "a/b", "a:b", "a@b", "a[b]", "a%5Cb", "a{b}", "a?b"].map(
      (name) => `/c/name?name=${name}`,
    ),
    "/c/name?name=a&name=b",
    ...Array.from({ length: 10 }, (_, i) => `/c/refused/${i}`),
    "/clear",
    "/clear/options",
    { path: "/read", headers: { cookie: "a=1; sig=s%3Avalue.abc" } },
  ],
  HEADERS,
);

compareSuite(
  "signed cookies without a secret",
  (app) => {
    app.get("/signed", (req, res) => res.cookie("s", "v", { signed: true }).end());
  },
  ["/signed"],
);

describe("res.cookie maxAge", () => {
  let d;
  beforeAll(async () => {
    d = await differential((app) => {
      app.get("/max", (req, res) => res.cookie("m", "v", { maxAge: 60_000 }).end());
      app.get("/max-null", (req, res) => res.cookie("m", "v", { maxAge: null }).end());
      app.get("/max-undefined", (req, res) => res.cookie("m", "v", { maxAge: undefined, httpOnly: true }).end());
    });
  });
  afterAll(() => d.close());

  it("ignores a null or undefined maxAge (a session cookie), as Express does", async () => {
    for (const path of ["/max-null", "/max-undefined"]) {
      const [expected, actual] = await d.both({ path });
      expect(actual).toEqual(expected);
      expect(actual.status).toBe(200);
    }
  });

  it("sets Max-Age in seconds and an Expires maxAge ms from now", async () => {
    const [expected, actual] = await d.both({ path: "/max" });
    // Expires is computed per request: compare it as a time, the rest as text.
    const split = (view) => {
      const header = view.headers["set-cookie"][0];
      const expires = /Expires=([^;]+)/.exec(header)[1];
      return { rest: header.replace(expires, "<date>"), at: Date.parse(expires) };
    };
    const e = split(expected);
    const a = split(actual);
    expect(a.rest).toBe(e.rest);
    expect(Math.abs(a.at - e.at)).toBeLessThanOrEqual(2000);
    expect(Math.abs(a.at - (Date.now() + 60_000))).toBeLessThanOrEqual(5000);
  });
});

compareSuite(
  "res.locals, res.attachment, res.links",
  (app) => {
    app.disable("x-powered-by");
    app.locals.site = "s";
    app.use((req, res, next) => {
      res.locals.user = "tobi";
      next();
    });
    app.get("/locals", (req, res) =>
      res.json({ locals: res.locals, proto: protoName(res.locals), appLocals: Object.keys(app.locals).sort() }),
    );
    app.get("/locals-replace", (req, res) => {
      res.locals = { replaced: true };
      res.json(res.locals);
    });
    app.get("/attach", (req, res) => res.attachment().end());
    for (const [name, file] of Object.entries({
      pdf: "report.pdf",
      nested: "path/to/file.txt",
      unicode: "ünïcödé.json",
      space: "a b.html",
      noext: "README",
    })) {
      app.get(`/attach/${name}`, (req, res) => res.attachment(file).send("data"));
    }
    app.get("/links", (req, res) =>
      res
        .links({ next: "http://api/?page=2", last: "http://api/?page=5" })
        .links({ prev: ["http://a/1", "http://a/0"] })
        .end(),
    );
  },
  [
    "/locals",
    "/locals-replace",
    "/attach",
    "/attach/pdf",
    "/attach/nested",
    "/attach/unicode",
    "/attach/space",
    "/attach/noext",
    "/links",
  ],
  HEADERS,
);

compareSuite(
  "res.format",
  (app) => {
    app.get("/f", (req, res) =>
      res.format({
        "text/plain": () => res.send("text"),
        html: () => res.send("<p>html</p>"),
        json: () => res.json({ json: true }),
      }),
    );
    app.get("/f-default", (req, res) =>
      res.format({
        json: () => res.json({ json: true }),
        default: () => res.status(200).send("default"),
      }),
    );
    app.get("/f-next", (req, res) => res.format({ xml: () => res.send("<x/>") }));
    // Keys with parameters: the parameters stay out of Content-Type and the 406 list.
    app.get("/f-params", (req, res) =>
      res.format({
        "text/html; foo=bar": () => res.end("html"),
        "application/json; q=0.5": () => res.end("{}"),
      }),
    );
    app.use((err, req, res, next) =>
      res
        .status(err.status ?? 500)
        .json({ name: err.name, expose: err.expose, message: err.message, types: err.types }),
    );
  },
  [
    "/f",
    { path: "/f", headers: { accept: "text/html" } },
    { path: "/f", headers: { accept: "application/json" } },
    { path: "/f", headers: { accept: "text/*" } },
    { path: "/f", headers: { accept: "application/json;q=0.5, text/html" } },
    { path: "/f", headers: { accept: "image/png" } },
    { path: "/f-default", headers: { accept: "image/png" } },
    { path: "/f-default", headers: { accept: "application/json" } },
    { path: "/f-next", headers: { accept: "text/plain" } },
    { path: "/f-params", headers: { accept: "text/html" } },
    { path: "/f-params", headers: { accept: "application/json" } },
    { path: "/f-params", headers: { accept: "image/png" } },
  ],
  HEADERS,
);

compareSuite(
  "res.format 406 reaches the final handler",
  (app) => {
    app.get("/f", (req, res) => res.format({ json: () => res.json({}) }));
  },
  [{ path: "/f", headers: { accept: "text/html" } }],
  HEADERS,
);

describe("x-powered-by", () => {
  it("is sent by Express by default, by lib-server only when enabled (a deliberate difference)", async () => {
    const byDefault = await differential((app) => app.get("/", (req, res) => res.send("x")), {
      extraHeaders: ["x-powered-by"],
    });
    const enabled = await differential(
      (app) => {
        app.enable("x-powered-by");
        app.get("/", (req, res) => res.send("x"));
      },
      { extraHeaders: ["x-powered-by"] },
    );
    try {
      const [expected, actual] = await byDefault.both({ path: "/" });
      expect(expected.headers["x-powered-by"]).toBe("Express");
      expect(actual.headers["x-powered-by"]).toBeUndefined();
      const [, enabledActual] = await enabled.both({ path: "/" });
      expect(enabledActual.headers["x-powered-by"]).toBe("lib-server");
    } finally {
      await Promise.all([byDefault.close(), enabled.close()]);
    }
  });

  it("is absent from both when disabled", async () => {
    const d = await differential(
      (app) => {
        app.disable("x-powered-by");
        app.get("/", (req, res) => res.send("x"));
      },
      { extraHeaders: ["x-powered-by"] },
    );
    try {
      for (const path of ["/", "/missing"]) {
        const [expected, actual] = await d.both({ path });
        expect(expected.headers["x-powered-by"]).toBeUndefined();
        expect(actual).toEqual(expected);
      }
    } finally {
      await d.close();
    }
  });
});

compareSuite(
  "res.send edge cases: big bodies, charsets, unserializable values",
  (app) => {
    app.get("/big-string", (req, res) => res.send("é".repeat(600_000)));
    app.get("/big-buffer", (req, res) => res.send(Buffer.alloc(1_500_000, 97)));
    app.get("/utf16", (req, res) => res.set("Content-Type", "text/plain; charset=utf-16").send("x"));
    app.get("/params-kept", (req, res) =>
      res.set("Content-Type", 'text/plain; format=flowed; charset="latin1"').send("x"),
    );
    app.get("/bigint", (req, res) => res.json({ n: 1n }));
    app.get("/to-json", (req, res) => res.json({ toJSON: () => ({ custom: true }) }));
    app.get("/arraybuffer-view", (req, res) => res.send(new DataView(new ArrayBuffer(3))));
    app.get("/float32", (req, res) => res.send(new Float32Array([1])));
    app.get("/status-then-json", (req, res) => res.status(201).json([]));
    app.get("/head-204", (req, res) => res.status(204).json({ dropped: true }));
  },
  [
    "/big-string",
    "/big-buffer",
    { path: "/big-string", headers: { "if-none-match": "*" } },
    "/utf16",
    "/params-kept",
    "/bigint",
    "/to-json",
    "/arraybuffer-view",
    "/float32",
    "/status-then-json",
    { method: "HEAD", path: "/head-204" },
    "/head-204",
  ],
  HEADERS,
);
