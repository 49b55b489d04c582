// Not a benchmark server: times serveStatic's listing of list-10000/ in-process,
// sequential requests, and the heap each one leaves behind or churns through.
//   node --expose-gc benchmarks/servers/static/measure-listing.js  (STATIC_ROOT set)
// "cold": revalidateAfter 0, every request reads and stats the 10,000 files;
// "warm": the default 1 s listing cache.
import http from "node:http";
import { serveStatic } from "../../../src/static/index.js";
import { root } from "./root.js";

const REQUESTS = Number(process.env.REQUESTS) || 21;
const gc = globalThis.gc ?? (() => {});

function get(port, accept) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: "/list-10000/", headers: { accept }, agent: false }, (res) => {
        let bytes = 0;
        res.on("data", (chunk) => (bytes += chunk.length));
        res.on("end", () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`status ${res.statusCode}`))));
      })
      .on("error", reject);
  });
}

async function measure(label, options, accept) {
  const files = serveStatic(root, { listing: true, ...options });
  const server = http.createServer((req, res) => files(req, res, () => res.writeHead(404).end()));
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  const times = [];
  const retained = [];
  const churn = [];
  let bytes = 0;
  for (let i = 0; i < REQUESTS; i++) {
    gc();
    const before = process.memoryUsage().heapUsed;
    const started = performance.now();
    bytes = await get(port, accept);
    times.push(performance.now() - started);
    churn.push(process.memoryUsage().heapUsed - before);
    gc();
    retained.push(process.memoryUsage().heapUsed - before);
  }
  server.close();
  const median = (list) => [...list].sort((a, b) => a - b)[list.length >> 1];
  const mb = (n) => (n / 1048576).toFixed(2);
  console.log(
    `${label.padEnd(10)} ${accept.padEnd(16)} ${(bytes / 1024).toFixed(0)} KiB  median ${median(times).toFixed(1)} ms` +
      `  (first ${times[0].toFixed(1)} ms)  heap growth/request median ${mb(median(churn))} MB, max ${mb(Math.max(...churn))} MB,` +
      ` retained after GC ${mb(median(retained))} MB`,
  );
}

for (const accept of ["text/html", "application/json"]) {
  await measure("cold", { revalidateAfter: 0 }, accept);
  await measure("warm", {}, accept);
}
