// dist/server.js (what `node dist/server.js` and `npm start` run). It only turns on Node's compile
// cache, then imports the server (main.ts): the cache must be on before the server's code is
// compiled, so it cannot be turned on from inside that code. With the cache, a start reads V8's
// compiled code for the bundle instead of compiling it again (README, "Build").
import module from "node:module";

// Node 22.1 and later (this project's @types/node predates it)
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
await import("../main");
