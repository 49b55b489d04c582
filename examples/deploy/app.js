// One stateless lib-server instance of a scaled-out deployment: run several behind nginx
// (nginx.conf.template beside this file). Nothing lives in the process: sessions and rate
// limit counters are in Redis, so any instance can answer any request, and an instance can
// be stopped (SIGTERM: in-flight requests finish first) while the others carry on.
//
// Env: PORT (default 3000), HOST (default 127.0.0.1: only nginx should reach it),
// REDIS_URL, INSTANCE (a name shown in answers), SESSION_SECRET, RATE_LIMIT (requests per
// window and client address, default 100), RATE_WINDOW_MS (default 60000).
import session from "express-session";
import { RedisStore as SessionStore } from "connect-redis";
import { rateLimit } from "express-rate-limit";
import { RedisStore as RateLimitStore } from "rate-limit-redis";
import { createClient } from "redis";
import Server from "lib-server";

const env = process.env;
const instance = env.INSTANCE ?? String(process.pid);

const redis = createClient({ url: env.REDIS_URL ?? "redis://127.0.0.1:6379" });
redis.on("error", (err) => console.error(`instance ${instance}: redis: ${err.message}`));
await redis.connect();

const app = new Server();
// nginx is the one proxy in front: trust one hop, so req.ip is the address nginx saw and a
// client's own X-Forwarded-For can't forge it; req.protocol comes from X-Forwarded-Proto.
app.set("trust proxy", 1);

app.use((req, res, next) => {
  res.set("X-Instance", instance);
  next();
});

// Health checks stay cheap: answered before sessions and rate limits touch Redis.
app.get("/health", (req, res) => res.send("ok"));

app.use(
  session({
    store: new SessionStore({ client: redis, prefix: "sess:" }),
    secret: env.SESSION_SECRET ?? "change me",
    resave: false,
    saveUninitialized: false,
    // Secure cookies are only sent when req.secure is true: behind nginx, that is "trust proxy".
    cookie: { secure: true, httpOnly: true, sameSite: "lax" },
  }),
);

const limiter = rateLimit({
  windowMs: Number(env.RATE_WINDOW_MS) || 60_000,
  limit: Number(env.RATE_LIMIT) || 100,
  standardHeaders: "draft-8",
  legacyHeaders: false,
  store: new RateLimitStore({ sendCommand: (...args) => redis.sendCommand(args), prefix: "rl:" }),
});

app.get("/whoami", (req, res) => {
  res.json({ instance, ip: req.ip, ips: req.ips, protocol: req.protocol, secure: req.secure, hostname: req.hostname });
});

app.post("/login", Server.json(), (req, res, next) => {
  // A new session id on login, as any login should (session fixation).
  req.session.regenerate((err) => {
    if (err) return next(err);
    req.session.user = String(req.body?.user ?? "anonymous");
    res.json({ instance, user: req.session.user });
  });
});

app.get("/me", (req, res) => res.json({ instance, user: req.session.user ?? null }));

app.get("/limited", limiter, (req, res) => res.json({ instance }));

app.get("/slow", async (req, res) => {
  await new Promise((resolve) => setTimeout(resolve, Math.min(Number(req.query.ms) || 100, 5000)));
  res.json({ instance });
});

const server = app.listen(
  { port: Number(env.PORT ?? 3000), host: env.HOST ?? "127.0.0.1", gracefulShutdown: true },
  (err) => {
    if (err) throw err;
    const { address, port } = server.address();
    console.log(`instance ${instance} listening on ${address}:${port}`);
  },
);
