// Another process's write lock on the embedded database (db/write-lock.ts): every kind of write —
// a unit of work, a group of atomic writes, a bare statement — waits for it without holding up the
// event loop (a timer keeps firing on time meanwhile), goes through once the lock is gone, and
// fails as locked (SQLITE_BUSY, a 503 for the app) when it is held past LOCK_WAIT_MS.
import BetterSqlite3 from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { atomic, openDatabase, runInTransaction, type Database } from "../../db/client";
import { prepared } from "../../db/prepared";
import { settings } from "../../db/schema";
import { LOCK_WAIT_MS } from "../../db/write-lock";

const dir = mkdtempSync(join(tmpdir(), "tf-write-lock-"));
const path = join(dir, "app.db");
let database: Database;
beforeAll(async () => {
  database = await openDatabase(`file:${path}`);
});
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});
const put = prepared((db) =>
  db
    .insert(settings)
    .values({ key: sql.placeholder("key"), value: sql`${sql.placeholder("value")}` })
    .prepare(),
);
const stored = async (key: string) => (await database.db.select().from(settings).where(eq(settings.key, key))).length === 1;

/** The longest gap between ticks of a 10 ms timer while `work` runs: the event loop's stalls. */
async function longestStall<T>(work: Promise<T>) {
  let last = Date.now();
  let longest = 0;
  const tick = setInterval(() => {
    longest = Math.max(longest, Date.now() - last);
    last = Date.now();
  }, 10);
  try {
    return {
      result: await work.then(
        (v) => ({ ok: true as const, v }),
        (e: unknown) => ({ ok: false as const, e }),
      ),
      longest,
    };
  } finally {
    clearInterval(tick);
  }
}

describe("writes while another process holds the lock", () => {
  it("wait off the event loop and go through once it is released", async () => {
    const other = new BetterSqlite3(path);
    other.exec("BEGIN IMMEDIATE");
    setTimeout(() => other.exec("ROLLBACK"), 400);
    const { result, longest } = await longestStall(
      Promise.all([
        runInTransaction(database.db, async (tx) => {
          await tx.insert(settings).values({ key: "unit", value: 1 });
        }),
        atomic(database.db, [{ statement: put, params: { key: "group", value: 2 } }]),
        database.db.insert(settings).values({ key: "bare", value: 3 }),
      ]),
    );
    other.close();
    expect(result.ok, String(!result.ok && result.e)).toBe(true);
    // a busy wait would stall the loop for the whole wait: its ROLLBACK timer could not even fire.
    // A third of that leaves room for a loaded machine's own pauses.
    expect(longest).toBeLessThan(LOCK_WAIT_MS / 3);
    for (const key of ["unit", "group", "bare"]) expect(await stored(key)).toBe(true);
  });

  it("fail as locked after LOCK_WAIT_MS, having kept the event loop free", async () => {
    const other = new BetterSqlite3(path);
    other.exec("BEGIN IMMEDIATE");
    try {
      const started = Date.now();
      const { result, longest } = await longestStall(atomic(database.db, [{ statement: put, params: { key: "never", value: 1 } }]));
      expect(result.ok).toBe(false);
      expect((result as { e: { code: string } }).e.code).toMatch(/^SQLITE_BUSY/);
      expect(Date.now() - started).toBeGreaterThanOrEqual(LOCK_WAIT_MS - 50);
      expect(longest).toBeLessThan(LOCK_WAIT_MS / 3);
      const bare = await longestStall(Promise.resolve().then(() => database.db.insert(settings).values({ key: "never2", value: 1 })));
      expect(bare.result.ok).toBe(false);
    } finally {
      other.exec("ROLLBACK");
      other.close();
    }
    expect(await stored("never")).toBe(false);
  }, 20_000);
});
