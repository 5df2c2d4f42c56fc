// `npm start`: builds the browser assets and the compiled server only when a source is newer than
// the last build (or there is none: a fresh clone), then runs the server in this same process, so
// the signal npm forwards (SIGTERM, SIGINT) reaches the server's own graceful stop. Plain
// JavaScript on purpose: no loader wraps the server. The production image runs `node dist/server.js`
// after building at image build time.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const SOURCES = ["server", "routes", "islands", "client", "db", "locales", "model", "scripts", "package-lock.json", "tailwind.config.cjs"];
const OUTPUTS = ["public/build/manifest.json", "dist/server.js", "dist/backup.js", "dist/restore.js"];
const SKIP = new Set(["node_modules", "build", "data", ".git"]);

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) if (!SKIP.has(entry)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

export function buildIsStale() {
  const built = Math.min(...OUTPUTS.map((f) => (existsSync(join(root, f)) ? statSync(join(root, f)).mtimeMs : 0)));
  return built === 0 || SOURCES.some((s) => newest(join(root, s)) > built);
}

if (buildIsStale()) {
  console.log("sources changed since the last build: building assets and server…");
  execFileSync(process.execPath, ["--import", "tsx", "scripts/build.ts"], { cwd: root, stdio: "inherit" });
  execFileSync(process.execPath, ["--import", "tsx", "scripts/build-server.ts"], { cwd: root, stdio: "inherit" });
}
await import(pathToFileURL(join(root, "dist/server.js")).href);
