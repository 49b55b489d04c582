// cookie-parser with res.cookie(): plain, signed and JSON ("j:") cookies set on one
// request and read back on the next, compared with Express 5.
import { it, expect } from "vitest";
import cookieParser from "cookie-parser";
import { sign } from "cookie-signature";
import { forEachMode, usePair, browser } from "./harness.js";

function build(app, factory) {
  // Mounted before the app-wide parser: a key rotation, the old secret still verifies.
  const rotated = factory.Router();
  rotated.use(cookieParser(["new-secret", "old-secret"]));
  rotated.get("/read", (req, res) => res.json({ signed: req.signedCookies, secret: req.secret }));
  app.use("/rotated", rotated);

  app.get("/unparsed", (req, res) => res.cookie("s", "v", { signed: true }).send("unreachable"));
  app.use(cookieParser("s3cret"));
  app.get("/set", (req, res) => {
    res.cookie("plain", "v 1;2");
    res.cookie("signed", "sv", { signed: true });
    res.cookie("obj", { a: [1, 2] });
    res.cookie("signedObj", { user: "ann" }, { signed: true, httpOnly: true, sameSite: "lax" });
    res.cookie("session", "short", { maxAge: 60_000, path: "/", secure: true });
    res.send("set");
  });
  app.get("/read", (req, res) => res.json({ cookies: req.cookies, signed: req.signedCookies }));
  app.get("/clear", (req, res) => res.clearCookie("plain").clearCookie("signed").send("cleared"));
}

// Expires is computed from the clock at answer time: equal up to the second.
const setCookies = (response) =>
  [].concat(response.headers["set-cookie"] ?? []).map((line) => line.replace(/Expires=[^;]+/, "Expires=<date>"));

forEachMode("cookie-parser", (mode) => {
  const pair = usePair(build, mode, { expectedErrors: /cookieParser\("secret"\) required for signed cookies/ }); // both apps log the 500's error

  it("sets the same cookies as Express", async () => {
    const [expected, actual] = await pair.both({ path: "/set" });
    expect(setCookies(actual)).toEqual(setCookies(expected));
    expect(setCookies(actual)).toContain(
      "signedObj=s%3Aj%3A%7B%22user%22%3A%22ann%22%7D." +
        encodeURIComponent(sign('j:{"user":"ann"}', "s3cret").split(".").pop()) +
        "; Path=/; HttpOnly; SameSite=Lax",
    );
  });

  it("reads plain, signed and JSON cookies back on the next request", async () => {
    const clients = [browser(pair.express), browser(pair.lib)];
    const bodies = [];
    for (const client of clients) {
      await client.send({ path: "/set" });
      bodies.push(JSON.parse((await client.send({ path: "/read" })).text));
    }
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[1]).toEqual({
      cookies: { plain: "v 1;2", obj: { a: [1, 2] }, session: "short" },
      signed: { signed: "sv", signedObj: { user: "ann" } },
    });
  });

  it("marks a tampered signed cookie false", async () => {
    const req = { path: "/read", headers: { cookie: "signed=s%3Asv.forged; plain=x" } };
    const [expected, actual] = await pair.both(req);
    expect(actual.text).toBe(expected.text);
    expect(JSON.parse(actual.text).signed).toEqual({ signed: false });
  });

  it("verifies with any secret of a rotation list", async () => {
    const cookie = `old=${encodeURIComponent("s:" + sign("kept", "old-secret"))}`;
    const [expected, actual] = await pair.both({ path: "/rotated/read", headers: { cookie } });
    expect(actual.text).toBe(expected.text);
    expect(JSON.parse(actual.text)).toEqual({ signed: { old: "kept" }, secret: "new-secret" });
  });

  it("clears cookies, and the jar forgets them", async () => {
    const [expected, actual] = await pair.both({ path: "/clear" });
    expect(setCookies(actual)).toEqual(setCookies(expected));
    const client = browser(pair.lib);
    await client.send({ path: "/set" });
    await client.send({ path: "/clear" });
    expect([...client.jar.cookies.keys()].sort()).toEqual(["obj", "session", "signedObj"]);
  });

  it("refuses a signed cookie without a secret, like Express", async () => {
    const [expected, actual] = await pair.both({ path: "/unparsed" });
    expect(actual.status).toBe(expected.status);
    expect(actual.status).toBe(500);
  });
});
