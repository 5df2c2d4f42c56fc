// The integrations' logs do not grow for ever: the runner's clock work (runFollowUps, with its
// clock injected) deletes webhook deliveries and token uses older than KEEP_DAYS, but keeps each
// endpoint's and token's last KEEP_LAST and every delivery still pending; by their indexes.
import type { Database as BetterSqlite } from "better-sqlite3";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiTokenUses, webhookDeliveries } from "../../db/schema";
import { createId } from "../../server/lib/ids";
import { runFollowUps } from "../../server/services/business/follow-up";
import { KEEP_DAYS, KEEP_LAST } from "../../server/services/business/integration-retention";
import { businessProject, type ProjectFixture } from "../fixtures";
import { createTestApp, type TestApp } from "../helpers";

let t: TestApp;
let p: ProjectFixture;
const DAY = 86_400_000;
const start = Date.now();
const later = (days: number) => new Date(start + days * DAY);

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: "true" });
  p = await businessProject(t, { name: "Log Co" });
}, 60_000);
afterAll(() => t.close());

const call = <T = { _id: string }>(method: string, path: string, body?: unknown, headers: Record<string, string> = p.h) =>
  t.call<T>(method, path, body, headers);

/** `n` deliveries of an endpoint, a minute apart, the newest `skip` minutes before `start`. */
async function deliveries(endpointId: string, n: number, status: "delivered" | "failed" | "pending" = "delivered", skip = 0) {
  const rows = Array.from({ length: n }, (_, i) => ({
    id: createId(),
    endpointId,
    projectId: p.id,
    event: "person.joined",
    eventKey: `person.joined:${createId()}`,
    data: {},
    status,
    attempts: 1,
    createdAt: new Date(start - (skip + i) * 60_000),
  }));
  await t.deps.db.insert(webhookDeliveries).values(rows);
  return rows.map((r) => r.id);
}

describe("old webhook deliveries and token uses are deleted by the runner's clock", () => {
  it(`keeps ${KEEP_DAYS} days, and always an endpoint's and a token's last ${KEEP_LAST}`, async () => {
    const busy = (await call("POST", "/api/business/integrations/webhooks", { url: "http://127.0.0.1:1/busy", events: ["person.joined"] })).json._id;
    const quiet = (await call("POST", "/api/business/integrations/webhooks", { url: "http://127.0.0.1:1/quiet", events: ["person.joined"] })).json._id;
    const busyIds = await deliveries(busy, KEEP_LAST + 20);
    // the oldest of all, yet still the runner's to send
    const [stuck] = await deliveries(busy, 1, "pending", 1_000);
    await deliveries(quiet, 5, "failed");
    // real calls of a token, then as many again as if it had been busy all day
    const token = (await call<{ _id: string; token: string }>("POST", "/api/business/integrations/tokens", { name: "ATS", scopes: ["people:read"] })).json;
    for (let i = 0; i < 3; i++) expect((await call("POST", "/api/business/employees", {}, { Authorization: `Bearer ${token.token}` })).status).toBe(200);
    await t.deps.db.insert(apiTokenUses).values(
      Array.from({ length: KEEP_LAST + 50 }, (_, i) => ({
        id: createId(),
        tokenId: token._id,
        projectId: p.id,
        method: "POST",
        path: "/api/business/employees",
        createdAt: new Date(start - (i + 1) * 60_000),
      })),
    );
    const count = async () => ({
      busy: (await t.deps.db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, busy))).map((r) => r.id),
      quiet: (await t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, quiet))).length,
      uses: (await t.deps.db.select().from(apiTokenUses).where(eq(apiTokenUses.tokenId, token._id))).length,
    });

    // within the month nothing goes
    expect((await runFollowUps(t.deps, later(KEEP_DAYS - 1))).pruned).toEqual({ deliveries: 0, uses: 0 });
    const before = await count();
    expect(before.busy).toHaveLength(KEEP_LAST + 21);

    // after it: all but the last KEEP_LAST (and the pending one), the quiet endpoint keeps its few
    const sqlite = (t.deps.db as unknown as { $client: BetterSqlite }).$client;
    const statements: string[] = [];
    const prepare = sqlite.prepare.bind(sqlite);
    sqlite.prepare = ((source: string) => {
      statements.push(source);
      return prepare(source);
    }) as typeof sqlite.prepare;
    try {
      expect((await runFollowUps(t.deps, later(KEEP_DAYS + 1))).pruned).toEqual({ deliveries: 20, uses: 53 });
    } finally {
      sqlite.prepare = prepare;
    }
    const after = await count();
    expect(after.busy).toHaveLength(KEEP_LAST + 1);
    expect(after.busy).toEqual(expect.arrayContaining([...busyIds.slice(0, KEEP_LAST), stuck]));
    expect(after.busy).not.toContain(busyIds.at(-1));
    expect(after.quiet).toBe(5);
    expect(after.uses).toBe(KEEP_LAST);
    // the owner's pages still read the newest ones
    expect((await call<{ deliveries: { _id: string }[] }>("GET", `/api/business/integrations/webhooks/${busy}`)).json.deliveries[0]?._id).toBe(busyIds[0]);
    expect((await call<{ docs: unknown[] }>("GET", "/api/business/integrations/tokens/uses")).json.docs.length).toBeGreaterThan(0);

    // each statement on the logs searches by an index, never scanning the tables
    const logs = statements.filter((s) => /webhook_deliveries|api_token_uses/.test(s));
    expect(logs.some((s) => /^\s*delete/i.test(s))).toBe(true);
    for (const s of new Set(logs)) {
      const plan = sqlite.prepare(`EXPLAIN QUERY PLAN ${s}`).all(...Array((s.match(/\?/g) ?? []).length).fill(null)) as { detail: string }[];
      expect(
        plan.map((r) => r.detail).filter((d) => /^SCAN (webhook_deliveries|api_token_uses)\b/.test(d)),
        s,
      ).toEqual([]);
    }

    // and a second sweep finds nothing more
    expect((await runFollowUps(t.deps, later(KEEP_DAYS + 2))).pruned).toEqual({ deliveries: 0, uses: 0 });
  });
});
