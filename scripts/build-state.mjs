// Whether the built assets and dist/ are older than a source (or missing), for `npm start`.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const SOURCES = ["main.ts", "app.ts", "server", "routes", "islands", "client", "db", "locales", "model", "scripts", "package-lock.json", "tailwind.config.cjs"];
export const BUILD_OUTPUTS = ["public/build/manifest.json", "dist/server.js", "dist/backup.js", "dist/restore.js"];
const SKIP = new Set(["node_modules", "build", "data", ".git"]);

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) if (!SKIP.has(entry)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

export function buildIsStale(root) {
  const built = Math.min(...BUILD_OUTPUTS.map((f) => (existsSync(join(root, f)) ? statSync(join(root, f)).mtimeMs : 0)));
  return built === 0 || SOURCES.some((s) => newest(join(root, s)) > built);
}
