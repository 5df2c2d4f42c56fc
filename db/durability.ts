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
  const changes = () => totalChanges.get() as number;
  // Inside an open unit of work the counter also counts rows not yet committed, and what was
  // committed before it cannot be told apart: a flush now would mark the open unit's rows as
  // covered before they are written. So a caller that comes while a unit is open (another request's,
  // between its BEGIN and COMMIT) waits for the unit to end, then flushes everything committed by
  // then, its own writes included. Units never stay open across turns of the event loop
  // (runInTransaction), so that is the next turn.
  const unitClosed = () =>
    new Promise<void>((resolve) => {
      const check = () => (sqlite.inTransaction ? setImmediate(check) : resolve());
      setImmediate(check);
    });

  async function flush() {
    while (sqlite.inTransaction) await unitClosed();
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

  function durable(): Promise<void> {
    if (sqlite.inTransaction) return unitClosed().then(durable);
    if (changes() <= covered) return Promise.resolve();
    // one flush at a time; a caller whose commit came after the running flush started gets the next
    const mine = chain.then(flush);
    chain = mine.catch(() => undefined);
    return mine;
  }

  return {
    durable,
    get flushes() {
      return flushes;
    },
    close() {
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
}
