// The response headers lib-server reads, writes or removes through Node's header storage
// (node-internals/header-storage.js: headerOf, setValidHeader, removeHeaders), each declared
// once: `name` as it is sent, `lower` the key Node stores it under. One factory gives every
// descriptor the same shape, so the loads in those helpers stay monomorphic. Callers import the
// module as a namespace and destructure it into consts of their own: optimized code reads an
// imported binding through its module cell at every use, a module's own const it folds.
// `lower` is the internalized string (property keys are), so comparing it with a literal, as
// header-storage.js does for the headers of every response, is a pointer comparison.
import { internalized } from "./property-key.js";

const header = (name) => Object.freeze({ name, lower: internalized(name.toLowerCase()) });

export const ACCEPT_RANGES = header("Accept-Ranges");
export const CACHE_CONTROL = header("Cache-Control");
export const CONTENT_ENCODING = header("Content-Encoding");
export const CONTENT_LANGUAGE = header("Content-Language");
export const CONTENT_LENGTH = header("Content-Length");
export const CONTENT_RANGE = header("Content-Range");
export const CONTENT_SECURITY_POLICY = header("Content-Security-Policy");
export const CONTENT_TYPE = header("Content-Type");
export const ETAG = header("ETag");
export const LAST_MODIFIED = header("Last-Modified");
export const TRANSFER_ENCODING = header("Transfer-Encoding");
export const X_CONTENT_TYPE_OPTIONS = header("X-Content-Type-Options");
