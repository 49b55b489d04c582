import express = require("lib-server/express4");
export = express;
