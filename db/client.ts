// One factory for both drivers: better-sqlite3 for a local file (the default), libSQL for a
// `libsql://` or `http(s)://` server. Services only ever `await` drizzle queries, which works on both.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import * as schema from "./schema";
import { walFlusher } from "./durability";
import { beginImmediate, LOCK_WAIT_MS, waitForLockOnWrites, withWriteLock } from "./write-lock";
import "./inline-limit";

export type Db = BaseSQLiteDatabase<"sync" | "async", unknown, typeof schema>;
export interface Database {
  db: Db;
  kind: "better-sqlite3" | "libsql";
  /** Runs one SQL statement that must succeed; used by the health check. */
  ping(): Promise<void>;
  /** Resolves once every commit made so far is on disk (db/durability.ts). The app's outermost
   * middleware awaits it before every reply, so a write is acknowledged only once it is on disk: one
   * place for the rule, whatever wrote (a unit of work, the group commit, a single statement). On
   * libSQL the server (or FULL on a local file) sees to it. */
  durable(): Promise<void>;
  /** A number that grows with every commit on this connection (0 on libSQL): a request that saw it
   * unchanged wrote nothing, so a failed flush is not its failure (a read-only volume still serves). */
  commits(): number;
  /** Commits a real (empty) write, failing as a write would: full disk, read-only, locked. */
  probeWrite(): Promise<void>;

  close(): Promise<void>;
}

/** How long a write waits for another writer before it fails as locked (both drivers; on
 * better-sqlite3 off the event loop, db/write-lock.ts). */
export const BUSY_TIMEOUT_MS = LOCK_WAIT_MS;
/** The WAL is cut back to this size after a checkpoint resets it: a backup under load grows it to
 * well over 100 MB, which otherwise stays on the volume until the server stops. */
export const JOURNAL_SIZE_LIMIT = 32 * 1024 * 1024;

export const MIGRATIONS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "migrations");

export function isRemoteUrl(url: string) {
  return /^(libsql|https?|wss?):\/\//.test(url);
}

export function filePathOf(url: string) {
  return url.startsWith("file:") ? url.slice("file:".length) : url;
}

export async function openDatabase(url: string, authToken?: string, driver: "auto" | "libsql" = "auto"): Promise<Database> {
  if (isRemoteUrl(url) || driver === "libsql") {
    const { createClient } = await import("@libsql/client");
    const { drizzle } = await import("drizzle-orm/libsql");
    const { migrate } = await import("drizzle-orm/libsql/migrator");
    // The client keeps a pool of connections (a transaction takes one of its own), so a PRAGMA run
    // here would reach one of them: the busy timeout goes in its options, which open every one with
    // it. foreign_keys is on in libSQL's build on every connection; WAL is the file's own mode.
    const client = createClient({ url, authToken, ...(url.startsWith("file:") ? { timeout: BUSY_TIMEOUT_MS } : {}) });
    if (url.startsWith("file:")) {
      await client.execute("PRAGMA journal_mode = WAL");
      await client.execute("PRAGMA synchronous = FULL");
      await client.execute("PRAGMA foreign_keys = ON");
      await client.execute(`PRAGMA journal_size_limit = ${JOURNAL_SIZE_LIMIT}`);
    }
    const db = drizzle(client, { schema, casing: "snake_case" });
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    return {
      db: db as unknown as Db,
      kind: "libsql",
      ping: async () => {
        await client.execute("select 1");
      },
      durable: () => Promise.resolve(),
      commits: () => 0,
      probeWrite: async () => {
        const tx = await client.transaction("write"); // takes the write lock, as BEGIN IMMEDIATE
        await tx.rollback();
      },

      close: async () => client.close(),
    };
  }
  const { default: BetterSqlite3 } = await import("better-sqlite3");
  const { drizzle } = await import("drizzle-orm/better-sqlite3");
  const { migrate } = await import("drizzle-orm/better-sqlite3/migrator");
  const path = filePathOf(url);
  if (path !== ":memory:") mkdirSync(dirname(resolve(path)), { recursive: true });
  const sqlite = new BetterSqlite3(path);
  // WAL lets readers run beside the one writer. The busy timeout is for the migrations at start
  // only: once serving, a write never waits on the event loop (db/write-lock.ts).
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  sqlite.pragma(`journal_size_limit = ${JOURNAL_SIZE_LIMIT}`);
  // NORMAL: COMMIT does not fsync on the thread that serves every request; the WAL is flushed off
  // it before a write is acknowledged (db/durability.ts), which makes acknowledged writes as durable
  // as FULL at a third of its cost (README, Durability).
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  const db = drizzle(sqlite, { schema, casing: "snake_case" });
  migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  sqlite.pragma("busy_timeout = 0");
  waitForLockOnWrites(db, sqlite);
  const ping = sqlite.prepare("select 1");
  const totalChanges = sqlite.prepare("select total_changes()").pluck();
  const wal = path === ":memory:" ? null : walFlusher(sqlite, resolve(path));
  return {
    db: db as unknown as Db,
    kind: "better-sqlite3",
    ping: async () => {
      ping.get();
    },
    durable: () => wal?.durable() ?? Promise.resolve(),
    commits: () => totalChanges.get() as number,
    probeWrite: async () => {
      try {
        probeWrite(sqlite);
      } catch (error) {
        // a volume remounted read-only after a disk error fails writes as I/O errors: say which
        if (path !== ":memory:" && /^SQLITE_IOERR/.test(String((error as { code?: unknown }).code)) && readOnlyVolume(dirname(resolve(path))))
          throw Object.assign(new Error("the database's volume is read-only", { cause: error }), { code: "EROFS" });
        throw error;
      }
    },
    close: async () => {
      wal?.close();
      sqlite.close();
    },
  };
}

type BetterSqlite = import("better-sqlite3").Database;

function readOnlyVolume(dir: string) {
  // (access(W_OK) is no help: after ext4's emergency read-only it still says writable)
  const probe = join(dir, `.write-probe-${process.pid}`);
  try {
    writeFileSync(probe, "");
    rmSync(probe, { force: true });
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EROFS";
  }
}

/**
 * A write that changes nothing (the header's user_version set to itself, one WAL frame), committed
 * without waiting for the lock: a locked database fails the probe at once (health says "locked")
 * while requests' writes wait their LOCK_WAIT_MS. A database at its page limit counts as full.
 */
function probeWrite(sqlite: BetterSqlite) {
  if (sqlite.inTransaction) return;
  sqlite.exec("BEGIN IMMEDIATE");
  try {
    const version = sqlite.pragma("user_version", { simple: true }) as number;
    sqlite.pragma(`user_version = ${version}`);
    const free = sqlite.pragma("freelist_count", { simple: true }) as number;
    const pages = sqlite.pragma("page_count", { simple: true }) as number;
    if (free === 0 && pages >= (sqlite.pragma("max_page_count", { simple: true }) as number))
      throw Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" });
    sqlite.exec("COMMIT");
  } finally {
    if (sqlite.inTransaction) sqlite.exec("ROLLBACK");
  }
}
/** One write of an atomic group: a prepared statement (see db/prepared.ts) and its parameters. */
export interface AtomicWrite {
  statement: (db: Db) => { run(params: Record<string, unknown>): unknown };
  params: Record<string, unknown>;
}
interface PendingGroup {
  db: Db;
  writes: AtomicWrite[];
  done: (error?: unknown) => void;
}
/** Per connection: its group-of-writes runner, and the groups waiting for this turn's commit. */
const runnerOf = new WeakMap<BetterSqlite, (db: Db, writes: AtomicWrite[]) => void>();
const pendingOf = new WeakMap<BetterSqlite, PendingGroup[]>();
/** Groups per commit at most (see atomic). */
export const GROUP_COMMIT_MAX = 16;
/** Per libSQL database: the end of the last atomic group's transaction. */
const libsqlTurn = new WeakMap<Db, Promise<unknown>>();

/**
 * Runs prepared writes in one transaction: all or none, and stored when the promise resolves. On
 * libSQL they run in a drizzle transaction, prepared on it (a statement prepared on the database
 * would run outside it), one group after another.
 *
 * On better-sqlite3 the groups that arrive in one turn of the event loop commit together (group
 * commit): each in a savepoint of one transaction, committed once the turn's I/O is done
 * (setImmediate). A commit, not the writes, was most of an answer's database time (≈ 50 µs against
 * ≈ 10 µs for the two writes in a shared one), and under load many answers arrive per turn. A group
 * that fails rolls back to its savepoint and rejects alone; the others still commit. Nothing is
 * acknowledged before its commit, so an acknowledged write survives a crash as before.
 *
 * The waiting groups commit at once when there are GROUP_COMMIT_MAX of them. Under load a turn holds
 * well over a hundred answers (about 140 at 200 connections); committed at its end, each waited for
 * the last of them and all their replies left together, so the clients' next requests missed the next
 * turn and waited two (answers at 200 connections: p75 32 ms, p90 39 ms). Committed sixteen at a time,
 * replies leave as the turn goes (p75 23–26 ms, p90 24–30 ms, the same throughput); a commit is
 * ≈ 50 µs, so 3 µs an answer.
 */
export async function atomic(db: Db, writes: AtomicWrite[]): Promise<void> {
  if (inUnitOfWork(db)) {
    // inside a unit of work the writes are already all-or-nothing with the rest of it
    for (const w of writes) await w.statement(db).run(w.params);
    return;
  }
  if ("batch" in db) {
    // one at a time per instance: the libSQL client gives a second concurrent transaction a
    // connection of its own, which fails at once with SQLITE_BUSY instead of waiting its turn
    const previous = libsqlTurn.get(db) ?? Promise.resolve();
    const mine = previous.then(() =>
      db.transaction(async (tx) => {
        for (const w of writes) await w.statement(tx as unknown as Db).run(w.params);
      }),
    );
    libsqlTurn.set(
      db,
      mine.catch(() => undefined),
    );
    await mine;
    return;
  }
  const sqlite = (db as unknown as { $client: BetterSqlite }).$client;
  await new Promise<void>((resolve, reject) => {
    let pending = pendingOf.get(sqlite);
    if (!pending) {
      const list: PendingGroup[] = (pending = []);
      pendingOf.set(sqlite, list);
      setImmediate(() => commitPending(sqlite, list));
    }
    pending.push({ db, writes, done: (error) => (error === undefined ? resolve() : reject(error)) });
    if (pending.length >= GROUP_COMMIT_MAX) commitPending(sqlite, pending);
  });
}

function commitPending(sqlite: BetterSqlite, groups: PendingGroup[]) {
  if (pendingOf.get(sqlite) !== groups) return; // committed already, when it filled up
  pendingOf.delete(sqlite);
  let runGroup = runnerOf.get(sqlite);
  if (!runGroup) {
    // better-sqlite3 runs a transaction function called inside another one as a savepoint
    runGroup = sqlite.transaction((on: Db, list: AtomicWrite[]) => {
      for (const w of list) w.statement(on).run(w.params);
    });
    runnerOf.set(sqlite, runGroup);
  }
  const failures = new Map<PendingGroup, unknown>();
  // a full disk or an I/O error inside a group rolls the whole transaction back (SQLite does):
  // the rest must not run outside it, and every group fails with that reason
  let aborted: unknown = null;
  const commitAll = sqlite.transaction(() => {
    failures.clear();
    aborted = null;
    for (const group of groups) {
      if (aborted) break;
      try {
        runGroup(group.db, group.writes);
      } catch (error) {
        failures.set(group, error ?? new Error("write failed"));
        if (!sqlite.inTransaction) aborted = error ?? new Error("transaction rolled back");
      }
    }
  });
  // the commit itself failed (disk full, locked past LOCK_WAIT_MS): nothing was stored
  const failAll = (error: unknown) => {
    for (const group of groups) group.done(aborted ?? error ?? new Error("commit failed"));
  };
  // (the reply waits for the WAL's flush in the app's outermost middleware: db/durability.ts)
  const finish = () => {
    for (const group of groups) group.done(failures.get(group));
  };
  // BEGIN IMMEDIATE: another process's lock stops it before any group ran, so it can be tried
  // again later, off the event loop (db/write-lock.ts)
  let outcome: void | Promise<void>;
  try {
    outcome = withWriteLock(() => commitAll.immediate());
  } catch (error) {
    failAll(error);
    return;
  }
  if (outcome instanceof Promise) outcome.then(finish, failAll);
  else finish();
}

/** The libSQL transaction handles of open units of work (on better-sqlite3 the connection knows). */
const libsqlTransactions = new WeakSet<object>();
const clientOf = (db: Db) => (db as unknown as { $client: BetterSqlite }).$client;

/** Whether `db` is the handle of an open unit of work. */
export function inUnitOfWork(db: Db): boolean {
  if (libsqlTransactions.has(db)) return true;
  return !("batch" in db) && clientOf(db).inTransaction;
}

/** Thrown (after the commit) when a unit of work awaited something other than the database. */
export class UnitOfWorkAwaitedIo extends Error {}

/**
 * One unit of work: `work` runs against the handle it is given, and everything it writes commits
 * together or not at all (a throw rolls it all back). A nested call joins the open one.
 *
 * better-sqlite3: BEGIN IMMEDIATE … COMMIT on the one shared connection. Its queries complete
 * synchronously, so a body that awaits only the database runs within one drain of the microtask
 * queue, and no other request's code runs inside the transaction. A body that awaits real I/O
 * (a network call, the model, a timer) would let other requests' writes into it: that is a bug,
 * caught by the check below (committed, then thrown, so nobody else's write is rolled back).
 * Do slow work before the unit of work, and mail or recomputes after it (the job outbox).
 *
 * libSQL: an interactive transaction on a connection of its own, one at a time per instance (shared
 * with atomic's turn: a second concurrent transaction fails at once with SQLITE_BUSY).
 */
export async function runInTransaction<R>(db: Db, work: (tx: Db) => Promise<R>): Promise<R> {
  if (inUnitOfWork(db)) return work(db);
  if ("batch" in db) {
    const previous = libsqlTurn.get(db) ?? Promise.resolve();
    const mine = previous.then(() =>
      db.transaction(async (tx) => {
        libsqlTransactions.add(tx);
        return work(tx as unknown as Db);
      }),
    ) as Promise<R>;
    libsqlTurn.set(
      db,
      mine.catch(() => undefined),
    );
    return mine;
  }
  const sqlite = clientOf(db);
  const waiting = beginImmediate(sqlite);
  if (waiting) await waiting;
  // the wait for the lock may have crossed turns; another unit may have begun and ended meanwhile
  let crossedTurn = false;
  const watch = setImmediate(() => (crossedTurn = true));
  let result: R;
  try {
    result = await work(db);
  } catch (error) {
    if (sqlite.inTransaction) sqlite.exec("ROLLBACK");
    clearImmediate(watch);
    throw error;
  }
  sqlite.exec("COMMIT");
  clearImmediate(watch);
  if (crossedTurn) {
    const error = new UnitOfWorkAwaitedIo("a unit of work awaited I/O other than the database (committed; see runInTransaction)");
    // a bug of ours, not the user's: loud in development and tests, logged in production
    if (process.env.NODE_ENV === "production") console.error(error);
    else throw error;
  }
  return result;
}
