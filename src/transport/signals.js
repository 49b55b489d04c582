// app.closeOnSignals() (and listen({ gracefulShutdown: true })): the first of the signals
// closes the app gracefully (app.close()), then ends the process; "shutdown" is emitted on
// the app with the signal.
export function closeServerOnSignals(app, signals = ["SIGTERM", "SIGINT"]) {
  const onSignal = (signal) => {
    for (const s of signals) process.off(s, onSignal);
    app.close().then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
    app.emit("shutdown", signal);
  };
  for (const s of signals) process.on(s, onSignal);
}
