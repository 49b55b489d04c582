// Entry point: listen, and shut down gracefully on SIGTERM/SIGINT.
import { createApp } from "./app.js";

const port = Number(process.env.PORT ?? 3000);
const app = createApp();

app.listen({ port, gracefulShutdown: true }, (err) => {
  if (err) {
    console.error(`cannot listen on ${port}: ${err.message}`);
    process.exit(1);
  }
  console.log(`listening on http://localhost:${port}`);
});
app.on("shutdown", (signal: NodeJS.Signals) => console.log(`${signal}: closing`));
