import zlib from "node:zlib";

// Requests sent both to express.json()/... and to lib-server's parsers.
// Each case mounts one parser with one set of options; `expect` pins the
// status Express answers so that agreement on a wrong answer cannot pass.

const JSON_TYPE = { "content-type": "application/json" };
const FORM_TYPE = { "content-type": "application/x-www-form-urlencoded" };
const TEXT_TYPE = { "content-type": "text/plain" };
const RAW_TYPE = { "content-type": "application/octet-stream" };

const sample = JSON.stringify({ name: "lib-server", list: [1, 2, 3], nested: { ok: true, text: "héllo €" } });
const big = (bytes) => JSON.stringify({ pad: "x".repeat(bytes - 10) });
const chunksOf = (text, size) => {
  const chunks = [];
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
  return chunks;
};
const deepForm = (levels) => "a" + "[b]".repeat(levels) + "=1";

// records what verify saw, and rejects bodies containing "reject"
export function verify(req, res, buf, encoding) {
  req.verified = { isBuffer: Buffer.isBuffer(buf), length: buf.length, encoding };
  if (buf.includes("reject-custom")) {
    const err = new Error("custom refusal");
    err.status = 401;
    err.type = "custom.verify";
    throw err;
  }
  if (buf.includes("reject")) throw new Error("rejected by verify");
}

/** An error handler answering with what clients and tests compare of a parser's error. */
export function reportBodyError(err, req, res, next) {
  res.status(err.status || 500).json({
    status: err.status,
    statusCode: err.statusCode,
    expose: err.expose,
    type: err.type,
    message: err.message,
    charset: err.charset,
    encoding: err.encoding,
    bodyType: Buffer.isBuffer(err.body) ? "buffer" : typeof err.body,
    body: typeof err.body === "string" ? err.body.slice(0, 100) : undefined,
  });
}

export const cases = [
  {
    name: "json defaults",
    parser: "json",
    requests: [
      { name: "object", headers: JSON_TYPE, body: sample, expect: 200 },
      { name: "array", headers: JSON_TYPE, body: "[1,2,3]", expect: 200 },
      { name: "leading whitespace", headers: JSON_TYPE, body: ' \n\t {"a":1}', expect: 200 },
      {
        name: "utf-8 BOM",
        headers: JSON_TYPE,
        body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":1}')]),
        expect: 200,
      },
      {
        name: "invalid utf-8 bytes",
        headers: JSON_TYPE,
        body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xc3, 0x22, 0x7d]),
        expect: 200,
      },
      { name: "empty body with Content-Length 0", headers: JSON_TYPE, body: "", expect: 200 },
      { name: "empty chunked body", headers: JSON_TYPE, body: [], expect: 200 },
      { name: "GET without body", method: "GET", headers: JSON_TYPE, expect: 200 },
      { name: "GET with a body", method: "GET", headers: JSON_TYPE, body: '{"a":1}', expect: 200 },
      { name: "DELETE with a body", method: "DELETE", headers: JSON_TYPE, body: '{"a":1}', expect: 200 },
      { name: "no content type", body: '{"a":1}', expect: 200 },
      { name: "text/plain", headers: TEXT_TYPE, body: '{"a":1}', expect: 200 },
      {
        name: "vendor +json type",
        headers: { "content-type": "application/vnd.api+json" },
        body: '{"a":1}',
        expect: 200,
      },
      {
        name: "upper-case type with params",
        headers: { "content-type": "Application/JSON ; Charset=UTF-8" },
        body: '{"a":1}',
        expect: 200,
      },
      { name: "invalid media type", headers: { "content-type": "application/json/x" }, body: '{"a":1}', expect: 200 },
      { name: "chunked body", headers: JSON_TYPE, body: chunksOf(sample, 7), expect: 200 },
      { name: "bad JSON", headers: JSON_TYPE, body: "{bad", expect: 400 },
      { name: "truncated JSON", headers: JSON_TYPE, body: '{"a":', expect: 400 },
      { name: "strict: string", headers: JSON_TYPE, body: '"hello"', expect: 400 },
      { name: "strict: number after whitespace", headers: JSON_TYPE, body: "  \n 42", expect: 400 },
      { name: "strict: null", headers: JSON_TYPE, body: "null", expect: 400 },
      { name: "strict: whitespace only", headers: JSON_TYPE, body: " \n ", expect: 400 },
      { name: "strict: long string", headers: JSON_TYPE, body: JSON.stringify("x".repeat(300)), expect: 400 },
      {
        name: "charset utf-8",
        headers: { "content-type": "application/json; charset=utf-8" },
        body: sample,
        expect: 200,
      },
      {
        name: "charset utf-16 body",
        headers: { "content-type": "application/json; charset=utf-16" },
        body: Buffer.from('\ufeff{"a":"é"}', "utf16le"),
        expect: 200,
      },
      {
        name: "charset latin1",
        headers: { "content-type": "application/json; charset=latin1" },
        body: '{"a":1}',
        expect: 415,
      },
      {
        name: "charset utf-99",
        headers: { "content-type": "application/json; charset=utf-99" },
        body: '{"a":1}',
        expect: 415,
      },
      {
        name: "quoted charset",
        headers: { "content-type": 'application/json; charset="UTF-8"' },
        body: '{"a":1}',
        expect: 200,
      },
      { name: "gzip", headers: { ...JSON_TYPE, "content-encoding": "gzip" }, body: zlib.gzipSync(sample), expect: 200 },
      {
        name: "GZIP upper case",
        headers: { ...JSON_TYPE, "content-encoding": "GZIP" },
        body: zlib.gzipSync(sample),
        expect: 200,
      },
      {
        name: "deflate",
        headers: { ...JSON_TYPE, "content-encoding": "deflate" },
        body: zlib.deflateSync(sample),
        expect: 200,
      },
      {
        name: "br",
        headers: { ...JSON_TYPE, "content-encoding": "br" },
        body: zlib.brotliCompressSync(sample),
        expect: 200,
      },
      {
        name: "chunked gzip",
        headers: { ...JSON_TYPE, "content-encoding": "gzip" },
        body: chunksOf(zlib.gzipSync(big(5000)).toString("latin1"), 100).map((c) => Buffer.from(c, "latin1")),
        expect: 200,
      },
      { name: "identity", headers: { ...JSON_TYPE, "content-encoding": "identity" }, body: '{"a":1}', expect: 200 },
      {
        name: "unknown encoding",
        headers: { ...JSON_TYPE, "content-encoding": "compress" },
        body: '{"a":1}',
        expect: 415,
      },
      {
        name: "two encodings",
        headers: { ...JSON_TYPE, "content-encoding": "gzip, br" },
        body: zlib.gzipSync("{}"),
        expect: 415,
      },
      {
        name: "corrupt gzip",
        headers: { ...JSON_TYPE, "content-encoding": "gzip" },
        body: '{"not":"gzip"}',
        expect: 400,
      },
      {
        name: "truncated gzip",
        headers: { ...JSON_TYPE, "content-encoding": "gzip" },
        body: zlib.gzipSync(sample).subarray(0, 20),
        expect: 400,
      },
      { name: "exactly at the limit", headers: JSON_TYPE, body: big(100 * 1024), expect: 200 },
      { name: "one byte over the limit", headers: JSON_TYPE, body: big(100 * 1024 + 1), expect: 413 },
      { name: "chunked over the limit", headers: JSON_TYPE, body: chunksOf(big(300 * 1024), 16 * 1024), expect: 413 },
      {
        name: "gzip bomb",
        headers: { ...JSON_TYPE, "content-encoding": "gzip" },
        body: zlib.gzipSync(Buffer.alloc(20 * 1024 * 1024, 0x20)),
        expect: 413,
      },
      { name: "__proto__ key", headers: JSON_TYPE, body: '{"__proto__":{"polluted":"yes"},"a":1}', expect: 200 },
      {
        name: "constructor.prototype key",
        headers: JSON_TYPE,
        body: '{"constructor":{"prototype":{"polluted":"yes"}}}',
        expect: 200,
      },
    ],
  },
  {
    name: "json strict false",
    parser: "json",
    options: { strict: false },
    requests: [
      { name: "string", headers: JSON_TYPE, body: '"hello"', expect: 200 },
      { name: "null", headers: JSON_TYPE, body: "null", expect: 200 },
      { name: "number", headers: JSON_TYPE, body: " 42 ", expect: 200 },
      { name: "bad JSON", headers: JSON_TYPE, body: "tru", expect: 400 },
      { name: "empty", headers: JSON_TYPE, body: "", expect: 200 },
    ],
  },
  {
    name: "json small limit, reviver, custom types",
    parser: "json",
    options: {
      limit: "1kb",
      type: ["json", "+json", "text/x-*"],
      reviver: (key, value) => (typeof value === "number" ? value * 2 : value),
    },
    requests: [
      { name: "reviver applied", headers: JSON_TYPE, body: '{"a":1,"b":[2,3]}', expect: 200 },
      { name: "+json", headers: { "content-type": "application/ld+json" }, body: '{"a":1}', expect: 200 },
      {
        name: "wildcard pattern is not a glob",
        headers: { "content-type": "text/x-json" },
        body: '{"a":1}',
        expect: 200,
      },
      { name: "over 1kb", headers: JSON_TYPE, body: big(1025), expect: 413 },
      { name: "over 1kb chunked", headers: JSON_TYPE, body: chunksOf(big(4000), 500), expect: 413 },
      { name: "exactly 1kb chunked", headers: JSON_TYPE, body: chunksOf(big(1024), 100), expect: 200 },
      { name: "1kb + 1 chunked", headers: JSON_TYPE, body: chunksOf(big(1025), 100), expect: 413 },
      {
        name: "gzip inflating to exactly 1kb",
        headers: { ...JSON_TYPE, "content-encoding": "gzip" },
        body: zlib.gzipSync(big(1024)),
        expect: 200,
      },
      {
        name: "gzip inflating to 1kb + 1",
        headers: { ...JSON_TYPE, "content-encoding": "gzip" },
        body: zlib.gzipSync(big(1025)),
        expect: 413,
      },
      {
        name: "gzip inflating over 1kb",
        headers: { ...JSON_TYPE, "content-encoding": "gzip" },
        body: zlib.gzipSync(big(5000)),
        expect: 413,
      },
    ],
  },
  {
    name: "json numeric limit and type function",
    parser: "json",
    options: { limit: 10, type: (req) => req.headers["x-parse"] === "yes" },
    requests: [
      {
        name: "function says yes",
        headers: { "x-parse": "yes", "content-type": "text/plain" },
        body: '{"a":1}',
        expect: 200,
      },
      { name: "function says no", headers: JSON_TYPE, body: '{"a":1}', expect: 200 },
      { name: "over 10 bytes", headers: { "x-parse": "yes" }, body: '{"a":12345}', expect: 413 },
    ],
  },
  {
    name: "json inflate false",
    parser: "json",
    options: { inflate: false },
    requests: [
      {
        name: "gzip refused",
        headers: { ...JSON_TYPE, "content-encoding": "gzip" },
        body: zlib.gzipSync("{}"),
        expect: 415,
      },
      { name: "identity accepted", headers: { ...JSON_TYPE, "content-encoding": "identity" }, body: "{}", expect: 200 },
    ],
  },
  {
    name: "json verify",
    parser: "json",
    options: { verify },
    requests: [
      { name: "accepted", headers: JSON_TYPE, body: '{"a":"ok"}', expect: 200 },
      { name: "rejected", headers: JSON_TYPE, body: '{"a":"reject"}', expect: 403 },
      { name: "rejected with own status", headers: JSON_TYPE, body: '{"a":"reject-custom"}', expect: 401 },
      {
        name: "gzip: verify sees inflated bytes",
        headers: { ...JSON_TYPE, "content-encoding": "gzip" },
        body: zlib.gzipSync('{"a":"ok"}'),
        expect: 200,
      },
      {
        name: "charset passed",
        headers: { "content-type": "application/json; charset=utf-16le" },
        body: Buffer.from('{"a":1}', "utf16le"),
        expect: 200,
      },
      {
        name: "unknown utf charset",
        headers: { "content-type": "application/json; charset=utf-42" },
        body: "{}",
        expect: 415,
      },
    ],
  },
  {
    name: "urlencoded simple",
    parser: "urlencoded",
    requests: [
      { name: "pairs", headers: FORM_TYPE, body: "a=1&b=two&c=", expect: 200 },
      { name: "brackets stay in keys", headers: FORM_TYPE, body: "a[b]=1&a[c]=2&l[]=x", expect: 200 },
      { name: "repeated keys", headers: FORM_TYPE, body: "a=1&a=2&a=3", expect: 200 },
      { name: "encoding", headers: FORM_TYPE, body: "q=caf%C3%A9+%E2%82%AC&bad=%ZZ&plus=a+b", expect: 200 },
      { name: "bare keys and empty parts", headers: FORM_TYPE, body: "flag&&x=1&", expect: 200 },
      { name: "empty", headers: FORM_TYPE, body: "", expect: 200 },
      { name: "wrong type", headers: JSON_TYPE, body: "a=1", expect: 200 },
      {
        name: "latin1 charset",
        headers: { "content-type": "application/x-www-form-urlencoded; charset=iso-8859-1" },
        body: "a=caf%E9",
        expect: 200,
      },
      {
        name: "utf-16 charset",
        headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-16" },
        body: "a=1",
        expect: 415,
      },
      {
        name: "1000 parameters",
        headers: FORM_TYPE,
        body: Array.from({ length: 1000 }, (_, i) => `k${i}=${i}`).join("&"),
        expect: 200,
      },
      {
        name: "1001 parameters",
        headers: FORM_TYPE,
        body: Array.from({ length: 1001 }, (_, i) => `k${i}=${i}`).join("&"),
        expect: 413,
      },
      { name: "__proto__ keys", headers: FORM_TYPE, body: "__proto__=x&__proto__[polluted]=yes&a=1", expect: 200 },
      { name: "constructor.prototype", headers: FORM_TYPE, body: "constructor[prototype][polluted]=yes", expect: 200 },
      {
        name: "Object.prototype names",
        headers: FORM_TYPE,
        body: "hasOwnProperty=1&toString=2&valueOf=3",
        expect: 200,
      },
      {
        name: "gzip",
        headers: { ...FORM_TYPE, "content-encoding": "gzip" },
        body: zlib.gzipSync("a=1&b=2"),
        expect: 200,
      },
    ],
  },
  {
    name: "urlencoded extended",
    parser: "urlencoded",
    options: { extended: true },
    requests: [
      { name: "nested", headers: FORM_TYPE, body: "a[b][c]=1&a[b][d]=2&x[y]=z", expect: 200 },
      { name: "arrays", headers: FORM_TYPE, body: "l[]=1&l[]=2&i[0]=a&i[1]=b", expect: 200 },
      { name: "index above arrayLimit", headers: FORM_TYPE, body: "a[150]=x&b[5]=y", expect: 200 },
      { name: "32 levels", headers: FORM_TYPE, body: deepForm(32), expect: 200 },
      { name: "33 levels", headers: FORM_TYPE, body: deepForm(33), expect: 400 },
      {
        name: "__proto__ keys",
        headers: FORM_TYPE,
        body: "__proto__[polluted]=yes&a[__proto__][polluted]=yes&b=1",
        expect: 200,
      },
      { name: "constructor.prototype", headers: FORM_TYPE, body: "constructor[prototype][polluted]=yes", expect: 200 },
      { name: "Object.prototype names", headers: FORM_TYPE, body: "hasOwnProperty=1&a[toString]=2", expect: 200 },
      {
        name: "many array items",
        headers: FORM_TYPE,
        body: Array.from({ length: 300 }, (_, i) => `l[]=${i}`).join("&"),
        expect: 200,
      },
    ],
  },
  {
    name: "urlencoded options",
    parser: "urlencoded",
    options: {
      extended: true,
      depth: 2,
      parameterLimit: 3,
      defaultCharset: "iso-8859-1",
      charsetSentinel: true,
      interpretNumericEntities: true,
    },
    requests: [
      { name: "3 parameters", headers: FORM_TYPE, body: "a=1&b=2&c=3", expect: 200 },
      { name: "4 parameters", headers: FORM_TYPE, body: "a=1&b=2&c=3&d=4", expect: 413 },
      { name: "depth 2", headers: FORM_TYPE, body: "a[b][c]=1", expect: 200 },
      { name: "depth 3", headers: FORM_TYPE, body: "a[b][c][d]=1", expect: 400 },
      { name: "default charset latin1", headers: FORM_TYPE, body: "a=caf%E9", expect: 200 },
      { name: "charset sentinel", headers: FORM_TYPE, body: "utf8=%E2%9C%93&a=caf%C3%A9", expect: 200 },
      { name: "numeric entities", headers: FORM_TYPE, body: "a=%26%239786%3B", expect: 200 },
    ],
  },
  {
    name: "text defaults",
    parser: "text",
    requests: [
      { name: "plain", headers: TEXT_TYPE, body: "hello wörld", expect: 200 },
      { name: "empty", headers: TEXT_TYPE, body: "", expect: 200 },
      { name: "BOM dropped", headers: TEXT_TYPE, body: "\ufeffhi", expect: 200 },
      {
        name: "latin1",
        headers: { "content-type": "text/plain; charset=iso-8859-1" },
        body: Buffer.from([0x63, 0x61, 0x66, 0xe9]),
        expect: 200,
      },
      {
        name: "utf-16le",
        headers: { "content-type": "text/plain; charset=utf-16le" },
        body: Buffer.from("hé", "utf16le"),
        expect: 200,
      },
      {
        name: "windows-1252",
        headers: { "content-type": "text/plain; charset=windows-1252" },
        body: Buffer.from([0x80, 0x41]),
        expect: 200,
      },
      { name: "unknown charset", headers: { "content-type": "text/plain; charset=klingon" }, body: "hi", expect: 415 },
      { name: "text/html not parsed", headers: { "content-type": "text/html" }, body: "<p>", expect: 200 },
      { name: "over the limit", headers: TEXT_TYPE, body: "x".repeat(100 * 1024 + 1), expect: 413 },
      {
        name: "deflate",
        headers: { ...TEXT_TYPE, "content-encoding": "deflate" },
        body: zlib.deflateSync("squeezed"),
        expect: 200,
      },
    ],
  },
  {
    name: "text options",
    parser: "text",
    options: { type: "text/*", defaultCharset: "iso-8859-1", limit: "8b", verify },
    requests: [
      {
        name: "html with default charset",
        headers: { "content-type": "text/html" },
        body: Buffer.from([0xe9, 0x74, 0xe9]),
        expect: 200,
      },
      { name: "over 8 bytes", headers: TEXT_TYPE, body: "123456789", expect: 413 },
      { name: "verify rejects", headers: TEXT_TYPE, body: "reject", expect: 403 },
      {
        name: "unknown charset with verify",
        headers: { "content-type": "text/plain; charset=klingon" },
        body: "hi",
        expect: 415,
      },
    ],
  },
  {
    name: "raw defaults",
    parser: "raw",
    requests: [
      { name: "bytes", headers: RAW_TYPE, body: Buffer.from([0, 1, 2, 255]), expect: 200 },
      { name: "empty", headers: RAW_TYPE, body: Buffer.alloc(0), expect: 200 },
      {
        name: "charset ignored",
        headers: { "content-type": "application/octet-stream; charset=klingon" },
        body: "abc",
        expect: 200,
      },
      {
        name: "br",
        headers: { ...RAW_TYPE, "content-encoding": "br" },
        body: zlib.brotliCompressSync(Buffer.from([9, 8, 7])),
        expect: 200,
      },
      { name: "json not parsed", headers: JSON_TYPE, body: "{}", expect: 200 },
      {
        name: "over the limit chunked",
        headers: RAW_TYPE,
        body: [Buffer.alloc(60 * 1024), Buffer.alloc(60 * 1024)],
        expect: 413,
      },
    ],
  },
  {
    name: "raw any type with verify",
    parser: "raw",
    options: { type: "*/*", verify, limit: 64 },
    requests: [
      {
        name: "any type, verify gets null encoding",
        headers: { "content-type": "image/png" },
        body: "abc",
        expect: 200,
      },
      { name: "verify rejects", headers: { "content-type": "image/png" }, body: "reject", expect: 403 },
      { name: "no content type at all", body: "abc", expect: 200 },
      { name: "over 64 bytes", headers: RAW_TYPE, body: "x".repeat(65), expect: 413 },
    ],
  },
];

// Options that both implementations must refuse at factory time.
export const invalidOptions = [
  ["json", { limit: "lots" }],
  ["json", { limit: {} }],
  ["raw", { verify: "yes" }],
  ["urlencoded", { defaultCharset: "utf-16" }],
  ["urlencoded", { parameterLimit: 0 }],
  ["urlencoded", { parameterLimit: "many" }],
  ["urlencoded", { extended: true, depth: -1 }],
];
