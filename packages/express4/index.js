// `import express from "express"`, with this package installed as express: lib-server's
// Express 4 mode, the same instance require("express") gets (see index.cjs).
export * from "lib-server/express4";
export { default } from "lib-server/express4";
