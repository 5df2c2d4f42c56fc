// The libSQL driver's pooled connections: every connection, not only the first, waits
// for another writer (busy timeout) and enforces foreign keys, so a write that meets a busy
// database waits its turn instead of failing at once with SQLITE_BUSY.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawn } from "node:child_process";
import { once } from "node:events";
import type { Client } from "@libsql/client";
import { afterAll, describe, expect, it } from "vitest";
import { BUSY_TIMEOUT_MS, openDatabase } from "../../db/client";

const dir = mkdtempSync(join(tmpdir(), "tf-libsql-pool-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("libSQL connections", () => {
  it("have the busy timeout and foreign keys on every pooled connection, and wait for a writer", async () => {
    const file = join(dir, "app.db");
    const database = await openDatabase(`file:${file}`, undefined, "libsql");
    const client = (database.db as unknown as { $client: Client }).$client;
    try {
      // two transactions at once hold two different connections of the pool
      const a = await client.transaction("read");
      const b = await client.transaction("read");
      for (const tx of [a, b]) {
        expect((await tx.execute("PRAGMA busy_timeout")).rows[0]![0]).toBe(BUSY_TIMEOUT_MS);
        expect((await tx.execute("PRAGMA foreign_keys")).rows[0]![0]).toBe(1);
      }
      await a.rollback();
      await b.rollback();

      // another process's writer holds the lock for 400 ms (a process: SQLite's locks are per
      // process): the write waits its turn and succeeds
      const holder = spawn(
        process.execPath,
        [
          "-e",
          `const D=require("better-sqlite3");const d=new D(${JSON.stringify(file)});d.exec("BEGIN IMMEDIATE");console.log("locked");setTimeout(()=>{d.exec("COMMIT");d.close()},400)`,
        ],
        { stdio: ["ignore", "pipe", "inherit"] },
      );
      await new Promise<void>((resolve) => holder.stdout.once("data", () => resolve()));
      const t0 = Date.now();
      const tx = await client.transaction("write");
      await tx.execute("CREATE TABLE IF NOT EXISTS pool_probe (x INTEGER)");
      await tx.commit();
      expect(Date.now() - t0).toBeGreaterThanOrEqual(200);
      await once(holder, "exit");
    } finally {
      await database.close();
    }
  });
});
