// A self-signed certificate for 127.0.0.1 and localhost, for the HTTP/2-over-TLS
// benchmarks and tests (browsers and clients never negotiate h2 without TLS). Made
// once with the openssl command line (Node cannot issue certificates) into the temp
// directory and reused; each process that needs it gets the same files.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const DIR = join(tmpdir(), "lib-server-test-certificate");
export const CERTIFICATE_FILES = { key: join(DIR, "key.pem"), cert: join(DIR, "cert.pem") };

/** Makes the files if needed; returns null, or why they cannot be made (no openssl). */
export function ensureTestCertificate() {
  if (existsSync(CERTIFICATE_FILES.key) && existsSync(CERTIFICATE_FILES.cert)) return null;
  // Made in a directory of our own, then renamed into place in one step: processes doing
  // this at the same time never pair one's key with another's certificate.
  const partial = mkdtempSync(`${DIR}-`);
  try {
    const out = spawnSync(
      "openssl",
      [
        ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "3650"],
        ...["-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
        ...["-keyout", join(partial, "key.pem"), "-out", join(partial, "cert.pem")],
      ],
      { encoding: "utf8" },
    );
    if (out.error || out.status !== 0)
      return `openssl could not make a test certificate: ${out.error?.message ?? out.stderr.trim()}`;
    try {
      renameSync(partial, DIR);
    } catch (error) {
      if (error.code !== "ENOTEMPTY" && error.code !== "EEXIST") throw error; // another process was first
    }
    return null;
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}

/** { key, cert } as Buffers, for listen({ http2: true, key, cert }) or createSecureServer. */
export function testCertificate() {
  const missing = ensureTestCertificate();
  if (missing) throw new Error(missing);
  return { key: readFileSync(CERTIFICATE_FILES.key), cert: readFileSync(CERTIFICATE_FILES.cert) };
}
