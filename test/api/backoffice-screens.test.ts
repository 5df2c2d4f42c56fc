// The back-office's special screens as a manager meets them: where sign-in lands, the main page's links and warnings, paid users' payments,
// a coupon form that says everything at once and a "valid until" day that lasts to its end, business
// requests by name with a set-password mail for a new client, report previews with a way back, and
// a 404 that stays in the back-office.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, businessRequests, coupons, jobs, users } from "../../db/schema";
import { createId } from "../../server/lib/ids";
import { completedResult, manager, paidOrder, type Person, user } from "../fixtures";
import { createTestApp, type TestApp } from "../helpers";

let t: TestApp;
let boss: Person;

beforeAll(async () => {
  t = await createTestApp();
  boss = await manager(t, { email: "screens-boss@example.com", password: "screens-pass-phrase" });
}, 120_000);
afterAll(() => t.close());

const headers = (lang: "ru" | "en") => ({ Cookie: `token=${boss.token}; i18n_locale=${lang}` });
const page = (path: string, lang: "ru" | "en" = "ru") => t.app.request(path, { headers: headers(lang) });
const html = async (path: string, lang: "ru" | "en" = "ru") => (await page(path, lang)).text();
const post = (path: string, fields: Record<string, string>, lang: "ru" | "en" = "ru", cookie = headers(lang).Cookie) =>
  t.app.request(path, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost", Host: "localhost" },
    body: new URLSearchParams(fields).toString(),
  });
const fieldErrorsOf = (page: string) => [...page.matchAll(/class="field-error[^"]*"[^>]*>([^<]*)</g)].map((m) => m[1]);

describe("landing and the main page", () => {
  it("a manager lands on /manager after signing in; a user on their test", async () => {
    const res = await post("/login", { _form: "login", email: "screens-boss@example.com", password: "screens-pass-phrase" }, "ru", "i18n_locale=ru");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/manager");
    await user(t, { email: "screens-user@example.com", password: "screens-user-pass" });
    const u = await post("/login", { _form: "login", email: "screens-user@example.com", password: "screens-user-pass" }, "ru", "i18n_locale=ru");
    expect(u.headers.get("location")).toBe("/test/start");
  });

  it("the latest results link to their back-office page with an 'all results' link; mail off and the sandbox are said", async () => {
    const p = await user(t);
    const id = await completedResult(t, p);
    const ru = await html("/manager");
    expect(ru).toContain(`href="/manager/results/${id}"`);
    expect(ru).toContain('data-testid="all-results"');
    expect(ru).toContain('data-warning="mail-off"');
    expect(ru).toContain("Почта выключена");
    expect(ru).toContain('data-warning="sandbox"');
    expect(await html("/manager", "en")).toContain("Payments are in test mode (sandbox)");
    // an action that mails says, when mail is off, that nobody will receive it
    const sent = await html(`/manager/users/${p._id}?done=sendPdf`, "en");
    expect(sent).toContain('data-testid="mail-off"');
    expect(sent).toContain("will not reach the person");
    expect(await html(`/manager/users/${p._id}?done=activate`, "en")).not.toContain('data-testid="mail-off"');
  });
});

describe("paid users", () => {
  it("show what they paid and when", async () => {
    const p = await user(t, { email: "paid-screens@example.com" });
    await paidOrder(t, p, { amount: 99_000 });
    const en = await html("/manager/users/paid", "en");
    const row = en.slice(en.indexOf(`data-row="${p._id}"`));
    expect(row.slice(0, row.indexOf("</tr>"))).toContain("990 ₽");
    expect(en).toContain(">Paid on<");
  });
});

describe("coupons", () => {
  it("a coupon's code, uses, percent and expiry all wrong are all said at once", async () => {
    const res = await post("/manager/coupon/create", {
      _form: "create",
      code: "a",
      type: "percent",
      amount: "150",
      count: "0",
      content: "full",
      expiredAt: "2020-01-01",
    });
    expect(res.status).toBe(400);
    const errors = fieldErrorsOf(await res.text());
    expect(errors).toEqual(
      expect.arrayContaining(["Скидка в процентах — от 1 до 100", "Не меньше одного использования", "Срок действия должен быть в будущем"]),
    );
    expect(errors.length).toBe(4);
  });

  it("'valid until' a day means the end of that day in Moscow, and reads as that day", async () => {
    const res = await post("/manager/coupon/create", {
      _form: "create",
      code: "END-OF-DAY",
      type: "percent",
      amount: "10",
      count: "5",
      content: "full",
      expiredAt: "2027-12-31",
    });
    expect(res.status).toBe(303);
    const [row] = await t.deps.db.select().from(coupons).where(eq(coupons.code, "END-OF-DAY"));
    expect(row!.expiredAt!.toISOString()).toBe("2027-12-31T20:59:59.999Z");
    const detail = await html(`/manager/coupon/${row!.id}`);
    expect(detail).toContain("31.12.2027, 23:59");
    expect(detail).toMatch(/name="expiredAt"[^>]*value="2027-12-31"/);
  });
});

describe("business requests", () => {
  it("kinds by name, the account linked, the create form pre-filled from a request", async () => {
    const known = await user(t, { email: "lead-known@example.com" });
    await t.deps.db.insert(businessRequests).values([
      { id: createId(), kind: "demo", name: "Ivan", email: "lead-known@example.com", company: "Known Ltd" },
      { id: createId(), kind: "corporate", name: "Olga", email: "lead-new@example.com", company: "New Co" },
    ]);
    const ru = (await html("/manager/requests")).replace(/<!-- -->/g, "");
    expect(ru).toContain("Заявка · Демо");
    expect(ru).toContain("Заявка · Корпоративный тариф");
    expect(ru).toContain(`href="/manager/users/${known._id}"`);
    expect(await html("/manager/requests", "en")).toContain("Demo");
    const prefill = ru.match(/href="(\/manager\/requests\?email=lead-new[^"]*)"/)![1]!.replace(/&amp;/g, "&");
    const form = await html(prefill);
    expect(form).toMatch(/name="email"[^>]*value="lead-new@example.com"/);
    expect(form).toMatch(/name="company"[^>]*value="New Co"/);
  });

  it("a request is given to a manager with a note, in one save, audited; a non-manager cannot be given it", async () => {
    const id = createId();
    await t.deps.db.insert(businessRequests).values({ id, kind: "research", name: "Petr", email: "petr-lead@example.com", company: "Lab" });
    const res = await post("/manager/requests", {
      _form: "status",
      source: "business",
      id,
      status: "in_progress",
      assigneeId: boss._id,
      note: "Позвонить во вторник",
    });
    expect(res.status).toBe(303);
    const ru = await html("/manager/requests");
    const item = ru.slice(ru.indexOf(`data-request="${id}"`));
    expect(item).toMatch(new RegExp(`<option value="${boss._id}" selected="">${boss.email}</option>`));
    expect(item).toContain("Позвонить во вторник</textarea>");
    expect(item).toContain('<option value="in_progress" selected="">');
    const [entry] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "requests.handling"), eq(auditLog.entityId, id)));
    expect(entry!.changes).toMatchObject({ note: { from: null, to: "Позвонить во вторник" }, assignee: { from: null, to: boss._id } });
    const someone = await user(t);
    const bad = await post("/manager/requests", { _form: "status", source: "business", id, status: "in_progress", assigneeId: someone._id, note: "" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Выберите менеджера из списка");
  });

  it("a business account for a new address mails the client a set-password link through the outbox, and says so", async () => {
    const res = await post("/manager/requests", { _form: "create-business", email: "brand-new-client@example.com", company: "Brand New", invites: "5" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/manager/requests?done=createdNew");
    expect(await html(res.headers.get("location")!)).toContain("Клиенту отправлено письмо со ссылкой");
    const mails = await t.deps.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, "mail"), sql`json_extract(${jobs.payload}, '$.to') = 'brand-new-client@example.com'`));
    expect(mails.length).toBe(1);
    expect(mails[0]!.payload.subject).toBe("Ваш бизнес-аккаунт в «Формате мышления»");
    expect(mails[0]!.doneAt).not.toBeNull();
    // the mail is on the client's page, and the account is a business one
    const [client] = await t.deps.db.select().from(users).where(eq(users.email, "brand-new-client@example.com"));
    expect(client!.isBusiness).toBe(true);
    expect(await html(`/manager/users/${client!.id}`)).toContain("Ваш бизнес-аккаунт в «Формате мышления»");
  });
});

describe("report previews and a 404", () => {
  it("a report preview links back to the result and the user", async () => {
    const p = await user(t);
    const id = await completedResult(t, p);
    const report = await html(`/manager/public/base/${id}`);
    expect(report).toContain(`href="/manager/results/${id}"`);
    expect(report).toContain(`href="/manager/users/${p._id}"`);
  });

  it("a 404 inside /manager stays in the manager's layout, with a way to the back-office", async () => {
    const res = await page(`/manager/users/${createId()}`, "en");
    expect(res.status).toBe(404);
    const body = await res.text();
    expect(body).toContain('data-testid="error-page"');
    expect(body).toContain('href="/manager/rechecker"');
    expect(body).toContain("Back-office main page");
    // a visitor's 404 elsewhere keeps the public page
    expect(await (await t.app.request("/no-such-page")).text()).not.toContain('href="/manager/rechecker"');
  });
});

describe("statistics and item analysis", () => {
  it("stats over a chosen period beside the one before; the payments' count and sum are separate charts", async () => {
    const p = await user(t);
    await paidOrder(t, p, { amount: 150_000 });
    const today = new Date().toISOString().slice(0, 10);
    const weekAgo = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
    const ru = (await html(`/manager/stats?from=${weekAgo}&to=${today}`)).replace(/<!-- -->/g, "");
    const table = ru.slice(ru.indexOf('data-testid="comparison"'), ru.indexOf("</table>", ru.indexOf('data-testid="comparison"')));
    const said = (d: string) => d.split("-").reverse().join("."); // 2026-11-19 → 19.11.2026
    expect(ru).toContain(`${said(weekAgo)} — ${said(today)} в сравнении с`);
    const paid = table.slice(table.indexOf('data-metric="paidOrders"'));
    expect(paid.slice(0, paid.indexOf("</tr>")).replace(/<[^>]+>/g, "|")).toMatch(/\|[1-9]\d*\|\|0\|/);
    expect(table).toContain("Выручка");
    // a 7-day period gives 7 rows in the daily tables, newest first
    const days = ru.slice(ru.indexOf('data-series="paymentsByDays"'));
    expect(days.match(/<td class="py-1 pr-3 tabular-nums">\d{4}-\d{2}-\d{2}<\/td>/g)?.length).toBe(7);
    const payments = days.slice(0, days.indexOf("</section>"));
    expect(payments.match(/data-island="stats-chart"/g)?.length).toBe(2);
    // a period that makes no sense is corrected and said so
    expect(await html(`/manager/stats?from=${today}&to=2000-01-01`, "en")).toContain("The period was adjusted");
  });

  it("item analysis cautions under 30 respondents and explains its flags; a test lists its questions in the reader's language", async () => {
    const en = await html("/manager/questions", "en");
    expect(en).toContain('data-testid="list-hint"');
    expect(en).toContain("fewer than 30 respondents");
    expect(en).toContain("n&lt;30");
    const testId = en.match(/href="\/manager\/tests\/([0-9a-f]{24})"/)?.[1] ?? (await t.deps.db.query.tests.findFirst())!.id;
    const test = await html(`/manager/tests/${testId}`, "en");
    const questions = test.slice(test.indexOf('data-section="questions"'));
    expect(questions).not.toMatch(/[а-яё]{4,}/i);
  });
});
