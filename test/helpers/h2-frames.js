// A raw HTTP/2 client for what Node's own client will not do: a peer that opens many streams
// in its first packet, announces a zero flow-control window and never reads. Frames are
// written by hand (RFC 9113 §4.1); header blocks use HPACK's static table and literals only.
import net from "node:net";

const PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";
const SETTINGS = 0x4;
const HEADERS = 0x1;
const RST_STREAM = 0x3;
const END_STREAM = 0x1;
const END_HEADERS = 0x4;
const ACK = 0x1;
const SETTINGS_INITIAL_WINDOW_SIZE = 0x4;

export function frame(type, flags, streamId, payload = Buffer.alloc(0)) {
  const head = Buffer.alloc(9);
  head.writeUIntBE(payload.length, 0, 3);
  head[3] = type;
  head[4] = flags;
  head.writeUInt32BE(streamId, 5);
  return Buffer.concat([head, payload]);
}

// GET `path` on http://`authority`: ":method: GET" and ":scheme: http" from the static
// table (indexes 2 and 6), ":path" and ":authority" as literals with indexed names (4, 1).
function getRequestBlock(path, authority) {
  const literal = (index, value) =>
    Buffer.concat([Buffer.from([0x40 | index, value.length]), Buffer.from(value, "latin1")]);
  return Buffer.concat([Buffer.from([0x82, 0x86]), literal(4, path), literal(1, authority)]);
}

/**
 * Connects to 127.0.0.1:`port` and writes, in one packet, the preface, SETTINGS with an
 * initial window of 0 (the server may send no DATA) and `streams` GET requests for `path`.
 * Resolves to the socket once connected, with `socket.resets`: the error code of each
 * RST_STREAM the server sent, by stream id (frames are parsed as they arrive; no DATA can).
 */
export function stalledClient(port, { path, streams }) {
  const settings = Buffer.alloc(6);
  settings.writeUInt16BE(SETTINGS_INITIAL_WINDOW_SIZE, 0);
  settings.writeUInt32BE(0, 2);
  const block = getRequestBlock(path, `127.0.0.1:${port}`);
  const frames = [Buffer.from(PREFACE, "latin1"), frame(SETTINGS, 0, 0, settings), frame(SETTINGS, ACK, 0)];
  for (let i = 0; i < streams; i++) frames.push(frame(HEADERS, END_STREAM | END_HEADERS, 1 + 2 * i, block));
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => resolve(socket));
    socket.resets = new Map();
    let received = Buffer.alloc(0);
    socket.on("error", reject);
    socket.on("data", (chunk) => {
      received = Buffer.concat([received, chunk]);
      while (received.length >= 9 && received.length >= 9 + received.readUIntBE(0, 3)) {
        const length = received.readUIntBE(0, 3);
        if (received[3] === RST_STREAM)
          socket.resets.set(received.readUInt32BE(5) & 0x7fffffff, received.readUInt32BE(9));
        received = received.subarray(9 + length);
      }
    });
    socket.write(Buffer.concat(frames));
  });
}
