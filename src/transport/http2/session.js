// What keeps one HTTP/2 connection from hurting the process: an idle session is closed
// (GOAWAY, open streams finish) and, idle as long again, destroyed (a stream whose client
// stopped reading never finishes, and its answer would stay in memory as long as the client
// stays connected); a request body that never ends is cancelled after requestTimeout; session
// or stream errors (bad frames, resets) end that session or stream only. Node already answers
// protocol errors with GOAWAY/RST_STREAM and limits rapid resets; nothing here may throw.
import { nodeModule } from "../../deps.js";

const { constants } = nodeModule("node:http2");

export function guardSession(session, limits, onSessionError) {
  session.setTimeout(limits.http2IdleTimeout, () => {
    session.close();
    session.setTimeout(limits.http2IdleTimeout, () => session.destroy());
  });
  session.on("error", (err) => onSessionError(err, session));
  session.on("stream", (stream, headers, flags) => {
    stream.on("error", ignore); // a reset stream: the exchange is over, the session goes on
    if (flags & constants.NGHTTP2_FLAG_END_STREAM) return; // no body to wait for
    const timer = setTimeout(() => stream.close(constants.NGHTTP2_CANCEL), limits.requestTimeout);
    timer.unref();
    stream.once("close", () => clearTimeout(timer));
    stream.once("end", () => clearTimeout(timer));
  });
}

function ignore() {}
