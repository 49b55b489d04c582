// @fastify/static on Fastify (its JSON directory listing on).
import Fastify from "fastify";
import fastifyStatic from "@fastify/static";
import { port, host, ready } from "../ready.js";
import { root } from "./root.js";

const app = Fastify();
app.register(fastifyStatic, { root, list: { format: "json" } });
app.listen({ port, host }).then(ready);
