// One factory for both drivers: better-sqlite3 for a local file (the default), libSQL for a
// `libsql://` or `http(s)://` server. Services only ever `await` drizzle queries, which works on both.
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import * as schema from "./schema";
import "./inline-limit";

export type Db = BaseSQLiteDatabase<"sync" | "async", unknown, typeof schema>;
export interface Database {
  db: Db;
  kind: "better-sqlite3" | "libsql";
  /** Runs one SQL statement that must succeed; used by the health check. */
  ping(): Promise<void>;
  /** Commits a real (empty) write, failing as a write would: full disk, read-only, locked. */
  probeWrite(): Promise<void>;

  close(): Promise<void>;
}

/** How long a write waits for another writer before it fails as locked (both drivers). */
export const BUSY_TIMEOUT_MS = 5000;

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
      await client.execute("PRAGMA foreign_keys = ON");
    }
    const db = drizzle(client, { schema, casing: "snake_case" });
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    return {
      db: db as unknown as Db,
      kind: "libsql",
      ping: async () => {
        await client.execute("select 1");
      },
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
  // WAL lets readers run beside the one writer; the busy timeout queues writers instead of failing.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  const db = drizzle(sqlite, { schema, casing: "snake_case" });
  migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  const ping = sqlite.prepare("select 1");
  return {
    db: db as unknown as Db,
    kind: "better-sqlite3",
    ping: async () => {
      ping.get();
    },
    probeWrite: async () => probeWrite(sqlite),
    close: async () => {
      sqlite.close();
    },
  };
}

type BetterSqlite = import("better-sqlite3").Database;

/**
 * A write that changes nothing (the header's user_version set to itself, one WAL frame), committed
 * with a short busy timeout so a locked database fails the probe in 250 ms instead of holding the
 * event loop for the 5 s a request's write waits. A database at its page limit counts as full.
 */
function probeWrite(sqlite: BetterSqlite) {
  if (sqlite.inTransaction) return;
  const busy = sqlite.pragma("busy_timeout", { simple: true }) as number;
  sqlite.pragma(`busy_timeout = ${Math.min(busy, 250)}`);
  try {
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
  } finally {
    sqlite.pragma(`busy_timeout = ${busy}`);
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
  if ("batch" in db) {
    // one at a time per instance: the libSQL client gives a second concurrent transaction a
    // connection of its own, which fails at once with SQLITE_BUSY instead of waiting its turn
    const previous = libsqlTurn.get(db) ?? Promise.resolve();
    const mine = previous.then(() =>
      db.transaction(async (tx) => {
        for (const w of writes) await w.statement(tx as unknown as Db).run(w.params);
      }),
    );
    libsqlTurn.set(db, mine.catch(() => undefined));
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
  try {
    sqlite.transaction(() => {
      for (const group of groups) {
        if (aborted) break;
        try {
          runGroup(group.db, group.writes);
        } catch (error) {
          failures.set(group, error ?? new Error("write failed"));
          if (!sqlite.inTransaction) aborted = error ?? new Error("transaction rolled back");
        }
      }
    })();
  } catch (error) {
    // the commit itself failed (disk full, locked past the busy timeout): nothing was stored
    for (const group of groups) group.done(aborted ?? error ?? new Error("commit failed"));
    return;
  }
  for (const group of groups) group.done(failures.get(group));
}
