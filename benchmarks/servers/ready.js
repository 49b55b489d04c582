// The benchmark server contract in one place: listen on $PORT at 127.0.0.1,
// then tell the harness (IPC when forked, stdout when run by hand).
export const port = Number(process.env.PORT) || 3000;
export const host = "127.0.0.1";

export function ready() {
  process.send?.("ready");
  process.stdout.write("READY\n");
}
