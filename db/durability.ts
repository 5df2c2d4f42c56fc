// Acknowledged means on disk, without stalling the server. better-sqlite3
// runs with `synchronous = NORMAL`: a commit writes its WAL frames to the OS and returns at once,
// and we flush the WAL ourselves with fdatasync on the libuv thread pool before any reply leaves
// (server/app.tsx). One flush covers every commit written before it started, so concurrent writers
// share it, and the event loop never waits for the disk. (`synchronous = FULL` makes SQLite fsync
// inside COMMIT, on the one thread that serves every request: measured 3× fewer answers per second.)
//
// A flush on a descriptor of our own is enough: fdatasync syncs the file's data whoever wrote it.
// The WAL is not deleted while the connection is open (a checkpoint rewinds it in place), and
// SQLite syncs the WAL before a checkpoint and the database after one under NORMAL, so what was
// flushed stays safe through checkpoints.
import { existsSync, fdatasync, openSync, closeSync } from "node:fs";

type BetterSqlite = import("better-sqlite3").Database;

export interface WalFlusher {
  /** Resolves once every commit made so far on the connection is on disk. */
  durable(): Promise<void>;
  /** Flushes made (tests count them). */
  readonly flushes: number;
  close(): void;
}

export function walFlusher(sqlite: BetterSqlite, dbPath: string, sync: (fd: number, done: (e: Error | null) => void) => void = fdatasync): WalFlusher {
  const walPath = `${dbPath}-wal`;
  const totalChanges = sqlite.prepare("select total_changes()").pluck();
  let fd: number | null = null;
  /** total_changes() covered by the last finished flush */
  let covered = -1;
  let chain: Promise<void> = Promise.resolve();
  let flushes = 0;
  // rows changed on the connection, counting only what is committed: inside an open transaction
  // the counter includes rows that are not (they are flushed by the flush after their commit)
  let committed = 0;
  const changes = () => (sqlite.inTransaction ? committed : (committed = totalChanges.get() as number));

  async function flush() {
    const target = changes();
    if (target <= covered) return;
    if (fd === null) {
      if (!existsSync(walPath)) return; // nothing written yet
      fd = openSync(walPath, "r");
    }
    flushes++;
    await new Promise<void>((resolve, reject) => sync(fd!, (e) => (e ? reject(e) : resolve())));
    covered = Math.max(covered, target);
  }

  return {
    durable() {
      if (changes() <= covered) return Promise.resolve();
      // one flush at a time; a caller whose commit came after the running flush started gets the next
      const mine = chain.then(flush);
      chain = mine.catch(() => undefined);
      return mine;
    },
    get flushes() {
      return flushes;
    },
    close() {
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
}
