// The few small HTML answers the static module writes itself.
import { escapeHtml, statuses } from "../deps.js";
import { htmlPage } from "../errors.js";

// Header order as serve-static writes it (a redirect's Location comes last).
function sendHtml(res, status, html, location) {
  res.statusCode = status;
  res.setHeader("Content-Type", "text/html; charset=UTF-8"); // as send writes it
  res.setHeader("Content-Length", Buffer.byteLength(html));
  res.setHeader("Content-Security-Policy", "default-src 'none'");
  res.setHeader("X-Content-Type-Options", "nosniff");
  if (location !== undefined) res.setHeader("Location", location);
  res.end(html);
}

// Error page for sendFile callers that gave no callback; headers set for the
// file so far are dropped, the error's own (e.g. 416 Content-Range) are kept.
export function sendErrorPage(res, err) {
  const status = err.status ?? 500;
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  if (err.headers) for (const [name, value] of Object.entries(err.headers)) res.setHeader(name, value);
  sendHtml(res, status, htmlPage("Error", escapeHtml(statuses.message[status] ?? String(status))));
}

// `location` must already be a safe, encoded, same-origin path.
export function sendRedirect(res, location) {
  sendHtml(res, 301, htmlPage("Redirecting", `Redirecting to ${escapeHtml(location)}`), location);
}
