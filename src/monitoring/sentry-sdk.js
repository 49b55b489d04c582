// The Sentry SDK the app set up, for the adapters that talk to it.
import { createRequire } from "node:module";

/**
 * @sentry/node of the version whose global state the app's SDK keeps (Sentry keeps it on
 * globalThis per SDK version, so any copy of that version sees the app's client), as the app
 * resolves it, else as lib-server does; undefined if there is none.
 */
export function loadSentry() {
  for (const base of [process.argv[1], import.meta.url]) {
    try {
      const sdk = createRequire(base)("@sentry/node");
      if (sdk.SDK_VERSION === globalThis.__SENTRY__?.version) return sdk;
    } catch {
      // not resolvable from there
    }
  }
  return undefined;
}
