// h2c sessions start from bytes preface.js has already read off the socket. Node feeds such
// bytes to a new session in one call from its own tick queue, so every request they hold is
// accepted before any handler runs, and maxSessionMemory, which Node checks as each HEADERS
// frame arrives against what the handlers before it queued, never applies to them: a client
// that opens 100 streams in its first packet and never reads got 100 answers held in memory
// where Node holds 10 MB. The 'stream' events of that first read are admitted here as Node
// admits later ones: while what the admitted streams still have to send fits in the session's
// memory; past it a stream is refused (ENHANCE_YOUR_CALM, Node's code) before its handler runs.
import { nodeModule } from "../../deps.js";

const { constants } = nodeModule("node:http2");

/** Guards `session`'s streams until its first read is handled (a macrotask later). */
export function limitFirstFlight(session, maxSessionMemory) {
  const admitted = [];
  const hadOwnEmit = Object.hasOwn(session, "emit");
  const emit = session.emit;
  function emitWithinMemory(event, stream, ...rest) {
    if (event === "stream") {
      if (pendingBytes(admitted) >= maxSessionMemory) return refuse(stream);
      admitted.push(stream);
    }
    return emit.call(this, event, stream, ...rest);
  }
  session.emit = emitWithinMemory;
  // Node's own checks from the next read on, which comes from the socket.
  setImmediate(() => {
    if (session.emit !== emitWithinMemory) return;
    if (hadOwnEmit) session.emit = emit;
    else delete session.emit;
  });
}

function refuse(stream) {
  stream.on("error", ignore);
  stream.close(constants.NGHTTP2_ENHANCE_YOUR_CALM);
  return false;
}

// What the streams' writers queued and the client has not taken yet (a stream's write
// completes once its data goes out, flow control permitting).
function pendingBytes(streams) {
  let bytes = 0;
  for (const stream of streams) bytes += stream.writableLength;
  return bytes;
}

function ignore() {}
