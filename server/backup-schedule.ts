// The server's scheduled backup (BACKUP_INTERVAL, off by default): it runs the backup command as a
// child process, so the copy's reading, compression and integrity check never hold up the event
// loop that serves requests. One at a time.
//
// The interval counts from the newest backup on disk, not from the server's start: a server
// restarted more often than the interval (deploys, crashes, machine moves) would otherwise never
// back up. So a start after the interval has passed backs up at once. A failure is logged with the
// command's own reason (its stderr is the server's) and recorded for health (db/backup-space.ts).
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { backupDirOf, backupPathOf } from "../db/backup";
import { newestBackupAt } from "../db/backup-space";
import type { Config } from "./config";

declare const __COMPILED__: boolean | undefined;
/** Compiled (dist/server.js) runs dist/backup.js; from source, the script under the same loader. */
const ENTRY = fileURLToPath(new URL(typeof __COMPILED__ !== "undefined" ? "../dist/backup.js" : "../scripts/backup.ts", import.meta.url));

const inWords = (ms: number) =>
  ms >= 3600_000 ? `${(ms / 3600_000).toFixed(1)} h` : ms >= 60_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 1000)} s`;

export function scheduleBackups(config: Pick<Config, "BACKUP_INTERVAL" | "BACKUP_DIR" | "DATABASE_URL">) {
  const interval = config.BACKUP_INTERVAL;
  if (!interval) return () => {};
  let db: string;
  try {
    db = backupPathOf(config.DATABASE_URL);
  } catch (e) {
    console.error(`scheduled backup off: ${(e as Error).message}`);
    return () => {};
  }
  const dir = backupDirOf(db, config.BACKUP_DIR);
  let child: ChildProcess | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const next = () => {
    if (stopped) return;
    let newest: Date | null = null;
    try {
      newest = newestBackupAt(dir, db);
    } catch (e) {
      console.error(`scheduled backup: cannot read ${dir}: ${(e as Error).message}`);
    }
    const due = newest ? Math.max(0, newest.getTime() + interval - Date.now()) : 0;
    timer = setTimeout(run, due);
    timer.unref();
  };
  const run = () => {
    child = spawn(process.execPath, [...process.execArgv, ENTRY], { stdio: ["ignore", "inherit", "inherit"], env: process.env });
    child.on("exit", (code) => {
      child = null;
      if (stopped) return;
      // the newest backup is still the old one: the next try is one interval after this one
      if (code !== 0) {
        console.error(`scheduled backup failed (exit ${code}); next try in ${inWords(interval)}`);
        timer = setTimeout(run, interval);
        timer.unref();
        return;
      }
      next();
    });
  };
  next();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    // a backup under way finishes on its own (or, killed with the machine, its lock and partial
    // file are cleared by the next one)
    child?.unref();
  };
}
