import { Readable } from "node:stream";
import zlib from "node:zlib";
import { describe, expect, test } from "vitest";
import { readStream } from "../../src/body/read.js";

// A source that makes `chunkSize`-byte chunks only when asked, counting them.
function countingSource(total, chunkSize = 1024) {
  const source = new Readable({
    read() {
      if (source.produced >= total) {
        this.push(null);
        return;
      }
      const size = Math.min(chunkSize, total - source.produced);
      source.produced += size;
      this.push(Buffer.alloc(size, 0x61));
    },
  });
  source.produced = 0;
  return source;
}

function read(stream, length, limit) {
  return new Promise((resolve) => {
    readStream(stream, length, limit, (context, err, body) => resolve({ context, err, body }), "ctx");
  });
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("readStream", () => {
  test("collects all chunks into one Buffer and hands back the context", async () => {
    const { context, err, body } = await read(countingSource(5000, 1000), 5000, 10_000);
    expect(err).toBeNull();
    expect(context).toBe("ctx");
    expect(body).toEqual(Buffer.alloc(5000, 0x61));
  });

  test("a single chunk is returned as is (no copy)", async () => {
    const chunk = Buffer.from("only one");
    const { body } = await read(Readable.from([chunk], { objectMode: false }), null, 100);
    expect(body).toBe(chunk);
  });

  test("an empty stream gives an empty Buffer", async () => {
    const { err, body } = await read(Readable.from([]), null, 100);
    expect(err).toBeNull();
    expect(Buffer.isBuffer(body) && body.length).toBe(0);
  });

  test("stops pulling from the stream once the limit is passed", async () => {
    const source = countingSource(10 * 1024 * 1024);
    const { err, body } = await read(source, null, 10 * 1024);
    expect(err).toMatchObject({
      status: 413,
      statusCode: 413,
      expose: true,
      type: "entity.too.large",
      limit: 10 * 1024,
    });
    expect(err.message).toBe("request entity too large");
    expect(err.received).toBe(10 * 1024 + 1024);
    expect(body).toBeUndefined();
    await tick();
    // what was read plus at most one highWaterMark of read-ahead: nothing more
    expect(source.produced).toBeLessThanOrEqual(err.received + source.readableHighWaterMark);
    expect(source.isPaused()).toBe(true);
    expect(source.listenerCount("data")).toBe(0);
    await tick();
    expect(source.produced).toBeLessThanOrEqual(err.received + source.readableHighWaterMark);
  });

  test("a declared length above the limit is refused without reading a byte", async () => {
    const source = countingSource(50_000);
    const { err } = await read(source, 50_000, 1000);
    expect(err).toMatchObject({ status: 413, type: "entity.too.large", expected: 50_000, length: 50_000, limit: 1000 });
    await tick();
    expect(source.produced).toBe(0);
  });

  test("a body shorter or longer than its declared length is a 400", async () => {
    const { err } = await read(countingSource(300), 400, 1000);
    expect(err).toMatchObject({ status: 400, type: "request.size.invalid", expected: 400, received: 300 });
    expect(err.message).toBe("request size did not match content length");
  });

  test("an inflating stream is stopped at the limit of inflated bytes", async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(16 * 1024 * 1024));
    const gunzip = zlib.createGunzip();
    let inflated = 0;
    gunzip.on("data", (chunk) => (inflated += chunk.length));
    gunzip.end(bomb);
    const { err } = await read(gunzip, null, 1024 * 1024);
    expect(err).toMatchObject({ status: 413, type: "entity.too.large" });
    gunzip.destroy();
    await tick();
    expect(inflated).toBeLessThan(2 * 1024 * 1024);
  });

  test("stream errors are passed through, listeners removed", async () => {
    const source = new Readable({ read() {} });
    const done = read(source, null, 100);
    source.destroy(new Error("boom"));
    const { err } = await done;
    expect(err.message).toBe("boom");
    expect(source.listenerCount("end")).toBe(0);
  });

  test("'aborted' becomes a request.aborted error", async () => {
    const source = new Readable({ read() {} });
    const done = read(source, 10, 100);
    source.push(Buffer.from("abc"));
    await tick();
    source.emit("aborted");
    const { err } = await done;
    expect(err).toMatchObject({
      status: 400,
      type: "request.aborted",
      code: "ECONNABORTED",
      received: 3,
      expected: 10,
    });
    expect(err.message).toBe("request aborted");
  });

  test("refuses a stream with an encoding set or one already consumed", async () => {
    const encoded = Readable.from(["x"]).setEncoding("utf8");
    expect((await read(encoded, null, 100)).err).toMatchObject({ status: 500, type: "stream.encoding.set" });
    const consumed = Readable.from([Buffer.from("x")]);
    consumed.resume();
    await tick();
    expect((await read(consumed, null, 100)).err).toMatchObject({ status: 500, type: "stream.not.readable" });
  });
});
