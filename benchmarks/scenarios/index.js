// Every scenario, in the order the full run executes them.
import hello from "./hello.js";
import json from "./json.js";
import params from "./params.js";
import middleware from "./middleware.js";
import apiLayers from "./api-layers.js";
import npmMiddleware from "./npm-middleware.js";
import postJson from "./post-json.js";
import realWorld from "./real-world.js";
import routers from "./routers.js";
import mounting from "./mounting.js";
import compose from "./compose.js";
import staticFiles from "./static.js";
import listing from "./listing.js";
import scaling from "./scaling.js";
import coldStart from "./cold-start.js";
import memory from "./memory.js";
import { h2c, h2Tls } from "./h2.js";
import h2Multiplex from "./h2-multiplex.js";

export const scenarios = [
  hello,
  json,
  params,
  middleware,
  apiLayers,
  npmMiddleware,
  postJson,
  realWorld,
  routers,
  mounting,
  compose,
  staticFiles,
  listing,
  scaling,
  coldStart,
  memory,
  h2c,
  h2Tls,
  h2Multiplex,
];

export function selectScenarios(names) {
  if (names.length === 0) return scenarios;
  const known = new Map(scenarios.map((scenario) => [scenario.name, scenario]));
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length) {
    throw new Error(`unknown scenario ${unknown.join(", ")}; known: ${[...known.keys()].join(", ")}`);
  }
  return names.map((name) => known.get(name));
}
