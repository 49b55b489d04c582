import { createHash } from "node:crypto";
import {
  BadRequestException,
  Controller,
  Get,
  Header,
  HttpCode,
  Param,
  Post,
  Redirect,
  Render,
  Req,
  type RawBodyRequest,
  Sse,
  type MessageEvent,
} from "@nestjs/common";
import type { Request } from "express";
import { interval, map, take, type Observable } from "rxjs";

@Controller()
export class AppController {
  @Get()
  @Render("index")
  home() {
    return { title: "Cats on lib-server", cats: ["Tom", "Felix", "<Garfield>"] };
  }

  @Get("health")
  @Header("Cache-Control", "no-store")
  health() {
    return { status: "ok" };
  }

  @Get("old-health")
  @Redirect("health", 301)
  oldHealth() {}

  @Get("whoami")
  whoami(@Req() req: Request & { requestId?: string }) {
    return {
      requestId: req.requestId,
      ip: req.ip,
      ips: req.ips,
      protocol: req.protocol,
      hostname: req.hostname,
      secure: req.secure,
      path: req.path,
      query: req.query,
      accepts: req.accepts(["json", "html"]),
      userAgent: req.get("user-agent") ?? null,
    };
  }

  /** NestFactory.create(AppModule, { rawBody: true }): Nest's body parsers keep the bytes (express.json's verify). */
  @Post("webhook")
  @HttpCode(200)
  webhook(@Req() req: RawBodyRequest<Request>) {
    if (!req.rawBody) throw new BadRequestException("no raw body");
    const signature = createHash("sha256").update(req.rawBody).digest("hex");
    if (req.get("x-signature") !== signature) throw new BadRequestException("bad signature");
    return { ok: true, bytes: req.rawBody.length, event: req.body.event };
  }

  @Sse("events")
  events(): Observable<MessageEvent> {
    return interval(5).pipe(
      take(3),
      map((n) => ({ id: String(n + 1), type: "tick", data: { n } })),
    );
  }

  /** Express 5 path syntax: a named wildcard (its segments, an array) and an optional segment. */
  @Get("files/*path{.:ext}")
  file(@Param("path") path: string[], @Param("ext") ext: string | undefined) {
    return { path, ext: ext ?? null };
  }

  @Get("boom")
  boom() {
    throw new Error("kaboom");
  }
}
