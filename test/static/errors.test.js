// The static module's errors (src/static/errors.js), made as send makes them: a status is an
// http-errors one, a file-system failure the fs error itself with status and expose: false.
import { describe, it, expect } from "vitest";
import { stat } from "node:fs/promises";
import { fsError, failureStatus, failureError, headersSentError } from "../../src/static/errors.js";
import { createHttpError } from "../../src/errors.js";

const MISSING = "/lib-server-test/no/such/file";

describe("fsError", () => {
  it("remakes the error Node gave, from what a cache entry kept of it", async () => {
    const real = await stat(MISSING).catch((err) => err);
    const made = fsError({ code: "ENOENT", errno: undefined, syscall: "stat", path: MISSING }, 404);
    expect(made).toBeInstanceOf(Error);
    expect({
      message: made.message,
      errno: made.errno,
      code: made.code,
      syscall: made.syscall,
      path: made.path,
    }).toEqual({
      message: real.message,
      errno: real.errno,
      code: real.code,
      syscall: real.syscall,
      path: real.path,
    });
    expect([made.status, made.statusCode, made.expose]).toEqual([404, 404, false]);
    // Like Node's asynchronous fs errors: no stack frames.
    expect(made.stack).toBe(`Error: ${real.message}`);
  });

  it("keeps an errno it is given", () => {
    const made = fsError({ code: "EACCES", errno: -13, syscall: "open", path: "/x" }, 500);
    expect([made.message, made.errno, made.status]).toEqual(["EACCES: permission denied, open '/x'", -13, 500]);
  });
});

describe("failureStatus", () => {
  it("is the status given, the error's own, 404 for what is not there, else 500", () => {
    expect([failureStatus(403), failureStatus(createHttpError(416)), failureStatus({ status: 412 })]).toEqual([
      403, 416, 412,
    ]);
    expect(
      ["ENOENT", "ENOTDIR", "ENAMETOOLONG", "EACCES", "EISDIR", undefined].map((code) => failureStatus({ code })),
    ).toEqual([404, 404, 404, 500, 500, 500]);
  });
});

describe("failureError", () => {
  it("makes a status an http-errors error", () => {
    const err = failureError(404);
    expect([err.name, err.status, err.expose, err.message]).toEqual(["NotFoundError", 404, true, "Not Found"]);
  });

  it("makes what a cache entry kept the fs error, with its status", () => {
    const err = failureError({ code: "ENOTDIR", errno: undefined, syscall: "stat", path: "/a.txt/b" });
    expect([err.message, err.status, err.expose]).toEqual(["ENOTDIR: not a directory, stat '/a.txt/b'", 404, false]);
  });

  it("gives an fs error its status, and leaves an error that has one as it is", () => {
    const fsFailure = Object.assign(new Error("EACCES: permission denied, open '/x'"), { code: "EACCES" });
    expect(failureError(fsFailure)).toBe(fsFailure);
    expect([fsFailure.status, fsFailure.statusCode, fsFailure.expose]).toEqual([500, 500, false]);
    const http = createHttpError(416, undefined, { headers: { "Content-Range": "bytes */20" } });
    expect(failureError(http)).toBe(http);
    expect([http.status, http.expose]).toEqual([416, true]);
  });
});

it("headersSentError is send's plain 500 for a response that had already started", () => {
  const err = headersSentError();
  expect([err.constructor, err.message, err.status, err.statusCode, err.expose]).toEqual([
    Error,
    "Can't set headers after they are sent.",
    500,
    500,
    false,
  ]);
});
