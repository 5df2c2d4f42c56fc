// Honest health: when the write path fails — a read-only database, one locked by another
// writer past the busy timeout, a full one — writes answer 503 with a message in the reader's
// language saying nothing was saved (not a generic 500), and /api/health answers 503 with the reason
// (it commits a real write, at most every 2 s), then 200 again once writes work.
import BetterSqlite3 from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers";
import { signUp } from "../respondent";

let t: TestApp;
let sqlite: BetterSqlite3.Database;
beforeAll(async () => {
  t = await createTestApp();
  sqlite = (t.deps.db as unknown as { $client: BetterSqlite3.Database }).$client;
});
afterAll(() => t.close());

const health = async () => {
  const res = await t.app.request("/api/health");
  return { status: res.status, body: (await res.json()) as { status: string; writes?: string } };
};
const signup = (locale: "ru" | "en") =>
  t.json("POST", "/api/passport/signup", { email: `s${Math.random().toString(36).slice(2)}@example.com`, policy: true, terms: true, offer: true }, { locale });
const afterProbeInterval = () => new Promise((r) => setTimeout(r, 2100));

describe("storage faults", () => {
  it("a read-only database: writes 503 with a localized reason, health 503 read_only, then recovers", async () => {
    expect((await health()).status).toBe(200);
    sqlite.pragma("query_only = ON"); // SQLite refuses every write as it does for a read-only file
    const en = await signup("en");
    expect(en.status).toBe(503);
    expect(en.headers.get("retry-after")).toBe("60");
    const body = (await en.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("storage_unavailable");
    expect(body.error.message).toContain("read-only");
    expect(body.error.message).toContain("Nothing you sent was saved");
    const ru = (await (await signup("ru")).json()) as { error: { message: string } };
    expect(ru.error.message).toContain("только для чтения");
    expect(await health()).toMatchObject({ status: 503, body: { status: "error", database: "better-sqlite3", writes: "read_only" } });

    sqlite.pragma("query_only = OFF");
    await afterProbeInterval();
    expect((await health()).status).toBe(200);
    expect((await signup("en")).status).toBe(201);
  });

  it("a database locked by another writer: 503 locked, health 503 locked", async () => {
    const other = new BetterSqlite3(sqlite.name);
    other.exec("BEGIN IMMEDIATE"); // the write waits for it (off the event loop), then gives up
    try {
      const res = await signup("en");
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: { message: string } }).error.message).toContain("server is busy");
      expect((await health()).body.writes).toBe("locked");
    } finally {
      other.exec("ROLLBACK");
      other.close();
    }
    await afterProbeInterval();
    expect((await health()).status).toBe(200);
  });

  it("a full database: the write that does not fit is a 503 disk_full, and health says so", async () => {
    const r = await signUp(t, "full");
    const testId = ((await (await t.app.request("/api/test")).json()) as { docs: { _id: string }[] }).docs[0]!._id;
    const result = ((await (await t.json("POST", `/api/test/start/${testId}`, {}, r.h)).json()) as { _id: string })._id;
    const qs = ((await (await t.app.request(`/api/test/${testId}`)).json()) as { questions: { _id: string }[] }).questions;
    sqlite.pragma("wal_checkpoint(TRUNCATE)");
    sqlite.pragma(`max_page_count = ${sqlite.pragma("page_count", { simple: true })}`); // no room to grow: as a full disk
    let full: Response | null = null;
    for (const q of qs.slice(0, -1)) {
      const res = await t.json("POST", "/api/answer", { result, question: q._id, value: 1, elapsedMs: 4000 }, { ...r.h, locale: "en" });
      if (res.status === 200) continue;
      full = res;
      break;
    }
    expect(full?.status).toBe(503);
    expect(((await full!.json()) as { error: { message: string } }).error.message).toContain("disk is full");
    expect((await health()).body.writes).toBe("disk_full");
    sqlite.pragma("max_page_count = 1073741823");
    await afterProbeInterval();
    expect((await health()).status).toBe(200);
  });
});
