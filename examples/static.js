// Serves examples/public/ with lib-server's static module, directory listings on.
//   node examples/static.js   then open http://localhost:3000/ and /files/
import Server from "lib-server";

const app = new Server();
const port = Number(process.env.PORT) || 3000;
app.use(Server.static(new URL("./public", import.meta.url).pathname, { listing: true }));
app.listen(port, () => console.log(`static example on http://localhost:${port}/ (a directory listing at /files/)`));
