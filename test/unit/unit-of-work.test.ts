// runInTransaction (db/client.ts), the unit of work under transaction(scope): all or nothing on both
// drivers, a nested call joins the open one, atomic() inside it joins too, and a body that awaits
// real I/O is caught. (Durability of the commits: test/unit/durability.test.ts.)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { atomic, openDatabase, runInTransaction, UnitOfWorkAwaitedIo, type Database } from "../../db/client";
import { prepared } from "../../db/prepared";
import { settings } from "../../db/schema";

const dir = mkdtempSync(join(tmpdir(), "tf-uow-"));
const databases: Database[] = [];
afterAll(async () => {
  for (const d of databases) await d.close();
  rmSync(dir, { recursive: true, force: true });
});
const put = prepared((db) =>
  db
    .insert(settings)
    .values({ key: sql.placeholder("key"), value: sql`${sql.placeholder("value")}` })
    .prepare(),
);

for (const driver of ["auto", "libsql"] as const) {
  describe(`the unit of work on ${driver === "auto" ? "better-sqlite3" : "libSQL"}`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await openDatabase(`file:${join(dir, `${driver}.db`)}`, undefined, driver);
      databases.push(database);
    });
    const stored = async (key: string) => (await database.db.select().from(settings).where(eq(settings.key, key))).length === 1;

    it("keeps every write of a unit that finishes, and none of one that throws half-way", async () => {
      await runInTransaction(database.db, async (tx) => {
        await tx.insert(settings).values({ key: `${driver}-ok1`, value: 1 });
        await tx.insert(settings).values({ key: `${driver}-ok2`, value: 2 });
      });
      await expect(
        runInTransaction(database.db, async (tx) => {
          await tx.insert(settings).values({ key: `${driver}-half1`, value: 1 });
          await atomic(tx, [{ statement: put, params: { key: `${driver}-half2`, value: "2" } }]); // joins the unit
          await runInTransaction(tx, async (inner) => inner.insert(settings).values({ key: `${driver}-half3`, value: 3 })); // so does a nested one
          throw new Error("the second half never came");
        }),
      ).rejects.toThrow("the second half never came");
      expect(await stored(`${driver}-ok1`)).toBe(true);
      expect(await stored(`${driver}-ok2`)).toBe(true);
      for (const k of ["half1", "half2", "half3"]) expect(await stored(`${driver}-${k}`)).toBe(false);
      // and the connection is usable after the rollback
      await database.db.insert(settings).values({ key: `${driver}-after`, value: 1 });
      expect(await stored(`${driver}-after`)).toBe(true);
    });

    it("runs concurrent units one after another, each whole", async () => {
      await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          runInTransaction(database.db, async (tx) => {
            await tx.insert(settings).values({ key: `${driver}-c${i}a`, value: i });
            await tx.insert(settings).values({ key: `${driver}-c${i}b`, value: i });
          }),
        ),
      );
      for (let i = 0; i < 8; i++) expect((await stored(`${driver}-c${i}a`)) && (await stored(`${driver}-c${i}b`))).toBe(true);
    });
  });
}

describe("a unit of work that awaits I/O", () => {
  it("is caught: other requests' writes could have run inside it", async () => {
    const database = await openDatabase(`file:${join(dir, "io.db")}`);
    databases.push(database);
    await expect(
      runInTransaction(database.db, async (tx) => {
        await tx.insert(settings).values({ key: "io", value: 1 });
        await new Promise((r) => setTimeout(r, 5)); // a network call, a hash, the model…
      }),
    ).rejects.toBeInstanceOf(UnitOfWorkAwaitedIo);
  });
});
