// The server's scheduled backup (BACKUP_INTERVAL, off by default): every interval it runs the
// backup command as a child process, so the copy's reading, compression and integrity check never
// hold up the event loop that serves requests. One at a time; a failure is logged and retried at
// the next interval.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Config } from "./config";

declare const __COMPILED__: boolean | undefined;
/** Compiled (dist/server.js) runs dist/backup.js; from source, the script under the same loader. */
const ENTRY = fileURLToPath(new URL(typeof __COMPILED__ !== "undefined" ? "../dist/backup.js" : "../scripts/backup.ts", import.meta.url));

export function scheduleBackups(config: Pick<Config, "BACKUP_INTERVAL">) {
  if (!config.BACKUP_INTERVAL) return () => {};
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    const child = spawn(process.execPath, [...process.execArgv, ENTRY], { stdio: ["ignore", "inherit", "inherit"], env: process.env });
    child.on("exit", (code) => {
      running = false;
      if (code !== 0) console.error(`scheduled backup failed (exit ${code}); next try in ${config.BACKUP_INTERVAL / 60_000} min`);
    });
  };
  const timer = setInterval(run, config.BACKUP_INTERVAL);
  timer.unref();
  return () => clearInterval(timer);
}
