// The back-office pages generated from the resource declarations, and the special ones: filters,
// sort, paging, empty state, the edit form and actions (no script), the rechecker, statistics
// (chart islands over server-rendered tables), exports from a form.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, results } from "../../db/schema";
import { cookiesOf, createTestApp, type TestApp } from "../helpers";
import { businessProject, completedResult, manager, type Person, user } from "../fixtures";

let t: TestApp;
let cookie: string;
let adminEmail: string;
let dan: Person;
let eve: Person;
let danResult: string;

beforeAll(async () => {
  t = await createTestApp();
  const boss = await manager(t);
  adminEmail = boss.email;
  const token = boss.token;
  cookie = `token=${token}; i18n_locale=en`;
  dan = await user(t, { email: "dan@example.com", confirmed: false });
  eve = await user(t, { email: "eve@example.com", confirmed: false });
  danResult = await completedResult(t, dan);
}, 120_000);
afterAll(() => t.close());

const page = (path: string) => t.app.request(path, { headers: { Cookie: cookie } });
const post = (path: string, fields: Record<string, string>) =>
  t.app.request(path, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost", Host: "localhost" },
    body: new URLSearchParams(fields).toString(),
  });

describe("generated list pages", () => {
  it("lists users with search, filters, sort links, a table and cards, and export buttons", async () => {
    const html = await (await page("/manager/users?q=dan")).text();
    expect(html).toContain('data-testid="list-users"');
    expect(html).toContain(dan.email);
    expect(html).not.toContain(eve.email);
    expect(html).toContain(`data-card="${dan._id}"`); // the phone cards
    expect(html).toContain('data-testid="filters"');
    expect(html).toContain("sort=email"); // ascending first
    expect(html).toContain('name="kind" value="users"');
    const filtered = await (await page("/manager/users?isCompleted=true")).text();
    expect(filtered).toContain(dan.email);
    expect(filtered).not.toContain(eve.email);
  });

  it("shows an empty state, and a notice for a filter it does not accept", async () => {
    expect(await (await page("/manager/users?q=nobody-at-all")).text()).toContain('data-testid="empty"');
    const bad = await (await page(`/manager/users?match=${encodeURIComponent('{"passwordHash":"x"}')}`)).text();
    expect(bad).toContain("This filter is not accepted");
  });

  it("pages through results and lists paid users", async () => {
    const html = await (await page("/manager/results?limit=1")).text();
    expect(html).toContain('data-testid="pager"');
    // the shared pager shows the range of the page (routes/_kit), not "Page 1 of N"
    expect(html).toMatch(/data-testid="pager-range">1–1 of \d+</);
    const paid = await (await page("/manager/users/paid")).text();
    expect(paid).toContain('data-testid="empty"');
  });
});

describe("generated detail pages", () => {
  it("shows a user's fields, results, activity log and what managers did; saves the edit form with an audit entry", async () => {
    const html = await (await page(`/manager/users/${dan._id}`)).text();
    expect(html).toContain('data-testid="form-edit"');
    expect(html).toContain('data-section="results"');
    expect(html).toContain('data-section="logs"');
    // what managers did to the person is their page's History
    expect(html).toContain('data-section="history"');
    expect(html).toContain(`href="/manager/results/${danResult}"`);
    const res = await post(`/manager/users/${dan._id}`, { _form: "edit", name: "Dan Smith", city: "Kazan", balance: "0", isActive: "on" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/manager/users/${dan._id}?done=saved`);
    const after = await (await page(`/manager/users/${dan._id}?done=saved`)).text();
    expect(after).toContain("Dan Smith");
    expect(after).toContain("Saved.");
    expect(after).toContain("users.update");
    const bad = await post(`/manager/users/${dan._id}`, { _form: "edit", balance: "-5", isActive: "on" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('id="edit-balance-error"');
  });

  it("runs an action from its button, and masquerades into the site", async () => {
    const res = await post(`/manager/users/${eve._id}`, { _form: "activate" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/manager/users/${eve._id}?done=activate`);
    const masq = await post(`/manager/users/${eve._id}`, { _form: "masq", reason: "support ticket", mode: "read" });
    expect(masq.headers.get("location")).toBe("/");
    const token = cookiesOf(masq).masqToken!;
    const home = await (await t.app.request("/", { headers: { Cookie: `masqToken=${token}; i18n_locale=en` } })).text();
    expect(home).toContain('data-testid="cancel-masq"');
    expect(home).toContain('data-testid="masq-banner"');
    expect(home).toContain(`You are seeing the site as ${eve.email}`);
  });

  it("takes input for an action (invites for the user's project), shows its errors, and asks again before deleting", async () => {
    const bad = await post(`/manager/users/${eve._id}`, { _form: "addInvites", count: "0" });
    expect(bad.status).toBe(400);
    const noProject = await post(`/manager/users/${eve._id}`, { _form: "addInvites", count: "3" });
    expect(noProject.status).toBe(400);
    expect(await noProject.text()).toContain("The user has no business project.");
    await businessProject(t, { owner: eve, name: "Eve Co" });
    const ok = await post(`/manager/users/${eve._id}`, { _form: "addInvites", count: "3" });
    expect(ok.headers.get("location")).toBe(`/manager/users/${eve._id}?done=addInvites`);
    const html = await (await page(`/manager/users/${eve._id}`)).text();
    expect(html).toContain('data-confirm="delete"');
    // the audit entry, in words
    expect(html).toContain("Invites added");
    // masquerading as a business user shows the banner in the cabinet too, with the way back
    const token = cookiesOf(await post(`/manager/users/${eve._id}`, { _form: "masq", reason: "support ticket", mode: "read" })).masqToken!;
    const cabinet = await (await t.app.request("/business", { headers: { Cookie: `masqToken=${token}; i18n_locale=en` } })).text();
    expect(cabinet).toContain('data-testid="masq-banner"');
    expect(cabinet).toContain('data-testid="cancel-masq"');
    // and in the other shell of the same cabinet
    const dashboard = await (await t.app.request("/dashboard", { headers: { Cookie: `masqToken=${token}; i18n_locale=en` } })).text();
    expect(dashboard).toContain('data-cabinet="business"'); // one shell for both families
    expect(dashboard).toContain('data-testid="masq-banner"');
    expect(dashboard).toContain('data-testid="cancel-masq"');
  });

  it("shows a result with every answer and its time, and sets its format from the form", async () => {
    const html = await (await page(`/manager/results/${danResult}`)).text();
    expect(html).toContain('data-section="answers"');
    expect(html).toContain(`href="/manager/public/full/${danResult}"`);
    expect(html).toContain(`href="/manager/rechecker/${danResult}"`);
    expect((await page(`/manager/public/full/${danResult}`)).status).toBe(200);
    expect((html.match(/data-row="[0-9a-f]{24}"/g) ?? []).length).toBeGreaterThanOrEqual(110);
    const res = await post(`/manager/results/${danResult}`, { _form: "edit", format: "BAL-MID-MID", isDoubt: "on" });
    expect(res.status).toBe(303);
    const [row] = await t.deps.db.select().from(results).where(eq(results.id, danResult));
    expect(row).toMatchObject({ formatCode: "BAL-MID-MID", isDoubt: true, isCorrect: false });
    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, danResult), eq(auditLog.action, "results.update")));
    expect(audit[0]!.changes).toHaveProperty("formatCode");
  });
});

describe("special pages", () => {
  it("queues results in the rechecker and shows one result's 27 probabilities; confirming counts for training", async () => {
    const list = await (await page("/manager/rechecker")).text();
    // the seeded demo companies' results count too: the confirmation adds one to what was there
    const before = Number(list.match(/Confirmed results: (\d+)/)![1]);
    expect(list).toContain('data-testid="rechecker-queue"');
    expect(list).toContain('data-testid="neural-count"');
    const detail = await (await page(`/manager/rechecker/${danResult}`)).text();
    expect((detail.match(/data-code="[A-Z]{3}-/g) ?? []).length).toBe(27);
    expect(detail).toContain('data-field="rule"');
    const fresh = await (await page(`/manager/rechecker/${danResult}?fresh=1`)).text();
    expect(fresh).toContain("Re-classified with the model");
    const res = await post(`/manager/rechecker/${danResult}`, { _form: "confirm" });
    expect(res.status).toBe(303);
    expect((await t.deps.db.select().from(results).where(eq(results.id, danResult)))[0]!.isCorrect).toBe(true);
    const set = await post(`/manager/rechecker/${danResult}`, { _form: "set-format", format: "SYS-LOW-FAST" });
    expect(set.status).toBe(303);
    expect((await t.deps.db.select().from(results).where(eq(results.id, danResult)))[0]!.formatCode).toBe("SYS-LOW-FAST");
    expect(await (await page("/manager/rechecker")).text()).toContain(`Confirmed results: ${before + 1},`);
  });

  it("draws statistics as chart islands over tables readable without script, newest first", async () => {
    const html = await (await page("/manager/stats")).text();
    // payments' count and sum are two charts
    expect((html.match(/data-island="stats-chart"/g) ?? []).length).toBe(5);
    expect(html).toContain('data-hydrate="visible"');
    const today = new Date().toISOString().slice(0, 10);
    const table = html.slice(html.indexOf('data-series="usersByDays"'));
    const firstDate = table.match(/<td[^>]*>(\d{4}-\d{2}-\d{2})<\/td>/)![1];
    expect(firstDate).toBe(today);
    const main = await (await page("/manager")).text();
    expect(main).toContain('data-island="stats-chart"');
  });

  it("exports from the form with the list's filter and lists the export", async () => {
    // what a list's Export button posts: its filter as match (nobody types it)
    const res = await post("/manager/exporting", { _form: "export", kind: "users", format: "csv", match: JSON.stringify({ isCompleted: true }) });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="users-.*\.csv"/);
    const text = await res.text();
    expect(text).toContain(dan.email);
    expect(text).not.toContain(eve.email);
    const list = await (await page("/manager/exporting")).text();
    expect(list).toContain('data-testid="exports"');
    expect(list).toContain(adminEmail);
    const bad = await post("/manager/exporting", { _form: "export", kind: "users", format: "csv", match: "{bad" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("This filter is not accepted");
  });

  it("lists business requests with a status a manager moves, and creates a business account by hand", async () => {
    const { consultationTickets } = await import("../../db/schema");
    const { createId } = await import("../../server/lib/ids");
    const id = createId();
    await t.deps.db.insert(consultationTickets).values({ id, name: "Lead Person", email: "lead@example.com", message: "Please call" });
    const html = await (await page("/manager/requests")).text();
    expect(html).toContain(`data-request="${id}"`);
    expect(html).toContain("Lead Person");
    const moved = await post("/manager/requests", { _form: "status", source: "consultation", id, status: "in_progress" });
    expect(moved.status).toBe(303);
    const filtered = await (await page("/manager/requests?status=in_progress")).text();
    expect(filtered).toContain(`data-request="${id}"`);
    expect(await (await page("/manager/requests?status=done")).text()).not.toContain(`data-request="${id}"`);
    const created = await post("/manager/requests", { _form: "create-business", email: "client@corp.example", company: "Corp", invites: "5" });
    expect(created.headers.get("location")).toBe("/manager/requests?done=createdNew");
    const bad = await post("/manager/requests", { _form: "create-business", email: "not-an-email", company: "" });
    expect(bad.status).toBe(400);
  });

  it("without an id says no result is chosen and offers the latest results, instead of showing someone's report", async () => {
    const res = await page("/manager/public/full");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-testid="no-result-chosen"');
    expect(html).toMatch(/href="\/manager\/public\/full\/[0-9a-f]{24}"/);
  });
});
