// require("lib-server") returns the Server factory itself, like require("express").
// Node >= 20.19 loads the ES module synchronously here.
const lib = require("./index.js");

module.exports = lib.default;
