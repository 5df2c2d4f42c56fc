// `npm start`: builds the browser assets and the compiled server only when a source is newer than
// the last build (or there is none: a fresh clone), then runs the server in this same process, so
// the signal npm forwards (SIGTERM, SIGINT) reaches the server's own graceful stop. Plain
// JavaScript on purpose: no loader wraps the server. The production image runs `node dist/server.js`
// after building at image build time.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildIsStale } from "./build-state.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
if (buildIsStale(root)) {
  console.log("sources changed since the last build: building assets and server…");
  execFileSync(process.execPath, ["--import", "tsx", "scripts/build.ts"], { cwd: root, stdio: "inherit" });
  execFileSync(process.execPath, ["--import", "tsx", "scripts/build-server.ts"], { cwd: root, stdio: "inherit" });
}
await import(pathToFileURL(join(root, "dist/server.js")).href);
