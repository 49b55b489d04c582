// The Express 4 mode's request prototype: Express 5's (request.js) plus what Express 4.22's
// request has and Express 5 removed or changed.
import Server from "../application.js";

export const request = Object.create(Server.request);
