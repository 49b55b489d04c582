// Nothing outside the root, no dotfiles, no open redirects, no markup injection.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "../../src/static/index.js";
import { makeTree, listen, fallbackHandler } from "./helpers.js";

const SECRET = "TOP-SECRET";
let tree, publicRoot, open, strict;

beforeAll(async () => {
  tree = makeTree({
    "secret.txt": SECRET,
    "outside/secret.txt": SECRET,
    "public/ok.txt": "ok",
    "public/sub/ok.txt": "ok",
    "public/evil.com/index.html": "not a redirect target",
    "public/.git/config": SECRET,
    "public/dir.html/index.html": "a directory named like a file",
  });
  publicRoot = join(tree.root, "public");
  // Links leaving the root, and one staying inside.
  execFileSync("ln", ["-s", join(tree.root, "secret.txt"), join(publicRoot, "leak.txt")]);
  execFileSync("ln", ["-s", join(tree.root, "outside"), join(publicRoot, "leakdir")]);
  execFileSync("ln", ["-s", "../secret.txt", join(publicRoot, "sub", "relative-leak.txt")]);
  execFileSync("ln", ["-s", join(publicRoot, "ok.txt"), join(publicRoot, "alias.txt")]);
  execFileSync("mkfifo", [join(publicRoot, "pipe.txt")]);
  open = await listen(fallbackHandler(serveStatic(publicRoot, { listing: true })));
  strict = await listen(fallbackHandler(serveStatic(publicRoot, { fallthrough: false })));
});

afterAll(async () => {
  await Promise.all([open.close(), strict.close()]);
  tree.cleanup();
});

describe("path traversal", () => {
  const attempts = [
    "/../secret.txt",
    "/..%2fsecret.txt",
    "/..%2Fsecret.txt",
    "/%2e%2e/secret.txt",
    "/%2e%2e%2fsecret.txt",
    "/%2E%2E%2Fsecret.txt",
    "/sub/..%2f..%2fsecret.txt",
    "/sub/%2e%2e/%2e%2e/secret.txt",
    "/..\\secret.txt",
    "/%5c..%5csecret.txt",
    "/..%5csecret.txt",
    "/sub/..%5c..%5csecret.txt",
    "/%252e%252e/secret.txt", // double encoding stays a literal name
    "/.%2e/secret.txt",
    "//../secret.txt",
    "/%2ftmp%2fsecret.txt",
    "/../outside/secret.txt",
    "/....//secret.txt",
  ];

  it.each(attempts)("refuses %s", async (path) => {
    for (const server of [open, strict]) {
      const res = await server.request(path);
      expect(res.text).not.toContain(SECRET);
      expect([400, 403, 404]).toContain(res.status);
    }
  });

  it("treats absolute file-system paths as relative to the root", async () => {
    for (const path of [`/${tree.root}/secret.txt`, `/${encodeURIComponent(join(tree.root, "secret.txt"))}`]) {
      const res = await strict.request(path);
      expect(res.status, path).toBe(404);
      expect(res.text).not.toContain(SECRET);
    }
  });

  it("answers traversal with 403 and broken encodings with 400 when not falling through", async () => {
    expect((await strict.request("/..%2fsecret.txt")).status).toBe(403);
    expect((await strict.request("/..%5csecret.txt")).status).toBe(403);
    expect((await strict.request("/%E0%A4%A")).status).toBe(400);
    expect((await strict.request("/%")).status).toBe(400);
  });

  it("rejects encoded null bytes with 400", async () => {
    expect((await strict.request("/ok.txt%00")).status).toBe(400);
    expect((await strict.request("/ok.txt%00.html")).status).toBe(400);
    expect((await open.request("/ok.txt%00")).headers["x-fell-through"]).toBe("next");
  });

  it("resolves dot segments that stay inside the root", async () => {
    expect((await open.request("/sub/../ok.txt")).text).toBe("ok");
    expect((await open.request("/sub/%2e%2e/ok.txt")).text).toBe("ok");
  });
});

describe("dotfiles on the path", () => {
  it("hides dot-directories, whatever the encoding", async () => {
    for (const path of ["/.git/config", "/%2egit/config", "/sub/../.git/config", "/.git/", "/.git"]) {
      const res = await open.request(path);
      expect(res.status, path).toBe(404);
      expect(res.text).not.toContain(SECRET);
    }
  });
});

describe("symlinks", () => {
  it("does not follow links that leave the root", async () => {
    for (const path of ["/leak.txt", "/leakdir/secret.txt", "/sub/relative-leak.txt", "/leakdir/"]) {
      const res = await strict.request(path);
      expect(res.status, path).toBe(404);
      expect(res.text).not.toContain(SECRET);
    }
  });

  it("follows links that stay inside", async () => {
    expect((await open.request("/alias.txt")).text).toBe("ok");
  });

  it("follows any link with followSymlinks: true", async () => {
    const loose = await listen(fallbackHandler(serveStatic(publicRoot, { followSymlinks: true })));
    try {
      expect((await loose.request("/leak.txt")).text).toBe(SECRET);
      expect((await loose.request("/leakdir/secret.txt")).text).toBe(SECRET);
    } finally {
      await loose.close();
    }
  });

  it("leaves escaping links out of listings", async () => {
    const res = await open.request("/", { headers: { accept: "application/json" } });
    const names = JSON.parse(res.text).map((entry) => entry.name);
    expect(names).toContain("alias.txt");
    expect(names).not.toContain("leak.txt");
    expect(names).not.toContain("leakdir");
  });
});

// Within revalidateAfter the cached stat is trusted, but the file opened must be
// the one looked up: a path swapped for a symlink leading out of the root is
// never read through (O_NOFOLLOW, and the opened file's inode checked).
describe("a file swapped for a symlink after its lookup", () => {
  let s;
  beforeAll(async () => {
    s = await listen(fallbackHandler(serveStatic(publicRoot, { revalidateAfter: 60_000, cacheMaxFileSize: 1024 })));
  });
  afterAll(() => s.close());
  const swap = (name, target) => {
    rmSync(join(publicRoot, name), { recursive: true });
    symlinkSync(target, join(publicRoot, name));
  };

  it("a small file whose bytes were not read yet", async () => {
    writeFileSync(join(publicRoot, "swap-small.txt"), "public");
    expect((await s.request("/swap-small.txt", { method: "HEAD" })).status).toBe(200);
    swap("swap-small.txt", join(tree.root, "secret.txt"));
    const res = await s.request("/swap-small.txt");
    expect(res.text).not.toContain(SECRET);
    expect(res.status).toBe(404);
  });

  it("a streamed file", async () => {
    const content = "p".repeat(4096);
    writeFileSync(join(publicRoot, "swap-big.txt"), content);
    writeFileSync(join(tree.root, "big-secret.txt"), SECRET.repeat(500));
    expect((await s.request("/swap-big.txt")).text).toBe(content);
    swap("swap-big.txt", join(tree.root, "big-secret.txt"));
    const res = await s.request("/swap-big.txt");
    expect(res.text).not.toContain(SECRET);
    expect(res.status).toBe(404);
  });

  it("a directory on the way", async () => {
    mkdirSync(join(publicRoot, "swapdir"));
    writeFileSync(join(publicRoot, "swapdir", "secret.txt"), "p".repeat(4096));
    writeFileSync(join(publicRoot, "swapdir", "small.txt"), "p");
    writeFileSync(join(tree.root, "outside", "small.txt"), SECRET);
    for (const name of ["secret.txt", "small.txt"])
      expect((await s.request(`/swapdir/${name}`, { method: "HEAD" })).status).toBe(200);
    swap("swapdir", join(tree.root, "outside"));
    for (const name of ["secret.txt", "small.txt"]) {
      const res = await s.request(`/swapdir/${name}`);
      expect(res.text, name).not.toContain(SECRET);
      expect(res.status, name).toBe(404);
    }
  });
});

describe("special files", () => {
  it("never serves a FIFO (it would block a reader forever)", async () => {
    const res = await strict.request("/pipe.txt");
    expect(res.status).toBe(404);
  });

  it("redirects a directory named like a file instead of serving it", async () => {
    const res = await open.request("/dir.html");
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe("/dir.html/");
  });
});

describe("redirects", () => {
  it("never produce a protocol-relative Location", async () => {
    for (const path of ["//evil.com", "///evil.com", "/%2Fevil.com", "/%2F%2Fevil.com", "//evil.com?x=//y"]) {
      const res = await open.request(path);
      expect(res.status, path).toBe(301);
      expect(res.headers.location, path).toMatch(/^\/[^/\\]/);
    }
  });

  it("stay same-origin when the original URL starts with slashes or backslashes", async () => {
    const mw = serveStatic(publicRoot);
    const s = await listen((req, res) => {
      req.originalUrl = "/\\/evil.com/sub";
      req.url = "/sub";
      fallbackHandler(mw)(req, res);
    });
    try {
      const res = await s.request("/anything");
      expect(res.status).toBe(301);
      expect(res.headers.location).toBe("/evil.com/sub/");
    } finally {
      await s.close();
    }
  });

  it("encode the Location and escape it in the body", async () => {
    mkdirSync(join(publicRoot, 'q"<x>'));
    writeFileSync(join(publicRoot, 'q"<x>', "index.html"), "x");
    const res = await open.request("/q%22%3Cx%3E?a=<b>");
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe("/q%22%3Cx%3E/?a=%3Cb%3E");
    expect(res.text).not.toContain("<b>");
    expect(res.text).not.toContain('q"<x>');
  });
});

describe("listings", () => {
  it("escape names in HTML and encode them in links", async () => {
    const name = `<img src=x onerror=alert(1)>&"'.txt`;
    writeFileSync(join(publicRoot, "sub", name), "x");
    const res = await open.request("/sub/");
    expect(res.status).toBe(200);
    expect(res.text).not.toContain("<img");
    expect(res.text).toContain("&lt;img src=x onerror=alert(1)&gt;&amp;&quot;&#39;.txt");
    expect(res.text).toContain(`href="${encodeURIComponent(name).replace(/'/g, "&#39;")}"`);
    expect(res.headers["content-security-policy"]).toContain("default-src 'none'");
    const link = encodeURIComponent(name);
    expect((await open.request(`/sub/${link}`)).text).toBe("x");
  });
});
