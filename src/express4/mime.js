// Express 4's media types: mime-types 3's database (the default mode's) where Express 4's own
// dependencies agree, their answers where they do not: mime 1.6 (send 0.19's `mime`, behind
// express.static, res.sendFile, res.type, res.set, res.format, res.attachment; also
// express.static.mime's API) and mime-types 2.1 (behind accepts 1.3 and type-is 1.6:
// req.accepts, req.is). test/express4/mime.test.js checks every extension against both
// packages, so a newer mime-db shows up there.
import { extname } from "node:path";
import { readFileSync } from "node:fs";
import { lazy, mimeTypes } from "../deps.js";

const DEFAULT_TYPE = "application/octet-stream";

// Extensions mime 1.6 does not know (mime-types 3 does): the default type.
const UNKNOWN =
  "1km 210 3mf adts age aml amlx amr appinstaller appx appxbundle atomdeleted avci avcs avif azv b16 " +
  "bary bdo blend bmml brush brushset bsp btf cdfx cjs cld cpl csl cwl dbf dcm dcmp ddf dds deb dib " +
  "disposition-notification dll dmg dng dpx drle drm dwd emotionml exe exp exr fbx fdt fits fo gdraw " +
  "ged gform ggs gjam gmap gscript gsite heic heics heif heifs hej2 held ipynb iso its jaii jais jfif " +
  "jhc jls jph jt jxl jxr jxra jxrs jxs jxsc jxsi jxss kdbx key ktx2 lgr lottie m2t m2ts m4b m4s maei " +
  "mdx mht mhtml mpf msi msix msixbundle mtl musd mvt mxmf nq nt numbers obgx ogex one onea opus osm " +
  "owl p21 pages provx pti pyo pyox rapd relo rsat rsheet rusd senmlx sensmlx shex sieve siv sls spdx " +
  "step stp stpnc stpx stpxz stpz swidtag t38 tap td tfx toml trig ttml u3d u8dsn u8hdr u8mdn u8msg ubj " +
  "uo usda usdz vds vdx vsdx vtf vtx wgsl wif wsc x_b x_t xav xca xcs xdcf xel xhtm xns xsf";

// mime 1.6's type where mime-db has another (newer) one.
const MIME_1 = Object.assign(Object.create(null), {
  aac: "audio/x-aac",
  asc: "application/pgp-signature",
  emf: "application/x-msmetafile",
  fdf: "application/vnd.fdf",
  hjson: "text/hjson",
  ico: "image/x-icon",
  jpgm: "video/jpm",
  js: "application/javascript",
  mjs: "application/javascript",
  mpp: "application/vnd.ms-project",
  mts: "model/vnd.mts",
  obj: "application/x-tgif",
  pcx: "image/x-pcx",
  prc: "application/x-mobipocket-ebook",
  rar: "application/x-rar-compressed",
  sql: "application/x-sql",
  stl: "application/vnd.ms-pki.stl",
  wmf: "application/x-msmetafile",
  x3db: "model/x3d+binary",
  x3dv: "model/x3d+vrml",
  xfdf: "application/vnd.adobe.xfdf",
  xlf: "application/x-xliff+xml",
});
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

// Where mime-types 2.1 answers otherwise: false for the extensions it does not know.
const MIME_TYPES_2 = Object.assign(Object.create(null), {
  aac: "audio/x-aac",
  es: "application/ecmascript",
  fdf: "application/vnd.fdf",
  hsj2: "image/hsj2",
  jpgm: "video/jpm",
  js: "application/javascript",
  mjs: "application/javascript",
  mts: "model/vnd.mts",
  prc: "application/x-mobipocket-ebook",
  sql: "application/x-sql",
  wav: "audio/wave",
  xfdf: "application/vnd.adobe.xfdf",
});
const UNKNOWN_2 =
  "210 adts aml amlx appinstaller appx appxbundle bary bdo blend brush brushset btf cld cwl dcm dcmp " +
  "dib dng dpx drm fbx gdraw gform ggs gjam gmap gscript gsite ipynb jaii jais jfif jt jxl lottie m2t " +
  "m2ts m4b mht mhtml msix msixbundle one onea p21 pyo pyox step stp stpnc u3d uo usda vdx vsdx vtx " +
  "wgsl xdcf xhtm xsf";
for (const ext of UNKNOWN_2.split(" ")) MIME_TYPES_2[ext] = false;

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
  Object.assign(mime.types, MIME_1);
  for (const ext of UNKNOWN.split(" ")) delete mime.types[ext];
  Object.assign(mime.extensions, MIME_1_EXTENSIONS);
  mime.default_type = DEFAULT_TYPE;
  mime.Mime = Mime;
  mime.charsets = {
    lookup(mimeType, fallback) {
      return /^text\/|^application\/(javascript|json)/.test(mimeType) ? "UTF-8" : fallback;
    },
  };
  return mime;
}

/** The shared mime 1.6 object (express.static.mime), made on first use (mime-db is large). */
export const mime = lazy(createMime);

/** mime 1.6's lookup: the type of a path, file name, ".ext" or "ext"; the default type if unknown. */
export const lookup = (path) => mime().lookup(path);

/** mime 1.6's charsets.lookup: "UTF-8" for text and JavaScript/JSON types. */
export const charsetOf = (type) => mime().charsets.lookup(type);

/** send 0.19's Content-Type for a file path: its type, with mime 1.x's charset for text. */
export function contentTypeOf(path) {
  const type = lookup(path);
  const charset = charsetOf(type);
  return charset ? `${type}; charset=${charset}` : type;
}

/** mime-types 2.1's lookup of an extension ("js", ".js", "file.js"): its type, or false. */
export function extensionType(name) {
  const ext = extname(`x.${name}`).toLowerCase().slice(1);
  return (ext && (MIME_TYPES_2[ext] ?? mimeTypes().types[ext])) || false;
}
