// Back-office roles: every role × resource, on the API and on the pages, reads and writes; the team's
// own screens; the actions with their own rules (support masquerades read-only only, finance refunds);
// the side bar shows each role what it may open. The expected table is written out here, not read
// from the declarations, so a declaration that drifts fails it.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { createTestApp, type TestApp } from "../helpers";
import { manager, type Person, user } from "../fixtures";

type Role = "admin" | "support" | "finance" | "content";
const ROLES: Role[] = ["admin", "support", "finance", "content"];
/** resource → [page path, API path, the roles that write it] */
const RESOURCES: Record<string, [string, string, Role[]]> = {
  users: ["users", "user", ["admin"]],
  results: ["results", "results", ["admin", "content"]],
  projects: ["projects", "projects", ["admin"]],
  orders: ["orders", "order", ["admin", "finance"]],
  reviews: ["reviews", "reviews", ["admin", "content"]],
  coupons: ["coupon", "coupon", ["admin", "finance"]],
  referrals: ["referral", "referral", ["admin", "finance"]],
  reports: ["reports", "reports", ["admin", "content"]],
  formats: ["formats", "formats", ["admin", "content"]],
  questions: ["questions", "question", ["admin", "content"]],
  tests: ["tests", "tests", ["admin", "content"]],
};
/** screens: page, API, the roles that may open them */
const SCREENS: [string, string | null, Role[]][] = [
  ["/manager", "/api/manager/stat", ROLES],
  ["/manager/stats", null, ROLES],
  ["/manager/rechecker", null, ROLES],
  ["/manager/requests", "/api/manager/business/requests", ["admin", "support"]],
  ["/manager/exporting", "/api/manager/exporting", ["admin", "support", "finance"]],
  ["/manager/audit", null, ["admin"]],
  ["/manager/settings", "/api/manager/setting", ["admin"]],
  ["/manager/managers", "/api/manager/managers", ["admin"]],
];
const NO_ID = "000000000000000000000000";
// an id of the resource's own shape (a format's is its code): a malformed one is a 404 before any role check
const idFor = (api: string) => (api === "formats" ? "ZZZ-ZZZ-ZZZ" : NO_ID);

let t: TestApp;
const team = {} as Record<Role, Person>;
let customer: Person;
const cookie = (r: Role) => `token=${team[r].token}; i18n_locale=en`;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: "false" });
  for (const r of ROLES) team[r] = await manager(t, { managerRole: r });
  customer = await user(t);
}, 120_000);
afterAll(() => t.close());

describe.each(ROLES)("a %s manager", (role) => {
  it.each(Object.entries(RESOURCES))("%s: reads its list and page; writes only if allowed (API and page)", async (_name, [page, api, writers]) => {
    expect((await t.json("GET", `/api/manager/${api}?limit=1`, undefined, team[role].h)).status).toBe(200);
    expect((await t.page(`/manager/${page}`, cookie(role))).status).toBe(200);
    const put = await t.json("PUT", `/api/manager/${api}/${idFor(api)}`, {}, team[role].h);
    const post = await t.form(`/manager/${page}/${idFor(api)}`, { _form: "edit" }, cookie(role));
    if (writers.includes(role)) {
      expect(put.status).not.toBe(403);
      expect(post.status).not.toBe(403);
    } else {
      expect(put.status).toBe(403);
      expect(post.status).toBe(403);
      expect(await post.text()).toContain("Your back-office role does not allow this");
    }
  });

  it.each(SCREENS)("%s opens only for its roles", async (page, api, openers) => {
    const allowed = openers.includes(role);
    const res = await t.page(page, cookie(role));
    expect(res.status === 200).toBe(allowed);
    if (!allowed) expect(res.status).toBe(403);
    if (api) expect((await t.json("GET", api, undefined, team[role].h)).status === 200).toBe(allowed);
  });
});

describe("actions with their own rules", () => {
  it("support masquerades read-only, never with full access; content and finance do not masquerade", async () => {
    const masq = (r: Role, mode: string) =>
      t.json("POST", `/api/manager/user/${customer._id}/masq`, { reason: "Ticket 77: cannot see the report", mode }, team[r].h);
    expect((await masq("support", "full")).status).toBe(403);
    expect((await masq("support", "read")).status).toBe(200);
    expect((await masq("finance", "read")).status).toBe(403);
    expect((await masq("content", "read")).status).toBe(403);
  });

  it("a refund is finance's (and the admin's); a price in Settings is the admin's", async () => {
    for (const r of ["support", "content"] as Role[])
      expect((await t.json("POST", `/api/manager/order/${NO_ID}/refund`, { reason: "asked" }, team[r].h)).status).toBe(403);
    expect((await t.json("POST", `/api/manager/order/${NO_ID}/refund`, { reason: "asked" }, team.finance.h)).status).toBe(404);
    expect((await t.json("PUT", "/api/manager/setting/contacts", { email: "", phone: "" }, team.finance.h)).status).toBe(403);
    // the spec's POST /api/format is content's
    expect((await t.json("POST", "/api/format", {}, team.support.h)).status).toBe(403);
    expect((await t.json("POST", "/api/format", {}, team.content.h)).status).toBe(400);
  });

  it("the side bar shows each role what it may open", async () => {
    const nav = async (r: Role) => (await (await t.page("/manager", cookie(r))).text()).match(/data-nav="([^"]+)"/g)!.join(" ");
    const admin = await nav("admin");
    expect(admin).toContain('data-nav="managers"');
    expect(admin).toContain('data-nav="audit"');
    const support = await nav("support");
    expect(support).not.toContain('data-nav="managers"');
    expect(support).not.toContain('data-nav="settings"');
    expect(support).toContain('data-nav="requests"');
    expect(await nav("content")).not.toContain('data-nav="requests"');
  });

  it("a list's row checkbox is named by the record (its e-mail), not by an id", async () => {
    expect(await (await t.page("/manager/users", cookie("admin"))).text()).toContain(`aria-label="Select: ${customer.email}"`);
  });

  it("a page's actions are only those the role may run", async () => {
    const page = await (await t.page(`/manager/users/${customer._id}`, cookie("support"))).text();
    expect(page).toContain('data-confirm="masq"');
    expect(page).not.toContain('data-confirm="delete"');
    expect(await (await t.page(`/manager/users/${customer._id}`, cookie("admin"))).text()).toContain('data-confirm="delete"');
  });

  it("an account made a manager before roles (no role stored) is an admin", async () => {
    const old = await manager(t);
    expect((await t.deps.db.select().from(users).where(eq(users.id, old._id)))[0]!.managerRole).toBeNull();
    expect((await t.page("/manager/managers", `token=${old.token}`)).status).toBe(200);
  });
});
