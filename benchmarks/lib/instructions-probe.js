// Preloaded (node --import) into a server run under valgrind by benchmarks/instructions.js.
// On "instr:mark" it calls os.setPriority(), whose native function callgrind was told to
// dump (and zero) its counters before (--dump-before=node::os::SetPriority*): each dump
// file then holds exactly the instructions executed between two marks. Nothing else in
// Node calls that function, and the app code stays as users write it.
import os from "node:os";

process.on("message", (message) => {
  if (message !== "instr:mark") return;
  os.setPriority(0, os.getPriority(0)); // the same priority: a no-op but for the dump
  process.send("instr:marked");
});

// If the measuring script dies without stopping us, do not linger holding a port.
process.on("disconnect", () => process.exit(0));
