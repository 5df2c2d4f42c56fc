// Every list and statistics query the app makes (test/query-plans.ts) is run on a database seeded
// at scale (db/seed/large.ts, scaled down) and each statement it prepares goes through EXPLAIN
// QUERY PLAN: a full scan of a table that grows with users fails. Index-only scans (`USING
// COVERING INDEX`, e.g. a count) and scans in index order pass.
import type { Database as BetterSqlite } from "better-sqlite3";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referrals, users } from "../../db/schema";
import { seedLarge } from "../../db/seed/large";
import { createId } from "../../server/lib/ids";
import { createTestApp, type TestApp } from "../helpers";
import { GROWING_TABLES, NAMED_QUERIES, type Fixtures } from "../query-plans";

let t: TestApp;
let sqlite: BetterSqlite;
let fixtures: Fixtures;
/** SQL prepared since the last reset: drizzle prepares every statement it runs. */
let prepared: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: "false" });
  sqlite = (t.deps.db as unknown as { $client: BetterSqlite }).$client;
  const seeded = seedLarge(sqlite, { users: 3_000, employees: 500, orderDays: 365 });
  const db = t.deps.db;
  const referralId = createId();
  await db.insert(referrals).values({ id: referralId, code: "plans" });
  const someone = (await db.select().from(users).where(eq(users.email, "large42@example.com")))[0]!;
  const owner = (await db.select().from(users).where(eq(users.id, seeded.ownerId)))[0]!;
  const result = sqlite.prepare("select id from results where user_id = ?").get(someone.id) as { id: string };
  fixtures = { user: someone, owner, manager: { ...someone, role: "admin" }, resultId: result.id, referralId };
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    prepared.push(source);
    return prepare(source);
  }) as typeof sqlite.prepare;
}, 60_000);
afterAll(() => t.close());

const FULL_SCAN = new RegExp(`^SCAN (${GROWING_TABLES.join("|")})(?: AS \\w+)?$`);

describe("query plans at scale", () => {
  for (const [name, run] of Object.entries(NAMED_QUERIES)) {
    it(`${name}: no full scan of a growing table`, async () => {
      prepared = [];
      await run(t.deps.db, fixtures);
      const statements = [...new Set(prepared)].filter((s) => /^\s*(select|with)/i.test(s));
      expect(statements.length).toBeGreaterThan(0);
      const scans = statements.flatMap((s) =>
        // parameters stay unbound (NULL): the plan is chosen without their values anyway
        (sqlite.prepare(`EXPLAIN QUERY PLAN ${s}`).all(...Array((s.match(/\?/g) ?? []).length).fill(null)) as { detail: string }[]).filter((r) => FULL_SCAN.test(r.detail)).map((r) => `${r.detail} in: ${s}`),
      );
      expect(scans).toEqual([]);
    });
  }
});
