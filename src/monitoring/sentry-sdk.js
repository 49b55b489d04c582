// The Sentry SDK the app initialised, for the adapters that talk to it.
import { createRequire } from "node:module";

/**
 * @sentry/node as the app resolves it, else as lib-server does, if a client was initialised
 * with it (Sentry keeps its state on globalThis, per SDK version, so any copy of the app's
 * version sees it); otherwise undefined.
 */
export function initialisedSentry() {
  for (const base of [process.argv[1], import.meta.url]) {
    try {
      const sdk = createRequire(base)("@sentry/node");
      if (sdk.getClient() !== undefined) return sdk;
    } catch {
      // not resolvable from there
    }
  }
  return undefined;
}
