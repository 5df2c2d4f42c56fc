// The back-office's safe actions, as a
// manager or the person notices them: the masquerade's reason, read-only mode, countdown, exit and
// the person's own record of it; undo where an action allows it; referral aliases and retiring;
// actions offered by state; confirmations that name what goes.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, orders, projects, questions, results, reviews, tests, users } from "../../db/schema";
import { createId } from "../../server/lib/ids";
import { cookiesOf, createTestApp, type TestApp } from "../helpers";
import { businessProject, completedResult, manager, paidOrder, user, type Person } from "../fixtures";

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

  it("the cabinet's banner sits beside the side bar, not over its logo", async () => {
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

const orderPage = (id: string, lang = "en") => html(`/manager/orders/${id}`, asManager(lang));
const action = (path: string, form: string, extra: Record<string, string> = {}) => post(path, { _form: form, ...extra }, asManager());

/** An invoice for invites of a new project, pending, as the business cabinet leaves it. */
async function invoice(quantity: number) {
  const owner = await user(t, { isBusiness: true });
  const project = await businessProject(t, { owner, name: `Undo Co ${owner._id.slice(-4)}` });
  const id = createId();
  await t.deps.db.insert(orders).values({
    id,
    userId: owner._id,
    projectId: project.id,
    entityType: "invites",
    quantity,
    amount: quantity * 100_000,
    method: "invoice",
    invoiceNumber: Number(`9${Date.now() % 1e6}`),
  });
  const balance = async () => (await t.deps.db.select({ b: projects.inviteBalance }).from(projects).where(eq(projects.id, project.id)))[0]!.b;
  return { id, project, balance };
}

describe("undo", () => {
  it("an invoice marked paid can be unmarked within 24 h, giving the invites back; the question says so", async () => {
    const inv = await invoice(5);
    const start = await inv.balance();
    expect(await orderPage(inv.id)).toContain("The mark can be taken back within 24 hours");
    expect((await action(`/manager/orders/${inv.id}`, "markPaid")).status).toBe(303);
    expect(await inv.balance()).toBe(start + 6);
    const page = await orderPage(inv.id);
    expect(page).not.toContain('data-confirm="markPaid"');
    expect(/data-testid="confirm-unmarkPaid">(.*?)<\/p>/s.exec(page)?.[1]).toMatch(
      /the 6 invite\(s\) it credited leave the project.*\(until \d\d\/\d\d\/\d{4}, \d\d:\d\d \(Moscow Standard Time\)\)/,
    );
    const res = await action(`/manager/orders/${inv.id}`, "unmarkPaid");
    expect(res.status).toBe(303);
    expect(await inv.balance()).toBe(start);
    const [o] = await t.deps.db.select().from(orders).where(eq(orders.id, inv.id));
    expect(o).toMatchObject({ state: "pending", paidAt: null });
    const [entry] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "orders.unmarkPaid"), eq(auditLog.entityId, inv.id)));
    expect(entry!.realActorId).toBe(admin._id);
  });

  it("is refused after the window and once the credited invites are used", async () => {
    const late = await invoice(3);
    await action(`/manager/orders/${late.id}`, "markPaid");
    await t.deps.db
      .update(orders)
      .set({ paidAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(orders.id, late.id));
    expect(await orderPage(late.id)).not.toContain('data-confirm="unmarkPaid"');
    const lateApi = await t.json("POST", `/api/manager/orders/${late.id}/unpaid`, {}, { ...admin.h, locale: "en" });
    expect(lateApi.status).toBe(409);
    expect((await lateApi.json()).error.message).toContain("more than 24 hours");

    const used = await invoice(3);
    await action(`/manager/orders/${used.id}`, "markPaid");
    // the company takes on people with them: the credited invites are no longer all there
    const before = await used.balance();
    await t.deps.db
      .update(projects)
      .set({ inviteBalance: before - 2 })
      .where(eq(projects.id, used.project.id));
    const res = await action(`/manager/orders/${used.id}`, "unmarkPaid");
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("already used some of the invites");
    expect(await used.balance()).toBe(before - 2);
    expect((await t.deps.db.select().from(orders).where(eq(orders.id, used.id)))[0]!.state).toBe("paid");
  });

  it("a reset result can be restored: the retake goes and the person's current result is the old one, with its format", async () => {
    const p = await user(t);
    const old = await completedResult(t, p);
    const [{ formatCode }] = await t.deps.db.select({ formatCode: results.formatCode }).from(results).where(eq(results.id, old));
    const reset = await action(`/manager/results/${old}`, "reset");
    const retake = reset.headers.get("location")!.split("/").pop()!;
    expect(retake).not.toBe(old);
    expect((await (await t.app.request("/api/result", { headers: p.h })).json()).current._id).toBe(retake);
    const page = await html(`/manager/results/${retake}`, asManager());
    expect(/data-testid="confirm-restore">(.*?)<\/p>/s.exec(page)?.[1]).toContain("0 answer(s)");
    const res = await action(`/manager/results/${retake}`, "restore");
    expect(res.headers.get("location")).toBe(`/manager/results/${old}?done=restore`);
    const mine = await (await t.app.request("/api/result", { headers: p.h })).json();
    expect(mine.current).toBeNull();
    expect(mine.docs.map((d: { _id: string }) => d._id)).toEqual([old]);
    expect(mine.docs[0].format).toBe(formatCode);
    expect(
      (
        await t.deps.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, "results.restore"), eq(auditLog.entityId, old)))
      ).length,
    ).toBe(1);
    // nothing left to undo: the action is no longer offered, and the API says so
    expect(await html(`/manager/results/${old}`, asManager())).not.toContain('data-confirm="restore"');
    const again = await t.json("POST", `/api/manager/results/${old}/restore`, {}, { ...admin.h, locale: "en" });
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toContain("can no longer be undone");
  });

  it("unticking Paid on a user asks first, naming what they lose", async () => {
    const p = await user(t);
    await t.deps.db.update(users).set({ isFull: true }).where(eq(users.id, p._id));
    const form = await html(`/manager/users/${p._id}`, asManager());
    // no standing "Yes, …" box on the form: the question comes only when it applies
    expect(form).not.toContain('name="confirmUnpaid"');
    const version = /name="_version" value="([^"]+)"/.exec(form)![1]!;
    const res = await action(`/manager/users/${p._id}`, "edit", { _version: version, isActive: "on" });
    // a step of the form, not a failed one: no error banner, the answer names what it does
    expect(res.status).toBe(200);
    const asked = await res.text();
    expect(asked).toContain("takes away the full report (web and PDF) the person paid for");
    expect(asked).toMatch(/data-answer="confirmUnpaid"[^>]*>Yes, untick Paid and take the report away</);
    expect(asked).not.toContain('data-testid="form-error"');
    expect((await t.deps.db.select().from(users).where(eq(users.id, p._id)))[0]!.isFull).toBe(true);
    const ok = await action(`/manager/users/${p._id}`, "edit", { _version: version, isActive: "on", confirmUnpaid: "on" });
    expect(ok.status).toBe(303);
    expect((await t.deps.db.select().from(users).where(eq(users.id, p._id)))[0]!.isFull).toBe(false);
  });
});

describe("referrals", () => {
  const signupWith = async (ref: string) => {
    const email = `ref-${createId()}@example.com`;
    const res = await t.json("POST", "/api/passport/signup", { email, policy: true, terms: true, offer: true, ref });
    expect(res.status).toBe(201);
    return (await res.json())._id as string;
  };
  const referralOf = async (id: string) => (await t.deps.db.select({ r: users.referralId }).from(users).where(eq(users.id, id)))[0]!.r;

  it("a renamed code stays an alias: the old link still credits the same referral, and the form asks before saving", async () => {
    const { _id: ref } = await (await t.json("POST", "/api/manager/referral", { code: "spring-blog", name: "Blog" }, admin.h)).json();
    const edit = await html(`/manager/referral/${ref}/edit`, asManager());
    expect(edit).toContain("keeps the old one as an alias");
    const version = /name="_version" value="([^"]+)"/.exec(edit)![1]!;
    expect(edit).not.toContain('name="confirmRename"');
    const asked = await post(`/manager/referral/${ref}/edit`, { _form: "edit", _version: version, code: "summer-blog", name: "Blog" }, asManager());
    expect(asked.status).toBe(200);
    const question = await asked.text();
    expect(question).toContain("the old code stays as an alias");
    expect(question).toMatch(/data-answer="confirmRename"[^>]*>Yes, change the code</);
    const saved = await post(
      `/manager/referral/${ref}/edit`,
      { _form: "edit", _version: version, code: "summer-blog", name: "Blog", confirmRename: "on" },
      asManager(),
    );
    expect(saved.status).toBe(303);
    expect(await referralOf(await signupWith("spring-blog"))).toBe(ref);
    expect(await referralOf(await signupWith("summer-blog"))).toBe(ref);
    const page = await html(`/manager/referral/${ref}`, asManager());
    expect(page).toContain("spring-blog");
    // another referral cannot take the old code
    expect((await t.json("POST", "/api/manager/referral", { code: "spring-blog" }, admin.h)).status).toBe(409);
  });

  it("a retired referral credits nobody and says so; one never used can be deleted, one used cannot", async () => {
    const { _id: ref } = await (await t.json("POST", "/api/manager/referral", { code: "retire-me" }, admin.h)).json();
    const before = await html(`/manager/referral/${ref}`, asManager());
    expect(before).toContain('data-confirm="delete"'); // never used: may go
    await signupWith("retire-me");
    expect(await html(`/manager/referral/${ref}`, asManager())).not.toContain('data-confirm="delete"');
    expect((await t.json("DELETE", `/api/manager/referral/${ref}`, undefined, admin.h)).status).toBe(409);
    expect((await action(`/manager/referral/${ref}`, "retire")).status).toBe(303);
    expect(await referralOf(await signupWith("retire-me"))).toBeNull();
    const page = await html(`/manager/referral/${ref}`, asManager());
    expect(page).toContain("Retired: its links open the site as usual and credit nobody");
    expect(page).toContain('data-action="reactivate"');

    const { _id: unused } = await (await t.json("POST", "/api/manager/referral", { code: "never-used" }, admin.h)).json();
    const gone = await action(`/manager/referral/${unused}`, "delete");
    expect(gone.headers.get("location")).toBe("/manager/referral?done=deleted");
    expect(await html("/manager/referral?done=deleted", asManager())).toContain("Referral link deleted.");
  });

  it("deleting a user keeps the referral's sign-up count", async () => {
    const { _id: ref } = await (await t.json("POST", "/api/manager/referral", { code: "history-kept" }, admin.h)).json();
    const a = await signupWith("history-kept");
    await signupWith("history-kept");
    const count = async () => (await (await t.app.request(`/api/manager/referral/${ref}/stat`, { headers: admin.h })).json()).stat.signups;
    expect(await count()).toBe(2);
    expect((await t.json("DELETE", `/api/manager/user/${a}`, undefined, admin.h)).status).toBe(200);
    expect(await count()).toBe(2);
    // the chart's axis counts whole people
    const chart = await html(`/manager/referral/${ref}/ReferralChart`, asManager());
    expect(chart).toContain("&quot;integers&quot;:true");
  });
});

describe("actions by state and confirmations that name what goes", () => {
  it("reviews: approve only when hidden, hide only when shown, delete with a question", async () => {
    const id = createId();
    await t.deps.db.insert(reviews).values({ id, name: "Spammer", text: { en: "buy now" }, isPublished: false });
    const hidden = await html(`/manager/reviews/${id}`, asManager());
    expect(hidden).toContain('data-action="approve"');
    expect(hidden).not.toContain('data-action="hide"');
    await action(`/manager/reviews/${id}`, "approve");
    const shown = await html(`/manager/reviews/${id}`, asManager());
    expect(shown).not.toContain('data-action="approve"');
    expect(shown).toContain('data-action="hide"');
    expect(shown).toContain("The review is deleted for good");
    const gone = await action(`/manager/reviews/${id}`, "delete");
    expect(gone.headers.get("location")).toBe("/manager/reviews?done=deleted");
    expect(await t.deps.db.select().from(reviews).where(eq(reviews.id, id))).toEqual([]);
  });

  it("deleting a user names their results, orders and projects", async () => {
    const p = await user(t, { isBusiness: true });
    await completedResult(t, p);
    await businessProject(t, { owner: p, name: "Named Co" });
    await paidOrder(t, p);
    const page = await html(`/manager/users/${p._id}`, asManager());
    const q = /data-testid="confirm-delete">(.*?)<\/p>/s.exec(page)?.[1] ?? "";
    expect(q).toContain("with its 1 result(s)");
    expect(q).toContain("the 1 project(s) they own");
    expect(q).toContain("their 1 order(s) are kept");
    const ru = await html(`/manager/users/${p._id}`, asManager("ru"));
    expect(/data-testid="confirm-delete">(.*?)<\/p>/s.exec(ru)?.[1]).toContain("результатами (1");
  });

  it("deleting a project says Project deleted and clears the owner's business flag with their last project", async () => {
    const owner = await user(t, { isBusiness: true });
    const project = await businessProject(t, { owner, name: "Last Co" });
    const page = await html(`/manager/projects/${project.id}`, asManager());
    expect(/data-testid="confirm-delete">(.*?)<\/p>/s.exec(page)?.[1]).toContain("If it is the owner&#x27;s last project");
    const res = await action(`/manager/projects/${project.id}`, "delete", { confirm: "Last Co" });
    expect(res.headers.get("location")).toBe("/manager/projects?done=deleted");
    const list = await html("/manager/projects?done=deleted", asManager());
    expect(list).toContain("Project deleted.");
    expect(list).not.toContain("The user has been deleted.");
    expect((await t.deps.db.select().from(users).where(eq(users.id, owner._id)))[0]!.isBusiness).toBe(false);
  });

  it("Activate is not offered to an active, confirmed user, and a stale click does not say Done", async () => {
    const active = await user(t);
    expect(await html(`/manager/users/${active._id}`, asManager())).not.toContain('data-action="activate"');
    const stale = await action(`/manager/users/${active._id}`, "activate");
    expect(stale.status).toBe(400);
    const body = await stale.text();
    expect(body).toContain("Nothing to do");
    expect(body).not.toContain("Done.");
    const off = await user(t, { confirmed: false });
    expect(await html(`/manager/users/${off._id}`, asManager())).toContain('data-action="activate"');
  });
});

describe("the scoring key and tests", () => {
  it("changing an item's key asks first; the scoring version then names who made it", async () => {
    const [q] = await t.deps.db.select().from(questions).orderBy(questions.position).limit(1);
    const page = await html(`/manager/questions/${q!.id}`, asManager());
    const version = /name="_version" value="([^"]+)"/.exec(page)![1]!;
    const key = q!.keys[0]!;
    const values = {
      _form: "edit",
      _version: version,
      textRu: q!.text.ru,
      textEn: q!.text.en,
      scale: key.scale,
      sign: String(-key.sign),
      weight: String(key.weight ?? 1),
    };
    expect(page).not.toContain('name="confirmKey"');
    const asked = await post(`/manager/questions/${q!.id}`, values, asManager());
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("makes a new scoring version");
    expect((await t.deps.db.select().from(questions).where(eq(questions.id, q!.id)))[0]!.keys[0]!.sign).toBe(key.sign);
    // confirmed, it saves
    const saved = await post(`/manager/questions/${q!.id}`, { ...values, confirmKey: "on" }, asManager());
    expect(saved.status).toBe(303);
    const testPage = await html(`/manager/tests/${q!.testId}`, asManager());
    const versions = /data-section="scoringVersions"(.*?)<\/section>/s.exec(testPage)?.[1] ?? "";
    expect(versions).toContain("Made by");
    expect(versions).toContain(admin.email);
    // put it back as it was
    const back = /name="_version" value="([^"]+)"/.exec(await html(`/manager/questions/${q!.id}`, asManager()))![1]!;
    await post(`/manager/questions/${q!.id}`, { ...values, _version: back, sign: String(key.sign), confirmKey: "on" }, asManager());
  });

  it("a test can be switched off and back on, but never the last one switched on", async () => {
    const [main] = await t.deps.db.select().from(tests).where(eq(tests.isActive, true));
    const extra = createId();
    await t.deps.db.insert(tests).values({ id: extra, name: { ru: "Пилот", en: "Pilot" }, itemBankVersion: main!.itemBankVersion });
    const page = await html(`/manager/tests/${extra}`, asManager());
    expect(/data-testid="confirm-switchOff">(.*?)<\/p>/s.exec(page)?.[1]).toContain("New people can no longer start this test");
    expect((await action(`/manager/tests/${extra}`, "switchOff")).status).toBe(303);
    expect((await (await t.app.request("/api/test")).json()).docs.map((d: { _id: string }) => d._id)).not.toContain(extra);
    expect(await html(`/manager/tests/${extra}`, asManager())).toContain('data-action="switchOn"');
    // the only one left on stays on
    const last = await t.json("PUT", `/api/manager/tests/${main!.id}/active`, { isActive: false }, { ...admin.h, locale: "en" });
    expect(last.status).toBe(409);
    expect((await last.json()).error.message).toContain("only test switched on");
    expect((await action(`/manager/tests/${extra}`, "switchOn")).status).toBe(303);
  });
});
