// What health says about the things that fail slowly and silently: the last successful backup's
// age (and whether the last attempt failed), the free space on the database's volume, the WAL's
// size, and whether backups leave the machine. Any problem makes health "degraded": still 200 for
// the platform's routing check (the site works), 503 with `?strict` for the check that alerts.
import { existsSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { backupDirOf, backupPathOf } from "../../db/backup";
import { bytesOf, freeBytesOf, newestBackupAt, readBackupStatus } from "../../db/backup-space";
import type { Config } from "../config";

export type OpsProblem = "backup_failing" | "backup_stale" | "disk_low" | "no_off_box_copy";

export interface OpsHealth {
  backup: { last: string | null; ageSeconds: number | null; lastError: string | null; offBox: "litestream" | "external" | "none" };
  disk: { freeBytes: number; minFreeBytes: number };
  wal: { bytes: number };
  problems: OpsProblem[];
}

type OpsConfig = Pick<Config, "DATABASE_URL" | "BACKUP_DIR" | "BACKUP_INTERVAL" | "BACKUP_MIN_FREE" | "BACKUP_OFFBOX" | "LITESTREAM_REPLICA_URL" | "NODE_ENV">;

/** A server that has run this long without any backup, with a schedule, is not backing up. */
const FIRST_BACKUP_GRACE_MS = 10 * 60_000;
const CACHE_MS = 5000;
let cached: { at: number; config: OpsConfig; value: OpsHealth | null } | null = null;

/** null for a database that is not a local file (a libSQL server keeps its own copies). */
export function opsHealth(config: OpsConfig): OpsHealth | null {
  if (cached && cached.config === config && Date.now() - cached.at < CACHE_MS) return cached.value;
  let value: OpsHealth | null = null;
  try {
    value = measure(config);
  } catch (e) {
    console.error(`health: cannot measure the volume: ${(e as Error).message}`);
  }
  cached = { at: Date.now(), config, value };
  return value;
}

function measure(config: OpsConfig): OpsHealth | null {
  let db: string;
  try {
    db = backupPathOf(config.DATABASE_URL);
  } catch {
    return null;
  }
  if (!existsSync(db)) return null;
  const problems: OpsProblem[] = [];
  const dir = backupDirOf(db, config.BACKUP_DIR);
  const newest = newestBackupAt(dir, db);
  const status = readBackupStatus(dir);
  const failed = status && !status.ok && (!newest || new Date(status.at) > newest) ? (status.error ?? "failed") : null;
  if (failed) problems.push("backup_failing");
  const age = newest ? Date.now() - newest.getTime() : null;
  if (config.BACKUP_INTERVAL) {
    const stale = age === null ? process.uptime() * 1000 > Math.min(FIRST_BACKUP_GRACE_MS, config.BACKUP_INTERVAL * 2) : age > config.BACKUP_INTERVAL * 2;
    if (stale && !failed) problems.push("backup_stale");
  }
  const volume = dirname(db);
  const freeBytes = freeBytesOf(volume);
  const minFreeBytes = bytesOf(config.BACKUP_MIN_FREE, volume);
  if (freeBytes < minFreeBytes) problems.push("disk_low");
  const offBox = config.LITESTREAM_REPLICA_URL ? "litestream" : (config.BACKUP_OFFBOX ?? "none");
  if (offBox === "none" && config.NODE_ENV === "production") problems.push("no_off_box_copy");
  let walBytes = 0;
  try {
    walBytes = statSync(`${db}-wal`).size;
  } catch {
    /* no WAL yet */
  }
  return {
    backup: { last: newest?.toISOString() ?? null, ageSeconds: age === null ? null : Math.round(age / 1000), lastError: failed, offBox },
    disk: { freeBytes, minFreeBytes },
    wal: { bytes: walBytes },
    problems,
  };
}
