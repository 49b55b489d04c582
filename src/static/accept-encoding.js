// Accept-Encoding (RFC 9110 §12.5.3): is `name` acceptable? Decided exactly as
// `negotiator` (behind accepts and compression) does, so a header means the same
// here as in Express: items parsed by `content-type`; among those naming `name`
// or "*", the exact name beats "*", then the higher q, then the later item; the
// winner's q must be above 0. An invalid q ("abc", "-1") is NaN or negative:
// not acceptable.
import { contentType } from "../deps.js";

export function acceptsEncoding(header, name) {
  if (header === undefined) return false;
  let bestS = 0;
  let bestQ = 0;
  let bestOrder = -1;
  for (let index = 0, order = 0; index < header.length; order++) {
    const item = contentType.parse(header, { comma: true, start: index });
    index = item.index + 1;
    const s = item.type === name ? 1 : item.type === "*" ? 0 : -1;
    if (s === -1) continue;
    const q = item.parameters.q ? parseFloat(item.parameters.q) : 1;
    // negotiator's comparison, NaN included (a NaN difference falls through to the order)
    if ((bestS - s || bestQ - q || bestOrder - order) < 0) {
      bestS = s;
      bestQ = q;
      bestOrder = order;
    }
  }
  return bestQ > 0;
}
