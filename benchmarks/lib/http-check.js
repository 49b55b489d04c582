// Correctness before speed: one request, compared with what the scenario
// expects. A server that answers wrongly is reported and never timed.
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { readFile } from "node:fs/promises";
import { isDeepStrictEqual } from "node:util";
import { gunzipSync } from "node:zlib";

export const TIMEOUT_MS = 10_000;

// Sends exactly the request autocannon will send (no accept-encoding etc.), over
// HTTP/1.1; an https:// base is the benchmarks' own self-signed certificate.
export function send(baseUrl, { method = "GET", path, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const url = new URL(path, baseUrl);
    const options = { method, headers, agent: false, timeout: TIMEOUT_MS };
    const req =
      url.protocol === "https:"
        ? httpsRequest(url, { ...options, rejectUnauthorized: false })
        : httpRequest(url, options);
    req.once("timeout", () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    req.once("error", reject);
    req.once("response", (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.once("error", reject);
      res.once("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.end(body);
  });
}

// Returns a list of human-readable problems; empty means correct.
export async function verify(expect, response) {
  const problems = [];
  if (response.status !== expect.status) problems.push(`status ${response.status}, expected ${expect.status}`);
  if (expect.body !== undefined) {
    const text = response.body.toString();
    if (text !== expect.body) problems.push(`body ${preview(text)}, expected ${preview(expect.body)}`);
  }
  if (expect.json !== undefined) problems.push(...verifyJson(expect.json, response.body));
  if (expect.gzippedJson !== undefined) problems.push(...verifyGzippedJson(expect.gzippedJson, response.body));
  for (const text of expect.contains ?? []) {
    if (!response.body.includes(text)) problems.push(`body does not contain ${JSON.stringify(text)}`);
  }
  if (expect.bodyFile !== undefined) {
    const wanted = await readFile(expect.bodyFile);
    if (!wanted.equals(response.body)) {
      problems.push(`body of ${response.body.length} bytes differs from ${expect.bodyFile} (${wanted.length} bytes)`);
    }
  }
  for (const [name, wanted] of Object.entries(expect.headers ?? {})) {
    const problem = verifyHeader(name, response.headers[name], wanted);
    if (problem) problems.push(problem);
  }
  return problems;
}

function verifyJson(wanted, body) {
  let actual;
  try {
    actual = JSON.parse(body.toString());
  } catch {
    return [`body ${preview(body.toString())} is not JSON`];
  }
  return isDeepStrictEqual(actual, wanted)
    ? []
    : [`JSON ${preview(JSON.stringify(actual))}, expected ${JSON.stringify(wanted)}`];
}

function verifyGzippedJson(wanted, body) {
  try {
    return verifyJson(wanted, gunzipSync(body));
  } catch (error) {
    return [`body of ${body.length} bytes does not gunzip (${error.message})`];
  }
}

// wanted: exact string, RegExp, true (must be present) or false (must be absent).
function verifyHeader(name, actual, wanted) {
  if (wanted === true) return actual === undefined ? `header ${name} missing` : null;
  if (wanted === false) return actual === undefined ? null : `header ${name} should be absent, got ${actual}`;
  if (actual === undefined) return `header ${name} missing`;
  const ok = wanted instanceof RegExp ? wanted.test(actual) : actual === wanted;
  return ok ? null : `header ${name}: ${actual}, expected ${wanted}`;
}

function preview(text) {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
}

// send + verify; a refused connection or a timeout is a problem like any other.
// sender: send, or another protocol's (h2-check.js sendH2).
export async function checkAnswer(baseUrl, request, expect, sender = send) {
  try {
    return await verify(expect, await sender(baseUrl, request));
  } catch (error) {
    return [error.message];
  }
}
