// TLS for an h2 benchmark server: $TLS_KEY and $TLS_CERT (the h2-tls scenario's
// self-signed certificate, scripts/test-certificate.js) or, when unset, none: h2c.
import { readFileSync } from "node:fs";

export const tls = process.env.TLS_KEY
  ? { key: readFileSync(process.env.TLS_KEY), cert: readFileSync(process.env.TLS_CERT) }
  : null;
