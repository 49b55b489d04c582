// require("lib-server") on a Node that can require() ES modules (>= 20.19, 22.12; the
// "module-sync" condition of package.json): the ES module itself, so that require() and
// import share one instance, and its Server factory, like require("express"). Loaders
// that cannot (Jest, bundlers) get dist/lib-server.cjs, built from src/ by
// scripts/build-cjs.js (with this file as its entry point).
const lib = require("./index.js");

module.exports = lib.default;
