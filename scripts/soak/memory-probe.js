// Preloaded into the soak servers (node --expose-gc --import): on request over IPC, a full
// garbage collection, then process.memoryUsage(). Collecting first makes each sample the
// live size, so growth between samples is memory kept, not garbage not yet collected.
process.on("message", (message) => {
  if (message !== "soak:memory") return;
  globalThis.gc?.();
  process.send({ type: "soak:memory", usage: process.memoryUsage() });
});

// If the soak runner dies without stopping us, don't linger holding a port.
process.on("disconnect", () => process.exit(0));
