// Each middleware as an app uses it, built once: the same instances for Express 5, lib-server
// and the hand-written server.
import cors from "cors";
import helmet from "helmet";
import cookieParser from "cookie-parser";
import morgan from "morgan";
import compression from "compression";
import { discard } from "./api.js";

const FACTORIES = {
  helmet: () => helmet(),
  cors: () => cors(),
  "cookie-parser": () => cookieParser(),
  morgan: () => morgan("combined", { stream: discard() }),
  compression: () => compression(),
};

export const middlewareOf = (name) => FACTORIES[name]();
