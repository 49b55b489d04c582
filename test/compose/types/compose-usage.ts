// Type-level checks of types/compose.d.ts (compiled with tsc, never run).
// Expects types/index.d.ts to re-export compose.d.ts and to export RequestHandler.
import { Readable } from "node:stream";
import type { RequestHandler } from "lib-server";
import { compose, type Context } from "lib-server";

declare function findUser(id: string): Promise<{ name: string }>;

const auth = async (ctx: Context) => {
  if (!ctx.get("authorization")) return ctx.status(401).json({ error: "no token" });
};
const load = async (ctx: Context) => {
  ctx.state.user = await findUser(ctx.params.id);
};

// compose() results are Express handlers, and steps of other chains.
export const users = compose(auth, load, (ctx) => ctx.state.user);
export const fast = compose({ errors: false }, () => "plain text");
export const logged = compose(
  (ctx) => void ctx.set("x-seen", "1"),
  compose.catch((err, ctx) => ({ error: err.message, path: ctx.req.url })),
);
export const nested = compose(users, [fast, [logged]]);
export const handlers: RequestHandler[] = [users, fast, logged, nested];

// Every kind of return value.
export const values = compose(
  async () => Buffer.from("x"),
  () => new Uint8Array(2),
  () => Readable.from(["x"]),
  () => 42,
  () => null,
  () => [1, 2],
  (ctx) => ctx.redirect(301, "/x").set({ a: "b" }).type("json"),
);

// A typed state.
interface State {
  user?: { name: string };
}
export const typed = compose<State>(
  (ctx) => {
    ctx.state.user = { name: "a" };
  },
  (ctx) => ctx.state.user?.name,
);

// @ts-expect-error a typed state rejects unknown keys
compose<State>((ctx) => void (ctx.state.other = 1));
// @ts-expect-error steps take (ctx)
compose((ctx) => ctx.nope());
// @ts-expect-error Express middleware is not a step
compose((req: unknown, res: unknown, next: () => void) => next());
// @ts-expect-error a plain Express handler is not a step (no compose mark)
compose(users as RequestHandler);
// @ts-expect-error compose.catch needs a function
compose.catch(42);
