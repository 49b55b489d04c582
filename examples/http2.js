// The same app over HTTP/2 and HTTP/1.1 on one port. With TLS_KEY and TLS_CERT (PEM files)
// it serves h2 over TLS, HTTP/1.1 through ALPN (what browsers need: they speak HTTP/2 only
// over TLS); without, h2c with prior knowledge next to HTTP/1.1 (what a proxy or a service
// mesh speaks to a backend). Run: node examples/http2.js, then
//   curl --http2-prior-knowledge localhost:3000/   → hello over HTTP/2.0
//   curl localhost:3000/                           → hello over HTTP/1.1
import { readFileSync } from "node:fs";
import Server from "lib-server";

const app = new Server();
const port = Number(process.env.PORT) || 3000;
const tls =
  process.env.TLS_KEY && process.env.TLS_CERT
    ? { key: readFileSync(process.env.TLS_KEY), cert: readFileSync(process.env.TLS_CERT) }
    : {};

app.get("/", (req, res) => res.send(`hello over HTTP/${req.httpVersion} (${req.protocol}, host ${req.hostname})\n`));
app.get("/api/time", (req, res) => res.json({ now: new Date().toISOString(), http2: req.httpVersionMajor === 2 }));
app.use("/files", Server.static(new URL("./public", import.meta.url).pathname));

app.listen({ port, http2: true, gracefulShutdown: true, ...tls }, () => {
  const scheme = tls.key ? "https" : "http";
  console.log(`Listening on ${scheme}://localhost:${port} (${tls.key ? "h2 over TLS" : "h2c"} and HTTP/1.1)`);
});
