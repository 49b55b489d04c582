// Node 24 and later decide whether AsyncLocalStorage runs on AsyncContextFrame the first time
// anything asks, and then change their internal AsyncContextFrame class (Node 24 swaps its
// prototype, Node 26 its own properties). Left alone, that happens when the first connection
// closes (a timer cleared), after the first request has run process.nextTick and the tick
// queue: on Node 24 their loads from that class then stay polymorphic in optimized code for the
// life of the process (benchmarks/NOTES.md, "Node 24: settling AsyncContextFrame at import").
// Asking when lib-server loads settles it before any request.
//
// Checked on Node 22 (no AsyncContextFrame by default: asking changes nothing), 24 and 26 by
// test/node-internals/async-context-frame.test.js. It only asks, through public API: should a
// release settle it otherwise, asking early changes nothing and costs nothing.
import { nodeModule } from "../deps.js";

void nodeModule("node:async_hooks").AsyncLocalStorage;
