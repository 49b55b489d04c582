// Preloaded into every server (node --import) so the harness can read its
// memory and CPU time (and the Node it runs on) over IPC while the app code
// stays identical to what users would write.
process.on("message", (message) => {
  if (message === "bench:usage") {
    process.send({
      type: "bench:usage",
      memory: process.memoryUsage(),
      cpu: process.cpuUsage(),
      node: process.version,
    });
  }
});

// If the harness dies without stopping us, do not linger holding a port.
process.on("disconnect", () => process.exit(0));
