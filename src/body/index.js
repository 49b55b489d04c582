// Body parsers compatible with express.json(), express.urlencoded(),
// express.text() and express.raw() (body-parser 2).
export { json } from "./json.js";
export { raw } from "./raw.js";
export { text } from "./text.js";
export { urlencoded } from "./urlencoded.js";
