// The second security review (issue 29): each finding outside the back-office performed as an
// attack through the app, and shown to do no harm. Numbers are the findings' numbers in the issue.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { employees, invites, projects, rateLimits, sessions, users } from "../../db/schema";
import { safeHref, sanitizeReportText } from "../../routes/_blocks/report-text";
import { cookiesOf, createTestApp, type TestApp } from "../helpers";
import { outbox } from "../mail";
import { signUp, type Respondent } from "../respondent";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const res = await t.json(method, path, body, { locale: "en", ...headers });
  return { status: res.status, json: (await res.json().catch(() => null)) as any, headers: res.headers };
};
const confirm = (r: Respondent) => t.deps.db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, r._id));
const setBalance = (id: string, n: number) => t.deps.db.update(projects).set({ inviteBalance: n }).where(eq(projects.id, id));
const balanceOf = async (id: string) => (await t.deps.db.select().from(projects).where(eq(projects.id, id)))[0]!.inviteBalance;
const codeOf = async (id: string) => (await t.deps.db.select().from(projects).where(eq(projects.id, id)))[0]!.inviteCode;

/** A business owner with a project (confirmed unless told otherwise) and its request headers. */
async function company(name: string, opts: { confirmed?: boolean; balance?: number } = {}) {
  const owner = await signUp(t, name.toLowerCase().replace(/\W+/g, "-"));
  if (opts.confirmed !== false) await confirm(owner);
  const res = await t.json("POST", "/api/business", { name }, owner.h);
  const project = ((await res.json()) as { project: { _id: string } }).project._id;
  if (opts.balance !== undefined) await setBalance(project, opts.balance);
  return { owner, project, h: { ...owner.h, Project: project } };
}
const mailsTo = (email: string) => outbox(t.dir).filter((m) => m.to.includes(email));
const inviteRow = async (project: string, email: string) => (await t.deps.db.select().from(invites).where(and(eq(invites.projectId, project), eq(invites.email, email))))[0]!;

describe("2. invitation mail as a spam and phishing relay", () => {
  it("refuses an unconfirmed account's invitation mail with a clear message", async () => {
    const { h } = await company("Unconfirmed Co", { confirmed: false, balance: 5 });
    const res = await call("POST", "/api/business/invites", { email: "victim@example.com" }, h);
    expect(res.status).toBe(403);
    expect(res.json.error.message).toMatch(/^Confirm your e-mail address first/);
    const ru = await call("POST", "/api/business/invites", { email: "victim@example.com" }, { ...h, locale: "ru" });
    expect(ru.json.error.message).toMatch(/^Сначала подтвердите адрес/);
    expect(mailsTo("victim@example.com")).toHaveLength(0);
  });

  it("does not let switching an invitation off and on make invitations out of nothing", async () => {
    const { project, h } = await company("Toggle Co", { balance: 1 });
    expect((await call("POST", "/api/business/invites", { email: "first@example.com" }, h)).status).toBe(201);
    const first = await inviteRow(project, "first@example.com");
    expect((await call("PUT", `/api/invite/${first.id}`, { isActive: false }, h)).status).toBe(200);
    // switched off, its place is free: a second address takes it
    expect((await call("POST", "/api/business/invites", { email: "second@example.com" }, h)).status).toBe(201);
    // and the first cannot come back on: one invite, one pending invitation
    const back = await call("PUT", `/api/invite/${first.id}`, { isActive: true }, h);
    expect(back.status).toBe(402);
    expect((await inviteRow(project, "first@example.com")).isActive).toBe(false);
    // once the balance allows it, it can
    await setBalance(project, 2);
    expect((await call("PUT", `/api/invite/${first.id}`, { isActive: true }, h)).status).toBe(200);
  });

  it("resends one invitation at most 3 times, not more often than every 10 minutes", async () => {
    const { project, h } = await company("Resend Co", { balance: 1 });
    expect((await call("POST", "/api/business/invites", { email: "resent@example.com" }, h)).status).toBe(201);
    const row = await inviteRow(project, "resent@example.com");
    const gapOver = () => t.deps.db.update(rateLimits).set({ resetAt: Date.now() - 1 }).where(eq(rateLimits.key, `inviteResendGap:${row.id}`));
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await call("PUT", `/api/invite/${row.id}`, { resend: true }, h)).status);
      const soon = await call("PUT", `/api/invite/${row.id}`, { resend: true }, h);
      statuses.push(soon.status);
      if (soon.status === 429 && i === 0) {
        expect(soon.json.error.message).toMatch(/^This invitation was sent a moment ago/);
        expect(Number(soon.headers.get("retry-after"))).toBeGreaterThan(500);
      }
      await gapOver(); // ten minutes later
    }
    expect(statuses).toEqual([200, 429, 200, 429, 200, 429, 429, 429, 429, 429]);
    expect(mailsTo("resent@example.com")).toHaveLength(4); // the invitation and 3 resends
    const last = await call("PUT", `/api/invite/${row.id}`, { resend: true }, h);
    expect(last.json.error.message).toBe("This invitation has been sent again three times already.");
  });

  it("caps the invitation mails of a project per day, counted in the database", async () => {
    const { owner, project, h } = await company("Busy Co", { balance: 10 });
    // 499 of the day's 500 already sent (another instance, earlier today)
    await t.deps.db.insert(rateLimits).values({ key: `inviteMailProject:${project}`, count: 499, resetAt: Date.now() + 3_600_000 });
    const two = await call("POST", "/api/business/invites", { emails: ["cap-a@example.com", "cap-b@example.com"] }, h);
    expect(two.status).toBe(429);
    expect(two.json.error.message).toMatch(/^Too many invitation mails today/);
    expect(mailsTo("cap-a@example.com")).toHaveLength(0);
    expect(await t.deps.db.select().from(invites).where(eq(invites.projectId, project))).toHaveLength(0); // refused as a whole
    expect((await call("POST", "/api/business/invites", { email: "cap-a@example.com" }, h)).status).toBe(201);
    expect((await call("POST", "/api/business/invites", { email: "cap-b@example.com" }, h)).status).toBe(429);
    // and per account, over all its projects
    const other = await t.json("POST", "/api/business/projects", { name: "Busy Two" }, owner.h);
    const second = ((await other.json()) as { _id: string })._id;
    await setBalance(second, 10);
    await t.deps.db.insert(rateLimits).values({ key: `inviteMailAccount:${owner._id}`, count: 1000, resetAt: Date.now() + 3_600_000 }).onConflictDoUpdate({ target: rateLimits.key, set: { count: 1000 } });
    expect((await call("POST", "/api/business/invites", { email: "cap-c@example.com" }, { ...owner.h, Project: second })).status).toBe(429);
  });

  it("quotes the company's name in the subject and never starts the subject with it", async () => {
    const { h } = await company("Claim your prize at http://evil.example", { balance: 2 });
    expect((await call("POST", "/api/business/invites", { email: "subject-en@example.com", locale: "en" }, h)).status).toBe(201);
    expect((await call("POST", "/api/business/invites", { email: "subject-ru@example.com", locale: "ru" }, h)).status).toBe(201);
    expect(mailsTo("subject-en@example.com")[0]!.subject).toBe("Invitation to «Claim your prize at http://evil.example»: the Thinking Format test");
    expect(mailsTo("subject-ru@example.com")[0]!.subject).toBe("Приглашение в «Claim your prize at http://evil.example»: тест «Формат мышления»");
  });
});

describe("6. the shared demo session", () => {
  it("survives a visitor's logout (only their cookie goes), and its token cannot start a retake", async () => {
    const demo = cookiesOf(await t.app.request("/api/business/masq-no-auth", { headers: { "Sec-Fetch-Site": "same-origin" } })).masqDemoToken!;
    const dh = { Authorization: `Bearer ${demo}` };
    await call("POST", "/api/passport/logout", undefined, dh); // the API refuses the demo any write (403)
    const page = await t.app.request("/logout", { method: "POST", headers: { Cookie: `masqDemoToken=${demo}`, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" }, body: "" });
    expect(page.status).toBe(303);
    expect(page.headers.getSetCookie().join("\n")).toMatch(/masqDemoToken=;/);
    // everyone else's demo goes on
    expect((await call("GET", "/api/business/dashboard", undefined, dh)).status).toBe(200);
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.kind, "demo"))).toHaveLength(1);

    const reset = await call("GET", "/api/order/reset_result", undefined, dh);
    expect(reset.status).toBe(403);
    expect(reset.json.error.code).toBe("demo_read_only");
  });
});

describe("8. the report text cleaner", () => {
  it("drops links that start with a slash and a backslash (browsers follow them off-site)", () => {
    for (const href of ["/\\evil.example/x", "/\\/evil.example", "//evil.example", "/&#92;evil.example", "\\\\evil.example", "https:/\\evil.example", "https:///evil.example"]) {
      expect(safeHref(href), href).toBeNull();
      expect(sanitizeReportText(`<a href="${href}">x</a>`), href).toBe("<a>x</a>");
    }
    for (const href of ["/report", "/", "https://example.com/a", "http://example.com", "mailto:a@example.com", "#part"]) expect(safeHref(href), href).toBe(href);
  });
});

describe("9. billing is the owner's", () => {
  it("refuses the paid orders to a project manager and a supervisor", async () => {
    const { project, h } = await company("Billing Co", { balance: 5 });
    const code = await codeOf(project);
    const pm = await signUp(t, "billing-pm");
    const sup = await signUp(t, "billing-sup");
    const pmEmp = (await call("POST", `/api/business/join/${code}`, { agree: true }, pm.h)).json.employee;
    const supEmp = (await call("POST", `/api/business/join/${code}`, { agree: true }, sup.h)).json.employee;
    const dep = (await call("POST", "/api/business/departments", { name: "Sales" }, h)).json._id;
    await call("POST", "/api/business/employees/change-department", { employee: supEmp, department: dep }, h);
    expect((await call("POST", "/api/business/employees/activate-manager", { employee: pmEmp, type: "project" }, h)).status).toBe(200);
    expect((await call("POST", "/api/business/employees/activate-manager", { employee: supEmp, type: "department", department: dep }, h)).status).toBe(200);
    expect((await call("GET", "/api/business/reports", undefined, h)).status).toBe(200);
    for (const who of [pm, sup]) {
      const res = await call("GET", "/api/business/reports", undefined, { ...who.h, Project: project });
      expect(res.status).toBe(403);
      expect(res.json.orders).toBeUndefined();
    }
    const page = await t.app.request(`/business/reports?project=${project}`, { headers: { Cookie: `token=${pm.token}` } });
    expect(page.status).not.toBe(200);
  });
});

describe("10. a link join and the invites e-mail invitations hold", () => {
  it("leaves the invited person's invite to them", async () => {
    const { project, h } = await company("Reserved Co", { balance: 2 });
    expect((await call("POST", "/api/business/invites", { email: "named@example.com" }, h)).status).toBe(201);
    const code = await codeOf(project);
    const a = await signUp(t, "link-a");
    const b = await signUp(t, "link-b");
    expect((await call("POST", `/api/business/join/${code}`, { agree: true }, a.h)).status).toBe(201);
    const refused = await call("POST", `/api/business/join/${code}`, { agree: true }, b.h);
    expect(refused.status).toBe(402);
    const named = await signUp(t, "named");
    const link = (await inviteRow(project, "named@example.com")).link;
    expect((await call("POST", `/api/business/join/${link}`, { agree: true }, named.h)).status).toBe(201);
    expect(await balanceOf(project)).toBe(0);
  });
});

describe("12. the first project's invite code", () => {
  it("has the same 64 random bits as later ones", async () => {
    const { owner, project } = await company("Code Co");
    const first = await codeOf(project);
    const later = ((await (await t.json("POST", "/api/business/projects", { name: "Code Two" }, owner.h)).json()) as { inviteCode: string }).inviteCode;
    expect(first).toMatch(/^[0-9a-f]{16}$/);
    expect(later).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe("15. an employee the company removed", () => {
  it("cannot re-join by the project's link, spending a paid invite; the company may invite them again", async () => {
    const { project, h } = await company("Removal Co", { balance: 3 });
    const code = await codeOf(project);
    const worker = await signUp(t, "removed");
    const emp = (await call("POST", `/api/business/join/${code}`, { agree: true }, worker.h)).json.employee;
    expect((await call("DELETE", `/api/business/employees/${emp}`, undefined, h)).status).toBe(200);
    const again = await call("POST", `/api/business/join/${code}`, { agree: true }, worker.h);
    expect(again.status).toBe(403);
    expect(again.json.error.message).toMatch(/removed you from this project/);
    expect(await balanceOf(project)).toBe(2);
    expect(await t.deps.db.select().from(employees).where(eq(employees.projectId, project))).toHaveLength(0);
    // invited again on purpose, they come back
    expect((await call("POST", "/api/business/invites", { email: worker.email }, h)).status).toBe(201);
    const link = (await t.deps.db.select().from(invites).where(and(eq(invites.projectId, project), eq(invites.email, worker.email), eq(invites.isActive, true))))[0]!.link;
    expect((await call("POST", `/api/business/join/${link}`, { agree: true }, worker.h)).status).toBe(201);
    expect(await t.deps.db.select().from(employees).where(eq(employees.projectId, project))).toHaveLength(1);
  });
});
