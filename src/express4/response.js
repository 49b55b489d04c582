// The Express 4 mode's response prototype: Express 5's (response.js) plus what Express 4.22's
// response has and Express 5 removed or changed (argument orders, "back", res.sendfile...).
import Server from "../application.js";

export const response = Object.create(Server.response);
