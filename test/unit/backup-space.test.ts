// The backup's housekeeping on real files: the WAL a backup leaves is cut back, a lock held by a
// live backup is respected while a dead one's is not, and backups are kept within their byte budget
// (the newest always) and by count.
import BetterSqlite3 from "better-sqlite3";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { backupDatabase } from "../../db/backup";
import { listBackups, prune, takeBackupLock } from "../../db/backup-space";
import { JOURNAL_SIZE_LIMIT, openDatabase } from "../../db/client";

const dir = mkdtempSync(join(tmpdir(), "tf-backup-space-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const MB = 1024 * 1024;

describe("backup housekeeping", () => {
  it("leaves the WAL cut back after a backup, and the server's connection limits it", async () => {
    const path = join(dir, "wal.db");
    const server = await openDatabase(`file:${path}`);
    const sqlite = (server.db as unknown as { $client: BetterSqlite3.Database }).$client;
    expect(sqlite.pragma("journal_size_limit", { simple: true })).toBe(JOURNAL_SIZE_LIMIT);
    // a WAL grown large while nothing checkpointed it (as during a backup under load)
    const writer = new BetterSqlite3(path);
    writer.pragma("wal_autocheckpoint = 0");
    writer.exec("CREATE TABLE IF NOT EXISTS ballast (t BLOB)");
    const insert = writer.prepare("INSERT INTO ballast VALUES (randomblob(65536))");
    for (let i = 0; i < 300; i++) insert.run();
    writer.close();
    expect(statSync(`${path}-wal`).size).toBeGreaterThan(15 * MB);
    await backupDatabase(path, join(dir, "wal-backups"));
    expect(statSync(`${path}-wal`).size).toBe(0);
    await server.close();
  }, 60_000);

  it("respects a live backup's lock and clears a dead one's, with its partial file", () => {
    const backups = join(dir, "locks");
    mkdirSync(backups, { recursive: true });
    writeFileSync(join(backups, ".backup.lock"), JSON.stringify({ pid: process.pid, host: hostname(), started: new Date().toISOString() }));
    expect(() => takeBackupLock(backups)).toThrow(/another backup is running/);
    writeFileSync(join(backups, ".backup.lock"), JSON.stringify({ pid: 2 ** 22 + 1, host: hostname(), started: new Date().toISOString() }));
    writeFileSync(join(backups, "app-20260101T000000Z.db.gz.partial"), "half");
    const release = takeBackupLock(backups);
    expect(readdirSync(backups)).toEqual([".backup.lock"]);
    release();
    expect(existsSync(join(backups, ".backup.lock"))).toBe(false);
  });

  it("keeps backups by count and within their byte budget, the newest always", () => {
    const backups = join(dir, "keep");
    mkdirSync(backups, { recursive: true });
    const db = join(dir, "app.db");
    for (let i = 1; i <= 5; i++) writeFileSync(join(backups, `app-2026010${i}T000000Z.db.gz`), Buffer.alloc(MB));
    expect(prune(backups, db, { keep: 4 }).length).toBe(1);
    expect(prune(backups, db, { keepBytes: { bytes: 2.5 * MB } }).length).toBe(2);
    expect(listBackups(backups, db).map((f) => f.slice(-26))).toEqual(["app-20260104T000000Z.db.gz", "app-20260105T000000Z.db.gz"]);
    expect(prune(backups, db, { keepBytes: { bytes: 1 } }).length).toBe(1); // a budget below one copy still keeps the newest
    expect(listBackups(backups, db)).toHaveLength(1);
  });
});
