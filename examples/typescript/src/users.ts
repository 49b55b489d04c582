// The users resource: a Router whose handlers type their params, bodies, query and replies.
import { Router, type Request, type Response, type RequestHandler } from "lib-server";
import { HttpError } from "./errors.js";
import { requireRole } from "./auth.js";

export interface User {
  id: string;
  name: string;
  roles: string[];
}

/** What the API returns for a user. */
export interface UserDto {
  id: string;
  name: string;
}

export interface CreateUserBody {
  name: string;
  roles?: string[];
}

export interface ListQuery {
  limit?: string;
  prefix?: string;
}

const users = new Map<string, User>([["1", { id: "1", name: "Ada", roles: ["admin"] }]]);
const tokens = new Map<string, string>([["secret-token", "1"]]);

export function findUserByToken(token: string): User | undefined {
  const id = tokens.get(token);
  return id === undefined ? undefined : users.get(id);
}

const toDto = ({ id, name }: User): UserDto => ({ id, name });

// A handler typed with RequestHandler's parameters: <Params, ResBody, ReqBody, Query>.
const list: RequestHandler<{}, UserDto[], unknown, ListQuery> = (req, res) => {
  const limit = Math.min(Number(req.query.limit ?? 50), 100);
  const prefix = req.query.prefix ?? "";
  res.json(
    [...users.values()]
      .filter((u) => u.name.startsWith(prefix))
      .slice(0, limit)
      .map(toDto),
  );
};

// A function typed with Request and Response; async errors reach errorHandler.
async function create(req: Request<{}, UserDto, CreateUserBody>, res: Response<UserDto>): Promise<void> {
  const { name, roles = [] } = req.body ?? {};
  if (typeof name !== "string" || name === "") throw new HttpError(400, "name is required");
  const user: User = { id: String(users.size + 1), name, roles };
  users.set(user.id, user);
  res.status(201).location(`/users/${user.id}`).json(toDto(user));
}

export const usersRouter = Router();

usersRouter.get("/", list);
usersRouter.post("/", requireRole("admin"), create);
usersRouter.get("/me", (req, res) => {
  res.json(toDto(req.user!));
});
// Inline handlers get their params from the path: req.params.id is a string.
usersRouter.get("/:id", (req, res) => {
  const user = users.get(req.params.id);
  if (!user) throw new HttpError(404, `no user ${req.params.id}`);
  res.json(toDto(user));
});
usersRouter.delete("/:id", requireRole("admin"), (req, res) => {
  res.sendStatus(users.delete(req.params.id) ? 204 : 404);
});
