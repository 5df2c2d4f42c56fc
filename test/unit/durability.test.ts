// Acknowledged means on disk (db/durability.ts): every acknowledged commit was flushed by an
// fdatasync that started after it, flushes are shared by concurrent writers, and a request that
// wrote nothing does not wait for one.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import BetterSqlite3 from "better-sqlite3";
import { walFlusher } from "../../db/durability";
import { openDatabase } from "../../db/client";

const dir = mkdtempSync(join(tmpdir(), "tf-durable-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("durable acknowledgements", () => {
  it("flushes after every commit it acknowledges, sharing one flush among concurrent writers", async () => {
    const path = join(dir, "flush.db");
    const sqlite = new BetterSqlite3(path);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = NORMAL");
    sqlite.exec("create table t (n integer)");
    // a flush that records which commits were written when it started
    const insert = sqlite.prepare("insert into t values (?)");
    const count = sqlite.prepare("select count(*) from t").pluck();
    const startedWith: number[] = [];
    const flusher = walFlusher(sqlite, path, (fd, done) => {
      startedWith.push(count.get() as number);
      setTimeout(() => done(null), 2); // a disk that takes its time
    });
    const acked: { n: number; coveredBy: number }[] = [];
    await Promise.all(
      Array.from({ length: 300 }, async (_, i) => {
        await new Promise((r) => setTimeout(r, i % 7)); // writers arriving over a few milliseconds
        insert.run(i);
        const rowsAtCommit = count.get() as number;
        await flusher.durable();
        acked.push({ n: rowsAtCommit, coveredBy: startedWith.at(-1)! });
      }),
    );
    // every acknowledged commit was on disk: the last flush before its acknowledgement started after it
    for (const a of acked) expect(a.coveredBy).toBeGreaterThanOrEqual(a.n);
    expect(acked).toHaveLength(300);
    expect(flusher.flushes).toBeGreaterThan(0);
    expect(flusher.flushes).toBeLessThan(60); // shared: 300 commits, a handful of flushes
    // nothing written since: no flush
    const before = flusher.flushes;
    await flusher.durable();
    expect(flusher.flushes).toBe(before);
    flusher.close();
    sqlite.close();
  });

  it("flushes a reply's commit even when it asks while another unit of work is open", async () => {
    const path = join(dir, "overlap.db");
    const sqlite = new BetterSqlite3(path);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = NORMAL");
    sqlite.exec("create table t (n integer)");
    const count = sqlite.prepare("select count(*) from t").pluck();
    const committedAtFlush: number[] = [];
    const flusher = walFlusher(sqlite, path, (fd, done) => {
      committedAtFlush.push(count.get() as number);
      setTimeout(() => done(null), 1);
    });
    sqlite.exec("insert into t values (1)");
    await flusher.durable(); // row 1 on disk
    const flushed = flusher.flushes;
    // request A commits row 2; before A's reply asks for its flush, request B opens a unit of work
    sqlite.exec("insert into t values (2)");
    sqlite.exec("BEGIN IMMEDIATE");
    sqlite.exec("insert into t values (3)");
    const acknowledged = flusher.durable(); // A's outermost middleware, while B's unit is open
    await Promise.resolve();
    sqlite.exec("COMMIT"); // B commits within its turn
    await acknowledged;
    // A's row 2 (and B's row 3) were written before the flush that acknowledged A began
    expect(flusher.flushes).toBeGreaterThan(flushed);
    expect(committedAtFlush.at(-1)).toBeGreaterThanOrEqual(3);
    // and B's reply, asking after its commit, is covered by the same flush
    const again = flusher.flushes;
    await flusher.durable();
    expect(flusher.flushes).toBe(again);
    flusher.close();
    sqlite.close();
  });

  it("runs the embedded database with NORMAL commits and its own flush, libSQL files with FULL", async () => {
    const embedded = await openDatabase(`file:${join(dir, "embedded.db")}`);
    const libsql = await openDatabase(`file:${join(dir, "libsql.db")}`, undefined, "libsql");
    try {
      expect((await embedded.db.all<{ synchronous: number }>(sql`PRAGMA synchronous`))[0]!.synchronous).toBe(1);
      expect((await libsql.db.all<{ synchronous: number }>(sql`PRAGMA synchronous`))[0]!.synchronous).toBe(2);
    } finally {
      await embedded.close();
      await libsql.close();
    }
  });
});
