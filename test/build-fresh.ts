// Made once per run, before the suites that serve the built app: the browser assets and dist/ (the
// compiled server the process tests start, as production does) are built when a source is newer
// than the last build or there is none, so a file run alone never meets a stale build, and
// `npm test`, which has just built, does not build again.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { buildIsStale } from "../scripts/build-state.mjs";

export default function setup() {
  const root = fileURLToPath(new URL("..", import.meta.url));
  if (!buildIsStale(root)) return;
  for (const script of ["scripts/build.ts", "scripts/build-server.ts"])
    execFileSync(process.execPath, ["--import", "tsx", script], { cwd: root, stdio: "inherit" });
}
