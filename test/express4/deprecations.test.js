// Express 4's deprecation warnings, as depd prints them on stderr: every deprecated call of
// test/express4/deprecated-calls.js made on express@4 and on the Express 4 mode, each in a
// child process, the lines compared (the same message, once per call site, at the same site
// in the caller's code).
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const script = fileURLToPath(new URL("./deprecated-calls.js", import.meta.url));

function warnings(factory) {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, NO_DEPRECATION: "" };
    execFile(process.execPath, [script, factory], { env, timeout: 15_000 }, (err, stdout, stderr) => {
      if (err) return reject(err);
      // Without the date; a site inside the framework (res.redirect's call of res.location) is its own.
      const lines = stderr.trim().split("\n");
      resolve(
        lines.map((line) => line.replace(/^.*? GMT /, "").replace(/ at (?!file:.*deprecated-calls).*$/, " at …")),
      );
    });
  });
}

describe("deprecation warnings", () => {
  it("are Express 4's, once per call site", async () => {
    const [expected, actual] = await Promise.all([warnings("express4"), warnings("lib-server")]);
    expect(expected.filter((line) => line.includes("deprecated")).length).toBeGreaterThan(20);
    expect(actual).toEqual(expected);
  });

  it("are silenced by NO_DEPRECATION, as Express 4's (namespaces express and send)", async () => {
    const output = await new Promise((resolve, reject) =>
      execFile(
        process.execPath,
        [script, "lib-server"],
        { timeout: 15_000, env: { ...process.env, NO_DEPRECATION: "express,send" } },
        (err, stdout, stderr) => (err ? reject(err) : resolve(stderr)),
      ),
    );
    expect(output).not.toMatch(/deprecated/);
  });
});
