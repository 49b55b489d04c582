// A real browser over HTTP/2: Chromium loads examples/public/ (page, stylesheet, module
// script, image) from lib-server's static module behind `app.listen({ http2: true, key,
// cert })`, over TLS with a self-signed certificate made at test time. The page must render
// and every resource must have come over h2, as both the browser (Resource Timing's
// nextHopProtocol) and the server (req.httpVersion) saw it; a reload revalidates over h2.
// The same port then serves a browser that cannot speak h2 over HTTP/1.1 (ALPN fallback).
// Needs Chromium at /usr/bin/chromium (Debian: apt-get install -y chromium) and openssl.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { fileURLToPath } from "node:url";
import Server from "../../../src/index.js";
import {
  exampleModuleRan,
  hasChromium,
  launchChromium,
  renderedExample,
  warnIfNoChromium,
} from "../../helpers/chromium.js";
import { ensureTestCertificate } from "../../../scripts/test-certificate.js";
import { listenHttp2, testCertificate } from "../../helpers/http2.js";

warnIfNoChromium("HTTP/2 browser test");
const certificateMissing = hasChromium ? ensureTestCertificate() : null;
if (certificateMissing) console.warn(`[HTTP/2 browser test] skipped: ${certificateMissing}`);

const PUBLIC = fileURLToPath(new URL("../../../examples/public", import.meta.url));
const PAGE_RESOURCES = ["/", "/style.css", "/app.js", "/logo.png"];

describe.skipIf(!hasChromium || certificateMissing)("examples/public in Chromium over HTTP/2 with TLS", () => {
  let app, base;
  const seen = []; // [httpVersion, status, url] of every answer the app finished

  beforeAll(async () => {
    app = new Server();
    app.use((req, res, next) => {
      res.on("finish", () => seen.push([req.httpVersion, res.statusCode, req.url]));
      next();
    });
    app.use(Server.static(PUBLIC, { listing: true }));
    const { port } = await listenHttp2(app, testCertificate());
    base = `https://localhost:${port}`;
  });

  afterAll(() => app?.close());

  describe("a browser that speaks h2", () => {
    let browser;
    beforeAll(async () => {
      browser = await launchChromium({ ignoreHTTPSErrors: true });
    }, 60_000);
    afterAll(() => browser?.close());

    it("renders the page with its stylesheet, module script and image, all over h2", async () => {
      await browser.page.goto(`${base}/`);
      await exampleModuleRan(browser.page);
      const result = await renderedExample(browser.page);
      expect(result.text).toMatch(/^Module loaded at /);
      expect(result.color).toBe("rgb(10, 125, 50)"); // style.css applied to the class app.js adds
      expect(result.imageWidth).toBe(16);
      const paths = result.protocols.map(([path]) => path);
      for (const path of PAGE_RESOURCES) expect(paths).toContain(path);
      for (const [path, protocol] of result.protocols) expect([path, protocol]).toEqual([path, "h2"]);
      const served = seen.filter(([, , url]) => PAGE_RESOURCES.includes(url));
      expect(served.map(([, , url]) => url).sort()).toEqual([...PAGE_RESOURCES].sort());
      for (const [version, status, url] of served) expect([version, status, url]).toEqual(["2.0", 200, url]);
    }, 30_000);

    it("revalidates on reload over h2 and gets 304s", async () => {
      const before = seen.length;
      await browser.page.reload();
      await exampleModuleRan(browser.page);
      const answers = seen.slice(before).filter(([, , url]) => url !== "/favicon.ico");
      expect(answers.some(([, status]) => status === 304)).toBe(true);
      for (const [version, status, url] of answers)
        expect([version, status === 200 || status === 304, url]).toEqual(["2.0", true, url]);
    }, 30_000);
  });

  describe("a browser with HTTP/2 turned off, on the same port", () => {
    let browser;
    beforeAll(async () => {
      browser = await launchChromium({ ignoreHTTPSErrors: true, args: ["--disable-http2"] });
    }, 60_000);
    afterAll(() => browser?.close());

    it("gets the same page over HTTP/1.1", async () => {
      const before = seen.length;
      await browser.page.goto(`${base}/`);
      await exampleModuleRan(browser.page);
      const result = await renderedExample(browser.page);
      expect(result.text).toMatch(/^Module loaded at /);
      expect(result.imageWidth).toBe(16);
      for (const [path, protocol] of result.protocols) expect([path, protocol]).toEqual([path, "http/1.1"]);
      const served = seen.slice(before).filter(([, , url]) => PAGE_RESOURCES.includes(url));
      expect(served.length).toBe(PAGE_RESOURCES.length);
      for (const [version, , url] of served) expect([version, url]).toEqual(["1.1", url]);
    }, 30_000);
  });
});
