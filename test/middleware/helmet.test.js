// helmet: the same security headers, byte for byte, as on Express 5 — on normal answers,
// on the final handler's 404 and error pages, and with a per-request CSP nonce.
import { it, expect } from "vitest";
import helmet from "helmet";
import { forEachMode, usePair } from "./harness.js";

// Headers that legitimately differ between two servers, or between two requests.
const VOLATILE = new Set(["date", "connection", "keep-alive"]);

function headersOf(response) {
  return Object.fromEntries(Object.entries(response.headers).filter(([name]) => !VOLATILE.has(name)));
}

function build(app) {
  app.use((req, res, next) => {
    res.locals.nonce = req.get("x-test-nonce") ?? "none";
    next();
  });
  const custom = helmet({
    contentSecurityPolicy: { directives: { scriptSrc: ["'self'", (req, res) => `'nonce-${res.locals.nonce}'`] } },
    strictTransportSecurity: { maxAge: 86400, preload: true },
    frameguard: { action: "deny" },
  });
  // Before the app-wide helmet(), which would overwrite its headers.
  app.get("/nonce/script", custom, (req, res) => res.type("html").send("<script></script>"));
  app.use(helmet());
  app.get("/page", (req, res) => res.send("<p>hi</p>"));
  app.get("/data", (req, res) => res.json({ ok: true }));
  app.get("/boom", () => {
    throw Object.assign(new Error("nope"), { status: 418 });
  });
}

const requests = {
  "HTML page": { path: "/page" },
  "JSON answer": { path: "/data" },
  "final handler 404 (its own CSP wins)": { path: "/missing" },
  "error page": { path: "/boom" },
  "custom options with a per-request nonce from res.locals": {
    path: "/nonce/script",
    headers: { "x-test-nonce": "abc123" },
  },
  HEAD: { method: "HEAD", path: "/page" },
};

forEachMode("helmet", (mode) => {
  const pair = usePair(build, mode, { expectedErrors: /Error: nope/ }); // Express logs the thrown 418

  for (const [title, req] of Object.entries(requests)) {
    it(title, async () => {
      const [expected, actual] = await pair.both(req);
      expect(actual.status).toBe(expected.status);
      expect(headersOf(actual)).toEqual(headersOf(expected));
      expect(actual.text).toBe(expected.text);
    });
  }

  it("sets helmet's defaults and removes X-Powered-By", async () => {
    const [, actual] = await pair.both({ path: "/page" });
    expect(actual.headers["x-powered-by"]).toBeUndefined();
    expect(actual.headers).toMatchObject({
      "content-security-policy": expect.stringContaining("default-src 'self'"),
      "cross-origin-opener-policy": "same-origin",
      "cross-origin-resource-policy": "same-origin",
      "origin-agent-cluster": "?1",
      "referrer-policy": "no-referrer",
      "strict-transport-security": "max-age=31536000; includeSubDomains",
      "x-content-type-options": "nosniff",
      "x-dns-prefetch-control": "off",
      "x-download-options": "noopen",
      "x-frame-options": "SAMEORIGIN",
      "x-permitted-cross-domain-policies": "none",
      "x-xss-protection": "0",
    });
  });

  it("puts the nonce into the script-src directive", async () => {
    const [, actual] = await pair.both(requests["custom options with a per-request nonce from res.locals"]);
    expect(actual.headers["content-security-policy"]).toContain("script-src 'self' 'nonce-abc123'");
    expect(actual.headers["x-frame-options"]).toBe("DENY");
  });
});
