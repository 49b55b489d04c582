// Types of lib-server's compose(): promise-chain middleware on a per-request context.
import type { Request, Response, NextFunction, RequestHandler } from "./index.js";

/** What a step may return or resolve to. `undefined` (or the context itself) means
 * "go on"; a string, Buffer/Uint8Array, readable stream, object, array, number,
 * boolean or null is the response and ends the chain. */
export type StepResult = void | undefined | null | string | number | boolean | object;

export type Awaitable<T> = T | PromiseLike<T>;

/** The default shape of `ctx.state`: anything goes. */
export type DefaultState = Record<string, any>;

/** The object every step receives; one per request. Extend it through
 * `compose.Context.prototype`. */
export declare class Context<State extends object = DefaultState> {
  constructor(req: Request, res: Response, next: NextFunction);
  readonly req: Request;
  readonly res: Response;
  /** `req.params`. (A step does not know its route's path: parameters are typed as strings;
   * a wildcard parameter, `*splat`, is an array of strings at run time.) */
  readonly params: { [key: string]: string };
  /** `req.query` */
  readonly query: Request["query"];
  /** `req.body`, as set by a body parser */
  readonly body: Request["body"];
  /** Per-request data shared between steps, created on first use. */
  state: State;
  /** A request header, case-insensitive ("referer" and "referrer" are aliases). */
  get(name: string): string | string[] | undefined;
  status(code: number): this;
  set(field: string, value?: string | number | readonly string[]): this;
  set(fields: Record<string, string | number | readonly string[]>): this;
  type(type: string): this;
  json(body?: unknown): this;
  send(body?: unknown): this;
  redirect(url: string): this;
  redirect(status: number, url: string): this;
}

export type Step<State extends object = DefaultState> = (ctx: Context<State>) => Awaitable<StepResult>;

export type CatchHandler<State extends object = DefaultState> = (
  err: any,
  ctx: Context<State>,
) => Awaitable<StepResult>;

declare const catchStepBrand: unique symbol;
declare const composedBrand: unique symbol;

/** An error step made by `compose.catch()`. */
export interface CatchStep<State extends object = DefaultState> {
  readonly [catchStepBrand]: CatchHandler<State>;
}

/** The mark of a compose() result: such a handler can be a step of another chain. */
export interface Composed {
  readonly [composedBrand]: true;
}

/** What compose() returns: an Express-style `(req, res, next)` handler. */
export type ComposedHandler = RequestHandler & Composed;

/** Anything compose() accepts as a step; arrays are flattened. (Nested chains are
 * matched by their mark, not their call signature, so `(ctx) => ...` steps keep
 * their contextual type.) */
export type StepLike<State extends object = DefaultState> =
  Step<State> | CatchStep<State> | Composed | readonly StepLike<State>[];

export interface ComposeOptions {
  /** `false`: no compose.catch() steps allowed; any failure goes to `next(err)`. Default `true`. */
  errors?: boolean;
}

export interface Compose {
  <State extends object = DefaultState>(options: ComposeOptions, ...steps: StepLike<State>[]): ComposedHandler;
  <State extends object = DefaultState>(...steps: StepLike<State>[]): ComposedHandler;
  /** An error step: runs only when a step before it failed. Returning nothing means
   * "handled, go on"; throwing passes the new error on. */
  catch<State extends object = DefaultState>(fn: CatchHandler<State>): CatchStep<State>;
  Context: typeof Context;
}

export declare const compose: Compose;
