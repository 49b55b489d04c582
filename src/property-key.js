// A string as V8 stores property names: interned. Strings made at run time (a param name cut
// out of a pattern, a header name lower-cased) are new strings each time; a keyed load or store
// with one first looks it up in V8's string table, which with an interned one it skips
// (benchmarks/NOTES.md, "Instructions per request (issue 11)", Params, and "Header names
// remembered"). Other values pass through.
export const internalized = (key) => (typeof key === "string" ? Object.keys({ [key]: 0 })[0] : key);
