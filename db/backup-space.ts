// What keeps backups working where they are written: a lock that a killed backup does not leave
// in force, room checked before a copy starts (a backup that runs the volume out of space fails
// and takes the database's room with it), retention by bytes as well as by count, and the outcome
// of the last attempt on disk, for health and for the schedule after a restart.
import { closeSync, existsSync, openSync, readdirSync, readFileSync, rmSync, statfsSync, statSync, unlinkSync, writeFileSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { basename, join } from "node:path";

export type ByteSize = { bytes: number } | { share: number };

/** Bytes of a size given as bytes or as a share of the volume holding `dir`. */
export function bytesOf(size: ByteSize, dir: string) {
  if ("bytes" in size) return size.bytes;
  const fs = statfsSync(dir);
  return Math.floor(fs.blocks * fs.bsize * size.share);
}

/** Space the server's user may still write on the volume holding `dir` (ext4's reserve excluded). */
export function freeBytesOf(dir: string) {
  const fs = statfsSync(dir);
  return fs.bavail * fs.bsize;
}

const MB = (n: number) => `${(n / 1048576).toFixed(1)} MB`;

/** The backups of this database in `dir`, oldest first. */
export function listBackups(dir: string, dbPath: string) {
  if (!existsSync(dir)) return [];
  const prefix = `${basename(dbPath).replace(/\.db$/, "")}-`;
  return readdirSync(dir)
    .filter((f) => f.startsWith(prefix) && /-\d{8}T\d{6}Z\.db\.gz$/.test(f))
    .sort()
    .map((f) => join(dir, f));
}

/** When the newest backup in `dir` was written, or null. */
export function newestBackupAt(dir: string, dbPath: string): Date | null {
  const newest = listBackups(dir, dbPath).at(-1);
  return newest ? statSync(newest).mtime : null;
}

// ---- the lock -------------------------------------------------------------------------------

/** A lock older than this is stale whoever wrote it: no backup takes that long. */
const LOCK_MAX_AGE_MS = 6 * 3600_000;

/**
 * Takes `<dir>/.backup.lock` (its owner's pid, host and start inside). A lock whose process is gone
 * (same host), or older than LOCK_MAX_AGE_MS, was left by a backup that was killed: it is removed,
 * with the partial files that backup left. Returns the release function.
 */
export function takeBackupLock(dir: string): () => void {
  const lock = join(dir, ".backup.lock");
  let fd: number;
  try {
    fd = openSync(lock, "wx");
  } catch {
    const stale = staleLockReason(lock);
    if (!stale) throw new Error(`backup: another backup is running (${lock}: ${readFileSync(lock, "utf8").trim() || "no owner written yet"})`);
    console.warn(`backup: removing a stale lock (${stale})`);
    rmSync(lock, { force: true });
    fd = openSync(lock, "wx");
  }
  writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname(), started: new Date().toISOString() }));
  closeSync(fd);
  // we hold the lock: whatever partial copy is here belongs to a backup that died
  for (const f of readdirSync(dir).filter((f) => /\.partial(\.db(-wal|-shm)?)?$/.test(f))) {
    console.warn(`backup: removing ${f}, left by a backup that did not finish`);
    rmSync(join(dir, f), { force: true });
  }
  return () => rmSync(lock, { force: true });
}

function staleLockReason(lock: string): string | null {
  let age: number;
  try {
    age = Date.now() - statSync(lock).mtimeMs;
  } catch {
    return "gone meanwhile";
  }
  if (age > LOCK_MAX_AGE_MS) return `older than ${LOCK_MAX_AGE_MS / 3600_000} h`;
  let owner: { pid?: number; host?: string } = {};
  try {
    owner = JSON.parse(readFileSync(lock, "utf8"));
  } catch {
    // written by an older version (empty) or cut short: trusted for a minute only
    return age > 60_000 ? "no owner in it" : null;
  }
  if (owner.host !== hostname() || typeof owner.pid !== "number") return null;
  try {
    process.kill(owner.pid, 0);
    return null;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM" ? null : `its process ${owner.pid} is gone`;
  }
}

// ---- room and retention -----------------------------------------------------------------------

export interface SpaceRules {
  /** Backups kept by count (the newest). */
  keep?: number;
  /** At most this many bytes of backups. */
  keepBytes?: ByteSize;
  /** Free space left on the volume after a backup. */
  minFree?: ByteSize;
}

/** The next backup's size, judged by the last one (a tenth more for growth), else a third of the database. */
export function expectedBackupBytes(dir: string, dbPath: string) {
  const last = listBackups(dir, dbPath).at(-1);
  if (last) return Math.ceil(statSync(last).size * 1.1);
  return Math.ceil(statSync(dbPath).size / 3);
}

const removeOldest = (all: string[], why: string, removed: string[]) => {
  const f = all.shift()!;
  unlinkSync(f);
  removed.push(f);
  console.log(`backup: removed ${f} (${why})`);
};

/**
 * Before a backup into `dir`: removes the oldest backups (never the newest) while the ones left and
 * the coming copy exceed the byte budget, or do not leave `minFree` on the volume; refuses, with
 * the figures, when even that is not enough. The removed files are returned.
 */
export function makeRoom(dir: string, dbPath: string, rules: SpaceRules): string[] {
  const removed: string[] = [];
  const expected = expectedBackupBytes(dir, dbPath);
  const all = listBackups(dir, dbPath);
  const size = (f: string) => statSync(f).size;
  if (rules.keepBytes) {
    const budget = bytesOf(rules.keepBytes, dir);
    while (all.length > 1 && all.reduce((n, f) => n + size(f), 0) + expected > budget) removeOldest(all, `keeping backups within ${MB(budget)}`, removed);
  }
  const minFree = rules.minFree ? bytesOf(rules.minFree, dir) : 0;
  while (all.length > 1 && freeBytesOf(dir) - expected < minFree) removeOldest(all, "making room for the next backup", removed);
  const free = freeBytesOf(dir);
  if (free - expected < minFree) {
    throw new Error(
      `backup: refused, not enough free space on the volume of ${dir}: ${MB(free)} free, the backup needs about ${MB(expected)} ` +
        `(${all.length ? "the last backup's size" : "a third of the database"}) and ${MB(minFree)} must stay free for the database (BACKUP_MIN_FREE). ` +
        "Free space, move BACKUP_DIR to another volume, or give this volume more room.",
    );
  }
  return removed;
}

/** After a backup: the newest `keep`, within `keepBytes` (the newest always stays). */
export function prune(dir: string, dbPath: string, rules: SpaceRules): string[] {
  const removed: string[] = [];
  const all = listBackups(dir, dbPath);
  if (rules.keep) while (all.length > rules.keep) removeOldest(all, `BACKUP_KEEP=${rules.keep}`, removed);
  if (rules.keepBytes) {
    const budget = bytesOf(rules.keepBytes, dir);
    while (all.length > 1 && all.reduce((n, f) => n + statSync(f).size, 0) > budget) removeOldest(all, `keeping backups within ${MB(budget)}`, removed);
  }
  return removed;
}

// ---- the last attempt ---------------------------------------------------------------------------

export interface BackupStatus {
  ok: boolean;
  at: string;
  /** The backup written (ok) or why it failed. */
  file?: string;
  error?: string;
}

const statusFile = (dir: string) => join(dir, ".backup-status.json");

/** Records the last attempt's outcome (best effort: a full disk may refuse even this). */
export function recordBackupStatus(dir: string, status: Omit<BackupStatus, "at">) {
  try {
    writeFileSync(statusFile(dir), JSON.stringify({ ...status, at: new Date().toISOString() }));
  } catch {
    /* the log has it */
  }
}

export function readBackupStatus(dir: string): BackupStatus | null {
  try {
    return JSON.parse(readFileSync(statusFile(dir), "utf8")) as BackupStatus;
  } catch {
    return null;
  }
}
