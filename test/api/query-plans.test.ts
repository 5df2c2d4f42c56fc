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
import { GROWING_TABLES, KEYED_BY, NAMED_QUERIES, type Fixtures } from "../query-plans";

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
const GROWING_SEARCH = new RegExp(`^SEARCH (${GROWING_TABLES.join("|")})(?: AS \\w+)? USING .*\\((.*)\\)$`);

/** The plan of every select the query prepared, each step with its statement (kept: a prepared
 * statement is prepared once, on the query's first run). */
const plans = new Map<string, Promise<{ detail: string; in: string }[]>>();
const plansOf = (name: string) => plans.get(name) ?? plans.set(name, explain(NAMED_QUERIES[name]!)).get(name)!;

async function explain(run: (typeof NAMED_QUERIES)[string]) {
  prepared = [];
  await run(t.deps.db, fixtures);
  const statements = [...new Set(prepared)].filter((s) => /^\s*(select|with)/i.test(s));
  expect(statements.length).toBeGreaterThan(0);
  return statements.flatMap((s) =>
    // parameters stay unbound (NULL): the plan is chosen without their values anyway
    (sqlite.prepare(`EXPLAIN QUERY PLAN ${s}`).all(...Array((s.match(/\?/g) ?? []).length).fill(null)) as { detail: string }[]).map((r) => ({
      detail: r.detail,
      in: s,
    })),
  );
}

describe("query plans at scale", () => {
  for (const name of Object.keys(NAMED_QUERIES)) {
    it(`${name}: no full scan of a growing table`, async () => {
      const scans = (await plansOf(name)).filter((r) => FULL_SCAN.test(r.detail)).map((r) => `${r.detail} in: ${r.in}`);
      expect(scans).toEqual([]);
    });
  }
  for (const [name, columns] of Object.entries(KEYED_BY)) {
    it(`${name}: searches by ${columns.join(" or ")}, not by a flag every person shares`, async () => {
      const loose = (await plansOf(name))
        .filter((r) => {
          const constraint = GROWING_SEARCH.exec(r.detail)?.[2];
          return constraint !== undefined && !new RegExp(`\\b(${[...columns, "id", "rowid"].join("|")})=`).test(constraint);
        })
        .map((r) => `${r.detail} in: ${r.in}`);
      expect(loose).toEqual([]);
    });
  }
});
