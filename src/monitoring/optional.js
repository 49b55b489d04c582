// What a monitoring tool brings with it (@opentelemetry/api and /instrumentation, and
// lib-server/opentelemetry, which imports them), loaded once the tool runs, from lib-server's
// place: through a require called with a name known at run time, which bundlers do not follow.
// An app bundled by webpack or esbuild without those packages must still build (both stop on a
// require they cannot resolve); a bundled app cannot be instrumented this way anyway, and the
// adapter then warns.
import { createRequire } from "node:module";

const requireFromHere = createRequire(import.meta.url);

export const loadOptional = (specifier) => requireFromHere(specifier);
