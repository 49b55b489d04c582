import { join } from "node:path";
import { RequestMethod, ValidationPipe } from "@nestjs/common";
import type { NestExpressApplication } from "@nestjs/platform-express";
import { HttpErrorFilter } from "./common/http-error.filter";
import { requestId } from "./common/request-id.middleware";

/** Everything main.ts configures, shared with the e2e tests. */
export function configureApp(app: NestExpressApplication): NestExpressApplication {
  app.set("trust proxy", "loopback");
  app.use(requestId);
  // Replaces Nest's default JSON parser (it checks app.router.stack for a "jsonParser" layer).
  app.useBodyParser("json", { limit: "16kb" });
  app.enableCors({ origin: ["https://cats.example"], credentials: true, exposedHeaders: ["X-Request-Id"] });
  app.setGlobalPrefix("api", { exclude: [{ path: "/", method: RequestMethod.GET }] });
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }));
  app.useGlobalFilters(new HttpErrorFilter());
  app.useStaticAssets(join(__dirname, "..", "public"), { prefix: "/static", maxAge: "1h" });
  app.setBaseViewsDir(join(__dirname, "..", "views"));
  app.setViewEngine("ejs");
  return app;
}
