// A real scaled-out deployment on loopback: Redis, N instances of examples/deploy/app.js,
// and nginx (TLS, round robin) rendered from examples/deploy/nginx.conf.template, all in
// one temp dir. No system-wide config is read or written.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { findBinary, freePort, startProcess } from "./processes.js";

const DEPLOY_DIR = fileURLToPath(new URL("../../examples/deploy/", import.meta.url));
const BINARIES = ["nginx", "redis-server", "openssl"];

/** The binaries this deployment needs that are not installed. */
export function missingBinaries() {
  return BINARIES.filter((name) => findBinary(name) === null);
}

/**
 * Starts everything; resolves to { port, ca, instances: Map(name -> { port, process }),
 * stopInstance(name, signal), drainInstance(name, check), stop() }.
 */
export async function startDeployment({ names = ["a", "b"], rateLimit = 5 } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lib-server-scale-"));
  fs.chmodSync(dir, 0o755); // nginx workers may run as another user when started by root
  const started = [];
  const stop = async () => {
    await Promise.all(started.map((service) => service.stop("SIGTERM", 3000)));
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const { cert, key } = makeCertificate(dir);

    const redisPort = await freePort();
    const redis = await startProcess(
      findBinary("redis-server"),
      ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir],
      { ready: /Ready to accept connections/ },
    );
    started.push(redis);

    const instances = new Map();
    await Promise.all(
      names.map(async (name) => {
        const instance = await startProcess(process.execPath, [path.join(DEPLOY_DIR, "app.js")], {
          name: `instance ${name}`,
          env: {
            PORT: "0",
            INSTANCE: name,
            REDIS_URL: `redis://127.0.0.1:${redisPort}`,
            RATE_LIMIT: String(rateLimit),
            SESSION_SECRET: "test secret",
            NODE_ENV: "production",
          },
          ready: /listening on [\d.]+:(\d+)/,
        });
        started.push(instance);
        instances.set(name, { port: Number(instance.match[1]), process: instance });
      }),
    );

    const port = await freePort();
    const template = fs.readFileSync(path.join(DEPLOY_DIR, "nginx.conf.template"), "utf8");
    const configFile = path.join(dir, "nginx.conf");
    const writeConfig = (upstreams) => {
      const servers = upstreams.map(
        (name) => `server 127.0.0.1:${instances.get(name).port} max_fails=1 fail_timeout=10s;`,
      );
      const values = {
        NGINX_PREFIX: dir,
        LISTEN: `127.0.0.1:${port}`,
        UPSTREAM_SERVERS: servers.join("\n    "),
        TLS_CERT: cert,
        TLS_KEY: key,
      };
      fs.writeFileSync(configFile, renderTemplate(template, values));
    };
    writeConfig(names);
    const nginx = await startProcess(
      findBinary("nginx"),
      ["-p", dir, "-c", configFile, "-e", path.join(dir, "error.log"), "-g", "daemon off;"],
      {
        ready: null,
      },
    );
    started.push(nginx);
    await waitForPort(port, nginx);

    return {
      port,
      ca: fs.readFileSync(cert),
      instances,
      stopInstance: (name, signal = "SIGTERM") => instances.get(name).process.stop(signal),
      /** Takes an instance out of nginx's upstream (config reload), as a rolling restart does. */
      async drainInstance(name, check) {
        const oldWorkers = childrenOf(nginx.child.pid);
        writeConfig(names.filter((other) => other !== name));
        nginx.child.kill("SIGHUP");
        // Reloaded once new connections stop reaching it, and no worker of the old
        // configuration can accept one any more (they keep serving what they accepted).
        const deadline = Date.now() + 10_000;
        const listening = listeningSocket(port);
        let others = 0;
        while (others < 10 || oldWorkers.some((pid) => holdsSocket(pid, listening))) {
          if (Date.now() > deadline) throw new Error(`nginx still sends to ${name}:\n${nginx.output()}`);
          others = (await check()) === name ? 0 : others + 1;
        }
      },
      /** nginx's error log: which upstream failed, and how, when a test sees a 5xx. */
      errorLog: () => readIfPresent(path.join(dir, "error.log")),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** `${NAME}` placeholders replaced, as `envsubst '${NAME} ...'` would; nginx's $vars kept. */
export function renderTemplate(template, values) {
  return template.replace(/\$\{([A-Z_]+)\}/g, (whole, name) => (name in values ? values[name] : whole));
}

function makeCertificate(dir) {
  const cert = path.join(dir, "cert.pem");
  const key = path.join(dir, "key.pem");
  execFileSync(
    findBinary("openssl"),
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { stdio: "ignore", timeout: 10_000 },
  );
  return { cert, key };
}

/** Resolves once `port` accepts connections, rejects if `service` exits or 10 s pass. */
async function waitForPort(port, service, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  let exited = false;
  service.exited.then(() => (exited = true));
  while (Date.now() < deadline && !exited) {
    const open = await new Promise((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => resolve(socket.destroy() || true));
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`port ${port} not open:\n${service.output()}`);
}

// Linux's /proc, read to tell when nginx's old workers have closed the listening socket.
// Elsewhere these find nothing, and the drain relies on the probes alone.

function readIfPresent(file) {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

function childrenOf(pid) {
  return readIfPresent(`/proc/${pid}/task/${pid}/children`).split(" ").filter(Boolean).map(Number);
}

/** The inode of the socket listening on 127.0.0.1:port, as /proc/net/tcp lists it. */
function listeningSocket(port) {
  const localAddress = `0100007F:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  const LISTEN = "0A";
  for (const line of readIfPresent("/proc/net/tcp").split("\n").slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields[1] === localAddress && fields[3] === LISTEN) return fields[9];
  }
  return null;
}

function holdsSocket(pid, inode) {
  if (inode === null) return false;
  let fds;
  try {
    fds = fs.readdirSync(`/proc/${pid}/fd`);
  } catch {
    return false; // exited
  }
  return fds.some((fd) => {
    try {
      return fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`;
    } catch {
      return false;
    }
  });
}
