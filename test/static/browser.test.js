// A real browser against examples/public/ served by serveStatic on node:http:
// the page, its CSS, JS module and image load and run; a reload revalidates
// with 304s; the directory listing opens and its links work.
// Needs Chromium at /usr/bin/chromium (Debian: apt-get install -y chromium).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { serveStatic } from "../../src/static/index.js";
import { listen, fallbackHandler } from "./helpers.js";
import {
  exampleModuleRan,
  hasChromium,
  launchChromium,
  renderedExample,
  warnIfNoChromium,
} from "../helpers/chromium.js";

warnIfNoChromium("static browser test");

const PUBLIC = fileURLToPath(new URL("../../examples/public", import.meta.url));
const ARTIFACTS = fileURLToPath(new URL("../artifacts", import.meta.url));

describe.skipIf(!hasChromium)("examples/public in Chromium", () => {
  let server, browser, page;
  const statuses = []; // [status, url] of every response the server finished

  beforeAll(async () => {
    const files = fallbackHandler(serveStatic(PUBLIC, { listing: true }));
    server = await listen((req, res) => {
      res.on("finish", () => statuses.push([res.statusCode, req.url]));
      files(req, res);
    });
    browser = await launchChromium();
    page = browser.page;
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("loads the page, its stylesheet, module script and image", async () => {
    await page.goto(`${server.base}/`);
    await exampleModuleRan(page, 10_000);
    const result = await renderedExample(page);
    expect(result.text).toMatch(/^Module loaded at /);
    expect(result.color).toBe("rgb(10, 125, 50)"); // from style.css, applied to the class app.js adds
    expect(result.imageComplete).toBe(true);
    expect(result.imageWidth).toBe(16);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, "static-example.png") });
  }, 30_000);

  it("revalidates on reload and gets 304s", async () => {
    const before = statuses.length;
    await page.reload();
    await exampleModuleRan(page, 10_000);
    const revalidated = statuses.slice(before).filter(([status]) => status === 304);
    expect(revalidated.length).toBeGreaterThan(0);
    const pageResources = statuses.slice(before).filter(([, url]) => url !== "/favicon.ico");
    expect(pageResources.every(([status]) => status === 200 || status === 304)).toBe(true);
  }, 30_000);

  it("opens the directory listing and follows a link in it", async () => {
    await page.click("#files-link");
    await page.waitForURL(`${server.base}/files/`);
    expect(await page.title()).toBe("Index of /files/");
    const names = await page.$$eval("tbody a", (links) => links.map((a) => a.textContent));
    expect(names).toEqual(["../", "nested/", "data.json", "notes.txt"]);
    await page.click("text=nested/");
    await page.waitForURL(`${server.base}/files/nested/`);
    await page.click("text=readme.txt");
    await page.waitForURL(`${server.base}/files/nested/readme.txt`);
    expect(await page.textContent("body")).toContain("A file one level down.");
  }, 30_000);

  // The listing's CSP allows no script at all: sorting and breadcrumbs are plain links.
  it("sorts the listing from its column headers and climbs with its breadcrumbs", async () => {
    await page.goto(`${server.base}/files/nested/`);
    await page.click("th >> text=Size");
    await page.waitForURL(`${server.base}/files/nested/?sort=size&order=asc`);
    expect(await page.getAttribute("th:has-text('Size')", "aria-sort")).toBe("ascending");
    await page.click("th >> text=Size");
    await page.waitForURL(`${server.base}/files/nested/?sort=size&order=desc`);
    await page.click("h1 >> text=files");
    await page.waitForURL(`${server.base}/files/`);
    expect(await page.title()).toBe("Index of /files/");
  }, 30_000);
});
