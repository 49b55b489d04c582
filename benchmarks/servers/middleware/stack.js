// Five connect-style middleware of the kind every API has (request id,
// powered-by, CORS, bearer auth, timing), shared verbatim by every
// framework that speaks (req, res, next).
export const TOKEN = "Bearer bench-token";

let lastRequestId = 0;

function requestId(req, res, next) {
  req.id = ++lastRequestId;
  next();
}

function poweredBy(req, res, next) {
  res.setHeader("x-powered-by", "bench");
  next();
}

function cors(req, res, next) {
  res.setHeader("access-control-allow-origin", "*");
  next();
}

function auth(req, res, next) {
  if (req.headers.authorization !== TOKEN) {
    res.statusCode = 401;
    res.end("unauthorized");
    return;
  }
  req.user = "bench";
  next();
}

function timing(req, res, next) {
  req.startedAt = performance.now();
  next();
}

export const middlewareStack = [requestId, poweredBy, cors, auth, timing];

// The route after the stack answers with what the stack computed.
export function whoAmI(req, res) {
  res.end(req.user);
}
