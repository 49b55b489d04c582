// `require("express")`, with this package installed as express. lib-server's "require"
// export leads Node to the ES module index.js imports (one instance for both), and the
// loaders that cannot require() ES modules (Jest) to its CommonJS build.
module.exports = require("lib-server/express4");
