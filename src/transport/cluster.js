// Multi-core serving on node:cluster. The same script runs as the primary and as each
// worker: the primary forks one worker per core, restarts crashed ones (backing off while
// they crash straight away) and shuts them all down gracefully on SIGTERM/SIGINT; a worker
// builds its app with createApp() and listens on the port all workers share.
import nodeCluster from "node:cluster";
import os from "node:os";
import { DEFAULT_LIMITS } from "./limits.js";

const SHUTDOWN = "lib-server:shutdown";
const SIGNALS = ["SIGTERM", "SIGINT"];
// A worker that dies sooner than this after its fork counts as a crash loop.
const STABLE_MS = 5_000;
const FIRST_RESTART_DELAY_MS = 100;
const MAX_RESTART_DELAY_MS = 10_000;
// Workers get shutdownTimeout to drain; the primary kills what is left this much later.
const KILL_GRACE_MS = 2_000;

/**
 * Serves `createApp()` (an app, or a promise of one) on every core.
 * Options: workers (default os.availableParallelism()), port (default $PORT or 3000), host,
 * shutdownTimeout (ms for in-flight requests at shutdown, default 10 s), and http2 with
 * the TLS options (key, cert, ...), which each worker's app.listen() takes as they are.
 * Resolves, in the primary, to { workers(), close(), address } once every worker listens
 * (address as server.address() gives it, port 0 being one port all workers share); in a
 * worker, to { app, server }.
 */
export function cluster(createApp, options = {}) {
  const { workers, port, host, shutdownTimeout, ...http2Options } = options;
  const settings = {
    workers: workers ?? os.availableParallelism(),
    port: port ?? (Number(process.env.PORT) || 3000),
    host,
    shutdownTimeout: shutdownTimeout ?? DEFAULT_LIMITS.shutdownTimeout,
    http2Options: http2Options.http2 ? http2Options : null,
  };
  if (!Number.isInteger(settings.workers) || settings.workers < 1) {
    throw new TypeError(`workers must be a positive integer, got ${options.workers}`);
  }
  return nodeCluster.isPrimary ? runPrimary(settings) : runWorker(createApp, settings);
}

function runPrimary({ workers: count, shutdownTimeout }) {
  let stopping = null;
  let quickCrashes = 0;
  const restarts = new Set(); // pending restart timers
  const forkedAt = new Map(); // worker id -> time of fork

  const fork = () => {
    const worker = nodeCluster.fork();
    forkedAt.set(worker.id, Date.now());
    // A worker's 'error' (its channel or a signal failing) has no listener otherwise, and an
    // unhandled 'error' would take the primary, and with it every worker, down.
    worker.on("error", (err) => console.error(`lib-server: worker ${worker.process.pid}: ${err.message}`));
  };

  nodeCluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - forkedAt.get(worker.id);
    forkedAt.delete(worker.id);
    if (stopping) return;
    quickCrashes = lived < STABLE_MS ? quickCrashes + 1 : 0;
    const delay =
      quickCrashes === 0 ? 0 : Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** (quickCrashes - 1));
    console.error(
      `lib-server: worker ${worker.process.pid} exited (${signal ?? `code ${code}`}), restarting in ${delay} ms`,
    );
    const timer = setTimeout(() => {
      restarts.delete(timer);
      fork();
    }, delay);
    restarts.add(timer);
  });

  const workers = () => Object.values(nodeCluster.workers);

  const close = () => {
    stopping ??= new Promise((resolve) => {
      for (const timer of restarts) clearTimeout(timer);
      restarts.clear();
      const alive = workers().filter((worker) => !worker.isDead());
      if (alive.length === 0) return resolve();
      let left = alive.length;
      const kill = setTimeout(() => {
        for (const worker of alive) if (!worker.isDead()) worker.process.kill("SIGKILL");
      }, shutdownTimeout + KILL_GRACE_MS);
      for (const worker of alive) {
        worker.once("exit", () => {
          if (--left > 0) return;
          clearTimeout(kill);
          resolve();
        });
        // A worker dying right now may still look connected while its end of the channel
        // is closed: the send then fails (EPIPE) and a signal asks instead.
        if (worker.isConnected()) worker.send(SHUTDOWN, (err) => err && worker.process.kill("SIGTERM"));
        else worker.process.kill("SIGTERM");
      }
    });
    return stopping;
  };

  for (const signal of SIGNALS) {
    process.once(signal, () => close().then(() => process.exit(0)));
  }

  const ready = new Promise((resolve) => {
    const listening = new Set();
    const onListening = (worker, address) => {
      listening.add(worker.id);
      if (listening.size < count) return;
      nodeCluster.off("listening", onListening);
      resolve({ workers, close, address });
    };
    nodeCluster.on("listening", onListening);
  });
  for (let i = 0; i < count; i++) fork();
  return ready;
}

async function runWorker(createApp, { port, host, shutdownTimeout, http2Options }) {
  let app = null;
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // Not listening yet: nothing in flight to wait for.
    if (app === null) process.exit(0);
    app.close().then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  // Listening before createApp() so a shutdown asked for during startup isn't missed.
  process.on("message", (message) => message === SHUTDOWN && stop());
  for (const signal of SIGNALS) process.once(signal, stop);

  const created = await createApp();
  created.limits.shutdownTimeout = Math.min(created.limits.shutdownTimeout, shutdownTimeout);
  const server = await new Promise((resolve, reject) => {
    const done = (err) => (err ? reject(err) : resolve(listening));
    const listening = http2Options
      ? created.listen({ ...http2Options, port, host }, done)
      : created.listen(port, host, done);
    listening.once("error", reject);
  });
  app = created;
  return { app, server };
}
