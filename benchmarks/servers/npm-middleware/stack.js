// Each middleware as an app uses it, built once: the same instances for Express 5, lib-server
// and the hand-written server.
import cors from "cors";
import helmet from "helmet";
import cookieParser from "cookie-parser";
import morgan from "morgan";
import compression from "compression";
import { discard } from "./api.js";

export function middlewareOf(name) {
  switch (name) {
    case "helmet":
      return helmet();
    case "cors":
      return cors();
    case "cookie-parser":
      return cookieParser();
    case "morgan":
      return morgan("combined", { stream: discard() });
    case "compression":
      return compression();
  }
  throw new Error(`unknown middleware ${name}`);
}
