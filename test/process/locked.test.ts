// A database locked by another process (an operator's open transaction, a tool holding the write
// lock) must not stop the server: with the lock held, health and pages answer at once, a write
// waits for the lock off the event loop and then answers 503 `storage_unavailable` in the
// reader's language, and everything works again once the lock is gone. The real server process,
// the lock held from this (another) process.
import BetterSqlite3 from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startServer, type ServerProcess } from "../server-process";

const dir = mkdtempSync(join(tmpdir(), "tf-locked-"));
let server: ServerProcess | null = null;
afterAll(() => {
  server?.child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

const timed = async (url: string, init?: RequestInit) => {
  const started = Date.now();
  const res = await fetch(url, init);
  const body = await res.text();
  return { status: res.status, body, ms: Date.now() - started };
};

describe("a database locked by another process", () => {
  it("keeps health and pages answering within a second; writes get 503, then work again", async () => {
    const dbFile = join(dir, "app.db");
    server = await startServer({ DATABASE_URL: `file:${dbFile}`, OUTBOX_DIR: join(dir, "outbox") });
    const { base } = server;
    const signup = (email: string) =>
      timed(`${base}/api/passport/signup`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: "i18n_locale=en" },
        body: JSON.stringify({ email, policy: true, terms: true, offer: true }),
      });
    expect((await signup("before-lock@example.com")).status).toBe(201);

    const other = new BetterSqlite3(dbFile);
    other.exec("BEGIN EXCLUSIVE");
    other.exec("UPDATE settings SET value = value WHERE 0"); // (holds the write lock either way)
    try {
      // several writes waiting for the lock at once, and meanwhile health and pages
      const writes = Promise.all(Array.from({ length: 4 }, (_, i) => signup(`locked${i}@example.com`)));
      await new Promise((r) => setTimeout(r, 200));
      const probes = [];
      for (let i = 0; i < 5; i++) {
        probes.push(await timed(`${base}/api/health`), await timed(`${base}/about`), await timed(`${base}/api/test`));
        await new Promise((r) => setTimeout(r, 150));
      }
      for (const p of probes) expect(p.ms, JSON.stringify(p).slice(0, 200)).toBeLessThan(1000);
      const health = probes.filter((_, i) => i % 3 === 0);
      expect(health.every((h) => h.status === 503 && JSON.parse(h.body).writes === "locked")).toBe(true);
      expect(probes.filter((_, i) => i % 3 !== 0).every((p) => p.status === 200)).toBe(true);

      for (const w of await writes) {
        expect(w.status).toBe(503);
        const error = JSON.parse(w.body).error as { code: string; message: string };
        expect(error.code).toBe("storage_unavailable");
        expect(error.message).toContain("server is busy");
        expect(w.ms).toBeLessThan(6000); // waited for the lock a bounded time
      }
    } finally {
      other.exec("ROLLBACK");
      other.close();
    }
    // the lock gone: writes work at once, health is 200 again after its next probe
    expect((await signup("after-lock@example.com")).status).toBe(201);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await timed(`${base}/api/health`)).status).toBe(200);
  }, 60_000);

  it("a write that finds the lock held for a moment waits for it instead of failing", async () => {
    const dbFile = join(dir, "app.db");
    server ??= await startServer({ DATABASE_URL: `file:${dbFile}`, OUTBOX_DIR: join(dir, "outbox") });
    const other = new BetterSqlite3(dbFile);
    other.exec("BEGIN IMMEDIATE");
    setTimeout(() => {
      other.exec("ROLLBACK");
      other.close();
    }, 500);
    const res = await timed(`${server.base}/api/passport/signup`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "brief-lock@example.com", policy: true, terms: true, offer: true }),
    });
    expect(res.status).toBe(201);
    expect(res.ms).toBeGreaterThanOrEqual(400);
  }, 30_000);
});
