// Declarations for lib-server's Express 4 mode, `import express from "lib-server/express4"`
// (and lib-server-express4 installed as `express`); types/express4.d.cts is the CommonJS entry.
//
// Its app, req and res are lib-server's (index.d.ts) plus what Express 4.22 has and Express 5
// removed, typed as @types/express@4 types them (its express-serve-static-core 4), with the
// members it leaves out although Express 4 has them (app.del, req.acceptsCharset, res.send(201)
// and the other status-first or status-last argument orders): deprecated, as Express 4 warns.
// Its apps, routers and routes carry the Express4Mode brand, from which index.d.ts's routing
// types give their handlers this file's req, res and path parameters.
import type * as lib from "./index.js";
import type * as self from "./express4.js";

// lib-server's own types, for what this mode does not change.
export type {
  NextFunction,
  RouterOptions,
  CookieOptions,
  Errback,
  Locals,
  MediaType,
  ParsedQs,
  Query,
  PathParams,
  IRoute,
  IRouterMatcher,
  IRouterHandler,
  SendFileOptions,
  ServeStaticOptions,
  JsonOptions,
  UrlencodedOptions,
  TextOptions,
  RawOptions,
  ServerOptions,
} from "./index.js";

declare const express4: unique symbol;
/** What marks the Express 4 mode's apps, routers and routes (a type only). */
export interface Express4Mode {
  readonly [express4]: true;
}

// ---- route parameters -----------------------------------------------------------------------

/** `req.params`: path-to-regexp 0.1's are strings, named or numbered (`*`, RegExp groups). */
export interface ParamsDictionary {
  [key: string | number]: string;
}

// The parameters of an Express 4 path, as @types/express-serve-static-core 4 computes them
// (MIT, DefinitelyTyped): "/users/:id" -> { id: string }, "/:id?" -> { id?: string }; a path
// with a group ("/:id(\\d+)") or a `*`, or a RegExp: any (numbered) parameter.
export type RouteParameters<Route extends string | RegExp> = Route extends string
  ? string extends Route
    ? ParamsDictionary
    : Route extends `${string}(${string}` | `${string}*${string}`
      ? ParamsDictionary
      : Route extends `${string}:${infer Rest}`
        ? (lib.GetRouteParameter<Rest> extends never
            ? ParamsDictionary
            : lib.GetRouteParameter<Rest> extends `${infer ParamName}?`
              ? { [P in ParamName]?: string }
              : { [P in lib.GetRouteParameter<Rest>]: string }) &
            (Rest extends `${lib.GetRouteParameter<Rest>}${infer Next}` ? RouteParameters<Next> : unknown)
        : {}
  : ParamsDictionary;

// ---- request --------------------------------------------------------------------------------

export interface Request<
  P = ParamsDictionary,
  ResBody = any,
  ReqBody = any,
  ReqQuery = lib.ParsedQs,
  LocalsObj extends Record<string, any> = Record<string, any>,
> extends lib.Request<P, ResBody, ReqBody, ReqQuery, LocalsObj> {
  /** @deprecated `name` from req.params, then req.body, then req.query (Express 4 warns). */
  param(name: string, defaultValue?: any): string;
  /** @deprecated Use acceptsCharsets. */
  acceptsCharset: lib.Request["acceptsCharsets"];
  /** @deprecated Use acceptsEncodings. */
  acceptsEncoding: lib.Request["acceptsEncodings"];
  /** @deprecated Use acceptsLanguages. */
  acceptsLanguage: lib.Request["acceptsLanguages"];
  /** @deprecated Use hostname: in Express 4, req.host is the host name without the port. */
  readonly host: string;
  /** Parsed ("extended": nested objects) on first read; middleware may assign it or edit it in place. */
  query: ReqQuery;
}

// ---- response -------------------------------------------------------------------------------

/** res.send, res.json and res.jsonp: a body, or Express 4's status-first and status-last forms. */
export interface Send<ResBody = any, T = Response<ResBody>> {
  (body?: ResBody): T;
  /** @deprecated Use res.status(status).send(body) (res.send(status): res.sendStatus(status)). */
  (status: number, body?: ResBody): T;
  /** @deprecated Use res.status(status).send(body). */
  (body: ResBody, status: number): T;
}

export interface Response<
  ResBody = any,
  LocalsObj extends Record<string, any> = Record<string, any>,
  StatusCode extends number = number,
> extends lib.Response<ResBody, LocalsObj, StatusCode> {
  send: Send<ResBody, this>;
  json: Send<ResBody, this>;
  jsonp: Send<ResBody, this>;

  /** "back" redirects to the Referer (or "/"). */
  redirect(url: string): void;
  redirect(status: number, url: string): void;
  /** @deprecated Use res.redirect(status, url). */
  redirect(url: string, status: number): void;

  // As @types/express-serve-static-core 4 declares it (then also part of lib-server's Response).
  /** @deprecated Use sendFile. */
  sendfile(path: string): void;
  /** @deprecated Use sendFile. */
  sendfile(path: string, options: lib.SendFileOptions): void;
  /** @deprecated Use sendFile. */
  sendfile(path: string, fn: (err: Error) => void): void;
  /** @deprecated Use sendFile. */
  sendfile(path: string, options: lib.SendFileOptions, fn: (err: Error) => void): void;
}

// ---- handlers -------------------------------------------------------------------------------

export interface RequestHandler<
  P = ParamsDictionary,
  ResBody = any,
  ReqBody = any,
  ReqQuery = lib.ParsedQs,
  LocalsObj extends Record<string, any> = Record<string, any>,
> {
  (
    req: Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>,
    res: Response<ResBody, LocalsObj>,
    next: lib.NextFunction,
  ): unknown;
}

export type ErrorRequestHandler<
  P = ParamsDictionary,
  ResBody = any,
  ReqBody = any,
  ReqQuery = lib.ParsedQs,
  LocalsObj extends Record<string, any> = Record<string, any>,
> = (
  err: any,
  req: Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>,
  res: Response<ResBody, LocalsObj>,
  next: lib.NextFunction,
) => unknown;

export type RequestHandlerParams<
  P = ParamsDictionary,
  ResBody = any,
  ReqBody = any,
  ReqQuery = lib.ParsedQs,
  LocalsObj extends Record<string, any> = Record<string, any>,
> =
  | RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>
  | ErrorRequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>
  | ReadonlyArray<RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>>;

export interface Handler extends RequestHandler {}

export type RequestParamHandler = (
  req: Request,
  res: Response,
  next: lib.NextFunction,
  value: any,
  name: string,
) => any;

// ---- routing --------------------------------------------------------------------------------

/** What app.param(fn) and router.param(fn) take: a function making the parameter's handler. */
export type ParamHandlerFactory = (name: string, matcher: any) => RequestParamHandler | undefined;

export interface Route<Path extends string | RegExp = string> extends lib.Route<Path>, Express4Mode {}

export interface IRouter extends lib.IRouter, Express4Mode {
  param(name: string, handler: RequestParamHandler): this;
  /** @deprecated Express 4.11: use path parameters' own syntax (`/:id(\\d+)`). */
  param(factory: ParamHandlerFactory): this;
  route<T extends string | RegExp>(prefix: T): Route<T>;
  route(prefix: lib.PathParams): Route;
}

export interface Router extends IRouter, Pick<lib.Router, "handle" | "caseSensitive" | "strict" | "mergeParams"> {}

export interface RouterConstructor {
  (options?: lib.RouterOptions): Router;
  new (options?: lib.RouterOptions): Router;
  readonly prototype: Router;
}

// ---- application ----------------------------------------------------------------------------

export interface Application<LocalsObj extends Record<string, any> = Record<string, any>>
  extends lib.Application<LocalsObj>, Express4Mode {
  param(name: string | string[], handler: RequestParamHandler): this;
  /** @deprecated Express 4.11: use path parameters' own syntax (`/:id(\\d+)`). */
  param(factory: ParamHandlerFactory): this;
  route<T extends string | RegExp>(prefix: T): Route<T>;
  route(prefix: lib.PathParams): Route;
  /** @deprecated Use app.delete. */
  del: lib.IRouterMatcher<this, "delete">;
  /** The app's router, made on first use (tests of Express 4 apps read `app._router.stack`). */
  readonly _router: Router;
  /** Makes `_router` if it is not made yet. */
  lazyrouter(): void;
  /** Throws: Express 3's app.router is gone since Express 4. */
  readonly router: never;
  request: Request;
  response: Response;
}

export interface Express extends Application {}

/** `express()` / `new express()`, and Express 4's statics. */
export interface ExpressFactory {
  (options?: lib.ServerOptions): Express;
  new (options?: lib.ServerOptions): Express;
  /** The prototype of every app of this mode. */
  application: Application;
  /** The prototypes this mode's req and res inherit from. */
  request: Request;
  response: Response;
  Router: RouterConstructor;
  Route: lib.RouteConstructor;
  json: typeof lib.json;
  urlencoded: typeof lib.urlencoded;
  text: typeof lib.text;
  raw: typeof lib.raw;
  static: typeof lib.serveStatic;
  /** Parses the query string into req.query (with qs, or `parser`), as Express 4's query() does. */
  query(options?: object | ((query: string) => any)): RequestHandler;
}

// ---- the module's value ---------------------------------------------------------------------

declare const express: ExpressFactory;
// The named exports, as `import { Router, json } from "express"` finds them on Express 4.
export declare const application: ExpressFactory["application"];
export declare const request: ExpressFactory["request"];
export declare const response: ExpressFactory["response"];
export declare const Router: ExpressFactory["Router"];
export declare const Route: ExpressFactory["Route"];
export declare const json: ExpressFactory["json"];
export declare const urlencoded: ExpressFactory["urlencoded"];
export declare const text: ExpressFactory["text"];
export declare const raw: ExpressFactory["raw"];
export declare const query: ExpressFactory["query"];
declare const serveStatic: ExpressFactory["static"];
export { serveStatic as static };
// `express.Request` and friends as types, after `import express from "lib-server/express4"` and
// (types/express4.d.cts exports this same value) `import express = require("lib-server/express4")`:
// this mode's own, and lib-server's for the rest.
declare namespace express {
  type Application<LocalsObj extends Record<string, any> = Record<string, any>> = self.Application<LocalsObj>;
  type Express = self.Express;
  type Request<
    P = self.ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = lib.ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  > = self.Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
  type Response<
    ResBody = any,
    LocalsObj extends Record<string, any> = Record<string, any>,
    StatusCode extends number = number,
  > = self.Response<ResBody, LocalsObj, StatusCode>;
  type RequestHandler<
    P = self.ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = lib.ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  > = self.RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
  type ErrorRequestHandler<
    P = self.ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = lib.ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  > = self.ErrorRequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
  type RequestHandlerParams<
    P = self.ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = lib.ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  > = self.RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
  type Handler = self.Handler;
  type RequestParamHandler = self.RequestParamHandler;
  type Router = self.Router;
  type IRouter = self.IRouter;
  type Route<Path extends string | RegExp = string> = self.Route<Path>;
  type ParamsDictionary = self.ParamsDictionary;
  type RouteParameters<Route extends string | RegExp> = self.RouteParameters<Route>;
  type Send<ResBody = any, T = self.Response<ResBody>> = self.Send<ResBody, T>;
  type NextFunction = self.NextFunction;
  type RouterOptions = self.RouterOptions;
  type CookieOptions = self.CookieOptions;
  type Errback = self.Errback;
  type Locals = self.Locals;
  type MediaType = self.MediaType;
  type ParsedQs = self.ParsedQs;
  type Query = self.Query;
  type PathParams = self.PathParams;
  type IRoute<Route extends string | RegExp = string> = self.IRoute<Route>;
  type IRouterMatcher<T, Method extends string = any> = self.IRouterMatcher<T, Method>;
  type IRouterHandler<T, Route extends string | RegExp = string> = self.IRouterHandler<T, Route>;
  type SendFileOptions = self.SendFileOptions;
  type ServeStaticOptions = self.ServeStaticOptions;
  type JsonOptions = self.JsonOptions;
  type UrlencodedOptions = self.UrlencodedOptions;
  type TextOptions = self.TextOptions;
  type RawOptions = self.RawOptions;
  type ServerOptions = self.ServerOptions;
}

export default express;
