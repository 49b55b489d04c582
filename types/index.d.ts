// Hand-written declarations for lib-server: the ES module entry. types/index.d.cts is the
// CommonJS one (`export =`) and reuses everything declared here.
//
// The request/response/router types are modelled on @types/express 5 (its
// express-serve-static-core package) so typed Express code compiles unchanged after
// `import express from "lib-server"`:
//  - the same generic Request<P, ResBody, ReqBody, ReqQuery, Locals>, Response<ResBody,
//    Locals>, RequestHandler and route parameters inferred from the path string;
//  - Request, Response, Application and Locals extend the global `Express` namespace, so
//    `declare global { namespace Express { interface Request { user?: User } } }` and the
//    augmentations shipped by @types/passport, @types/express-session and @types/multer
//    apply to lib-server's req/res too;
//  - routing methods also accept middleware typed against @types/express (compression(),
//    session(), upload.single(), ...), whose parameters name that package's Request and
//    Response types instead of these;
//  - with @types/express installed, Request and Response are structurally its own (see
//    "@types/express interoperability" below).
// Where @types/express declares something lib-server does not have at run time
// (`req.accepted`, `res.charset`, `app.routes`, ...), it is left out, except as said there.
/// <reference types="node" />
import type * as http from "node:http";
import type * as http2 from "node:http2";
import type { TlsOptions } from "node:tls";
import type { EventEmitter } from "node:events";
import type { Stats } from "node:fs";
import type { Socket, ListenOptions as NetListenOptions, AddressInfo } from "node:net";
import type { Worker } from "node:cluster";
import type * as self from "./index.js";
import type * as express4 from "./express4.js";
// @ts-ignore -- @types/express-serve-static-core is optional: without it, `core` is any.
import type * as core from "express-serve-static-core";

// ---- @types/express interoperability -------------------------------------------------------
//
// Most TypeScript projects have @types/express-serve-static-core installed (every @types
// package of Express middleware depends on it), and middleware typed against it must be
// assignable to lib-server's RequestHandler (`const limiter: RequestHandler = rateLimit()`),
// lib-server's handlers to its RequestHandler, in both directions, and its module
// augmentations (`declare module "express-serve-static-core" { interface Request { user?: U } }`)
// must reach lib-server's req. A handler's parameters are compared both ways (strictly, as
// @types/express declares them), so lib-server's Request, Response and NextFunction are made
// structurally equal to that package's when it is present:
//  - they extend what it declares and lib-server does not (Express 4 leftovers that Express 5
//    no longer sets, `req.accepted` and `res.charset`, and every augmentation);
//  - `req.app`, `req.res`, `res.app` and `res.req` are its types (comparing lib-server's
//    Application and Router with its own would fail: each has members the other lacks);
//  - Express 5's `res.download(path, options, fn)` is added to its Response below.
// Without the package, `core.Request` is unresolved (any) and the checks `[core.Request]
// extends [ExpressCoreAbsent]` pick lib-server's own declarations. (They are written out in
// place: an alias given `core.Request` as an argument would itself turn unresolved, and
// `0 extends 1 & T` does not detect it when the module resolves to untyped JavaScript.) Approaches
// left aside: only a bivariant RequestHandler fixes one direction and no augmentation; the
// global `Express` namespace (still merged, below) cannot carry Express-4-only members.

// @ts-ignore -- augments a module that may be absent (then a no-op)
declare module "express-serve-static-core" {
  interface Response {
    download(path: string, options: DownloadOptions, fn?: Errback): void;
  }
}

type ExpressCoreAbsent = { "lib-server: no @types/express-serve-static-core": true };
type ExpressCoreRequest<P, ResBody, ReqBody, ReqQuery, LocalsObj extends Record<string, any>> = [core.Request] extends [
  ExpressCoreAbsent,
]
  ? { app: Application; res: Response<ResBody, LocalsObj> }
  : Omit<
      core.Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>,
      | keyof RequestMembers<P, ResBody, ReqBody, ReqQuery, LocalsObj>
      | keyof http.IncomingMessage
      | keyof Express.Request
    >;
type ExpressCoreResponse<ResBody, LocalsObj extends Record<string, any>, StatusCode extends number> = [
  core.Response,
] extends [ExpressCoreAbsent]
  ? { app: Application }
  : Omit<
      core.Response<ResBody, LocalsObj, StatusCode>,
      keyof ResponseMembers<ResBody, LocalsObj, StatusCode> | keyof http.ServerResponse | keyof Express.Response | "req"
    >;

declare global {
  // Open interfaces, merged into lib-server's (and @types/express's) Request, Response,
  // Locals and Application: augment them to add your own properties.
  namespace Express {
    interface Request {}
    interface Response {}
    interface Locals {}
    interface Application {}
  }
}

// ---- route parameters -----------------------------------------------------------------

export interface NextFunction {
  (err?: any): void;
  /** Skip the rest of this router's (`"router"`) or this route's (`"route"`) handlers. */
  (deferToNext: "router"): void;
  (deferToNext: "route"): void;
}

export interface Dictionary<T> {
  [key: string]: T;
}

/** `req.params` when the path is not known: wildcards (`*splat`) give arrays. */
export interface ParamsDictionary {
  [key: string]: string | string[];
  [key: number]: string;
}
/** `req.params` of a RegExp path: numbered captures. */
export interface ParamsFlatDictionary {
  [key: string | number]: string;
}
export type Params = ParamsDictionary | ParamsFlatDictionary;

/** A parsed query string ("simple" parser: strings and arrays; "extended": nested objects). */
export interface ParsedQs {
  [key: string]: undefined | string | ParsedQs | (string | ParsedQs)[];
}
export type Query = ParsedQs;

// The parameters of an Express 5 path, as @types/express-serve-static-core 5 computes them
// (MIT, DefinitelyTyped): "/users/:id" -> { id: string }, "/files/*path" -> { path:
// string[] }, "/posts{/:slug}" -> { slug?: string }, a RegExp -> numbered captures.
type RemoveTail<S extends string, Tail extends string> = S extends `${infer P}${Tail}` ? P : S;
/** The name of a path parameter, from the text after its `:` (also the Express 4 mode's). */
export type GetRouteParameter<S extends string> = RemoveTail<
  RemoveTail<RemoveTail<S, `/${string}`>, `-${string}`>,
  `.${string}`
>;

export type RouteParameters<Route extends string | RegExp> = Route extends string
  ? Route extends `${infer Required}{${infer Optional}}${infer Next}`
    ? ParseRouteParameters<Required> & Partial<ParseRouteParameters<Optional>> & RouteParameters<Next>
    : ParseRouteParameters<Route>
  : ParamsFlatDictionary;

type ParseRouteParameters<Route extends string> = string extends Route
  ? ParamsDictionary
  : Route extends `${string}:${infer Rest}`
    ? (GetRouteParameter<Rest> extends never ? ParamsDictionary : { [P in GetRouteParameter<Rest>]: string }) &
        (Rest extends `${GetRouteParameter<Rest>}${infer Next}` ? RouteParameters<Next> : unknown)
    : Route extends `${string}*${infer Rest}`
      ? (GetRouteParameter<Rest> extends never ? ParamsDictionary : { [P in GetRouteParameter<Rest>]: string[] }) &
          (Rest extends `${GetRouteParameter<Rest>}${infer Next}` ? RouteParameters<Next> : unknown)
      : {};

export type PathParams = string | RegExp | Array<string | RegExp>;

// ---- request --------------------------------------------------------------------------

export interface RangeParserOptions {
  /** Merge overlapping and adjacent ranges. */
  combine?: boolean;
}
export interface ByteRange {
  start: number;
  end: number;
}
export interface Ranges extends Array<ByteRange> {
  type: string;
}
export interface RequestRanges extends Ranges {}
/** -1: unsatisfiable, -2: malformed. */
export type RangeParserResult = -1 | -2;

/** An entry of a parsed Accept header. */
export interface MediaType {
  value: string;
  quality: number;
  type: string;
  subtype: string;
}

export interface Request<
  P = ParamsDictionary,
  ResBody = any,
  ReqBody = any,
  ReqQuery = ParsedQs,
  LocalsObj extends Record<string, any> = Record<string, any>,
>
  extends
    http.IncomingMessage,
    Express.Request,
    ExpressCoreRequest<P, ResBody, ReqBody, ReqQuery, LocalsObj>,
    RequestMembers<P, ResBody, ReqBody, ReqQuery, LocalsObj> {
  method: string;
  url: string;
}

/** What lib-server declares on `req` (Request adds node:http's IncomingMessage). */
interface RequestMembers<P, ResBody, ReqBody, ReqQuery, LocalsObj extends Record<string, any>> {
  /** A request header, case-insensitive; "referer" and "referrer" are aliases. */
  get(name: "set-cookie"): string[] | undefined;
  get(name: string): string | undefined;
  header(name: "set-cookie"): string[] | undefined;
  header(name: string): string | undefined;

  accepts(): string[];
  accepts(type: string): string | false;
  accepts(type: string[]): string | false;
  accepts(...type: string[]): string | false;
  acceptsCharsets(): string[];
  acceptsCharsets(charset: string): string | false;
  acceptsCharsets(charset: string[]): string | false;
  acceptsCharsets(...charset: string[]): string | false;
  acceptsEncodings(): string[];
  acceptsEncodings(encoding: string): string | false;
  acceptsEncodings(encoding: string[]): string | false;
  acceptsEncodings(...encoding: string[]): string | false;
  acceptsLanguages(): string[];
  acceptsLanguages(lang: string): string | false;
  acceptsLanguages(lang: string[]): string | false;
  acceptsLanguages(...lang: string[]): string | false;

  /** The Range header parsed for a resource of `size` bytes; undefined without one. */
  range(size: number, options?: RangeParserOptions): Ranges | RangeParserResult | undefined;
  /** The matching type if the body's Content-Type is one of `type`, false if not, null without a body. */
  is(type: string | string[], ...types: string[]): string | false | null;

  readonly protocol: string;
  readonly secure: boolean;
  readonly ip: string | undefined;
  readonly ips: string[];
  readonly subdomains: string[];
  readonly path: string;
  /** Without a Host header (HTTP/1.0), undefined at run time, as in Express. */
  readonly hostname: string;
  readonly host: string;
  readonly fresh: boolean;
  readonly stale: boolean;
  readonly xhr: boolean;

  /** Set by a body parser (`Server.json()`, ...); undefined before. */
  body: ReqBody;
  /** Set by cookie-parser. */
  cookies: any;
  signedCookies: any;
  secret?: string | undefined;
  method: string;
  url: string;
  params: P;
  /** Parsed on first read, cached, and assignable. */
  query: ReqQuery;
  /** The matched route inside a route handler. */
  route: any;
  /** The URL as received, before mounting stripped prefixes from `req.url`. */
  originalUrl: string;
  /** The mount path of the router or app currently handling the request. */
  baseUrl: string;
  next?: NextFunction | undefined;
}

export interface RequestConstructor {
  new (socket: Socket): Request;
  readonly prototype: Request;
}

// ---- response -------------------------------------------------------------------------

export interface CookieOptions {
  /** Milliseconds; null means none. */
  maxAge?: number | null | undefined;
  /** Sign with cookie-parser's secret. */
  signed?: boolean | undefined;
  expires?: Date | undefined;
  httpOnly?: boolean | undefined;
  path?: string | undefined;
  domain?: string | undefined;
  secure?: boolean | undefined;
  encode?: ((val: string) => string) | undefined;
  sameSite?: boolean | "lax" | "strict" | "none" | undefined;
  priority?: "low" | "medium" | "high" | undefined;
  partitioned?: boolean | undefined;
}

/** Options shared by res.sendFile, res.download and Server.static. */
export interface SendOptions {
  /** Cache-Control max-age: milliseconds or a duration string ("1d", "2 hours"). */
  maxAge?: number | string | undefined;
  immutable?: boolean | undefined;
  /** Default "ignore": as if dotfiles did not exist. */
  dotfiles?: "allow" | "deny" | "ignore" | undefined;
  lastModified?: boolean | undefined;
  acceptRanges?: boolean | undefined;
  cacheControl?: boolean | undefined;
  /** Directory index file(s); default "index.html", false for none. */
  index?: string | string[] | false | undefined;
  /** Extensions tried for a path without one ("html" serves /about from about.html). */
  extensions?: string | string[] | false | undefined;
  /** Serve a .br/.gz sibling when the client accepts it. */
  precompressed?: boolean | Array<"br" | "gzip"> | undefined;
  /** Compress compressible files on the fly. */
  compress?: boolean | undefined;
  /** Follow symlinks that lead outside the root. */
  followSymlinks?: boolean | undefined;
}

export interface SendFileOptions extends SendOptions {
  /** Base directory for a relative path. */
  root?: string | undefined;
  headers?: Record<string, number | string | readonly string[]> | undefined;
  /** The app's "etag" setting decides; false turns ETags off for this file. */
  etag?: boolean | undefined;
  /** First byte to send (inclusive); a Range applies within start..end. */
  start?: number | undefined;
  /** Last byte to send (inclusive). */
  end?: number | undefined;
}
export interface DownloadOptions extends SendFileOptions {}

export type Errback = (err?: Error) => void;

export type Send<ResBody = any, T = Response<ResBody>> = (body?: ResBody) => T;

export interface Response<
  ResBody = any,
  LocalsObj extends Record<string, any> = Record<string, any>,
  StatusCode extends number = number,
>
  extends
    http.ServerResponse,
    Express.Response,
    ExpressCoreResponse<ResBody, LocalsObj, StatusCode>,
    ResponseMembers<ResBody, LocalsObj, StatusCode> {
  req: [core.Request] extends [ExpressCoreAbsent] ? Request : core.Request;
}

/** What lib-server declares on `res` (Response adds node:http's ServerResponse). */
interface ResponseMembers<ResBody, LocalsObj extends Record<string, any>, StatusCode extends number> {
  status(code: StatusCode): this;
  sendStatus(code: StatusCode): this;
  links(links: Record<string, string | string[]>): this;
  /** A string (text/html by default), Buffer, object/array (JSON), number, boolean or null. */
  send: Send<ResBody, this>;
  json: Send<ResBody, this>;
  jsonp: Send<ResBody, this>;

  /** Without a callback, errors go to `next(err)`. */
  sendFile(path: string, fn?: Errback): void;
  sendFile(path: string, options: SendFileOptions, fn?: Errback): void;
  download(path: string, fn?: Errback): void;
  download(path: string, filename: string, fn?: Errback): void;
  download(path: string, filename: string, options: DownloadOptions, fn?: Errback): void;
  download(path: string, options: DownloadOptions, fn?: Errback): void;

  contentType(type: string): this;
  type(type: string): this;
  /** Handlers by media type or extension ("json", "text/html"), plus `default`. */
  format(obj: Record<string, (req: Request, res: Response, next: NextFunction) => void>): this;
  attachment(filename?: string): this;

  set(field: string, value?: string | number | readonly string[]): this;
  set(fields: Record<string, string | number | readonly string[]>): this;
  header(field: string, value?: string | number | readonly string[]): this;
  header(fields: Record<string, string | number | readonly string[]>): this;
  get(field: string): string | undefined;
  append(field: string, value?: string | readonly string[]): this;
  vary(field: string): this;
  location(url: string): this;

  cookie(name: string, val: any, options?: CookieOptions): this;
  clearCookie(name: string, options?: CookieOptions): this;

  redirect(url: string): void;
  redirect(status: number, url: string): void;

  /** Renders a view with app.render() and res.locals; without a callback, sends the HTML. */
  render(view: string, callback?: RenderCallback): void;
  render(view: string, options?: object, callback?: RenderCallback): void;

  locals: LocalsObj & Locals;
  req: Request;
}

export interface ResponseConstructor {
  new (req: http.IncomingMessage): Response;
  readonly prototype: Response;
}

export interface Locals extends Express.Locals {}

// ---- handlers ---------------------------------------------------------------------------

export interface RequestHandler<
  P = ParamsDictionary,
  ResBody = any,
  ReqBody = any,
  ReqQuery = ParsedQs,
  LocalsObj extends Record<string, any> = Record<string, any>,
> {
  (
    req: Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>,
    res: Response<ResBody, LocalsObj>,
    next: NextFunction,
  ): unknown;
}

export type ErrorRequestHandler<
  P = ParamsDictionary,
  ResBody = any,
  ReqBody = any,
  ReqQuery = ParsedQs,
  LocalsObj extends Record<string, any> = Record<string, any>,
> = (
  err: any,
  req: Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>,
  res: Response<ResBody, LocalsObj>,
  next: NextFunction,
) => unknown;

export interface Handler extends RequestHandler {}

/** Handlers, error handlers and arrays of them (nested arrays are flattened). */
export type RequestHandlerParams<
  P = ParamsDictionary,
  ResBody = any,
  ReqBody = any,
  ReqQuery = ParsedQs,
  LocalsObj extends Record<string, any> = Record<string, any>,
> =
  | RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>
  | ErrorRequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>
  | ReadonlyArray<RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>>;

export type RequestParamHandler = (req: Request, res: Response, next: NextFunction, value: any, name: string) => any;

// Middleware typed against @types/express names that package's Request and Response, which
// declare a few members lib-server does not have (`req.accepted`, `res.charset`, `app.routes`,
// ...). Routing methods accept such middleware through these types: lib-server's req/res as
// that middleware sees them, compared in both directions (a method signature is bivariant),
// so any augmentation of @types/express's Request (global or `express-serve-static-core`)
// keeps them compatible. Inline handlers passed alongside still get lib-server's types.
type ExpressTypedRequest<P, ResBody, ReqBody, ReqQuery, LocalsObj extends Record<string, any>> = Request<
  P,
  ResBody,
  ReqBody,
  ReqQuery,
  LocalsObj
> & {
  app: any;
  res?: any;
  accepted: any;
};
type ExpressTypedResponse<ResBody, LocalsObj extends Record<string, any>> = Response<ResBody, LocalsObj> & {
  app: any;
  req: any;
  charset: any;
};

/** Middleware typed against @types/express (or lib-server): see above. */
export type ExpressTypedHandler<
  P = ParamsDictionary,
  ResBody = any,
  ReqBody = any,
  ReqQuery = ParsedQs,
  LocalsObj extends Record<string, any> = Record<string, any>,
> = {
  bivarianceHack(
    req: ExpressTypedRequest<P, ResBody, ReqBody, ReqQuery, LocalsObj>,
    res: ExpressTypedResponse<ResBody, LocalsObj>,
    next: NextFunction,
  ): unknown;
}["bivarianceHack"];
export type ExpressTypedErrorHandler<
  P = ParamsDictionary,
  ResBody = any,
  ReqBody = any,
  ReqQuery = ParsedQs,
  LocalsObj extends Record<string, any> = Record<string, any>,
> = {
  bivarianceHack(
    err: any,
    req: ExpressTypedRequest<P, ResBody, ReqBody, ReqQuery, LocalsObj>,
    res: ExpressTypedResponse<ResBody, LocalsObj>,
    next: NextFunction,
  ): unknown;
}["bivarianceHack"];
type ExpressTypedHandlers<P, ResBody, ReqBody, ReqQuery, LocalsObj extends Record<string, any>> =
  | ExpressTypedHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>
  | ReadonlyArray<ExpressTypedHandlers<P, ResBody, ReqBody, ReqQuery, LocalsObj>>;
type ExpressTypedHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj extends Record<string, any>> =
  | ExpressTypedHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>
  | ExpressTypedErrorHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>
  | ReadonlyArray<ExpressTypedHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>>;

// ---- routing ----------------------------------------------------------------------------

// The parameters of a path, not inferred from the handlers: in `app.get("/items/:id", auth,
// (req) => req.params.id)`, a plain RequestHandler `auth` leaves `req.params.id` a string
// (with @types/express, `auth` makes it `string | string[]`). Handlers typed for other
// parameters are still accepted, by the overloads that infer them.
type FromPath<P> = [P][P extends any ? 0 : never];

// The Express 4 mode (types/express4.d.ts): the handlers of its apps, routers and routes, which
// carry its brand, get its req, res and path parameters (path-to-regexp 0.1's syntax).
type ModeRouteParameters<T, Route extends string | RegExp> = [T] extends [express4.Express4Mode]
  ? express4.RouteParameters<Route>
  : RouteParameters<Route>;
type ModeHandler<
  T,
  P,
  ResBody = any,
  ReqBody = any,
  ReqQuery = ParsedQs,
  LocalsObj extends Record<string, any> = Record<string, any>,
> = [T] extends [express4.Express4Mode]
  ? express4.RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>
  : RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
type ModeHandlerParams<
  T,
  P,
  ResBody = any,
  ReqBody = any,
  ReqQuery = ParsedQs,
  LocalsObj extends Record<string, any> = Record<string, any>,
> = [T] extends [express4.Express4Mode]
  ? express4.RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>
  : RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>;

/** `app.get(path, ...handlers)` and the other routing methods. Handlers of a string path
 * get its parameters: `app.get("/users/:id", (req) => req.params.id)`. */
export interface IRouterMatcher<T, Method extends string = any> {
  <
    Route extends string | RegExp,
    P = ModeRouteParameters<T, Route>,
    ResBody = any,
    ReqBody = any,
    ReqQuery = ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  >(
    path: Route,
    ...handlers: Array<ModeHandler<T, FromPath<P>, ResBody, ReqBody, ReqQuery, LocalsObj>>
  ): T;
  <
    Path extends string | RegExp,
    P = ModeRouteParameters<T, Path>,
    ResBody = any,
    ReqBody = any,
    ReqQuery = ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  >(
    path: Path,
    ...handlers: Array<ModeHandlerParams<T, FromPath<P>, ResBody, ReqBody, ReqQuery, LocalsObj>>
  ): T;
  <
    P = ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  >(
    path: PathParams,
    ...handlers: Array<ModeHandler<T, P, ResBody, ReqBody, ReqQuery, LocalsObj>>
  ): T;
  (path: PathParams, subApplication: Application): T;
  <
    Route extends string | RegExp,
    P = ModeRouteParameters<T, Route>,
    ResBody = any,
    ReqBody = any,
    ReqQuery = ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  >(
    path: Route,
    ...handlers: Array<ExpressTypedHandlers<FromPath<P>, ResBody, ReqBody, ReqQuery, LocalsObj>>
  ): T;
  <
    P = ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  >(
    path: PathParams,
    ...handlers: Array<ExpressTypedHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>>
  ): T;
  <
    P = ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  >(
    path: PathParams,
    ...handlers: Array<ModeHandlerParams<T, P, ResBody, ReqBody, ReqQuery, LocalsObj>>
  ): T;
}

/** `app.use(...handlers)` and `app.route(path).get(...handlers)`. */
export interface IRouterHandler<T, Route extends string | RegExp = string> {
  (...handlers: Array<ModeHandler<T, ModeRouteParameters<T, Route>>>): T;
  (...handlers: Array<ModeHandlerParams<T, ModeRouteParameters<T, Route>>>): T;
  <
    P = ModeRouteParameters<T, Route>,
    ResBody = any,
    ReqBody = any,
    ReqQuery = ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  >(
    ...handlers: Array<ModeHandler<T, P, ResBody, ReqBody, ReqQuery, LocalsObj>>
  ): T;
  <
    P = ModeRouteParameters<T, Route>,
    ResBody = any,
    ReqBody = any,
    ReqQuery = ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  >(
    ...handlers: Array<ExpressTypedHandlers<P, ResBody, ReqBody, ReqQuery, LocalsObj>>
  ): T;
  <
    P = ModeRouteParameters<T, Route>,
    ResBody = any,
    ReqBody = any,
    ReqQuery = ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  >(
    ...handlers: Array<ExpressTypedHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>>
  ): T;
  <
    P = ModeRouteParameters<T, Route>,
    ResBody = any,
    ReqBody = any,
    ReqQuery = ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  >(
    ...handlers: Array<ModeHandlerParams<T, P, ResBody, ReqBody, ReqQuery, LocalsObj>>
  ): T;
}

/** The routing methods of apps and routers: every method of node:http's METHODS. */
interface RoutingMethods {
  all: IRouterMatcher<this, "all">;
  get: IRouterMatcher<this, "get">;
  post: IRouterMatcher<this, "post">;
  put: IRouterMatcher<this, "put">;
  delete: IRouterMatcher<this, "delete">;
  patch: IRouterMatcher<this, "patch">;
  options: IRouterMatcher<this, "options">;
  head: IRouterMatcher<this, "head">;
  /** Only where node:http knows the QUERY method (Node 22+). */
  query?: IRouterMatcher<this, "query">;

  acl: IRouterMatcher<this>;
  bind: IRouterMatcher<this>;
  checkout: IRouterMatcher<this>;
  connect: IRouterMatcher<this>;
  copy: IRouterMatcher<this>;
  link: IRouterMatcher<this>;
  lock: IRouterMatcher<this>;
  "m-search": IRouterMatcher<this>;
  merge: IRouterMatcher<this>;
  mkactivity: IRouterMatcher<this>;
  mkcalendar: IRouterMatcher<this>;
  mkcol: IRouterMatcher<this>;
  move: IRouterMatcher<this>;
  notify: IRouterMatcher<this>;
  propfind: IRouterMatcher<this>;
  proppatch: IRouterMatcher<this>;
  purge: IRouterMatcher<this>;
  rebind: IRouterMatcher<this>;
  report: IRouterMatcher<this>;
  search: IRouterMatcher<this>;
  source: IRouterMatcher<this>;
  subscribe: IRouterMatcher<this>;
  trace: IRouterMatcher<this>;
  unbind: IRouterMatcher<this>;
  unlink: IRouterMatcher<this>;
  unlock: IRouterMatcher<this>;
  unsubscribe: IRouterMatcher<this>;
}

export interface IRouter extends RequestHandler, RoutingMethods {
  param(name: string, handler: RequestParamHandler): this;
  use: IRouterHandler<this> & IRouterMatcher<this>;
  route<T extends string | RegExp>(prefix: T): Route<T>;
  route(prefix: PathParams): Route;
  stack: Layer[];
  /**
   * router 2.3's listing: one entry per registered path of each route and of each mounted
   * router (`methods` undefined there; `router` is the mounted router, to recurse into).
   * `methods` holds GET's implied HEAD, and "*" for all() handlers. Plain middleware is left out.
   */
  listRoutes(): RouteListing[];
}

/** An entry of `router.listRoutes()`. */
export interface RouteListing {
  path: string | RegExp;
  methods: string[] | undefined;
  router: Router | undefined;
}

/** An entry of a router's stack: a middleware, or a route (`route` set). */
export interface Layer {
  handle: RequestHandler | ErrorRequestHandler;
  name: string;
  path: string | RegExp | Array<string | RegExp>;
  /** router 2's name for the registered path (the same value here). */
  rawPath: string | RegExp | Array<string | RegExp>;
  /** router 2's flag: a middleware mounted at "/". */
  slash: boolean;
  keys: string[];
  route: Route | undefined;
}

export interface RouterOptions {
  caseSensitive?: boolean | undefined;
  mergeParams?: boolean | undefined;
  strict?: boolean | undefined;
}

export interface Router extends IRouter {
  /** Runs the router on a request; `out` gets what no layer handled (`next(err)`, or nothing). */
  handle(req: http.IncomingMessage, res: http.ServerResponse, out: (err?: any) => void): void;
  caseSensitive: boolean;
  strict: boolean;
  mergeParams: boolean;
}

export interface RouterConstructor {
  (options?: RouterOptions): Router;
  new (options?: RouterOptions): Router;
  readonly prototype: Router;
  Route: RouteConstructor;
}

export interface IRoute<Route extends string | RegExp = string> {
  path: string;
  /** One entry per handler: its method (undefined for all()) and function. */
  stack: Array<{ method: string | undefined; handle: RequestHandler | ErrorRequestHandler }>;
  all: IRouterHandler<this, Route>;
  get: IRouterHandler<this, Route>;
  post: IRouterHandler<this, Route>;
  put: IRouterHandler<this, Route>;
  delete: IRouterHandler<this, Route>;
  patch: IRouterHandler<this, Route>;
  options: IRouterHandler<this, Route>;
  head: IRouterHandler<this, Route>;
  query?: IRouterHandler<this, Route>;

  acl: IRouterHandler<this, Route>;
  bind: IRouterHandler<this, Route>;
  checkout: IRouterHandler<this, Route>;
  connect: IRouterHandler<this, Route>;
  copy: IRouterHandler<this, Route>;
  link: IRouterHandler<this, Route>;
  lock: IRouterHandler<this, Route>;
  "m-search": IRouterHandler<this, Route>;
  merge: IRouterHandler<this, Route>;
  mkactivity: IRouterHandler<this, Route>;
  mkcalendar: IRouterHandler<this, Route>;
  mkcol: IRouterHandler<this, Route>;
  move: IRouterHandler<this, Route>;
  notify: IRouterHandler<this, Route>;
  propfind: IRouterHandler<this, Route>;
  proppatch: IRouterHandler<this, Route>;
  purge: IRouterHandler<this, Route>;
  rebind: IRouterHandler<this, Route>;
  report: IRouterHandler<this, Route>;
  search: IRouterHandler<this, Route>;
  source: IRouterHandler<this, Route>;
  subscribe: IRouterHandler<this, Route>;
  trace: IRouterHandler<this, Route>;
  unbind: IRouterHandler<this, Route>;
  unlink: IRouterHandler<this, Route>;
  unlock: IRouterHandler<this, Route>;
  unsubscribe: IRouterHandler<this, Route>;
}

/** What `app.route(path)` returns (`Server.Route`, `Router.Route`). */
export interface Route<Path extends string | RegExp = string> extends IRoute<Path> {
  /** The methods with handlers (`_all` for all()). */
  methods: Record<string, boolean>;
  /** Runs this route's handlers on a request, then `done` (router 2's Route#dispatch). */
  dispatch(req: http.IncomingMessage, res: http.ServerResponse, done: (err?: any) => void): void;
}

export interface RouteConstructor {
  new (path: PathParams): Route;
  readonly prototype: Route;
}

// ---- application ------------------------------------------------------------------------

export type ApplicationRequestHandler<T> = IRouterHandler<T> &
  IRouterMatcher<T> &
  ((...handlers: RequestHandlerParams[]) => T);

/** Options of `app.listen(options)`: node:net's, plus `gracefulShutdown`. */
export interface ListenOptions extends NetListenOptions {
  /** Also close gracefully on SIGTERM/SIGINT, as app.closeOnSignals() does. */
  gracefulShutdown?: boolean | undefined;
  /** true: HTTP/2 too (see Http2ListenOptions). */
  http2?: boolean | undefined;
}

/** `app.listen({ port, http2: true })`: h2c (prior knowledge) and HTTP/1.1 on one port;
 * with a certificate (`key` and `cert`, or `pfx`), HTTP/2 over TLS and HTTP/1.1 through
 * ALPN. The other TLS options (ca, passphrase, SNICallback, ...) go to the TLS server. */
export interface Http2ListenOptions extends ListenOptions, TlsOptions {
  http2: true;
}

export type RenderCallback = (err: Error, html: string) => void;
/** A template engine: `(path, options, callback)`, as Express's `app.engine()` takes it. */
export type Engine = (path: string, options: object, callback: (e: any, rendered?: string) => void) => void;

export interface Application<LocalsObj extends Record<string, any> = Record<string, any>>
  extends EventEmitter, IRouter, Express.Application {
  /** An app is a request listener: `http.createServer(app)`, `http2.createSecureServer(options,
   * app)`, `http2.createServer(app)`, or mounted in another app. */
  (
    req: Request | http.IncomingMessage | http2.Http2ServerRequest,
    res: Response | http.ServerResponse | http2.Http2ServerResponse,
    next?: NextFunction,
  ): void;

  init(options?: ServerOptions): void;
  defaultConfiguration(): void;
  /** Registers a template engine for an extension ("html" or ".html"). */
  engine(ext: string, fn: Engine): this;

  set(setting: string, val: any): this;
  /** app.get(setting) reads a setting; with a path and handlers it adds a GET route. */
  get: ((name: string) => any) & IRouterMatcher<this>;
  param(name: string | string[], handler: RequestParamHandler): this;
  /** The absolute mount path ("" for the top app). */
  path(): string;
  enabled(setting: string): boolean;
  disabled(setting: string): boolean;
  enable(setting: string): this;
  disable(setting: string): this;

  /** Renders a view with app.locals and `options`; the callback gets the error or the HTML. */
  render(name: string, options: object, callback: RenderCallback): void;
  render(name: string, callback: RenderCallback): void;

  /** Listens on a server built with this app's request/response classes and limits. The
   * callback also hears a failure to listen (EADDRINUSE, ...), as in Express 5. */
  listen(port: number, hostname: string, backlog: number, callback?: (error?: Error) => void): http.Server;
  listen(port: number, hostname: string, callback?: (error?: Error) => void): http.Server;
  listen(port: number, callback?: (error?: Error) => void): http.Server;
  listen(callback?: (error?: Error) => void): http.Server;
  listen(path: string, callback?: (error?: Error) => void): http.Server;
  /** With `http2: true` and a certificate: Node's HTTP/2 secure server (HTTP/1.1 through ALPN). */
  listen(
    options: Http2ListenOptions & ({ key: NonNullable<TlsOptions["key"]> } | { pfx: NonNullable<TlsOptions["pfx"]> }),
    callback?: (error?: Error) => void,
  ): http2.Http2SecureServer;
  /** With `http2: true` and no certificate: the http.Server, which takes h2c connections too. */
  listen(options: ListenOptions, callback?: (error?: Error) => void): http.Server;
  listen(handle: any, listeningListener?: (error?: Error) => void): http.Server;
  /** Graceful shutdown of the server listen() made: in-flight requests finish first, idle
   * keep-alive connections close, the rest are cut at the `shutdownTimeout` limit. */
  close(callback?: (err?: Error) => void): Promise<void>;
  /** close() on the first of `signals` (default SIGTERM and SIGINT), then exit; emits "shutdown". */
  closeOnSignals(signals?: readonly NodeJS.Signals[]): this;

  router: Router;
  settings: any;
  locals: LocalsObj & Locals;
  use: ApplicationRequestHandler<this>;
  /** Where this app is mounted ("/" until then). */
  mountpath: string | string[];
  /** The app this one is mounted in. */
  parent?: Application | undefined;
  /** The prototypes of this app's req and res. */
  request: Request;
  response: Response;
}

export interface Express extends Application {}

// ---- statics ----------------------------------------------------------------------------

/** Limits of the server listen() creates (see docs/production.md, "Limits"). */
export interface ServerOptions {
  headersTimeout?: number;
  requestTimeout?: number;
  keepAliveTimeout?: number;
  connectionsCheckingInterval?: number;
  maxHeaderSize?: number;
  maxUrlLength?: number;
  shutdownTimeout?: number;
  /** Streams a client may open at once on one HTTP/2 session (default 100). */
  http2MaxConcurrentStreams?: number;
  /** Header fields in one HTTP/2 request (default 128); their size is capped by maxHeaderSize. */
  http2MaxHeaderListPairs?: number;
  /** Memory one HTTP/2 session may use, in MB (default 10). */
  http2MaxSessionMemory?: number;
  /** An HTTP/2 session idle this long (ms) is closed with a GOAWAY (default 60 s). */
  http2IdleTimeout?: number;
}

export interface BodyParserOptions {
  /** Largest body: bytes or a size string ("100kb", the default; "1mb"). */
  limit?: number | string | undefined;
  /** The media types parsed: a type ("json", "text/*"), a list, or a function. */
  type?: string | string[] | ((req: http.IncomingMessage) => any) | undefined;
  /** Inflate gzip/deflate/br bodies (default true). */
  inflate?: boolean | undefined;
  /** Called with the raw body before parsing; throw to reject it (403). */
  verify?: ((req: http.IncomingMessage, res: http.ServerResponse, buf: Buffer, encoding: string) => void) | undefined;
}
export interface JsonOptions extends BodyParserOptions {
  /** Only objects and arrays (default true). */
  strict?: boolean | undefined;
  reviver?: ((key: string, value: any) => any) | undefined;
}
export interface UrlencodedOptions extends BodyParserOptions {
  /** Nested objects with qs (true) or flat ones (false, the default). */
  extended?: boolean | undefined;
  parameterLimit?: number | undefined;
  depth?: number | undefined;
  defaultCharset?: string | undefined;
  charsetSentinel?: boolean | undefined;
  interpretNumericEntities?: boolean | undefined;
}
export interface TextOptions extends BodyParserOptions {
  defaultCharset?: string | undefined;
}
export interface RawOptions extends BodyParserOptions {}

export interface ServeStaticOptions extends SendOptions {
  /** Weak ETags (`W/"size-mtime"`, as Express) by default; "strong" asks for strong ones. */
  etag?: boolean | "strong" | undefined;
  /** Let other middleware handle what is not found (default true). */
  fallthrough?: boolean | undefined;
  /** Redirect a directory to its path with a trailing slash (default true). */
  redirect?: boolean | undefined;
  /** Called before the headers of a file are sent. */
  setHeaders?(res: Response, path: string, stat: Stats): void;
  /** HTML (or JSON) listings of directories without an index. */
  listing?: boolean | undefined;
  /** Keep small files in memory (default true). */
  cache?: boolean | undefined;
  /** Milliseconds before a cached file is checked again. */
  revalidateAfter?: number | undefined;
  cacheMaxBytes?: number | undefined;
  cacheMaxFileSize?: number | undefined;
}

/** `cluster()`'s options; `http2: true` and the TLS options go to each worker's app.listen(). */
export interface ClusterOptions extends TlsOptions {
  workers?: number;
  port?: number;
  host?: string;
  shutdownTimeout?: number;
  http2?: boolean;
}
export type ClusterResult =
  | { workers(): Worker[]; close(): Promise<void>; address: AddressInfo }
  | { app: Application; server: http.Server | http2.Http2SecureServer };

/** `Server()` / `new Server()`: every value this module exports is also a property of it
 * (src/index.js copies its own namespace onto Server), and so are Express's statics. */
export interface ServerFactory extends ModuleValues {
  (options?: ServerOptions): Express;
  new (options?: ServerOptions): Express;
  /** The prototype of every app. */
  application: Application;
  /** The prototypes every app's req and res inherit from. */
  request: Request;
  response: Response;
  /** Express's name for serveStatic. */
  static: typeof serveStatic;
}
type ModuleValues = typeof self;

// Compatibility names of earlier lib-server declarations.
export type HandlerArgument = RequestHandlerParams | Router | Application;
export type ParamHandler = RequestParamHandler;
export type RouterMatcher<T> = IRouterMatcher<T>;
export type RouteMatcher<T> = IRouterHandler<T>;

// ---- the module's values ------------------------------------------------------------------

declare const Server: ServerFactory;
// `express.Request` and friends as types, after `import express from "lib-server"` and
// (types/index.d.cts exports this same Server) after `import express = require("lib-server")`.
declare namespace Server {
  type Application<LocalsObj extends Record<string, any> = Record<string, any>> = self.Application<LocalsObj>;
  type Express = self.Express;
  type Request<
    P = self.ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = self.ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  > = self.Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
  type Response<
    ResBody = any,
    LocalsObj extends Record<string, any> = Record<string, any>,
    StatusCode extends number = number,
  > = self.Response<ResBody, LocalsObj, StatusCode>;
  type NextFunction = self.NextFunction;
  type RequestHandler<
    P = self.ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = self.ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  > = self.RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
  type ErrorRequestHandler<
    P = self.ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = self.ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  > = self.ErrorRequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
  type RequestHandlerParams<
    P = self.ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = self.ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  > = self.RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
  type Handler = self.Handler;
  type RequestParamHandler = self.RequestParamHandler;
  type Router = self.Router;
  type RouterOptions = self.RouterOptions;
  type IRouter = self.IRouter;
  type IRoute<Route extends string | RegExp = string> = self.IRoute<Route>;
  type Route<Path extends string | RegExp = string> = self.Route<Path>;
  type IRouterHandler<T, Route extends string | RegExp = string> = self.IRouterHandler<T, Route>;
  type IRouterMatcher<T, Method extends string = any> = self.IRouterMatcher<T, Method>;
  type Layer = self.Layer;
  type RouteListing = self.RouteListing;
  type Locals = self.Locals;
  type CookieOptions = self.CookieOptions;
  type Errback = self.Errback;
  type MediaType = self.MediaType;
  type Send<ResBody = any, T = self.Response<ResBody>> = self.Send<ResBody, T>;
  type ParamsDictionary = self.ParamsDictionary;
  type ParamsFlatDictionary = self.ParamsFlatDictionary;
  type Params = self.Params;
  type ParsedQs = self.ParsedQs;
  type Query = self.Query;
  type Dictionary<T> = self.Dictionary<T>;
  type PathParams = self.PathParams;
  type RouteParameters<Route extends string | RegExp> = self.RouteParameters<Route>;
  type SendOptions = self.SendOptions;
  type SendFileOptions = self.SendFileOptions;
  type DownloadOptions = self.DownloadOptions;
  type ServeStaticOptions = self.ServeStaticOptions;
  type ServerOptions = self.ServerOptions;
  type ListenOptions = self.ListenOptions;
  type Http2ListenOptions = self.Http2ListenOptions;
  type JsonOptions = self.JsonOptions;
  type UrlencodedOptions = self.UrlencodedOptions;
  type TextOptions = self.TextOptions;
  type RawOptions = self.RawOptions;
  type BodyParserOptions = self.BodyParserOptions;
  type ClusterOptions = self.ClusterOptions;
  type ServerFactory = self.ServerFactory;
  type Context<State extends object = self.DefaultState> = self.Context<State>;
}

export default Server;
export { Server };
export declare const Router: RouterConstructor;
export declare const Route: RouteConstructor;
export declare const Request: RequestConstructor;
export declare const Response: ResponseConstructor;
export declare function json(options?: JsonOptions): RequestHandler;
export declare function urlencoded(options?: UrlencodedOptions): RequestHandler;
export declare function text(options?: TextOptions): RequestHandler;
export declare function raw(options?: RawOptions): RequestHandler;
export declare function serveStatic(root: string, options?: ServeStaticOptions | null): RequestHandler;
/** In the primary: forks workers and returns them with a graceful close; in a worker:
 * builds the app with `createApp` and listens. */
export declare function cluster(
  createApp: () => Application | Promise<Application>,
  options?: ClusterOptions,
): Promise<ClusterResult>;
export { compose, Context } from "./compose.js";
export type {
  Compose,
  Step,
  StepResult,
  CatchHandler,
  CatchStep,
  ComposeOptions,
  ComposedHandler,
  Composed,
  StepLike,
  DefaultState,
} from "./compose.js";
