// send 0.19's rules (src/express4/send.js) on the default mode's sendFile (createSendFile),
// against send 0.19 itself (Express 4's res.sendFile and serve-static use it): Content-Types,
// and the legacy dotfiles rule on absolute paths and under a root.
import http from "node:http";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { createSendFile } from "../../src/static/send-file.js";
import { send019 } from "../../src/express4/send.js";
import { makeTree } from "../static/helpers.js";
import { request, start } from "../helpers/server.js";

const send = createRequire(createRequire(import.meta.url).resolve("express4"))("send");
const ourSend = createSendFile(send019);

const tree = makeTree({
  "a.js": "let a;",
  "b.txt": "bee",
  noext: "plain",
  ".hidden": "secret",
  ".dir/file.txt": "in a dot directory",
  "dir/.env": "KEY=1",
});
afterAll(() => tree.cleanup());

// GET /<case>/<file>: sends <file> with the case's options (absolute, or under the root)
const CASES = {
  abs: {},
  "abs-hidden": { hidden: true },
  "abs-ignore": { dotfiles: "ignore" },
  "abs-deny": { dotfiles: "deny" },
  root: { root: "ROOT" },
  "root-hidden": { root: "ROOT", hidden: true },
  "root-allow": { root: "ROOT", dotfiles: "allow" },
  "root-ignore": { root: "ROOT", dotfiles: "ignore" },
};

function server(sendOne) {
  return http.createServer((req, res) => {
    const [, name, ...rest] = decodeURIComponent(req.url).split("/");
    const { root, ...options } = CASES[name];
    const file = rest.join("/");
    const fail = (err) => {
      res.statusCode = err.status ?? 500;
      res.end(`error ${err.status}`);
    };
    if (root) sendOne(req, res, file, { ...options, root: tree.root }, fail);
    else sendOne(req, res, `${tree.root}/${file}`, options, fail);
  });
}

const theirs = (req, res, path, options, fail) => send(req, path, options).on("error", fail).pipe(res);
const ours = (req, res, path, options, fail) => ourSend(req, res, path, options, (err) => err && fail(err));

describe("createSendFile(send019) against send 0.19", () => {
  let pair;
  beforeAll(async () => {
    pair = await Promise.all([start(server(theirs)), start(server(ours))]);
  });
  afterAll(() => Promise.all(pair.map((side) => side.close())));

  const paths = Object.keys(CASES).flatMap((name) =>
    ["a.js", "b.txt", "noext", ".hidden", ".dir/file.txt", "dir/.env"].map((file) => `/${name}/${file}`),
  );
  test.each(paths)("GET %s", async (path) => {
    const [expected, actual] = await Promise.all(pair.map((side) => request(side, path)));
    expect([actual.status, actual.headers["content-type"], actual.text]).toEqual([
      expected.status,
      expected.headers["content-type"],
      expected.text,
    ]);
  });
});
