import { MiddlewareConsumer, Module, NestModule, RequestMethod } from "@nestjs/common";
import { AppController } from "./app.controller";
import { CatsController } from "./cats/cats.controller";
import { CatsService } from "./cats/cats.service";
import { legacyHeader, TimingMiddleware } from "./common/timing.middleware";

@Module({
  controllers: [AppController, CatsController],
  providers: [CatsService],
})
export class AppModule implements NestModule {
  configure(consumer: MiddlewareConsumer) {
    consumer
      .apply(TimingMiddleware)
      .exclude({ path: "cats/:id/photo", method: RequestMethod.GET })
      .forRoutes(CatsController);
    consumer
      .apply(legacyHeader)
      .forRoutes({ path: "whoami", method: RequestMethod.GET }, { path: "files/*path", method: RequestMethod.ALL });
  }
}
