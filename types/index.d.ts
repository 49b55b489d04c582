// Hand-written declarations for lib-server, with Express-like names so that typed Express
// code keeps compiling after `import express from "lib-server"`.
/// <reference types="node" />
import type { Compose } from "./compose.js";
import type { IncomingMessage, ServerResponse, Server as HttpServer } from "node:http";
import type { EventEmitter } from "node:events";

export interface RangeParserOptions {
  combine?: boolean;
}
/** -1: unsatisfiable, -2: malformed. */
export type RangeParserResult = -1 | -2;
export type Ranges = Array<{ start: number; end: number }> & { type: string };

// As in @types/express: wildcard params (arrays at run time) are typed per route by the user.
export interface ParamsDictionary {
  [key: string]: string;
}
export interface ParsedQs {
  [key: string]: undefined | string | string[] | ParsedQs | ParsedQs[];
}

export interface Request<P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = ParsedQs> extends IncomingMessage {
  app: Application;
  res: Response<ResBody>;
  next?: NextFunction;
  params: P;
  query: ReqQuery;
  body: ReqBody;
  route?: Route;
  /** The URL as received, before mounting stripped prefixes from `req.url`. */
  originalUrl: string;
  /** The mount path of the router or app currently handling the request. */
  baseUrl: string;
  readonly path: string;
  readonly hostname: string | undefined;
  readonly host: string | undefined;
  readonly ip: string | undefined;
  readonly ips: string[];
  readonly protocol: string;
  readonly secure: boolean;
  readonly subdomains: string[];
  readonly xhr: boolean;
  readonly fresh: boolean;
  readonly stale: boolean;
  /** Set by cookie-parser. */
  cookies?: Record<string, any>;
  signedCookies?: Record<string, any>;
  secret?: string;

  get(name: "set-cookie"): string[] | undefined;
  get(name: string): string | undefined;
  header(name: "set-cookie"): string[] | undefined;
  header(name: string): string | undefined;
  accepts(): string[];
  accepts(type: string): string | false;
  accepts(types: string[]): string | false;
  accepts(...types: string[]): string | false;
  acceptsEncodings(): string[];
  acceptsEncodings(...encodings: Array<string | string[]>): string | false;
  acceptsCharsets(): string[];
  acceptsCharsets(...charsets: Array<string | string[]>): string | false;
  acceptsLanguages(): string[];
  acceptsLanguages(...languages: Array<string | string[]>): string | false;
  is(type: string | string[], ...types: string[]): string | false | null;
  range(size: number, options?: RangeParserOptions): Ranges | RangeParserResult | undefined;
}

export interface CookieOptions {
  maxAge?: number;
  signed?: boolean;
  expires?: Date;
  httpOnly?: boolean;
  path?: string;
  domain?: string;
  secure?: boolean;
  encode?: (value: string) => string;
  sameSite?: boolean | "lax" | "strict" | "none";
  priority?: "low" | "medium" | "high";
  partitioned?: boolean;
}

export interface SendFileOptions {
  root?: string;
  maxAge?: number | string;
  headers?: Record<string, string | number | string[]>;
  dotfiles?: "allow" | "deny" | "ignore";
  lastModified?: boolean;
  etag?: boolean;
  acceptRanges?: boolean;
  cacheControl?: boolean;
  immutable?: boolean;
}

export interface ServeStaticOptions {
  index?: string | string[] | false;
  dotfiles?: "allow" | "deny" | "ignore";
  etag?: boolean;
  lastModified?: boolean;
  maxAge?: number | string;
  immutable?: boolean;
  cacheControl?: boolean;
  acceptRanges?: boolean;
  extensions?: string[] | false;
  fallthrough?: boolean;
  redirect?: boolean;
  setHeaders?: (res: ServerResponse, path: string, stat: import("node:fs").Stats) => void;
  listing?: boolean;
  precompressed?: boolean | Array<"br" | "gzip">;
  compress?: boolean;
  followSymlinks?: boolean;
  cache?: boolean;
  revalidateAfter?: number;
  cacheMaxBytes?: number;
  cacheMaxFileSize?: number;
}

export interface Response<ResBody = any, Locals extends Record<string, any> = Record<string, any>> extends ServerResponse {
  app: Application;
  req: Request;
  locals: Locals;
  status(code: number): this;
  sendStatus(code: number): this;
  send(body?: ResBody): this;
  json(body?: ResBody): this;
  jsonp(body?: ResBody): this;
  set(field: string, value?: string | number | string[]): this;
  set(fields: Record<string, string | number | string[]>): this;
  header(field: string, value?: string | number | string[]): this;
  header(fields: Record<string, string | number | string[]>): this;
  get(field: string): string | number | string[] | undefined;
  append(field: string, value?: string | string[]): this;
  type(type: string): this;
  contentType(type: string): this;
  vary(field: string): this;
  location(url: string): this;
  redirect(url: string): void;
  redirect(status: number, url: string): void;
  links(links: Record<string, string | string[]>): this;
  attachment(filename?: string): this;
  cookie(name: string, value: unknown, options?: CookieOptions): this;
  clearCookie(name: string, options?: CookieOptions): this;
  format(handlers: Record<string, (req: Request, res: Response, next: NextFunction) => void>): this;
  sendFile(path: string, callback?: (err?: Error) => void): void;
  sendFile(path: string, options: SendFileOptions, callback?: (err?: Error) => void): void;
  download(path: string, callback?: (err?: Error) => void): void;
  download(path: string, filename: string, callback?: (err?: Error) => void): void;
  download(path: string, filename: string, options: SendFileOptions, callback?: (err?: Error) => void): void;
}

export interface NextFunction {
  (err?: any): void;
  (deferToNext: "router" | "route"): void;
}

export type RequestHandler<P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = ParsedQs> = (
  req: Request<P, ResBody, ReqBody, ReqQuery>,
  res: Response<ResBody>,
  next: NextFunction,
) => unknown;

export type ErrorRequestHandler<P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = ParsedQs> = (
  err: any,
  req: Request<P, ResBody, ReqBody, ReqQuery>,
  res: Response<ResBody>,
  next: NextFunction,
) => unknown;

export type Handler = RequestHandler | ErrorRequestHandler;
export type HandlerArgument = Handler | Router | Application | HandlerArgument[];
export type PathParams = string | RegExp | Array<string | RegExp>;

export type ParamHandler = (req: Request, res: Response, next: NextFunction, value: any, name: string) => unknown;

// The first overload gives inline handlers their parameter types; the second takes the rest.
export interface RouterMatcher<T> {
  (path: PathParams, ...handlers: RequestHandler[]): T;
  (path: PathParams, ...handlers: HandlerArgument[]): T;
}

export interface RouteMatcher<T> {
  (...handlers: RequestHandler[]): T;
  (...handlers: HandlerArgument[]): T;
}

export interface Route {
  path: PathParams;
  stack: Array<{ method: string | undefined; handle: Handler }>;
  all: RouteMatcher<this>;
  get: RouteMatcher<this>;
  post: RouteMatcher<this>;
  put: RouteMatcher<this>;
  delete: RouteMatcher<this>;
  patch: RouteMatcher<this>;
  options: RouteMatcher<this>;
  head: RouteMatcher<this>;
}

export interface RouterOptions {
  caseSensitive?: boolean;
  strict?: boolean;
  mergeParams?: boolean;
}

interface RoutingMethods<T> {
  all: RouterMatcher<T>;
  post: RouterMatcher<T>;
  put: RouterMatcher<T>;
  delete: RouterMatcher<T>;
  patch: RouterMatcher<T>;
  options: RouterMatcher<T>;
  head: RouterMatcher<T>;
  use(...handlers: RequestHandler[]): T;
  use(path: PathParams, ...handlers: RequestHandler[]): T;
  use(...handlers: HandlerArgument[]): T;
  use(path: PathParams, ...handlers: HandlerArgument[]): T;
  route(path: PathParams): Route;
  param(name: string, handler: ParamHandler): T;
}

export interface Router extends RoutingMethods<Router> {
  get: RouterMatcher<Router>;
  (req: IncomingMessage, res: ServerResponse, next: NextFunction): void;
  stack: unknown[];
  handle(req: IncomingMessage, res: ServerResponse, next: NextFunction): void;
}

/** Limits of the server listen() creates (see README, "Production"). */
export interface ServerOptions {
  headersTimeout?: number;
  requestTimeout?: number;
  keepAliveTimeout?: number;
  connectionsCheckingInterval?: number;
  maxHeaderSize?: number;
  maxUrlLength?: number;
  shutdownTimeout?: number;
}

export interface BodyParserOptions {
  limit?: number | string;
  type?: string | string[] | ((req: IncomingMessage) => boolean);
  inflate?: boolean;
  verify?: (req: IncomingMessage, res: ServerResponse, buf: Buffer, encoding: string) => void;
}
export interface JsonOptions extends BodyParserOptions {
  strict?: boolean;
  reviver?: (key: string, value: any) => any;
}
export interface UrlencodedOptions extends BodyParserOptions {
  extended?: boolean;
  parameterLimit?: number;
  defaultCharset?: string;
  depth?: number;
}
export interface TextOptions extends BodyParserOptions {
  defaultCharset?: string;
}

export interface Application extends RoutingMethods<Application>, EventEmitter {
  (req: IncomingMessage, res: ServerResponse, next?: NextFunction): void;
  /** app.get(setting) reads a setting; with a path and handlers it adds a GET route. */
  get: ((setting: string) => any) & RouterMatcher<Application>;
  settings: Record<string, any>;
  locals: Record<string, any>;
  mountpath: string | string[];
  parent?: Application;
  request: Request;
  response: Response;
  router: Router;
  set(setting: string, value: any): this;
  set(setting: string): any;
  enable(setting: string): this;
  disable(setting: string): this;
  enabled(setting: string): boolean;
  disabled(setting: string): boolean;
  path(): string;
  handle(req: IncomingMessage, res: ServerResponse, callback?: (err?: any) => void): void;
  listen(port?: number, hostname?: string, backlog?: number, callback?: () => void): HttpServer;
  listen(port?: number, hostname?: string, callback?: () => void): HttpServer;
  listen(port?: number, callback?: () => void): HttpServer;
  listen(path: string, callback?: () => void): HttpServer;
  listen(options: object, callback?: () => void): HttpServer;
}

export type Express = Application;

export interface ServerFactory {
  (options?: ServerOptions): Application;
  new (options?: ServerOptions): Application;
  Router: { (options?: RouterOptions): Router; new (options?: RouterOptions): Router };
  Server: ServerFactory;
  request: Request;
  response: Response;
  json(options?: JsonOptions): RequestHandler;
  urlencoded(options?: UrlencodedOptions): RequestHandler;
  text(options?: TextOptions): RequestHandler;
  raw(options?: BodyParserOptions): RequestHandler;
  static(root: string, options?: ServeStaticOptions): RequestHandler;
  compose: Compose;
  cluster: typeof cluster;
}

export interface ClusterOptions {
  workers?: number;
  port?: number;
  host?: string;
  shutdownTimeout?: number;
}
/** In the primary: the workers and a graceful close; in a worker: its app and server. */
export declare function cluster(
  createApp: () => Application | Promise<Application>,
  options?: ClusterOptions,
): Promise<
  | { workers(): import("node:cluster").Worker[]; close(): Promise<void>; address: import("node:net").AddressInfo }
  | { app: Application; server: HttpServer }
>;

declare const Server: ServerFactory;
export default Server;
export { Server };
export declare function Router(options?: RouterOptions): Router;
export declare function json(options?: JsonOptions): RequestHandler;
export declare function urlencoded(options?: UrlencodedOptions): RequestHandler;
export declare function text(options?: TextOptions): RequestHandler;
export declare function raw(options?: BodyParserOptions): RequestHandler;
export declare function serveStatic(root: string, options?: ServeStaticOptions): RequestHandler;
export { compose, Context } from "./compose.js";
export type { Step, StepResult, CatchHandler, ComposeOptions, ComposedHandler } from "./compose.js";
