import { CanActivate, ExecutionContext, Injectable, SetMetadata, UnauthorizedException } from "@nestjs/common";
import { Reflector } from "@nestjs/core";
import type { Request } from "express";

export const Roles = (...roles: string[]) => SetMetadata("roles", roles);

/** Tokens are "Bearer <role>": enough to show a guard reading the request and route metadata. */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<string[] | undefined>("roles", [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!roles) return true;
    const request = context.switchToHttp().getRequest<Request>();
    const match = /^Bearer (\w+)$/.exec(request.get("authorization") ?? "");
    if (!match) throw new UnauthorizedException("missing bearer token");
    return roles.includes(match[1]); // false: Nest answers 403 Forbidden
  }
}
