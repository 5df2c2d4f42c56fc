// atomic(): groups of prepared writes, all or none, on both drivers; on better-sqlite3 the groups
// of one event-loop turn share a commit (sixteen at most), and a group that fails takes nobody
// else's writes down.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { atomic, GROUP_COMMIT_MAX, openDatabase, type Database } from "../../db/client";
import { prepared } from "../../db/prepared";
import { settings } from "../../db/schema";

const dir = mkdtempSync(join(tmpdir(), "tf-atomic-"));
const databases: Database[] = [];
afterAll(async () => {
  for (const d of databases) await d.close();
  rmSync(dir, { recursive: true, force: true });
});

// settings is a plain key → value table: a write there is any write (the value goes in as given)
const put = prepared((db) =>
  db
    .insert(settings)
    .values({ key: sql.placeholder("key"), value: sql`${sql.placeholder("value")}` })
    .prepare(),
);

for (const driver of ["auto", "libsql"] as const) {
  describe(`atomic on ${driver === "auto" ? "better-sqlite3" : "libSQL"}`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await openDatabase(`file:${join(dir, `${driver}.db`)}`, undefined, driver);
      databases.push(database);
    });
    const stored = async (key: string) => (await database.db.select().from(settings).where(eq(settings.key, key))).length === 1;

    it("stores every group of a burst, and a failing group rolls back alone, whole", async () => {
      const outcomes = await Promise.allSettled([
        atomic(database.db, [
          { statement: put, params: { key: `${driver}-a1`, value: "1" } },
          { statement: put, params: { key: `${driver}-a2`, value: "1" } },
        ]),
        // its second write breaks the primary key: its first must not stay either
        atomic(database.db, [
          { statement: put, params: { key: `${driver}-b1`, value: "1" } },
          { statement: put, params: { key: `${driver}-a1`, value: "again" } },
        ]),
        atomic(database.db, [{ statement: put, params: { key: `${driver}-c1`, value: "1" } }]),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
      const { reason } = outcomes[1] as PromiseRejectedResult;
      expect(`${reason} ${(reason as Error).cause ?? ""}`).toMatch(/UNIQUE constraint failed/); // (drizzle wraps libSQL's error)
      expect(await stored(`${driver}-a1`)).toBe(true);
      expect(await stored(`${driver}-a2`)).toBe(true);
      expect(await stored(`${driver}-b1`)).toBe(false);
      expect(await stored(`${driver}-c1`)).toBe(true);
    });

    it("has stored the writes when its promise resolves", async () => {
      await atomic(database.db, [{ statement: put, params: { key: `${driver}-d1`, value: "1" } }]);
      expect(await stored(`${driver}-d1`)).toBe(true);
    });
  });
}

describe("group commit on better-sqlite3", () => {
  it("commits a burst of groups together, sixteen at most: a hundred groups, seven transactions", async () => {
    const database = await openDatabase(`file:${join(dir, "burst.db")}`);
    databases.push(database);
    const sqlite = (database.db as unknown as { $client: import("better-sqlite3").Database }).$client;
    // SQLite counts commits to the WAL in data_version only for other connections: count BEGINs instead
    let transactions = 0;
    const exec = sqlite.prepare.bind(sqlite);
    const original = sqlite.transaction.bind(sqlite);
    sqlite.transaction = ((fn: (...args: unknown[]) => unknown) => {
      const wrapped = original(fn);
      // whichever way the group commit begins it (plain, or IMMEDIATE to take the lock first)
      const counting =
        (run: (...args: unknown[]) => unknown) =>
        (...args: unknown[]) => {
          if (!sqlite.inTransaction) transactions++;
          return run(...args);
        };
      return Object.assign(counting(wrapped), {
        deferred: counting(wrapped.deferred),
        immediate: counting(wrapped.immediate),
        exclusive: counting(wrapped.exclusive),
      }) as unknown as typeof wrapped;
    }) as typeof sqlite.transaction;
    const burst = (): number => (exec("select count(*) as n from settings where key like 'burst-%'").get() as { n: number }).n;
    const writes = Array.from({ length: 100 }, (_, i) => atomic(database.db, [{ statement: put, params: { key: `burst-${i}`, value: "1" } }]));
    // full groups are stored as they fill, in this very turn; the last four wait for its end
    expect(burst()).toBe(6 * GROUP_COMMIT_MAX);
    await Promise.all(writes);
    expect(transactions).toBe(7);
    expect(burst()).toBe(100);
    // a later turn is a commit of its own
    await atomic(database.db, [{ statement: put, params: { key: "later", value: "1" } }]);
    expect(transactions).toBe(8);
  });
});
