// Express 4's media types, as mime-types 3's database plus where its own dependencies answer
// otherwise: mime 1.6 (send 0.19's `mime`, which res.type, res.set, res.format, res.attachment
// and res.sendFile use there) and mime-types 2.1 (behind accepts 1.3 and type-is 1.6: req.accepts,
// req.is). test/express4/mime.test.js checks every extension against both packages, so a newer
// mime-db shows up there.
import { extname } from "node:path";
import { mimeTypes } from "../deps.js";

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
for (const ext of UNKNOWN.split(" ")) MIME_1[ext] = DEFAULT_TYPE;

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

/** mime 1.6's lookup: the type of a path, file name, ".ext" or "ext"; the default type if unknown. */
export function lookup(path) {
  const ext = path.replace(/^.*[./\\]/, "").toLowerCase();
  return MIME_1[ext] ?? mimeTypes().types[ext] ?? DEFAULT_TYPE;
}

/** mime 1.6's charsets.lookup: "UTF-8" for text and JavaScript/JSON types. */
export function charsetOf(type) {
  return /^text\/|^application\/(javascript|json)/.test(type) ? "UTF-8" : undefined;
}

/** mime-types 2.1's lookup of an extension ("js", ".js", "file.js"): its type, or false. */
export function extensionType(name) {
  const ext = extname(`x.${name}`).toLowerCase().slice(1);
  return (ext && (MIME_TYPES_2[ext] ?? mimeTypes().types[ext])) || false;
}
