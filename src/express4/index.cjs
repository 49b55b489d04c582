// require("lib-server/express4") on a Node that can require() ES modules: the ES module
// itself (one instance for import and require), as src/index.cjs does for lib-server.
module.exports = require("./index.js").default;
