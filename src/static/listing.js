// Directory listing page (option `listing`): HTML for browsers, JSON when the
// client prefers application/json. Built with one array join: linear in the
// number of entries, no quadratic string growth.
import { accepts, escapeHtml, vary } from "../deps.js";
import { readDirectoryEntries } from "./directory-entries.js";

const HTML_HEAD =
  '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width">\n' +
  "<style>body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse}" +
  "td,th{padding:.2em 1em;text-align:left}td.size{text-align:right;font-variant-numeric:tabular-nums}</style>\n";

// `urlPath` is the decoded path the listing is shown for (title and parent link).
// options: { showDotfiles, realRoot, cache: ListingCache }
export async function sendListing(req, res, dirPath, urlPath, { cache, ...readOptions }) {
  const asJson = accepts()(req).type(["html", "json"]) === "json";
  const key = `${asJson ? "json" : "html"}\0${dirPath}\0${urlPath}`;
  const body = await cache.get(key, async () => {
    const entries = await readDirectoryEntries(dirPath, readOptions);
    return Buffer.from(asJson ? renderJson(entries) : renderHtml(urlPath, entries));
  });
  vary(res, "Accept");
  res.setHeader("Content-Type", asJson ? "application/json; charset=utf-8" : "text/html; charset=utf-8");
  res.setHeader("Content-Length", body.length);
  res.setHeader("X-Content-Type-Options", "nosniff");
  // Names are escaped; the policy is a second line of defence against markup in them.
  if (!asJson) res.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
  res.end(req.method === "HEAD" ? undefined : body);
}

// [{ name, type: "file" | "directory", size, modified (ISO date) }], written
// row by row rather than as 10,000 intermediate objects for JSON.stringify.
function renderJson(entries) {
  const rows = entries.map(
    (entry) =>
      `{"name":${JSON.stringify(entry.name)},"type":"${entry.isDirectory ? "directory" : "file"}",` +
      `"size":${entry.size},"modified":"${new Date(entry.mtimeMs).toISOString()}"}`,
  );
  return `[${rows.join(",")}]`;
}

function renderHtml(urlPath, entries) {
  const title = escapeHtml(`Index of ${urlPath}`);
  const parts = [HTML_HEAD, `<title>${title}</title>\n</head>\n<body>\n<h1>${title}</h1>\n`];
  parts.push("<table>\n<thead><tr><th>Name</th><th>Size</th><th>Modified</th></tr></thead>\n<tbody>\n");
  if (urlPath !== "/") parts.push('<tr><td><a href="../">../</a></td><td></td><td></td></tr>\n');
  for (const entry of entries) {
    const slash = entry.isDirectory ? "/" : "";
    // Links are relative to the listing's own URL, which always ends in "/".
    parts.push(
      `<tr><td><a href="${escapeHtml(encodeURIComponent(entry.name))}${slash}">${escapeHtml(entry.name)}${slash}</a></td>` +
        `<td class="size">${entry.isDirectory ? "-" : entry.size}</td>` +
        `<td>${new Date(entry.mtimeMs).toISOString().slice(0, 19).replace("T", " ")}</td></tr>\n`,
    );
  }
  parts.push("</tbody>\n</table>\n</body>\n</html>\n");
  return parts.join("");
}
