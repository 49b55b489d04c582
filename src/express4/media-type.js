// type-is 1.6's view of a Content-Type (media-typer 0.3's parse then format), which Express
// 4's body parsers ask before any type match: a header it cannot parse, even in its
// parameters ("application/json; charset", a trailing ";", a tab), matches no type.

const TYPE = /^ *[A-Za-z0-9][A-Za-z0-9!#$&^_-]{0,126}\/([A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}) *$/;
const PARAMETER =
  /; *[!#$%&'*+\-.0-9A-Z^_`a-z|~]+ *= *(?:"(?:[ !\u0023-\u005b\u005d-\u007e\u0080-\u00ff]|\\[\u0020-\u007e])*"|[!#$%&'*+\-.0-9A-Z^_`a-z|~]+) */y;
// format()'s checks on the subtype: its name before the last "+", and the suffix after it
const SUBTYPE_NAME = /^[A-Za-z0-9][A-Za-z0-9!#$&^_.-]*$/;
const SUFFIX = /^(?:[A-Za-z0-9][A-Za-z0-9!#$&^_-]*)?$/;

export function isWellFormedMediaType(header) {
  if (typeof header !== "string") return false;
  const semicolon = header.indexOf(";");
  const match = TYPE.exec(semicolon === -1 ? header : header.slice(0, semicolon));
  if (match === null) return false;
  const subtype = match[1];
  const plus = subtype.lastIndexOf("+");
  if (plus !== -1 && !(SUBTYPE_NAME.test(subtype.slice(0, plus)) && SUFFIX.test(subtype.slice(plus + 1)))) {
    return false;
  }
  for (let index = semicolon; index !== -1 && index < header.length; index = PARAMETER.lastIndex) {
    PARAMETER.lastIndex = index;
    if (!PARAMETER.test(header)) return false;
  }
  return true;
}
