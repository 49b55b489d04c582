// What the HTTP/2 scenarios need besides their servers: h2load, a self-signed
// certificate for 127.0.0.1 (scripts/test-certificate.js) and, for the multiplexing
// scenario, a page's worth of small assets.
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { h2loadMissing } from "../lib/h2load.js";
import { CERTIFICATE_FILES, ensureTestCertificate } from "../../scripts/test-certificate.js";

// The servers read these (servers/h2/tls.js).
export const TLS_ENV = { TLS_KEY: CERTIFICATE_FILES.key, TLS_CERT: CERTIFICATE_FILES.cert };

export const ASSETS_ROOT = join(tmpdir(), "lib-server-bench-assets");
// 32 assets, as a page's stylesheets, scripts and images: 8 of each kind, 1-8 KB.
const KINDS = ["css", "js", "svg", "png"];
export const ASSETS = Array.from({ length: 32 }, (_, i) => ({
  path: `/asset-${String(i).padStart(2, "0")}.${KINDS[i % 4]}`,
  size: 1024 * (1 + (i % 8)),
}));

// Resolves to null when h2load and the certificate are ready, or to why not.
export function ensureH2Tools() {
  return h2loadMissing() ?? ensureTestCertificate();
}

// The assets are a few dozen kilobytes: written anew each time, nothing to go stale.
export function ensureAssets() {
  const missing = ensureH2Tools();
  if (missing) return missing;
  mkdirSync(ASSETS_ROOT, { recursive: true });
  for (const { path, size } of ASSETS) {
    const line = `/* ${path}: lib-server multiplexing benchmark asset */\n`;
    writeFileSync(join(ASSETS_ROOT, path), line.repeat(Math.ceil(size / line.length)).slice(0, size));
  }
  return null;
}
