// An HTTPS client for the deployment under test: trusts its throwaway CA, connects from a
// chosen loopback address (so X-Forwarded-For differs from the proxy's own address) and
// reuses connections like a browser (unless keepAlive is false).
import https from "node:https";

export function httpsClient({ port, ca, localAddress = "127.0.0.1", keepAlive = true }) {
  const agent = new https.Agent({ keepAlive, maxSockets: 16, ca, localAddress });
  return {
    /** Resolves to { status, headers, body, json } ; rejects on socket errors or after `timeout`. */
    request(method, path, { headers = {}, body, timeout = 10_000 } = {}) {
      return new Promise((resolve, reject) => {
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const req = https.request(
          {
            host: "127.0.0.1",
            servername: "localhost",
            port,
            method,
            path,
            agent,
            timeout,
            headers: { host: "localhost", ...(payload ? { "content-type": "application/json" } : {}), ...headers },
          },
          (res) => {
            let text = "";
            res.setEncoding("utf8");
            res.on("data", (chunk) => (text += chunk));
            res.on("end", () =>
              resolve({ status: res.statusCode, headers: res.headers, body: text, json: () => JSON.parse(text) }),
            );
            res.on("error", reject);
          },
        );
        req.on("timeout", () => req.destroy(new Error(`${method} ${path} timed out`)));
        req.on("error", reject);
        req.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}
