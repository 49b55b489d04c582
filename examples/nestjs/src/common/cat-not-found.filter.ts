import { ArgumentsHost, Catch, ExceptionFilter } from "@nestjs/common";
import type { Response } from "express";
import { CatNotFoundError } from "../cats/cat";

/** Maps the domain error to a 404 (controller-scoped: @UseFilters on CatsController). */
@Catch(CatNotFoundError)
export class CatNotFoundFilter implements ExceptionFilter {
  catch(error: CatNotFoundError, host: ArgumentsHost) {
    const res = host.switchToHttp().getResponse<Response>();
    res.status(404).json({ statusCode: 404, error: "Not Found", message: error.message, catId: error.id });
  }
}
