// Online backup and restore of the SQLite file, for `npm run backup` / `npm run restore`
// and the server's scheduled backup.
//
// Why not the SQLite backup API or VACUUM INTO: under write load the backup API restarts whenever
// another connection writes (1,707 restarts in 45 s on a 564 MB file, never finishing), and VACUUM
// INTO writes a full uncompressed copy, which on a 1 GB volume does not fit beside the database.
//
// The copy here is WAL-aware and streamed: with the write lock held for a moment (writers wait,
// they do not fail), a passive checkpoint moves the WAL into the database file; a read transaction
// begun right then reads the database file alone (WAL read mark 0). While any reader holds mark 0,
// no checkpoint may write into the database file, so the file stays exactly that snapshot while it
// is read and gzipped to the backup: writers go on appending to the WAL meanwhile (it grows by what
// is written during the backup and is checkpointed after). Extra disk: the compressed copy plus
// that WAL growth. It never restarts.
//
// Verified twice: `PRAGMA integrity_check` runs in the same read transaction, on the same bytes
// that were copied, and the gzip is read back and its SHA-256 compared with that of the bytes read.
// A restore checks the restored file again before it replaces anything.
import { createHash } from "node:crypto";
import {
  closeSync,
  existsSync,
  fsyncSync,
  chmodSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { hostname } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createReadStream, createWriteStream } from "node:fs";
import { createGunzip, createGzip } from "node:zlib";
import BetterSqlite3 from "better-sqlite3";
import { makeRoom, prune, takeBackupLock, type SpaceRules } from "./backup-space";

export { listBackups } from "./backup-space";

export interface BackupResult {
  file: string;
  bytes: number;
  compressedBytes: number;
  ms: number;
  /** Older backups removed to keep `keep`. */
  removed: string[];
}

/** `app.db` → `app-20261125T181500Z.db.gz`: sortable by name, one per second at most. */
export function backupName(dbPath: string, when = new Date()) {
  const stamp = when
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  return `${basename(dbPath).replace(/\.db$/, "")}-${stamp}.db.gz`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Opens a read transaction that reads the database file alone (see the top of the file). Tries a
 * few times: a reader of the server still on an older snapshot can keep the checkpoint from
 * reaching the end of the WAL.
 */
async function snapshot(path: string, reader: BetterSqlite3.Database): Promise<boolean> {
  const writer = new BetterSqlite3(path, { fileMustExist: true });
  writer.pragma("busy_timeout = 10000");
  try {
    for (let attempt = 0; attempt < 20; attempt++) {
      writer.exec("BEGIN IMMEDIATE"); // no frame is appended while we checkpoint and begin
      try {
        const [state] = reader.pragma("wal_checkpoint(PASSIVE)") as { busy: number; log: number; checkpointed: number }[];
        if (state!.log === -1 || state!.log === state!.checkpointed) {
          reader.exec("BEGIN");
          reader.prepare("SELECT count(*) FROM sqlite_schema").get(); // the read transaction starts here
          return true;
        }
      } finally {
        writer.exec("ROLLBACK");
      }
      await sleep(20 + attempt * 10);
    }
    return false;
  } finally {
    writer.close();
  }
}

/**
 * Backups, the restored database and the copy kept before a restore hold every account's personal
 * data and password hashes: readable by the server's own user only, whatever the umask.
 */
export const PRIVATE_FILE = 0o600;
export const PRIVATE_DIR = 0o700;

/** Backs the database at `dbPath` up into `target` (a directory, or a file ending in .gz). */
export interface BackupOptions extends SpaceRules {
  quick?: boolean;
}

export async function backupDatabase(dbPath: string, target: string, options: BackupOptions = {}): Promise<BackupResult> {
  const started = Date.now();
  if (!existsSync(dbPath)) throw new Error(`backup: no database at ${dbPath}`);
  const intoDir = !target.endsWith(".gz");
  const file = resolve(intoDir ? join(target, backupName(dbPath)) : target);
  mkdirSync(dirname(file), { recursive: true, mode: PRIVATE_DIR });
  const releaseLock = takeBackupLock(dirname(file));
  try {
    return await backupLocked(dbPath, file, intoDir, options, started);
  } finally {
    releaseLock();
  }
}

async function backupLocked(dbPath: string, file: string, intoDir: boolean, options: BackupOptions, started: number): Promise<BackupResult> {
  const rules = intoDir ? options : { minFree: options.minFree };
  const removedBefore = makeRoom(dirname(file), dbPath, rules);
  const partial = `${file}.partial`;
  const reader = new BetterSqlite3(dbPath, { fileMustExist: true });
  reader.pragma("busy_timeout = 10000");
  try {
    if (!(await snapshot(dbPath, reader))) {
      // A reader that never lets go of the WAL (Litestream holds one between its own checkpoints)
      // keeps the file from being a snapshot: copy with the SQLite backup API instead, all pages in
      // one step (a write between steps restarts it, and the next step again copies everything),
      // into an uncompressed file checked before it is compressed. This needs the full size once.
      console.warn(
        "backup: another reader holds the WAL (Litestream?); copying with the SQLite backup API, which needs the database's full size in free disk for a moment",
      );
      reader.close();
      const result = await backupThroughApi(dbPath, file, partial, started, intoDir ? rules : {});
      return { ...result, removed: [...removedBefore, ...result.removed] };
    }
    const sourceHash = createHash("sha256");
    let bytes = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _enc, done) {
        sourceHash.update(chunk);
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    await pipeline(createReadStream(dbPath, { highWaterMark: 1 << 20 }), tap, createGzip({ level: 6 }), createWriteStream(partial, { mode: PRIVATE_FILE }));
    const check = options.quick ? "quick_check" : "integrity_check";
    const problems = (reader.pragma(check, { simple: false }) as Record<string, string>[]).map((r) => Object.values(r)[0]);
    reader.exec("COMMIT");
    if (problems.length !== 1 || problems[0] !== "ok") throw new Error(`backup: ${check} failed on the snapshot: ${problems.slice(0, 5).join("; ")}`);
    const copied = await sha256OfGzip(partial);
    const original = sourceHash.digest("hex");
    if (copied.hash !== original || copied.bytes !== bytes) throw new Error("backup: the written copy does not read back as the snapshot (disk full?)");
    const fd = openSync(partial, "r");
    fsyncSync(fd);
    closeSync(fd);
    renameSync(partial, file);
    syncDirectory(dirname(file));
    const removed = [...removedBefore, ...(intoDir ? prune(dirname(file), dbPath, rules) : [])];
    return { file, bytes, compressedBytes: statSync(file).size, ms: Date.now() - started, removed };
  } catch (e) {
    rmSync(partial, { force: true });
    throw e;
  } finally {
    if (reader.open && reader.inTransaction) reader.exec("ROLLBACK");
    if (reader.open) reader.close();
    truncateWal(dbPath);
  }
}

/**
 * The WAL grew by everything written during the copy (well over 100 MB under load) and SQLite
 * keeps a WAL file at its largest: fold it back and cut it to nothing. A passive checkpoint first
 * (writers go on), then TRUNCATE, which holds the write lock only for what was written since; if
 * a reader is in the way it gives up, and the server's journal_size_limit cuts it at its next
 * checkpoint.
 */
function truncateWal(dbPath: string) {
  try {
    const db = new BetterSqlite3(dbPath, { fileMustExist: true });
    try {
      db.pragma("wal_checkpoint(PASSIVE)");
      db.pragma("busy_timeout = 500");
      db.pragma("wal_checkpoint(TRUNCATE)");
    } finally {
      db.close();
    }
  } catch (e) {
    console.warn(`backup: could not truncate the WAL afterwards (${(e as Error).message}); the server's next checkpoint will`);
  }
}

/** Makes a rename or a new file in `dir` durable (its entry is in the directory's own data). */
function syncDirectory(dir: string) {
  const fd = openSync(dir, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function syncFile(file: string) {
  const fd = openSync(file, "r+");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

async function backupThroughApi(dbPath: string, file: string, partial: string, started: number, rules: SpaceRules): Promise<BackupResult> {
  const raw = `${partial}.db`;
  const source = new BetterSqlite3(dbPath, { fileMustExist: true });
  try {
    await source.backup(raw, { progress: ({ totalPages }) => Math.max(totalPages, 100) });
    chmodSync(raw, PRIVATE_FILE);
  } finally {
    source.close();
  }
  try {
    const problems = problemsOf(raw);
    if (problems.length) throw new Error(`backup: integrity_check failed on the copy: ${problems.slice(0, 5).join("; ")}`);
    await pipeline(createReadStream(raw), createGzip({ level: 6 }), createWriteStream(partial, { mode: PRIVATE_FILE }));
    const bytes = statSync(raw).size;
    if ((await sha256OfGzip(partial)).bytes !== bytes) throw new Error("backup: the written copy does not read back (disk full?)");
    syncFile(partial);
    renameSync(partial, file);
    syncDirectory(dirname(file));
    const removed = rules.keep || rules.keepBytes ? prune(dirname(file), dbPath, rules) : [];
    return { file, bytes, compressedBytes: statSync(file).size, ms: Date.now() - started, removed };
  } finally {
    for (const f of [raw, `${raw}-wal`, `${raw}-shm`]) rmSync(f, { force: true });
  }
}

async function sha256OfGzip(file: string) {
  const hash = createHash("sha256");
  let bytes = 0;
  // a plain async function as the last stage consumes the stream (a generator would yield nothing)
  await pipeline(createReadStream(file), createGunzip(), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      hash.update(chunk);
      bytes += chunk.length;
    }
  });
  return { hash: hash.digest("hex"), bytes };
}

/** The server's claim on a database file: `<db>.pid`, written at start, removed at a clean stop. */
export const pidFileOf = (dbPath: string) => `${resolve(dbPath)}.pid`;

export function claimDatabase(dbPath: string) {
  writeFileSync(pidFileOf(dbPath), JSON.stringify({ pid: process.pid, host: hostname(), started: new Date().toISOString() }));
  return () => rmSync(pidFileOf(dbPath), { force: true });
}

/** Why the file is in use by a server (a reason to refuse a restore), or null. */
export function serverHolding(dbPath: string): string | null {
  const path = resolve(dbPath);
  // a process of this machine with the file open (Linux: /proc); the pid file covers the rest
  if (existsSync("/proc/self/fd")) {
    for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p) && Number(p) !== process.pid)) {
      let fds: string[] = [];
      try {
        fds = readdirSync(`/proc/${pid}/fd`);
      } catch {
        continue; // gone, or not ours to look at
      }
      for (const fd of fds) {
        try {
          const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
          if (target === path || target === `${path}-wal`) return `process ${pid} has ${target} open`;
        } catch {
          /* closed meanwhile */
        }
      }
    }
  }
  const pidFile = pidFileOf(path);
  if (!existsSync(pidFile)) return null;
  let claim: { pid: number; host: string };
  try {
    claim = JSON.parse(readFileSync(pidFile, "utf8"));
  } catch {
    return `${pidFile} exists and cannot be read`;
  }
  if (claim.host !== hostname())
    return `${pidFile} names a server on another machine (${claim.host}, pid ${claim.pid}); stop it, or remove the file if it is gone`;
  try {
    process.kill(claim.pid, 0);
    return `the server (pid ${claim.pid}) is running`;
  } catch {
    return null; // a server that died without its clean stop
  }
}

/** Checks a database file; the list of problems ([] when it is sound). */
function problemsOf(path: string) {
  const db = new BetterSqlite3(path, { fileMustExist: true });
  try {
    const rows = (db.pragma("integrity_check", { simple: false }) as Record<string, string>[]).map((r) => Object.values(r)[0]!);
    return rows.length === 1 && rows[0] === "ok" ? [] : rows;
  } finally {
    db.close();
  }
}

export interface RestoreResult {
  restored: string;
  /** Where the database that was replaced went (null when there was none). */
  previous: string | null;
}

/**
 * Restores a backup into `dbPath`, which no server may hold. The backup is unpacked beside the
 * database and checked before anything is replaced; the replaced database (its WAL folded in) is
 * kept as `<db>.before-restore-<time>` until the operator removes it.
 */
export async function restoreDatabase(backup: string, dbPath: string, options: { force?: boolean } = {}): Promise<RestoreResult> {
  const path = resolve(dbPath);
  if (!existsSync(backup)) throw new Error(`restore: no backup at ${backup}`);
  const holder = serverHolding(path);
  if (holder && !options.force) throw new Error(`restore: stop the server first: ${holder}`);
  mkdirSync(dirname(path), { recursive: true, mode: PRIVATE_DIR });
  const incoming = `${path}.restoring`;
  const cleanIncoming = () => {
    for (const f of [incoming, `${incoming}-wal`, `${incoming}-shm`]) rmSync(f, { force: true });
  };
  cleanIncoming();
  try {
    await pipeline(createReadStream(backup), createGunzip(), createWriteStream(incoming, { mode: PRIVATE_FILE }));
    const problems = problemsOf(incoming);
    if (problems.length) throw new Error(`restore: the backup is damaged: ${problems.slice(0, 5).join("; ")}`);
  } catch (e) {
    cleanIncoming();
    throw e;
  }
  rmSync(`${incoming}-wal`, { force: true });
  rmSync(`${incoming}-shm`, { force: true });
  // on disk before it takes the database's name: a power cut after the rename must not leave a
  // damaged or empty file there (which the server would take for a new database)
  syncFile(incoming);
  syncDirectory(dirname(path));
  let previous: string | null = null;
  if (existsSync(path)) {
    // fold the old WAL into the old file so it is complete on its own
    const old = new BetterSqlite3(path);
    old.pragma("wal_checkpoint(TRUNCATE)");
    old.close();
    previous = `${path}.before-restore-${new Date()
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d+Z$/, "Z")}`;
    renameSync(path, previous);
    chmodSync(previous, PRIVATE_FILE);
  }
  // a WAL left beside the file belongs to the old database and must never be replayed onto this one
  rmSync(`${path}-wal`, { force: true });
  rmSync(`${path}-shm`, { force: true });
  renameSync(incoming, path);
  rmSync(pidFileOf(path), { force: true });
  syncDirectory(dirname(path));
  return { restored: path, previous };
}

/** The database file of a `file:` URL, or an error for a remote one (back that up where it lives). */
export function backupPathOf(url: string) {
  if (/^(libsql|https?|wss?):\/\//.test(url)) throw new Error("backup: DATABASE_URL is a libSQL server; back it up there (Turso keeps point-in-time copies)");
  if (url === ":memory:") throw new Error("backup: an in-memory database has nothing to back up");
  return resolve(url.startsWith("file:") ? url.slice("file:".length) : url);
}

/** BACKUP_DIR, or `backups/` beside the database. */
export const backupDirOf = (dbPath: string, dir?: string) => resolve(dir ?? join(dirname(dbPath), "backups"));
