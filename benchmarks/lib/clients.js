// How a scenario's answers are checked and its load generated: autocannon over
// HTTP/1.1 (the default), or h2load (scenario.client "h2load") for HTTP/2 and for
// HTTP/1.1 over TLS, a case's `protocol` saying which ("h2" unless "http/1.1").
// Both give load.js's summary, so measuring and reporting are the same for all.
import { statSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { checkAnswer } from "./http-check.js";
import { sendH2 } from "./h2-check.js";
import { runLoad } from "./load.js";
import { runH2load } from "./h2load.js";

const autocannon = {
  check: (url, request, expect) => checkAnswer(url, request, expect),
  // Under smoke load every body is compared too, when the scenario knows it.
  load: (url, request, { expect, ...options }) =>
    runLoad(url, request, { ...options, verifyBody: expect && bodyVerifier(expect) }),
};

const h2load = {
  // request.paths: each path is checked, its body against the file under expect.bodyRoot.
  async check(url, request, expect, protocol) {
    const sender = protocol === "http/1.1" ? undefined : sendH2;
    const problems = [];
    for (const path of request.paths ?? [request.path]) {
      const expected = expect.bodyRoot === undefined ? expect : { ...expect, bodyFile: join(expect.bodyRoot, path) };
      problems.push(
        ...(await checkAnswer(url, { ...request, path }, expected, sender)).map((problem) => `${path}: ${problem}`),
      );
    }
    return problems;
  },
  // h2load keeps no bodies: under smoke load their total length is checked.
  load: (url, request, { expect, ...options }) =>
    runH2load(url, request, { ...options, bodyBytes: expect && bodyBytes(expect) }),
};

export function clientOf(scenario) {
  const client = { autocannon, h2load }[scenario.client ?? "autocannon"];
  if (!client) throw new Error(`${scenario.name}: unknown client ${scenario.client}`);
  return client;
}

function bodyVerifier(expect) {
  if (typeof expect.body === "string" && expect.body !== "") return (text) => text === expect.body;
  if (expect.json !== undefined) {
    return (text) => {
      try {
        return isDeepStrictEqual(JSON.parse(text), expect.json);
      } catch {
        return false;
      }
    };
  }
  return undefined;
}

// Undefined where the bodies differ (several paths) or are not known.
function bodyBytes(expect) {
  if (typeof expect.body === "string") return Buffer.byteLength(expect.body);
  if (expect.json !== undefined) return Buffer.byteLength(JSON.stringify(expect.json));
  if (expect.bodyFile !== undefined) return statSync(expect.bodyFile).size;
  return undefined;
}
