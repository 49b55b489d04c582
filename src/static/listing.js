// Directory listing page (option `listing`): HTML for browsers, JSON when the
// client prefers application/json. Directories first, then a natural order
// (file-2 before file-10); ?sort=name|size|mtime&order=asc|desc, linked from
// the column headers, so sorting needs no script (other values are ignored).
// Every link is relative to the listing's own URL, which ends in "/": the
// page works behind any mount point or proxy prefix, and no href can leave the
// origin. Built with one array join: linear in the number of entries.
import { queryStringOf } from "../url.js";
import { accepts, escapeHtml, vary } from "../deps.js";
import { readDirectoryEntries } from "./directory-entries.js";

const HTML_HEAD =
  '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width">\n' +
  "<style>body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse}" +
  "td,th{padding:.2em 1em;text-align:left}td.size{text-align:right;font-variant-numeric:tabular-nums}" +
  "th a,h1 a{color:inherit}</style>\n";
const COLUMNS = [
  ["name", "Name"],
  ["size", "Size"],
  ["mtime", "Modified"],
];
const SORTS = new Set(COLUMNS.map(([key]) => key));
// Characters encodeURIComponent and escapeHtml both leave alone.
const PLAIN_NAME = /^[\w.~-]*$/;
// Numeric runs compare as numbers, case and accents aside; ties fall back to
// code points so the order is total.
const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

// `urlPath`: the listing's URL path as the client sent it (still encoded).
// options: { showDotfiles, realRoot, cache: ListingCache }
export async function sendListing(req, res, dirPath, urlPath, { cache, ...readOptions }) {
  const asJson = accepts()(req).type(["html", "json"]) === "json";
  const { sort, order } = sortOf(req.url);
  const key = `${asJson ? "json" : "html"}\0${sort}\0${order}\0${dirPath}\0${urlPath}`;
  const body = await cache.get(key, async () => {
    const entries = sortEntries(await readDirectoryEntries(dirPath, readOptions), sort, order);
    return Buffer.from(asJson ? renderJson(entries) : renderHtml(urlPath, entries, sort, order));
  });
  vary(res, "Accept");
  res.setHeader("Content-Type", asJson ? "application/json; charset=utf-8" : "text/html; charset=utf-8");
  res.setHeader("Content-Length", body.length);
  res.setHeader("X-Content-Type-Options", "nosniff");
  // Names are escaped; the policy is a second line of defence against markup in them.
  if (!asJson) res.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
  res.end(req.method === "HEAD" ? undefined : body);
}

// Only the known values count; anything else is the default (name, ascending).
function sortOf(url) {
  const query = queryStringOf(url);
  let sort = "name";
  let order = "asc";
  if (query !== null) {
    const params = new URLSearchParams(query);
    const wanted = params.get("sort");
    if (SORTS.has(wanted)) sort = wanted;
    const direction = params.get("order");
    if (direction === "asc" || direction === "desc") order = direction;
  }
  return { sort, order };
}

function sortEntries(entries, sort, order) {
  const sign = order === "desc" ? -1 : 1;
  const field = sort === "size" ? "size" : sort === "mtime" ? "mtimeMs" : null;
  return entries.sort((a, b) => {
    if (a.isDirectory !== b.isDirectory) return a.isDirectory ? -1 : 1;
    const byField = field === null ? 0 : a[field] - b[field];
    return sign * (byField || collator.compare(a.name, b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  });
}

// [{ name, type: "file" | "directory", size, modified (ISO date) }], written
// row by row rather than as 10,000 intermediate objects for JSON.stringify.
function renderJson(entries) {
  const isoDate = memoized((ms) => new Date(ms).toISOString());
  const rows = entries.map(
    (entry) =>
      `{"name":${JSON.stringify(entry.name)},"type":"${entry.isDirectory ? "directory" : "file"}",` +
      `"size":${entry.size},"modified":"${isoDate(entry.mtimeMs)}"}`,
  );
  return `[${rows.join(",")}]`;
}

function renderHtml(urlPath, entries, sort, order) {
  const title = escapeHtml(`Index of ${decoded(urlPath)}`);
  // "/a/b/" -> ["a", "b"]: one link per segment, "../" as many times as it is
  // above the listing.
  const segments = urlPath.split("/").slice(1, -1);
  const up = (levels) => (levels === 0 ? "./" : "../".repeat(levels));
  let crumbs = `<a href="${up(segments.length)}">/</a>`;
  segments.forEach((segment, i) => {
    crumbs += `<a href="${up(segments.length - 1 - i)}">${escapeHtml(decoded(segment))}</a>/`;
  });
  const parts = [
    HTML_HEAD,
    `<title>${title}</title>\n</head>\n<body>\n<h1>Index of ${crumbs}</h1>\n<table>\n<thead><tr>`,
  ];
  for (const [column, label] of COLUMNS) parts.push(columnHeader(column, label, sort, order));
  parts.push("</tr></thead>\n<tbody>\n");
  if (segments.length > 0) parts.push('<tr><td><a href="../">../</a></td><td></td><td></td></tr>\n');
  const date = memoized((second) => new Date(second * 1000).toISOString().slice(0, 19).replace("T", " "));
  const size = memoized(humanSize);
  for (const entry of entries) {
    const { name } = entry;
    // Most names need neither escaping nor encoding: skip both for them.
    const plain = PLAIN_NAME.test(name);
    const href = plain ? name : escapeHtml(encodeURIComponent(name));
    const text = plain ? name : escapeHtml(name);
    const slash = entry.isDirectory ? "/" : "";
    parts.push(
      `<tr><td><a href="${href}${slash}">${text}${slash}</a></td><td class="size">${entry.isDirectory ? "-" : size(entry.size)}</td>` +
        `<td>${date(Math.floor(entry.mtimeMs / 1000))}</td></tr>\n`,
    );
  }
  parts.push("</tbody>\n</table>\n</body>\n</html>\n");
  return parts.join("");
}

// The active column links to the other order; the others to ascending.
function columnHeader(column, label, sort, order) {
  if (column !== sort) return `<th><a href="?sort=${column}&amp;order=asc">${label}</a></th>`;
  const [aria, arrow, next] = order === "asc" ? ["ascending", "▲", "desc"] : ["descending", "▼", "asc"];
  return `<th aria-sort="${aria}"><a href="?sort=${column}&amp;order=${next}">${label}</a> ${arrow}</th>`;
}

const UNITS = ["B", "KB", "MB", "GB", "TB", "PB"];

// 1024-based: "512 B", "1.5 KB", "12 MB".
export function humanSize(bytes) {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 || value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  // 1023.6 KB rounds up to "1024 KB": say "1 MB" instead.
  if (shown === 1024 && unit < UNITS.length - 1) return `1 ${UNITS[unit + 1]}`;
  return `${shown} ${UNITS[unit]}`;
}

// Files made together share their dates: format each distinct one once in a row.
function memoized(format) {
  let lastKey = NaN;
  let lastValue = "";
  return (key) => {
    if (key !== lastKey) {
      lastKey = key;
      lastValue = format(key);
    }
    return lastValue;
  };
}

function decoded(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
