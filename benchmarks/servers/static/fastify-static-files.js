// @fastify/static on Fastify as its readme registers it: a root and nothing
// else (no directory listing; fastify-static.js, with the JSON listing on,
// is the listing scenario's server). A miss is Fastify's own 404.
import Fastify from "fastify";
import fastifyStatic from "@fastify/static";
import { port, host, ready } from "../ready.js";
import { root } from "./root.js";

const app = Fastify();
app.register(fastifyStatic, { root });
app.listen({ port, host }).then(ready);
