// serveStatic(root, options): connect-style middleware serving files under
// `root`, a drop-in for express.static / serve-static 2 (same options and
// fall-through rules), plus directory listings, precompressed siblings,
// on-the-fly compression and an in-memory cache of small files.
import { SEND_HEADER_RULES, servePath } from "./serve-path.js";
import { failureStatus, failureError } from "./errors.js";
import { normalizeSendOptions } from "./options.js";
import { FileCache } from "./file-cache.js";
import { relativeFromUrl, hasDotSegment, endsInDotfile, rootPrefix, isRefused, MALFORMED_PATH } from "./safe-path.js";
import { sendRedirect } from "./respond.js";
import { sendListing } from "./listing.js";
import { ListingCache } from "./listing-cache.js";
import { encodeUrl } from "../deps.js";
import { routingPathOf, queryStringOf } from "../url.js";

const DEFAULT_SEND = {};

export function serveStatic(root, options) {
  return createServeStatic(root, options, DEFAULT_SEND);
}

/**
 * serveStatic for a variant of send (the Express 4 mode's, send 0.19's): `typeOf(path)`, a
 * file's Content-Type (default: mime-types' for its extension), `dotfiles(options)`, the
 * dotfiles rule for these options (undefined: the option's; "ignore-last": only a path that
 * ends in a dotfile is one to ignore, a dot directory on the way is served), and
 * `headerRules` (default: send 1.x's, SEND_HEADER_RULES).
 */
export function createServeStatic(root, options, variant) {
  if (!root) throw new TypeError("root path required");
  if (typeof root !== "string") throw new TypeError("root path must be a string");
  options ??= {}; // serve-static accepts null
  const { setHeaders } = options;
  if (setHeaders !== undefined && typeof setHeaders !== "function")
    throw new TypeError("option setHeaders must be function");

  const config = normalizeSendOptions({ ...options, root });
  const fallthrough = options.fallthrough !== false;
  const redirect = options.redirect !== false;
  const listing = Boolean(options.listing);
  const dotfiles = variant.dotfiles?.(options) ?? config.dotfiles;
  const prefix = rootPrefix(config.root);
  const cache =
    options.cache === false
      ? new FileCache({ maxEntries: 0, maxBytes: 0, revalidateAfter: 0, typeOf: variant.typeOf })
      : new FileCache({
          maxBytes: options.cacheMaxBytes,
          maxFileSize: options.cacheMaxFileSize,
          revalidateAfter: options.revalidateAfter,
          typeOf: variant.typeOf,
        });

  const listings = new ListingCache({ revalidateAfter: cache.revalidateAfter });
  const fileServer = {
    config,
    cache,
    realRoot: config.followSymlinks ? null : undefined,
    beforeHeaders: setHeaders ? (res, entry) => setHeaders(res, entry.path, entry.stat) : null,
    headerRules: variant.headerRules ?? SEND_HEADER_RULES,
    // Before a file is found, client errors mean "not mine": let the next
    // middleware try, unless fallthrough is off. After, they're the answer.
    fail(req, res, next, reason, fileFound) {
      if (fallthrough && !fileFound && failureStatus(reason) < 500) next();
      else next(failureError(reason));
    },
    // `indexFailure`: the failure send would report for the index files (or a 404).
    directory(req, res, next, entry, indexed, indexFailure) {
      if (!indexed) {
        if (redirect) sendRedirect(res, slashLocation(req));
        else fileServer.fail(req, res, next, 404, false);
      } else if (listing) {
        const options = { showDotfiles: config.dotfiles === "allow", realRoot: fileServer.realRoot, cache: listings };
        sendListing(req, res, entry.path, listingPath(req), options).catch((err) =>
          fileServer.fail(req, res, next, err, true),
        );
      } else {
        fileServer.fail(req, res, next, indexFailure, false);
      }
    },
  };

  return function serveStatic(req, res, next) {
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") {
      if (fallthrough) return next();
      res.statusCode = 405;
      res.setHeader("Allow", "GET, HEAD");
      res.setHeader("Content-Length", "0");
      res.end();
      return;
    }
    const pathname = absolutePathOf(req.url);
    let relative = pathname === null ? MALFORMED_PATH : relativeFromUrl(pathname);
    if (isRefused(relative)) return fileServer.fail(req, res, next, relative.status, false);
    if (dotfiles !== "allow" && hasDotSegment(relative) && (dotfiles !== "ignore-last" || endsInDotfile(relative))) {
      return fileServer.fail(req, res, next, dotfiles === "deny" ? 403 : 404, false);
    }
    // Mounted at /static, a request for "/static" arrives as "/": treat it as
    // the directory without its slash, so the redirect happens at the mount.
    if (relative === "/" && req.originalUrl !== undefined && !absolutePathOf(req.originalUrl)?.endsWith("/"))
      relative = "";
    servePath(req, res, next, prefix + relative, fileServer, pathname.endsWith("/"));
  };
}

// The path the router matched (src/url.js) when it is an absolute path, else null ("*").
function absolutePathOf(url) {
  const path = routingPathOf(url);
  return path !== undefined && path.charCodeAt(0) === 47 /* / */ ? path : null;
}

// The same URL with a slash after the path. Leading slashes and backslashes are
// collapsed so the Location can't become protocol-relative ("//evil.com").
function slashLocation(req) {
  const url = req.originalUrl ?? req.url;
  const pathname = absolutePathOf(url) ?? "/";
  const query = queryStringOf(url);
  const search = query === null ? "" : "?" + query;
  const path = pathname.replace(/^[/\\]+/, "/");
  return encodeUrl(`${path.endsWith("/") ? path : path + "/"}${search}`);
}

// The public path of a listing (mount prefix included) as the client sent it:
// its title, and its breadcrumbs' relative links, which the client resolves
// against this very path.
function listingPath(req) {
  return absolutePathOf(req.originalUrl ?? req.url) ?? "/";
}
