// Scheduled backups on the volume they are written to, as the README's deploy ships them (the
// database and BACKUP_DIR on one small volume), scaled down from the 1 GB volume with a 564 MB database
// (the database half the volume): the schedule keeps backing up within its byte budget and leaves the database its room;
// on a volume too small it refuses before writing anything, says why in the log, and health turns
// "degraded". And a server restarted more often than the interval still backs up, past the lock
// and partial file of a backup that was killed. Real ext4 loop volumes (root only; skipped with a
// message elsewhere) and the real server process.
import BetterSqlite3 from "better-sqlite3";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statfsSync, statSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client";
import { startServer, type ServerProcess } from "../server-process";
import { ext4Volume, type Volume } from "../volume";

const volumes: Volume[] = [];
const servers: ServerProcess[] = [];
const scratch = mkdtempSync(join(tmpdir(), "tf-backup-volume-"));
afterAll(() => {
  for (const s of servers) s.child.kill("SIGKILL");
  for (const v of volumes) v.close();
  rmSync(scratch, { recursive: true, force: true });
});

const MB = 1024 * 1024;
const WORDS = "answer format thinking report company position employee department invite result question value statement score".split(" ");

/** A migrated database grown to about `mb` MB with text that compresses as the real one does (≈ 1:4). */
async function databaseOf(path: string, mb: number) {
  await (await openDatabase(`file:${path}`)).close();
  const sqlite = new BetterSqlite3(path);
  sqlite.exec("CREATE TABLE IF NOT EXISTS ballast (t TEXT)");
  const insert = sqlite.prepare("INSERT INTO ballast VALUES (?)");
  const row = () => Array.from({ length: 400 }, () => WORDS[Math.floor(Math.random() * WORDS.length)]!.slice(0, 3 + Math.floor(Math.random() * 6))).join(" ");
  const some = sqlite.transaction(() => {
    for (let i = 0; i < 300; i++) insert.run(row());
  });
  while (statSync(path).size < mb * MB) {
    some();
    sqlite.pragma("wal_checkpoint(TRUNCATE)"); // (the WAL would take the room twice)
  }
  sqlite.close();
}

const freeOf = (dir: string) => {
  const fs = statfsSync(dir);
  return fs.bavail * fs.bsize;
};
const backupsIn = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".db.gz")) : []);
const waitFor = async (what: () => boolean, ms: number) => {
  for (const end = Date.now() + ms; Date.now() < end && !what(); ) await new Promise((r) => setTimeout(r, 100));
  return what();
};
const health = async (base: string, strict = false) => {
  const res = await fetch(`${base}/api/health${strict ? "?strict" : ""}`);
  return {
    status: res.status,
    body: (await res.json()) as { status: string; problems?: string[]; backup?: { lastError: string | null }; disk?: { freeBytes: number } },
  };
};

const first = ext4Volume(48);
if (first.volume) volumes.push(first.volume);
else console.warn(`backup volume tests skipped: ${first.skip}`);

describe.skipIf(!first.volume)("scheduled backups on the database's own volume", () => {
  it("keep backing up within their budget and leave the database its room (48 MB volume, 24 MB database)", async () => {
    const dir = first.volume!.dir;
    let t0 = Date.now();
    await databaseOf(join(dir, "app.db"), 24);
    console.log(`database made in ${Date.now() - t0} ms`);
    t0 = Date.now();
    const server = await startServer({ DATABASE_URL: `file:${join(dir, "app.db")}`, OUTBOX_DIR: join(dir, "outbox"), BACKUP_INTERVAL: "1s" });
    servers.push(server);
    let lowest = freeOf(dir);
    const done = () => (server.output().match(/backup: \S+ \(.*checked/g) ?? []).length;
    await waitFor(() => {
      lowest = Math.min(lowest, freeOf(dir));
      return done() >= 3;
    }, 60_000);
    expect(done(), `${server.output()}\n${readdirSync(join(dir, "backups")).join(" ")}`).toBeGreaterThanOrEqual(3);
    console.log(`3 backups in ${Date.now() - t0} ms; lowest free ${(lowest / MB).toFixed(1)} MB; kept ${backupsIn(join(dir, "backups")).length}`);
    expect(server.output()).not.toMatch(/scheduled backup failed/);
    // the byte budget (25 % of the volume by default) holds at most two of these copies
    expect(backupsIn(join(dir, "backups")).length).toBeLessThanOrEqual(2);
    const minFree = 0.1 * statfsSync(dir).blocks * statfsSync(dir).bsize;
    expect(lowest).toBeGreaterThan(minFree * 0.5); // never near full, even while a copy is written
    const h = await health(server.base);
    expect(h.status).toBe(200);
    expect(h.body.status).toBe("ok");
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  }, 120_000);

  it("on a volume too small, refuses before writing, says why, and health turns degraded", async () => {
    const small = ext4Volume(24);
    if (!small.volume) return;
    volumes.push(small.volume);
    const dir = small.volume.dir;
    await databaseOf(join(dir, "app.db"), 14);
    const server = await startServer({
      DATABASE_URL: `file:${join(dir, "app.db")}`,
      OUTBOX_DIR: join(dir, "outbox"),
      BACKUP_INTERVAL: "1s",
      BACKUP_MIN_FREE: "8MB",
    });
    servers.push(server);
    const before = freeOf(dir);
    // the backup's own refusal, then the server's line once that child has exited
    const said = () => /backup: refused, not enough free space/.test(server.output()) && /scheduled backup failed/.test(server.output());
    expect(await waitFor(said, 30_000), server.output()).toBe(true);
    expect(server.output()).toMatch(/scheduled backup failed \(exit 1\)/);
    expect(backupsIn(join(dir, "backups"))).toEqual([]);
    expect(freeOf(dir)).toBeGreaterThan(before - MB); // nothing was written and left behind
    const h = await health(server.base);
    expect(h.status).toBe(200); // the site works: the routing check stays green
    expect(h.body.status).toBe("degraded");
    expect(h.body.problems).toEqual(expect.arrayContaining(["backup_failing", "disk_low"]));
    expect(h.body.backup!.lastError).toMatch(/not enough free space/);
    expect((await health(server.base, true)).status).toBe(503); // the alerting check fails
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  }, 120_000);
});

describe("a server restarted more often than BACKUP_INTERVAL", () => {
  it("backs up at each start once the newest backup is older than the interval, past a killed backup's lock", async () => {
    const dir = join(scratch, "restarts");
    mkdirSync(join(dir, "backups"), { recursive: true });
    // what a backup killed with its machine leaves: its lock (owner gone) and its partial copy
    const gone = spawnSync(process.execPath, ["-e", "0"]).pid;
    writeFileSync(join(dir, "backups", ".backup.lock"), JSON.stringify({ pid: gone, host: hostname(), started: new Date().toISOString() }));
    writeFileSync(join(dir, "backups", "app-20260101T000000Z.db.gz.partial"), Buffer.alloc(MB));
    for (let start = 1; start <= 3; start++) {
      const server = await startServer({ DATABASE_URL: `file:${join(dir, "app.db")}`, OUTBOX_DIR: join(dir, "outbox"), BACKUP_INTERVAL: "2s" });
      servers.push(server);
      expect(await waitFor(() => /backup: \S+ \(.*checked/.test(server.output()), 20_000), server.output()).toBe(true);
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      if (start === 1) expect(server.output()).toMatch(/removing a stale lock/);
    }
    const files = readdirSync(join(dir, "backups"));
    expect(files.filter((f) => f.endsWith(".db.gz")).length).toBe(3);
    expect(files.filter((f) => f.includes("partial") || f === ".backup.lock")).toEqual([]);
  }, 120_000);
});
