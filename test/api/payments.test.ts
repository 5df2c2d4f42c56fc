import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessRequests, coupons, couponUses, logs, orders, projects, users } from "../../db/schema";
import { cookiesOf, createTestApp, type TestApp, fillSellerDetails } from "../helpers";
import { outbox } from "../mail";
import { businessProject, completedResult, MANAGER, MANAGER_ENV, pdfText, signInManager, type Person, user } from "../fixtures";

let t: TestApp;
let admin: Record<string, string>;
const adminEmail = MANAGER.email; // business orders are mailed to ADMIN_EMAIL
beforeAll(async () => {
  t = await createTestApp(MANAGER_ENV);
  await fillSellerDetails(t);
  admin = (await signInManager(t)).h;
});
afterAll(() => t.close());

const db = () => t.deps.db;
const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const form = (r: Person) => ({
  Cookie: `token=${r.token}`,
  "Content-Type": "application/x-www-form-urlencoded",
  Origin: "http://localhost",
  Host: "localhost",
});

/** Presses a button on the sandbox confirmation page, as the buyer would. */
async function sandbox(r: Person, redirect: string, decision: "pay" | "fail") {
  expect(redirect).toMatch(/^\/payment\/sandbox\/[0-9a-f]{24}$/);
  return t.app.request(redirect, { method: "POST", headers: form(r), body: `decision=${decision}` });
}

let couponN = 0;
async function coupon(body: Record<string, unknown>) {
  const code = `C${++couponN}-${Date.now()}`;
  const res = await t.json("POST", "/api/manager/coupon", { code, ...body }, admin);
  expect(res.status, await res.clone().text()).toBe(201);
  return code;
}

describe("buying the full report", () => {
  it("pays through the sandbox: the order is paid once, the user gets the full report, a second payment is refused", async () => {
    const r = await user(t, { confirmed: false });
    const start = await t.json("POST", "/api/payment", { entityType: "report" }, r.h);
    expect(start.status).toBe(201);
    const { order, redirect, paid } = await start.json();
    expect(paid).toBe(false);
    expect((await (await t.json("GET", `/api/order/${order}`, undefined, r.h)).json()).state).toBe("pending");

    // the sandbox page shows the amount and nothing is credited before the button
    const pageHtml = await (await t.app.request(redirect, { headers: { Cookie: `token=${r.token}` } })).text();
    expect(pageHtml).toContain("990");
    expect((await userRow(r._id)).isFull).toBe(false);

    const pay = await sandbox(r, redirect, "pay");
    expect(pay.status).toBe(303);
    expect(pay.headers.get("location")).toBe(`/payment/success?order=${order}`);
    expect((await userRow(r._id)).isFull).toBe(true);
    const paidOrder = await orderRow(order);
    expect(paidOrder).toMatchObject({ state: "paid", amount: 99_000, currency: "RUB", method: "card" });

    // pressing Pay again (a reload, a double click) changes nothing
    const again = await sandbox(r, redirect, "pay");
    expect(again.headers.get("location")).toBe(`/payment/success?order=${order}`);
    expect((await orderRow(order)).paidAt!.getTime()).toBe(paidOrder.paidAt!.getTime());
    const credits = await db()
      .select()
      .from(logs)
      .where(and(eq(logs.userId, r._id), eq(logs.action, "order.paid")));
    expect(credits).toHaveLength(1);

    const list = await (await t.json("GET", "/api/order", undefined, r.h)).json();
    expect(list.docs.map((d: { _id: string; state: string }) => [d._id, d.state])).toEqual([[order, "paid"]]);

    const twice = await t.json("POST", "/api/payment", { entityType: "report" }, r.h);
    expect(twice.status).toBe(409);
    const success = await (await t.app.request(`/payment/success?order=${order}`, { headers: { Cookie: `token=${r.token}` } })).text();
    expect(success).toContain('data-state="paid"');
  });

  it("marks a failed payment and leaves the report locked; the user can try again", async () => {
    const r = await user(t, { confirmed: false });
    const { order, redirect } = await (await t.json("POST", "/api/payment", { entityType: "report" }, r.h)).json();
    const fail = await sandbox(r, redirect, "fail");
    expect(fail.headers.get("location")).toBe(`/payment/fail?order=${order}`);
    expect((await orderRow(order)).state).toBe("failed");
    expect((await userRow(r._id)).isFull).toBe(false);
    // a late "pay" on the cancelled payment does not revive it
    await sandbox(r, redirect, "pay");
    expect((await orderRow(order)).state).toBe("failed");
    expect((await userRow(r._id)).isFull).toBe(false);
    const retry = await t.json("POST", "/api/payment", { entityType: "report" }, r.h);
    expect(retry.status).toBe(201);
  });

  it("refuses a stale price, a guest, and another user's order or payment page", async () => {
    const r = await user(t, { confirmed: false });
    const stale = await t.json("POST", "/api/payment", { entityType: "report", amount: 100 }, { ...r.h, locale: "en" });
    expect(stale.status).toBe(409);
    expect((await stale.json()).error.message).toBe("The price has changed; please reload the page");
    expect((await t.json("POST", "/api/payment", { entityType: "report" })).status).toBe(401);
    const bad = await t.json("POST", "/api/payment", { entityType: "gold" }, r.h);
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields.entityType).toBeTruthy();

    const { order, redirect } = await (await t.json("POST", "/api/payment", { entityType: "report" }, r.h)).json();
    const other = await user(t, { confirmed: false });
    expect((await t.json("GET", `/api/order/${order}`, undefined, other.h)).status).toBe(404);
    expect((await t.app.request(redirect, { headers: { Cookie: `token=${other.token}` } })).status).toBe(404);
    expect((await sandbox(other, redirect, "pay")).status).toBe(404);
    expect((await userRow(r._id)).isFull).toBe(false);
    expect((await orderRow(order)).state).toBe("pending");
  });
});

describe("coupons", () => {
  const redeem = (r: Person, code: string, lang = "en") => t.json("POST", "/api/coupon", { code }, { ...r.h, locale: lang });

  it("explains an expired or already used code, in the user's language, and answers an unknown and a used-up code alike", async () => {
    const r = await user(t, { confirmed: false });
    const unknown = await redeem(r, "NO-SUCH-CODE");
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.fields.code).toBe("No such promo code, or it can no longer be used");
    const ru = await redeem(r, "NO-SUCH-CODE", "ru");
    expect((await ru.json()).error.fields.code).toBe("Такого промокода нет, или его больше нельзя использовать");

    // a manager cannot create them so (server/admin/coupons.ts): they become so by time and use
    const expired = await coupon({ type: "percent", amount: 10, count: 5 });
    await db()
      .update(coupons)
      .set({ expiredAt: new Date(Date.now() - 60_000) })
      .where(eq(coupons.code, expired));
    const e = await redeem(r, expired);
    expect(e.status).toBe(400);
    expect((await e.json()).error.fields.code).toBe("This promo code has expired");

    // a guesser learns nothing from which it is
    const usedUp = await coupon({ type: "percent", amount: 10, count: 1 });
    await db().update(coupons).set({ count: 0 }).where(eq(coupons.code, usedUp));
    const spent = await redeem(r, usedUp);
    expect(spent.status).toBe(404);
    expect((await spent.json()).error).toEqual((await (await redeem(r, "NO-SUCH-CODE-2")).json()).error);

    const once = await coupon({ type: "percent", amount: 100, count: 5 });
    expect((await redeem(r, once)).status).toBe(200);
    const second = await redeem(r, once);
    expect(second.status).toBe(400);
    expect((await second.json()).error.fields.code).toMatch(/already paid|already used/);
  });

  it("takes a percent coupon off the price at checkout through the coupon cookie, reserving one use for the order", async () => {
    const r = await user(t, { confirmed: false });
    const code = await coupon({ type: "percent", amount: 30, count: 2 });
    const res = await redeem(r, code);
    expect(await res.json()).toMatchObject({ code, unlocked: false, price: 69_300 });
    const cookie = cookiesOf(res).coupon;
    expect(cookie).toBe(code);
    expect(res.headers.getSetCookie().find((c) => c.startsWith("coupon="))).toMatch(/Max-Age=2592000/);

    const start = await t.json("POST", "/api/payment", { entityType: "report", amount: 69_300 }, { ...r.h, Cookie: `coupon=${cookie}` });
    expect(start.status).toBe(201);
    const { order, redirect } = await start.json();
    expect((await orderRow(order)).amount).toBe(69_300);
    // the use is held from checkout on, and paying does not take a second
    expect((await db().select().from(coupons).where(eq(coupons.code, code)))[0]!.count).toBe(1);
    await sandbox(r, redirect, "pay");
    expect((await db().select().from(coupons).where(eq(coupons.code, code)))[0]!.count).toBe(1);
    const [use] = await db().select().from(couponUses).where(eq(couponUses.userId, r._id));
    expect(use?.orderId).toBe(order);
  });

  it("takes an absolute coupon off in kopecks and never below zero", async () => {
    const r = await user(t, { confirmed: false });
    const code = await coupon({ type: "absolute", amount: 10_000, count: 1 });
    expect(await (await redeem(r, code)).json()).toMatchObject({ unlocked: false, price: 89_000 });
    const start = await t.json("POST", "/api/payment", { entityType: "report", coupon: code }, r.h);
    expect((await orderRow((await start.json()).order)).amount).toBe(89_000);

    // a manager cannot make one above the price; it happens when the price is lowered later
    const big = await coupon({ type: "absolute", amount: 50_000, count: 1 });
    await db().update(coupons).set({ amount: 5_000_000 }).where(eq(coupons.code, big));
    const other = await user(t, { confirmed: false });
    expect(await (await redeem(other, big)).json()).toMatchObject({ unlocked: true });
    expect((await userRow(other._id)).isFull).toBe(true);
  });

  it("unlocks the full report at once with a 100 % coupon, and lets each use of it go to one person", async () => {
    const code = await coupon({ type: "percent", amount: 100, count: 1 });
    const first = await user(t, { confirmed: false });
    const res = await redeem(first, code);
    const body = await res.json();
    expect(body.unlocked).toBe(true);
    expect((await userRow(first._id)).isFull).toBe(true);
    expect(await orderRow(body.order)).toMatchObject({ state: "paid", amount: 0, method: "coupon" });
    const second = await user(t, { confirmed: false });
    const late = await redeem(second, code);
    expect(late.status).toBe(404);
    expect((await userRow(second._id)).isFull).toBe(false);
  });

  it("spends a free coupon once when the same user redeems it twice at the same moment", async () => {
    const code = await coupon({ type: "percent", amount: 100, count: 5 });
    const r = await user(t, { confirmed: false });
    const answers = await Promise.all([redeem(r, code), redeem(r, code)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
    expect((await db().select().from(coupons).where(eq(coupons.code, code)))[0]!.count).toBe(4);
    const mine = await db().select().from(orders).where(eq(orders.userId, r._id));
    expect(mine.map((o) => o.state)).toEqual(["paid"]);
  });

  it("activates a code on /activate/{code} without JavaScript", async () => {
    const code = await coupon({ type: "percent", amount: 100, count: 1 });
    const r = await user(t, { confirmed: false });
    const page = await (await t.app.request(`/activate/${code}`, { headers: { Cookie: `token=${r.token}` } })).text();
    expect(page).toContain(`value="${code}"`);
    const post = await t.app.request(`/activate/${code}`, { method: "POST", headers: form(r), body: `_form=activate&code=${code}` });
    expect(post.status).toBe(303);
    expect(post.headers.get("location")).toBe("/activate?done=unlocked");
    expect((await userRow(r._id)).isFull).toBe(true);
    const bad = await t.app.request("/activate", {
      method: "POST",
      headers: { ...form(r), Cookie: `token=${r.token}; i18n_locale=en` },
      body: "_form=activate&code=NOPE",
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("No such promo code, or it can no longer be used");
  });

  it("keeps coupon rules on the manager's side: percent at most 100, a unique code, managers only", async () => {
    const over = await t.json("POST", "/api/manager/coupon", { code: "OVER100", type: "percent", amount: 150 }, admin);
    expect(over.status).toBe(400);
    expect((await over.json()).error.fields.amount).toBeTruthy();
    const code = await coupon({ type: "absolute", amount: 100 });
    expect((await t.json("POST", "/api/manager/coupon", { code, type: "absolute", amount: 100 }, admin)).status).toBe(409);
    const r = await user(t, { confirmed: false });
    expect((await t.json("POST", "/api/manager/coupon", { code: "MINE", type: "percent", amount: 100 }, r.h)).status).toBe(403);
  });
});

describe("referrals", () => {
  it("attributes a sign-up through the ref cookie and counts sign-ups, completed tests and payments", async () => {
    const created = await t.json("POST", "/api/manager/referral", { code: "blogger-anna", name: "Anna's blog" }, admin);
    expect(created.status).toBe(201);
    const ref = await created.json();
    expect(ref.link).toBe("http://localhost/?ref=blogger-anna");

    // the visitor follows the link; the cookie lives 30 days and is sent with the sign-up
    const landing = await t.app.request("/?ref=blogger-anna");
    expect(cookiesOf(landing).ref).toBe("blogger-anna");
    const email = `referred-${Date.now()}@example.com`;
    const signup = await t.json("POST", "/api/passport/signup", { email, policy: true, terms: true, offer: true }, { Cookie: "ref=blogger-anna" });
    const { token, _id } = await signup.json();
    const r: Person = { email, token, _id, h: { Authorization: `Bearer ${token}` } };
    expect((await userRow(_id)).referralId).toBe(ref._id);
    // someone else without the cookie is not attributed
    await user(t, { confirmed: false });

    const stat = async () => (await (await t.json("GET", `/api/manager/referral/${ref._id}/stat`, undefined, admin)).json()).stat;
    expect(await stat()).toEqual({ signups: 1, completed: 0, payments: 0 });
    await completedResult(t, r);
    expect(await stat()).toEqual({ signups: 1, completed: 1, payments: 0 });
    const { redirect } = await (await t.json("POST", "/api/payment", { entityType: "report" }, r.h)).json();
    await sandbox(r, redirect, "pay");
    await sandbox(r, redirect, "pay");
    expect(await stat()).toEqual({ signups: 1, completed: 1, payments: 1 });
  });

  it("refuses a duplicate referral code and hides statistics from non-managers", async () => {
    expect((await t.json("POST", "/api/manager/referral", { code: "blogger-anna" }, admin)).status).toBe(409);
    const r = await user(t, { confirmed: false });
    const [any] = await db().select().from(users).where(eq(users.id, r._id));
    expect((await t.json("GET", `/api/manager/referral/${any!.id}/stat`, undefined, r.h)).status).toBe(403);
  });
});

describe("business plans and invoices", () => {
  let owner: Person;
  let project: string;
  beforeAll(async () => {
    owner = await user(t, { confirmed: false });
  });

  const balance = async () => (await db().select().from(projects).where(eq(projects.id, project)))[0]!.inviteBalance;

  it("activates a business account on the first POST /api/business with one free test, once", async () => {
    const res = await t.json("POST", "/api/business", { name: "Acme" }, owner.h);
    expect(res.status).toBe(201);
    const body = await res.json();
    project = body.project._id;
    expect(body.project).toMatchObject({ name: "Acme", inviteBalance: 1 });
    expect((await userRow(owner._id)).isBusiness).toBe(true);
    const again = await (await t.json("POST", "/api/business", {}, owner.h)).json();
    expect(again.project._id).toBe(project);
    expect(await balance()).toBe(1);
  });

  it("sells a plan by card: the invites and one more for the owner are credited once", async () => {
    const small = await t.json("POST", "/api/business/refill", { project, quantity: 4 }, { ...owner.h, locale: "en" });
    expect(small.status).toBe(400);
    expect((await small.json()).error.fields.quantity).toBe("The smallest pack is 5 invites");

    const res = await t.json("POST", "/api/business/refill", { project, quantity: 5 }, owner.h);
    expect(res.status).toBe(201);
    const { order, redirect } = await res.json();
    expect((await orderRow(order)).amount).toBe(5 * 90_000);
    const pay = await sandbox(owner, redirect, "pay");
    expect(pay.headers.get("location")).toBe(`/payment/business/success?order=${order}`);
    expect(await balance()).toBe(1 + 6);
    await sandbox(owner, redirect, "pay");
    expect(await balance()).toBe(7);
    // buying the full report is a separate product: the business purchase did not unlock it
    expect((await userRow(owner._id)).isFull).toBe(false);
  });

  it("prices each plan by its minimum: 20 at the Norma price, 100 at the Full pack price", async () => {
    for (const [quantity, price] of [
      [19, 90_000],
      [20, 80_000],
      [99, 80_000],
      [100, 70_000],
    ] as const) {
      const { order } = await (await t.json("POST", "/api/business/refill", { project, quantity }, owner.h)).json();
      expect((await orderRow(order)).amount, String(quantity)).toBe(quantity * price);
    }
  });

  it("issues a PDF invoice in rubles with the seller's details and terms, which a manager marks paid once", async () => {
    const res = await t.json("POST", "/api/business/refill", { project, quantity: 20, method: "invoice", company: "Acme LLC", inn: "7701234567" }, owner.h);
    expect(res.status).toBe(201);
    const { order, invoice } = await res.json();
    const row = await orderRow(order);
    expect(row).toMatchObject({ method: "invoice", state: "pending", amount: 20 * 80_000 });
    expect(row.invoiceNumber).toBeGreaterThan(1000);

    const pdf = await t.app.request(invoice, { headers: owner.h });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const text = pdfText(await pdf.arrayBuffer());
    expect(text).toContain(`Счёт на оплату № ${row.invoiceNumber}`);
    expect(text).toMatch(/Итого к оплате: 16[\s\u00a0\u202f]000,00 ₽/);
    expect(text).toContain("ИНН 7701234567");
    expect(text).toContain("100 % предоплатой");
    expect(text).toContain("3 календарных дня");
    expect(text).toContain("до 12:00 по московскому времени");
    expect(text).toContain(owner.email);

    // nothing is credited until a manager confirms the transfer
    expect(await balance()).toBe(7);
    const stranger = await user(t, { confirmed: false });
    expect((await t.app.request(invoice, { headers: stranger.h })).status).toBe(404);
    expect((await t.json("POST", `/api/manager/orders/${order}/paid`, {}, owner.h)).status).toBe(403);
    const paid = await t.json("POST", `/api/manager/orders/${order}/paid`, {}, admin);
    expect(await paid.json()).toEqual({ credited: true });
    expect(await balance()).toBe(7 + 21);
    expect(await (await t.json("POST", `/api/manager/orders/${order}/paid`, {}, admin)).json()).toEqual({ credited: false });
    expect(await balance()).toBe(28);
  });

  it("numbers invoices one after another, even when two are asked for at once", async () => {
    const ask = () => t.json("POST", "/api/business/refill", { project, quantity: 5, method: "invoice" }, owner.h);
    const made = await Promise.all([ask(), ask(), ask()]);
    const numbers = await Promise.all(made.map(async (r) => (await orderRow((await r.json()).order)).invoiceNumber!));
    expect(new Set(numbers).size).toBe(3);
    expect(Math.max(...numbers) - Math.min(...numbers)).toBe(2);
  });

  it("turns 500+ people into a corporate request instead of a price", async () => {
    const res = await t.json("POST", "/api/business/refill", { project, quantity: 500, company: "Big Corp" }, owner.h);
    const body = await res.json();
    expect(body.corporate).toBe(true);
    const [request] = await db().select().from(businessRequests).where(eq(businessRequests.id, body.request));
    expect(request).toMatchObject({ kind: "corporate", company: "Big Corp", email: owner.email });
  });

  it("refuses to sell invites for someone else's project", async () => {
    const other = await user(t, { confirmed: false });
    await businessProject(t, { owner: other });
    const res = await t.json("POST", "/api/business/refill", { project, quantity: 5 }, other.h);
    expect(res.status).toBe(404);
    expect((await t.json("POST", "/api/payment", { entityType: "invites", entityId: project, quantity: 5 }, other.h)).status).toBe(404);
  });

  it("tells the managers about a business order by e-mail", async () => {
    const { order } = await (await t.json("POST", "/api/business/refill", { project, quantity: 5, method: "invoice" }, owner.h)).json();
    const res = await t.json("GET", `/api/notify/order-business?order=${order}`, undefined, owner.h);
    expect(await res.json()).toEqual({ notified: true });
    // in the managers' language (Russian unless their account chose English), the method and state in words
    const mail = outbox(t.dir).find((m) => m.to.includes(adminEmail) && m.subject.startsWith("Заказ бизнеса"));
    expect(mail?.text).toContain(owner.email);
    expect(mail?.text).toContain("Счёт (перевод)");
    expect(mail?.text).toContain("Ждёт оплаты");
    const other = await user(t, { confirmed: false });
    expect((await t.json("GET", `/api/notify/order-business?order=${order}`, undefined, other.h)).status).toBe(404);
  });
});
