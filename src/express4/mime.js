// mime 1.x's API, as Express 4 has it (express.static.mime, send's): Content-Types of its
// static files, with a charset (`text/plain; charset=UTF-8`). Its table is mime-db's (the
// default mode's mime-types) with mime 1.6's own answers where they differ; extensions
// mime 1.6 did not know get mime-db's type rather than application/octet-stream.
import { readFileSync } from "node:fs";
import { lazy, mimeTypes } from "../deps.js";

// mime 1.6's type for these extensions (mime-db has newer ones for them: text/javascript...).
const MIME_1_TYPES = {
  "application/javascript": ["js", "mjs"],
  "application/octet-stream": ["exe", "dll", "deb", "dmg", "iso", "msi"],
  "application/pgp-signature": ["asc"],
  "application/vnd.adobe.xfdf": ["xfdf"],
  "application/vnd.fdf": ["fdf"],
  "application/vnd.ms-pki.stl": ["stl"],
  "application/vnd.ms-project": ["mpp"],
  "application/x-mobipocket-ebook": ["prc"],
  "application/x-msmetafile": ["wmf", "emf"],
  "application/x-rar-compressed": ["rar"],
  "application/x-sql": ["sql"],
  "application/x-tgif": ["obj"],
  "application/x-xliff+xml": ["xlf"],
  "audio/x-aac": ["aac"],
  "image/x-icon": ["ico"],
  "image/x-pcx": ["pcx"],
  "model/vnd.mts": ["mts"],
  "model/x3d+binary": ["x3db"],
  "model/x3d+vrml": ["x3dv"],
  "text/hjson": ["hjson"],
  "video/jpm": ["jpgm"],
};
// mime 1.6's extension for these types, where mime-db lists another one first.
const MIME_1_EXTENSIONS = {
  "application/mp4": "mp4s",
  "application/pgp-signature": "asc",
  "application/x-debian-package": "udeb",
  "application/x-msdownload": "com",
  "application/xslt+xml": "xslt",
  "image/jpeg": "jpeg",
  "image/tiff": "tiff",
  "text/hjson": "hjson",
  "text/markdown": "markdown",
  "video/jpm": "jpgm",
};

export function Mime() {
  this.types = Object.create(null); // extension -> type
  this.extensions = Object.create(null); // type -> its first extension
}

/** { type: [extensions] }: the extensions get the type; the first one becomes the type's, if it has none yet. */
Mime.prototype.define = function define(map) {
  for (const type in map) {
    const exts = map[type];
    for (let i = 0; i < exts.length; i++) this.types[exts[i]] = type;
    if (!this.extensions[type]) this.extensions[type] = exts[0];
  }
};

/** Loads an Apache-style .types file ("type ext ext ..." lines, # comments). */
Mime.prototype.load = function load(file) {
  const map = {};
  for (const line of readFileSync(file, "ascii").split(/[\r\n]+/)) {
    const fields = line.replace(/\s*#.*|^\s*|\s*$/g, "").split(/\s+/);
    map[fields.shift()] = fields;
  }
  this.define(map);
};

/** The type of a path's extension (or of the whole name, when it has none), else fallback or default_type. */
Mime.prototype.lookup = function lookup(path, fallback) {
  const ext = path.replace(/^.*[./\\]/, "").toLowerCase();
  return this.types[ext] || fallback || this.default_type;
};

Mime.prototype.extension = function extension(mimeType) {
  const type = mimeType.match(/^\s*([^;\s]*)(?:;|\s|$)/)[1].toLowerCase();
  return this.extensions[type];
};

function createMime() {
  const mime = new Mime();
  const db = mimeTypes();
  Object.assign(mime.types, db.types);
  for (const type in db.extensions) mime.extensions[type] = db.extensions[type][0];
  mime.define(MIME_1_TYPES);
  Object.assign(mime.extensions, MIME_1_EXTENSIONS);
  mime.default_type = mime.lookup("bin");
  mime.Mime = Mime;
  mime.charsets = {
    lookup(mimeType, fallback) {
      return /^text\/|^application\/(javascript|json)/.test(mimeType) ? "UTF-8" : fallback;
    },
  };
  return mime;
}

/** The shared mime object, made on first use (mime-db is large). */
export const mime = lazy(createMime);

/** send 0.19's Content-Type for a file path: its type, with mime 1.x's charset for text. */
export function contentTypeOf(path) {
  const m = mime();
  const type = m.lookup(path);
  const charset = m.charsets.lookup(type);
  return charset ? `${type}; charset=${charset}` : type;
}
