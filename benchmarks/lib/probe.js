// Preloaded into every server (node --import) so the harness can read memory
// over IPC while the app code stays identical to what users would write.
process.on("message", (message) => {
  if (message === "bench:memory") process.send({ type: "bench:memory", usage: process.memoryUsage() });
});

// If the harness dies without stopping us, do not linger holding a port.
process.on("disconnect", () => process.exit(0));
