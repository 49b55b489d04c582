// Hand-written declarations for lib-server: the CommonJS entry, `require("lib-server")`,
// which returns the Server factory itself (as require("express") does), with every named
// export of the ES module, `default` included, as its properties. Everything is declared in
// index.d.ts; this file only gives it the `export =` shape:
//   import express = require("lib-server");
//   const app = express();
//   function handler(req: express.Request, res: express.Response) {}
import type * as lib from "./index.js" with { "resolution-mode": "import" };

declare const Server: lib.ServerFactory;
// The same list as in index.d.ts: `express.Request` and friends as types.
declare namespace Server {
  type Application<LocalsObj extends Record<string, any> = Record<string, any>> = lib.Application<LocalsObj>;
  type Express = lib.Express;
  type Request<
    P = lib.ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = lib.ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  > = lib.Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
  type Response<ResBody = any, LocalsObj extends Record<string, any> = Record<string, any>, StatusCode extends number = number> = lib.Response<
    ResBody,
    LocalsObj,
    StatusCode
  >;
  type NextFunction = lib.NextFunction;
  type RequestHandler<
    P = lib.ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = lib.ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  > = lib.RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
  type ErrorRequestHandler<
    P = lib.ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = lib.ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  > = lib.ErrorRequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
  type RequestHandlerParams<
    P = lib.ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = lib.ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  > = lib.RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>;
  type Handler = lib.Handler;
  type RequestParamHandler = lib.RequestParamHandler;
  type Router = lib.Router;
  type RouterOptions = lib.RouterOptions;
  type IRouter = lib.IRouter;
  type IRoute<Route extends string | RegExp = string> = lib.IRoute<Route>;
  type Route<Path extends string | RegExp = string> = lib.Route<Path>;
  type IRouterHandler<T, Route extends string | RegExp = string> = lib.IRouterHandler<T, Route>;
  type IRouterMatcher<T, Method extends string = any> = lib.IRouterMatcher<T, Method>;
  type Layer = lib.Layer;
  type RouteListing = lib.RouteListing;
  type Locals = lib.Locals;
  type CookieOptions = lib.CookieOptions;
  type Errback = lib.Errback;
  type MediaType = lib.MediaType;
  type Send<ResBody = any, T = lib.Response<ResBody>> = lib.Send<ResBody, T>;
  type ParamsDictionary = lib.ParamsDictionary;
  type ParamsFlatDictionary = lib.ParamsFlatDictionary;
  type Params = lib.Params;
  type ParsedQs = lib.ParsedQs;
  type Query = lib.Query;
  type Dictionary<T> = lib.Dictionary<T>;
  type PathParams = lib.PathParams;
  type RouteParameters<Route extends string | RegExp> = lib.RouteParameters<Route>;
  type SendOptions = lib.SendOptions;
  type SendFileOptions = lib.SendFileOptions;
  type DownloadOptions = lib.DownloadOptions;
  type ServeStaticOptions = lib.ServeStaticOptions;
  type ServerOptions = lib.ServerOptions;
  type ListenOptions = lib.ListenOptions;
  type Http2ListenOptions = lib.Http2ListenOptions;
  type JsonOptions = lib.JsonOptions;
  type UrlencodedOptions = lib.UrlencodedOptions;
  type TextOptions = lib.TextOptions;
  type RawOptions = lib.RawOptions;
  type BodyParserOptions = lib.BodyParserOptions;
  type ClusterOptions = lib.ClusterOptions;
  type ServerFactory = lib.ServerFactory;
  type Context<State extends object = lib.DefaultState> = lib.Context<State>;
}

export = Server;
