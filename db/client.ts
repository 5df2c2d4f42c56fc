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

  close(): Promise<void>;
}

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
    const client = createClient({ url, authToken });
    // a local file opened through libSQL gets the same guarantees as better-sqlite3 below
    if (url.startsWith("file:")) {
      await client.execute("PRAGMA journal_mode = WAL");
      await client.execute("PRAGMA busy_timeout = 5000");
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
  sqlite.pragma("busy_timeout = 5000");
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
    close: async () => {
      sqlite.close();
    },
  };
}

type BetterSqlite = import("better-sqlite3").Database;
/** One write of an atomic group: a prepared statement (see db/prepared.ts) and its parameters. */
export interface AtomicWrite {
  statement: (db: Db) => { run(params: Record<string, unknown>): unknown };
  params: Record<string, unknown>;
}
const transactionOf = new WeakMap<BetterSqlite, (db: Db, writes: AtomicWrite[]) => void>();

/**
 * Runs prepared writes in one transaction: all or none. On better-sqlite3 a statement's run() is
 * synchronous, so they run inside one BEGIN…COMMIT on the connection (an async callback would let
 * the commit happen at its first await). On libSQL they run in a drizzle transaction, prepared on
 * it (a statement prepared on the database would run outside it).
 */
export async function atomic(db: Db, writes: AtomicWrite[]): Promise<void> {
  if ("batch" in db) {
    await db.transaction(async (tx) => {
      for (const w of writes) await w.statement(tx as unknown as Db).run(w.params);
    });
    return;
  }
  const sqlite = (db as unknown as { $client: BetterSqlite }).$client;
  let run = transactionOf.get(sqlite);
  if (!run) {
    run = sqlite.transaction((on: Db, list: AtomicWrite[]) => {
      for (const w of list) w.statement(on).run(w.params);
    });
    transactionOf.set(sqlite, run);
  }
  run(db, writes);
}
