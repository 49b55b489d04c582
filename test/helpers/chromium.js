// Debian's Chromium driven by playwright-core, for the tests that need a real browser.
// Tests skip (with a warning) where it is not installed: apt-get install -y chromium.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const CHROMIUM = "/usr/bin/chromium";
export const hasChromium = existsSync(CHROMIUM);

/** Warns once per test file that it is skipped, and why. */
export function warnIfNoChromium(what) {
  if (!hasChromium) console.warn(`[${what}] skipped: ${CHROMIUM} not found (apt-get install -y chromium)`);
}

/**
 * A headless Chromium with a throwaway profile, quiet (no background traffic, no QUIC).
 * `args`: more command-line flags; `options`: more launchPersistentContext options.
 * Resolves to { context, page, close() }.
 */
export async function launchChromium({ args = [], ...options } = {}) {
  const { chromium } = await import("playwright-core");
  const profile = mkdtempSync(join(tmpdir(), "lib-server-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...args,
    ],
    ...options,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

// examples/public's page in a browser: its module script has run (app.js marks the document).
export const exampleModuleRan = (page, timeout = 15_000) =>
  page.waitForFunction(() => document.documentElement.dataset.module === "ready", null, { timeout });

/** What the browser rendered of examples/public's page, and how each resource reached it. */
export function renderedExample(page) {
  return page.evaluate(() => {
    const status = document.querySelector("#status");
    const logo = document.querySelector("#logo");
    return {
      text: status.textContent,
      color: getComputedStyle(status).color,
      imageWidth: logo.naturalWidth,
      imageComplete: logo.complete,
      protocols: performance
        .getEntries()
        .flatMap((entry) => (entry.nextHopProtocol ? [[new URL(entry.name).pathname, entry.nextHopProtocol]] : [])),
    };
  });
}
