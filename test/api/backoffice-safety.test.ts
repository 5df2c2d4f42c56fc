// The back-office's safe actions (issue 32 #9, #4, #8; m12, m21, m23–m25, m27, m35, m38), as a
// manager or the person notices them: the masquerade's reason, read-only mode, countdown, exit and
// the person's own record of it; undo where an action allows it; referral aliases and retiring;
// actions offered by state; confirmations that name what goes.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema";
import { cookiesOf, createTestApp, type TestApp } from "../helpers";
import { manager, user, type Person } from "../fixtures";

let t: TestApp;
let admin: Person;

beforeAll(async () => {
  t = await createTestApp();
  admin = await manager(t, { email: `safety-admin-${Date.now()}@example.com` });
}, 120_000);
afterAll(async () => {
  await t.close();
});

const FORM = { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost", Host: "localhost" };
const page = async (path: string, cookie: string) => t.app.request(path, { headers: { Cookie: cookie } });
const html = async (path: string, cookie: string) => (await page(path, cookie)).text();
const post = (path: string, body: Record<string, string>, cookie: string) =>
  t.app.request(path, { method: "POST", headers: { ...FORM, Cookie: cookie }, body: new URLSearchParams(body).toString() });
const asManager = (lang = "en") => `token=${admin.token}; i18n_locale=${lang}`;

describe("masquerade", () => {
  it("is refused without a reason, on the page and through the API", async () => {
    const ann = await user(t, { name: "Ann Reason" });
    const res = await post(`/manager/users/${ann._id}`, { _form: "masq", reason: "", mode: "read" }, asManager());
    expect(res.status).toBe(400); // the page again, with the field's message
    const body = await res.text();
    expect(body).toContain("Say why you are signing in as this person");
    expect(cookiesOf(res).masqToken).toBeUndefined();
    const api = await t.json("POST", `/api/manager/user/${ann._id}/masq`, {}, admin.h);
    expect(api.status).toBe(400);
    expect((await api.json()).error.fields.reason).toBeTruthy();
  });

  it("read-only: the banner says so with the time left and an exit; writes are refused with a message", async () => {
    const bob = await user(t, { name: "Bob Looked" });
    const res = await post(`/manager/users/${bob._id}`, { _form: "masq", reason: "ticket 42: report missing", mode: "read" }, asManager());
    expect(res.status).toBe(303);
    const masq = cookiesOf(res).masqToken!;
    const as = `token=${admin.token}; masqToken=${masq}; i18n_locale=en`;
    const home = await html("/", as);
    const banner = /<div[^>]*data-testid="masq-banner"[^>]*>(.*?)<\/form><\/div>/s.exec(home)?.[1] ?? "";
    expect(banner).toContain("Bob Looked");
    expect(banner).toContain("read-only");
    expect(banner).toMatch(/(59|60):\d\d left/);
    expect(banner).toContain('data-testid="cancel-masq"');
    // the banner comes before the header, not ten screens down
    expect(home.indexOf('data-testid="masq-banner"')).toBeLessThan(home.indexOf("<header"));
    // a write through the API and through a page form are refused, and nothing changes
    const put = await t.json("PUT", "/api/passport", { city: "Tver" }, { Authorization: `Bearer ${masq}`, locale: "en" });
    expect(put.status).toBe(403);
    expect((await put.json()).error.message).toContain("read-only");
    const form = await post("/account/sessions", { _form: "end-others" }, as);
    expect(form.status).toBe(403);
    // exit returns to the user's back-office page
    const exit = await post("/masq/cancel", {}, as);
    expect(exit.status).toBe(303);
    expect(exit.headers.get("location")).toBe(`/manager/users/${bob._id}`);
  });

  it("full: a write goes through and the audit records its values", async () => {
    const cat = await user(t, { name: "Cat Changed" });
    const api = await t.json("POST", `/api/manager/user/${cat._id}/masq`, { reason: "support: fix the city", mode: "full" }, admin.h);
    expect(api.status).toBe(200);
    const { token } = await api.json();
    expect((await t.json("PUT", "/api/passport", { city: "Tver" }, { Authorization: `Bearer ${token}` })).status).toBe(200);
    const [write] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "masq.write"), eq(auditLog.subjectUserId, cat._id)));
    expect(write).toMatchObject({ realActorId: admin._id, changes: { method: "PUT", path: "/api/passport", status: 200, values: { city: "Tver" } } });
    const [start] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "users.masq"), eq(auditLog.entityId, cat._id)));
    expect(start!.changes).toMatchObject({ reason: "support: fix the city", mode: "full" });
  });

  it("the person's data page tells them a support manager viewed their account, when and why", async () => {
    const dan = await user(t, { name: "Dan Told", locale: "en" });
    await t.json("POST", `/api/manager/user/${dan._id}/masq`, { reason: "ticket 77: payment question" }, admin.h);
    const mine = await html("/account/data", `token=${dan.token}; i18n_locale=en`);
    const visits = /data-testid="support-visits"(.*?)<\/ul>/s.exec(mine)?.[1] ?? "";
    expect(visits).toContain("A support manager viewed your account on");
    expect(visits).toContain("ticket 77: payment question");
    const ru = await html("/account/data", `token=${dan.token}; i18n_locale=ru`);
    expect(ru).toContain("Менеджер поддержки просматривал ваш аккаунт");
  });

  it("the cabinet's banner sits beside the side bar, not over its logo (m35)", async () => {
    const eve = await user(t, { name: "Eve Business", isBusiness: true });
    const { token } = await (await t.json("POST", `/api/manager/user/${eve._id}/masq`, { reason: "cabinet check" }, admin.h)).json();
    const cabinet = await html("/business", `masqToken=${token}; i18n_locale=en`);
    const aside = cabinet.indexOf("<aside");
    const banner = cabinet.indexOf('data-testid="masq-banner"');
    // after the side bar, inside the column that clears it
    expect(banner).toBeGreaterThan(aside);
    expect(cabinet).toContain('data-testid="cancel-masq"');
  });
});
