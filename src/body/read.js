import { createHttpError } from "../errors.js";
import { kCollector } from "../transport/request-shape.js"; // a request of ours is born with this slot

// Collects a readable stream into one Buffer, refusing to hold more than
// `limit` bytes (raw-body semantics and error objects).
//
// The listeners are shared module functions that find their state on the
// stream itself, so reading a body allocates one small object and no closures.

class Collector {
  constructor(length, limit, onEnd, context) {
    this.length = length;
    this.limit = limit;
    this.onEnd = onEnd;
    this.context = context;
    this.received = 0;
    this.first = null; // most bodies arrive in one chunk: keep it without an array
    this.chunks = null;
  }
}

/**
 * Reads `stream` to its end and calls `onEnd(context, err, buffer)` once.
 * On error the stream is left paused with our listeners removed: whether to
 * drain or destroy it is the caller's call.
 *
 * @param {import("node:stream").Readable} stream
 * @param {number|null} length expected byte count (Content-Length) or null
 * @param {number} limit maximum byte count
 * @param {(context: any, err: Error|null, body?: Buffer) => void} onEnd
 * @param {any} context passed back to onEnd
 * @param {Error|null} refusal the error to end with once the checks before reading pass
 */
export function readStream(stream, length, limit, onEnd, context, refusal = null) {
  const early = refuseBeforeReading(stream, length, limit) ?? refusal;
  if (early !== null) {
    process.nextTick(onEnd, context, early);
    return;
  }
  stream[kCollector] = new Collector(length, limit, onEnd, context);
  stream.on("aborted", onAborted);
  stream.on("data", onData);
  stream.on("end", onStreamEnd);
  stream.on("error", onError);
}

function refuseBeforeReading(stream, length, limit) {
  if (length !== null && length > limit) {
    return createHttpError(413, "request entity too large", {
      expected: length,
      length,
      limit,
      type: "entity.too.large",
    });
  }
  if (stream.readableEncoding) {
    // someone called setEncoding(): chunks would be strings, not bytes
    return createHttpError(500, "stream encoding should not be set", { type: "stream.encoding.set" });
  }
  if (stream.readable === false) {
    return createHttpError(500, "stream is not readable", { type: "stream.not.readable" });
  }
  return null;
}

function onData(chunk) {
  const collector = this[kCollector];
  if (!collector) return;
  collector.received += chunk.length;
  if (collector.received > collector.limit) {
    stop(
      this,
      collector,
      createHttpError(413, "request entity too large", {
        limit: collector.limit,
        received: collector.received,
        type: "entity.too.large",
      }),
    );
  } else if (collector.first === null) {
    collector.first = chunk;
  } else if (collector.chunks === null) {
    collector.chunks = [collector.first, chunk];
  } else {
    collector.chunks.push(chunk);
  }
}

function onStreamEnd() {
  const collector = this[kCollector];
  if (!collector) return;
  const { length, received } = collector;
  if (length !== null && received !== length) {
    stop(
      this,
      collector,
      createHttpError(400, "request size did not match content length", {
        expected: length,
        length,
        received,
        type: "request.size.invalid",
      }),
    );
    return;
  }
  const body =
    collector.chunks !== null ? Buffer.concat(collector.chunks, received) : (collector.first ?? Buffer.alloc(0));
  detach(this);
  collector.onEnd(collector.context, null, body);
}

function onError(err) {
  const collector = this[kCollector];
  if (collector) stop(this, collector, err);
}

function onAborted() {
  const collector = this[kCollector];
  if (!collector) return;
  stop(
    this,
    collector,
    createHttpError(400, "request aborted", {
      code: "ECONNABORTED",
      expected: collector.length,
      length: collector.length,
      received: collector.received,
      type: "request.aborted",
    }),
  );
}

function stop(stream, collector, err) {
  detach(stream);
  stream.pause();
  collector.onEnd(collector.context, err);
}

function detach(stream) {
  stream[kCollector] = null;
  stream.removeListener("aborted", onAborted);
  stream.removeListener("data", onData);
  stream.removeListener("end", onStreamEnd);
  stream.removeListener("error", onError);
}
