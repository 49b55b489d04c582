// A helper thread for big directory listings: it lstat's part of the entries
// while the main thread stats the rest (directory-entries.js), so a listing
// uses two cores. Stats cost the calling thread a few µs each (syscall, then a
// Stats object with four Dates), and thread-pool requests cost the main thread
// as much to issue and complete, so only another JavaScript thread takes work
// off it. Started on first need and only used once online (meanwhile the main
// thread does it all); unref'ed while idle, so it never keeps a process alive;
// given up on for good if it can't start (e.g. a permission model without
// worker threads) or dies, its pending work then done on the main thread.
import { Worker } from "node:worker_threads";
import { statThread } from "./stat-thread.js";

let worker = null; // once online
let state = "idle"; // "starting" | "online" | "broken"
let nextId = 0;
const pending = new Map(); // id -> resolve(Float64Array | null)

// -> the helper if it is ready and idle, else null (and it starts, for the
// next listing). A busy helper would only make this listing wait its turn.
export function statHelper() {
  if (state === "online") return pending.size === 0 ? helper : null;
  if (state === "idle") start();
  return null;
}

const helper = {
  // -> Promise<Float64Array | null>: [kind, size, mtimeMs] per name (see
  // stat-thread.js), or null if the helper died meanwhile.
  lstat(prefix, names) {
    return new Promise((resolve) => {
      if (state !== "online") return resolve(null); // died since it was handed out
      const id = ++nextId;
      if (pending.size === 0) worker.ref(); // a request waits on it
      pending.set(id, resolve);
      worker.postMessage({ id, prefix, names });
    });
  },
};

function start() {
  state = "starting";
  let thread;
  try {
    // Not the app's flags (--require, --import, loaders): a bare thread.
    thread = new Worker(`(${statThread})();`, { eval: true, execArgv: [] });
  } catch {
    state = "broken";
    return;
  }
  thread.once("online", () => {
    if (state !== "starting") return;
    worker = thread;
    state = "online";
  });
  thread.on("message", ({ id, values }) => settle(id, values));
  thread.once("error", giveUp);
  thread.once("exit", giveUp);
  // After the listeners: adding a "message" listener refs the thread again.
  thread.unref();
}

function settle(id, values) {
  const resolve = pending.get(id);
  if (resolve === undefined) return;
  pending.delete(id);
  if (pending.size === 0) worker?.unref();
  resolve(values);
}

function giveUp() {
  state = "broken";
  worker = null;
  for (const id of [...pending.keys()]) settle(id, null);
}
