import { servers } from "./servers.js";

// Servers written by the compose helper (benchmarks/servers/compose/): five
// trivial middleware then a JSON answer, as plain lib-server middleware, as
// compose() steps with error handling on and off, and the same on Express 5.
export default {
  name: "compose",
  title: "compose(): five steps then JSON, error handling on and off",
  headline: true,
  servers: servers("compose", [
    { name: "lib-server-plain", file: "plain", label: "lib-server, 5 middleware (plain)" },
    { name: "lib-server-compose-errors-on", file: "compose-errors-on", label: "lib-server compose, errors on" },
    { name: "lib-server-compose-errors-off", file: "compose-errors-off", label: "lib-server compose, errors off" },
    { name: "express", file: "express-5mw", label: "Express 5, 5 middleware" },
    { name: "express-compose-errors-on", file: "express-compose-errors-on", label: "compose on Express 5, errors on" },
    {
      name: "express-compose-errors-off",
      file: "express-compose-errors-off",
      label: "compose on Express 5, errors off",
    },
  ]),
  cases: [
    {
      name: "compose",
      title: "GET / → {ok: true}",
      request: { path: "/" },
      expect: { status: 200, json: { ok: true }, headers: { "content-type": /^application\/json/ } },
    },
  ],
};
