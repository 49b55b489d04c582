import { ArgumentsHost, Catch, ExceptionFilter, HttpException } from "@nestjs/common";
import type { Request, Response } from "express";

/** Global filter (app.useGlobalFilters): every HttpException gets the same JSON shape. */
@Catch(HttpException)
export class HttpErrorFilter implements ExceptionFilter {
  catch(exception: HttpException, host: ArgumentsHost) {
    const http = host.switchToHttp();
    const req = http.getRequest<Request & { requestId?: string }>();
    const res = http.getResponse<Response>();
    const status = exception.getStatus();
    const body = exception.getResponse();
    const message = typeof body === "string" ? body : (body as { message?: unknown }).message;
    res.status(status).json({
      statusCode: status,
      message,
      method: req.method,
      path: req.originalUrl,
      requestId: req.requestId ?? null,
    });
  }
}
