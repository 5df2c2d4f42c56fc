// Attacks on the business cabinet (invitation mail, billing, joins, invite codes, removed employees,
// abuse limits, invoices) and on the demo session, report text, review photos and account deletion,
// each performed through the app and shown to do no harm.
import { and, eq } from "drizzle-orm";
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { employeeAnalytics, employees, invites, projects, rateLimits, sessions, skills, users } from "../../db/schema";
import { FIT_VERSION } from "../../model/fit";
import { safeHref, sanitizeReportText } from "../../routes/_blocks/report-text";
import { createId } from "../../server/lib/ids";
import { type ApiError, cookiesOf, createTestApp, fillSellerDetails, type List, type TestApp } from "../helpers";
import { outbox, startSmtpSink } from "../mail";
import { signUp, takeTest, type Respondent } from "../respondent";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = async <T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const res = await t.json(method, path, body, { locale: "en", ...headers });
  return { status: res.status, json: (await res.json().catch(() => null)) as T, headers: res.headers };
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
const inviteRow = async (project: string, email: string) =>
  (
    await t.deps.db
      .select()
      .from(invites)
      .where(and(eq(invites.projectId, project), eq(invites.email, email)))
  )[0]!;

describe("invitation mail as a spam and phishing relay", () => {
  it("refuses an unconfirmed account's invitation mail with a clear message", async () => {
    const { h } = await company("Unconfirmed Co", { confirmed: false, balance: 5 });
    const res = await call<ApiError>("POST", "/api/business/invites", { email: "victim@example.com" }, h);
    expect(res.status).toBe(403);
    expect(res.json.error.message).toMatch(/^Confirm your e-mail address first/);
    const ru = await call<ApiError>("POST", "/api/business/invites", { email: "victim@example.com" }, { ...h, locale: "ru" });
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
    const gapOver = () =>
      t.deps.db
        .update(rateLimits)
        .set({ resetAt: Date.now() - 1 })
        .where(eq(rateLimits.key, `inviteResendGap:${project}:resent@example.com`));
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await call("PUT", `/api/invite/${row.id}`, { resend: true }, h)).status);
      const soon = await call<ApiError>("PUT", `/api/invite/${row.id}`, { resend: true }, h);
      statuses.push(soon.status);
      if (soon.status === 429 && i === 0) {
        expect(soon.json.error.message).toMatch(/^This invitation was sent a moment ago/);
        expect(Number(soon.headers.get("retry-after"))).toBeGreaterThan(500);
      }
      await gapOver(); // ten minutes later
    }
    expect(statuses).toEqual([200, 429, 200, 429, 200, 429, 429, 429, 429, 429]);
    expect(mailsTo("resent@example.com")).toHaveLength(4); // the invitation and 3 resends
    const last = await call<ApiError>("PUT", `/api/invite/${row.id}`, { resend: true }, h);
    expect(last.json.error.message).toBe("This invitation has been sent again three times already.");
  });

  it("caps the invitation mails of a project per day, counted in the database", async () => {
    const { owner, project, h } = await company("Busy Co", { balance: 10 });
    // 499 of the day's 500 already sent (another instance, earlier today)
    await t.deps.db.insert(rateLimits).values({ key: `inviteMailProject:${project}`, count: 499, resetAt: Date.now() + 3_600_000 });
    const two = await call<ApiError>("POST", "/api/business/invites", { emails: ["cap-a@example.com", "cap-b@example.com"] }, h);
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
    await t.deps.db
      .insert(rateLimits)
      .values({ key: `inviteMailAccount:${owner._id}`, count: 1000, resetAt: Date.now() + 3_600_000 })
      .onConflictDoUpdate({ target: rateLimits.key, set: { count: 1000 } });
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

describe("the shared demo session", () => {
  it("survives a visitor's logout (only their cookie goes), and its token cannot start a retake", async () => {
    const demo = cookiesOf(await t.app.request("/api/business/masq-no-auth", { headers: { "Sec-Fetch-Site": "same-origin" } })).masqDemoToken!;
    const dh = { Authorization: `Bearer ${demo}` };
    await call("POST", "/api/passport/logout", undefined, dh); // the API refuses the demo any write (403)
    const page = await t.app.request("/logout", {
      method: "POST",
      headers: { Cookie: `masqDemoToken=${demo}`, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
      body: "",
    });
    expect(page.status).toBe(303);
    expect(page.headers.getSetCookie().join("\n")).toMatch(/masqDemoToken=;/);
    // everyone else's demo goes on
    expect((await call("GET", "/api/business/dashboard", undefined, dh)).status).toBe(200);
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.kind, "demo"))).toHaveLength(1);

    const reset = await call<ApiError>("GET", "/api/order/reset_result", undefined, dh);
    expect(reset.status).toBe(403);
    expect(reset.json.error.code).toBe("demo_read_only");
  });
});

describe("the report text cleaner", () => {
  it("drops links that start with a slash and a backslash (browsers follow them off-site)", () => {
    for (const href of [
      "/\\evil.example/x",
      "/\\/evil.example",
      "//evil.example",
      "/&#92;evil.example",
      "\\\\evil.example",
      "https:/\\evil.example",
      "https:///evil.example",
    ]) {
      expect(safeHref(href), href).toBeNull();
      expect(sanitizeReportText(`<a href="${href}">x</a>`), href).toBe("<a>x</a>");
    }
    for (const href of ["/report", "/", "https://example.com/a", "http://example.com", "mailto:a@example.com", "#part"])
      expect(safeHref(href), href).toBe(href);
  });
});

describe("billing is the owner's", () => {
  it("refuses the paid orders to a project manager and a supervisor", async () => {
    const { project, h, owner } = await company("Billing Co", { balance: 5 });
    const code = await codeOf(project);
    const pm = await signUp(t, "billing-pm");
    const sup = await signUp(t, "billing-sup");
    const pmEmp = (await call<{ employee: string }>("POST", `/api/business/join/${code}`, { agree: true }, pm.h)).json.employee;
    const supEmp = (await call<{ employee: string }>("POST", `/api/business/join/${code}`, { agree: true }, sup.h)).json.employee;
    const dep = (await call<{ _id: string }>("POST", "/api/business/departments", { name: "Sales" }, h)).json._id;
    await call("POST", "/api/business/employees/change-department", { employee: supEmp, department: dep }, h);
    expect((await call("POST", "/api/business/employees/activate-manager", { employee: pmEmp, type: "project" }, h)).status).toBe(200);
    expect((await call("POST", "/api/business/employees/activate-manager", { employee: supEmp, type: "department", department: dep }, h)).status).toBe(200);
    expect((await call("GET", "/api/business/reports", undefined, h)).status).toBe(200);
    for (const who of [pm, sup]) {
      const res = await call<{ orders?: unknown }>("GET", "/api/business/reports", undefined, { ...who.h, Project: project });
      expect(res.status).toBe(403);
      expect(res.json.orders).toBeUndefined();
    }
    // the reports page shows them the people's business reports, and never what was bought
    for (const who of [pm, sup]) {
      const page = await t.app.request(`/business/reports?project=${project}`, { headers: { Cookie: `token=${who.token}` } });
      const html = await page.text();
      expect(html).toContain('data-testid="people-reports"');
      expect(html).not.toContain('data-testid="business-reports"');
    }
    const own = await (await t.app.request(`/business/reports?project=${project}`, { headers: { Cookie: `token=${owner.token}` } })).text();
    expect(own).toContain('data-testid="business-reports"');
  });
});

describe("a link join and the invites e-mail invitations hold", () => {
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

describe("the first project's invite code", () => {
  it("has the same 64 random bits as later ones", async () => {
    const { owner, project } = await company("Code Co");
    const first = await codeOf(project);
    const later = ((await (await t.json("POST", "/api/business/projects", { name: "Code Two" }, owner.h)).json()) as { inviteCode: string }).inviteCode;
    expect(first).toMatch(/^[0-9a-f]{16}$/);
    expect(later).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe("an employee the company removed", () => {
  it("cannot re-join by the project's link, spending a paid invite; the company may invite them again", async () => {
    const { project, h } = await company("Removal Co", { balance: 3 });
    const code = await codeOf(project);
    const worker = await signUp(t, "removed");
    const emp = (await call<{ employee: string }>("POST", `/api/business/join/${code}`, { agree: true }, worker.h)).json.employee;
    expect((await call("DELETE", `/api/business/employees/${emp}`, undefined, h)).status).toBe(200);
    const again = await call<ApiError>("POST", `/api/business/join/${code}`, { agree: true }, worker.h);
    expect(again.status).toBe(403);
    expect(again.json.error.message).toMatch(/removed you from this project/);
    expect(await balanceOf(project)).toBe(2);
    expect(await t.deps.db.select().from(employees).where(eq(employees.projectId, project))).toHaveLength(0);
    // invited again on purpose, they come back
    expect((await call("POST", "/api/business/invites", { email: worker.email }, h)).status).toBe(201);
    const link = (
      await t.deps.db
        .select()
        .from(invites)
        .where(and(eq(invites.projectId, project), eq(invites.email, worker.email), eq(invites.isActive, true)))
    )[0]!.link;
    expect((await call("POST", `/api/business/join/${link}`, { agree: true }, worker.h)).status).toBe(201);
    expect(await t.deps.db.select().from(employees).where(eq(employees.projectId, project))).toHaveLength(1);
  });
});

describe("review photos and cookies set by pictures", () => {
  it("accepts as a review's photo only one we stored", async () => {
    const r = await signUp(t, "photo");
    await t.deps.db.update(users).set({ isCompleted: true }).where(eq(users.id, r._id));
    const text = "A review long enough to pass the length check.";
    for (const img of [
      "/api/business/masq-no-auth",
      "/?ref=PLANTED",
      "/uploads/reviews/../../app.db",
      "https://evil.example/a.png",
      `/uploads/reviews/${createId()}.png`,
    ]) {
      const res = await call<ApiError>("POST", "/api/review", { name: "Ann", text, img }, r.h);
      expect(res.status, img).toBe(400);
      expect(res.json.error.fields!.img, img).toBe("Only a photo stored on our site can go with a review.");
    }
    const stored = `${createId()}.png`;
    mkdirSync(join(t.dir, "uploads", "reviews"), { recursive: true });
    writeFileSync(join(t.dir, "uploads", "reviews", stored), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const ok = await call<{ img: string }>("POST", "/api/review", { name: "Ann", text, img: `/uploads/reviews/${stored}` }, r.h);
    expect(ok.status).toBe(201);
    expect(ok.json.img).toBe(`/uploads/reviews/${stored}`);
  });

  it("sets no session or tracking cookie for a picture, only for a navigation", async () => {
    const picture = { "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Dest": "image", "Sec-Fetch-Mode": "no-cors" };
    const navigation = { "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate" };
    expect(cookiesOf(await t.app.request("/api/business/masq-no-auth", { headers: picture })).masqDemoToken).toBeUndefined();
    expect(cookiesOf(await t.app.request("/api/business/masq-no-auth", { headers: navigation })).masqDemoToken).toBeTruthy();
    const planted = cookiesOf(await t.app.request("/?ref=PLANTED&utm_source=img&coupon=FREE", { headers: picture }));
    expect(planted).toEqual({});
    const followed = cookiesOf(await t.app.request("/?ref=LINK&utm_source=mail&coupon=GIFT", { headers: navigation }));
    expect(followed).toMatchObject({ ref: "LINK", utm_source: "mail", coupon: "GIFT" });
  });
});

describe("deleting one's account", () => {
  it("takes the person's name, invitation address and the notes about them out of every company joined", async () => {
    const { project, h } = await company("Erased Co", { balance: 3 });
    const email = `erin-${Date.now()}@example.com`;
    const signed = (await (
      await t.json("POST", "/api/passport/signup", { email, password: "a long pass phrase", policy: true, terms: true, offer: true })
    ).json()) as { token: string; _id: string };
    const person = { email, token: signed.token, _id: signed._id, h: { Authorization: `Bearer ${signed.token}` } };
    await t.deps.db.update(users).set({ name: "Erin Erased" }).where(eq(users.id, person._id));
    expect((await call("POST", "/api/business/invites", { email: person.email }, h)).status).toBe(201);
    const link = (await inviteRow(project, person.email)).link;
    const emp = (await call<{ employee: string }>("POST", `/api/business/join/${link}`, { agree: true }, person.h)).json.employee;
    expect(
      (await call("POST", "/api/business/skills", { kind: "acquired", employee: emp, skill: "seller", value: 70, note: "Erin closed the Smith deal" }, h))
        .status,
    ).toBe(201);
    const before = (await t.deps.db.select().from(employees).where(eq(employees.id, emp)))[0]!;
    expect(before.name).toBe("Erin Erased");

    const del = await t.json("DELETE", "/api/passport", { password: "a long pass phrase" }, person.h);
    expect(del.status).toBeLessThan(300);

    const [row] = await t.deps.db.select().from(employees).where(eq(employees.id, emp));
    expect(row!.name).toBe("Удалённый пользователь / Deleted user");
    expect(row!.userId).toBeNull();
    expect(await t.deps.db.select().from(invites).where(eq(invites.email, person.email))).toHaveLength(0);
    const notes = await t.deps.db.select().from(skills).where(eq(skills.employeeId, emp));
    expect(notes.map((n) => n.description)).toEqual([null]);
    const list = await call("POST", "/api/business/employees", {}, h);
    expect(JSON.stringify(list.json)).not.toMatch(/Erin|erin-/);
  });
});

describe("abuse limits on the new writes", () => {
  const full = (key: string, count: number) =>
    t.deps.db
      .insert(rateLimits)
      .values({ key, count, resetAt: Date.now() + 3_600_000 })
      .onConflictDoUpdate({ target: rateLimits.key, set: { count } });

  it("limits support mails, departments, positions, skills, projects, reviews, invoices and corporate requests per account", async () => {
    await fillSellerDetails(t);
    const { owner, project, h } = await company("Limits Co", { balance: 1 });
    await full(`support:${owner._id}`, 10);
    await full(`structure:${owner._id}`, 300);
    await full(`projects:${owner._id}`, 20);
    await full(`invoice:${owner._id}`, 10);
    await full(`corporate:${owner._id}`, 5);
    await full(`reviews:${owner._id}`, 5);
    await t.deps.db.update(users).set({ isCompleted: true }).where(eq(users.id, owner._id));
    const refused = [
      await call("POST", "/api/business/support", { subject: "Hi", message: "Spam" }, h),
      await call("POST", "/api/business/departments", { name: "Spam" }, h),
      await call("POST", "/api/business/positions", { name: "Spam", tasks: [{ name: "a", communication: "team", decision: "balanced" }] }, h),
      await call("POST", "/api/business/skills", { kind: "definition", name: "Spam", weights: { system: 1 } }, h),
      await call("POST", "/api/business/projects", { name: "Spam" }, owner.h),
      await call("POST", "/api/review", { name: "Spam", text: "A review long enough to pass the length check." }, owner.h),
      await call("POST", "/api/business/refill", { project, quantity: 5, method: "invoice", company: "Acme LLC", inn: "7701234567" }, owner.h),
      await call("POST", "/api/business/refill", { project, quantity: 600, company: "Acme LLC" }, owner.h),
    ];
    expect(refused.map((r) => r.status)).toEqual([429, 429, 429, 429, 429, 429, 429, 429]);
    expect(refused[0]!.headers.get("retry-after")).toBeTruthy();
  });

  it("stops guessing invitation codes after 30 wrong ones, even for a right one", async () => {
    const { project } = await company("Guess Co", { balance: 1 });
    const guesser = await signUp(t, "guesser");
    for (let i = 0; i < 30; i++) expect((await call("GET", `/api/business/project-form-info/guess${i}x`, undefined, guesser.h)).status).toBe(404);
    const code = await codeOf(project);
    expect((await call("GET", `/api/business/project-form-info/${code}`, undefined, guesser.h)).status).toBe(429);
    expect((await call("POST", `/api/business/join/${code}`, { agree: true }, guesser.h)).status).toBe(429);
    // someone else is not held up
    const other = await signUp(t, "not-guessing");
    expect((await call("GET", `/api/business/project-form-info/${code}`, undefined, other.h)).status).toBe(200);
  });
});

describe("the buyer an invoice names", () => {
  it("requires the company and INN for an invoice and prints them, not the account's free-text name", async () => {
    await fillSellerDetails(t);
    const { owner, project } = await company("Buyer Co", { balance: 0 });
    await t.json("PUT", "/api/passport", { name: "Sberbank PJSC (pay here)" }, owner.h);
    const missing = await call<ApiError>("POST", "/api/business/refill", { project, quantity: 5, method: "invoice" }, owner.h);
    expect(missing.status).toBe(400);
    expect(missing.json.error.fields).toEqual({
      company: "Enter the company's name: the invoice is made out to it.",
      inn: "Enter the company's INN: the invoice is made out to it.",
    });
    const ru = await call<ApiError>(
      "POST",
      "/api/business/refill",
      { project, quantity: 5, method: "invoice", company: "ООО «Покупатель»" },
      { ...owner.h, locale: "ru" },
    );
    expect(ru.json.error.fields).toEqual({ inn: "Укажите ИНН компании: счёт выставляется на неё." });
    const issued = await call<{ invoice: string }>(
      "POST",
      "/api/business/refill",
      { project, quantity: 5, method: "invoice", company: "ООО «Покупатель»", inn: "7712345678" },
      owner.h,
    );
    expect(issued.status).toBe(201);
    // the details are now the project's: the next invoice needs no form fields
    expect((await call("POST", "/api/business/refill", { project, quantity: 5, method: "invoice" }, owner.h)).status).toBe(201);
    const pdf = await t.app.request(issued.json.invoice, { headers: owner.h });
    const file = join(t.dir, "buyer.pdf");
    writeFileSync(file, Buffer.from(await pdf.arrayBuffer()));
    const text = execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"]).toString("utf8").replace(/\s+/g, " ");
    expect(text).toContain("Покупатель: ООО «Покупатель», ИНН 7712345678");
    expect(text).not.toContain("Sberbank");
  });
});

describe("hardening", () => {
  it("believes X-Forwarded-Host only behind the configured proxy", async () => {
    const forged = await t.app.request("/logout", {
      method: "POST",
      headers: { Origin: "https://evil.example", "X-Forwarded-Host": "evil.example", Host: "localhost", "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(forged.status).toBe(403);
  });

  it("gates the employee list's fit and skill columns by consent in the query itself", async () => {
    const { project, h } = await company("Consent Co", { balance: 2 });
    const worker = await signUp(t, "withdrawn");
    const emp = (await call<{ employee: string }>("POST", `/api/business/join/${await codeOf(project)}`, { agree: true }, worker.h)).json.employee;
    await takeTest(t, worker);
    await t.json("POST", `/api/business/consent/${project}`, { consent: false }, worker.h);
    // a stored analytics row the recompute has not dropped yet (a job in flight, or a failed one)
    await t.deps.db
      .insert(employeeAnalytics)
      .values({
        employeeId: emp,
        projectId: project,
        efficiency: 91,
        diff: 9,
        sellerPercent: 77,
        leaderType: "leader",
        managerType: "tactical",
        managerResource: 50,
        harmony: 70,
        version: FIT_VERSION,
        computedAt: new Date(),
      })
      .onConflictDoUpdate({ target: employeeAnalytics.employeeId, set: { efficiency: 91, sellerPercent: 77, version: FIT_VERSION } });
    const [doc] = (await call<List<Record<string, unknown>>>("POST", "/api/business/employees", {}, h)).json.docs;
    expect(doc).toMatchObject({ consent: false, efficiency: null, diff: null, seller: null, leader: null, manager: null, harmony: null, format: null });
    expect((await call<List<unknown>>("POST", "/api/business/employees", { filter: { seller: { min: 70 } } }, h)).json.total).toBe(0);
    expect(
      (await call<List<{ efficiency: number | null }>>("POST", "/api/business/employees", { sortType: "efficiency" }, h)).json.docs[0].efficiency,
    ).toBeNull();
  });

  it("names the session cookies __Host-… in production over HTTPS, and takes only those", async () => {
    const prod = await createTestApp({ NODE_ENV: "production", PAYMENT_SANDBOX: "true", PUBLIC_URL: "https://tf.example" });
    try {
      const res = await prod.json("POST", "/api/passport/signup", { email: "host-prefix@example.com", policy: true, terms: true, offer: true });
      expect(res.status).toBe(201);
      const { token } = (await res.json()) as { token: string };
      const line = res.headers.getSetCookie().find((l) => l.startsWith("__Host-token="))!;
      expect(line).toMatch(/; Secure/);
      expect(line).toMatch(/; Path=\//);
      expect(line).not.toMatch(/Domain=/i);
      expect(cookiesOf(res).token).toBeUndefined();
      expect(cookiesOf(res).id).toBeTruthy(); // the spec's readable id keeps its name
      expect((await prod.app.request("/api/passport", { headers: { Cookie: `__Host-token=${token}` } })).status).toBe(200);
      // a cookie planted without the prefix (by a sibling subdomain or over HTTP) is not a session
      expect((await prod.app.request("/api/passport", { headers: { Cookie: `token=${token}` } })).status).toBe(401);
    } finally {
      await prod.close();
    }
    // development and the tests keep the spec's names
    expect(
      cookiesOf(await t.json("POST", "/api/passport/signup", { email: "plain-names@example.com", policy: true, terms: true, offer: true })).token,
    ).toBeTruthy();
  });

  it("answers password restore the same for known and unknown addresses while SMTP is down", async () => {
    const probe = await startSmtpSink();
    const port = probe.port;
    await probe.close();
    const down = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      await down.json("POST", "/api/passport/signup", { email: "known@example.com", policy: true, terms: true, offer: true });
      const answer = async (email: string) => {
        const res = await down.json("POST", "/api/passport/restore", { email }, { locale: "en" });
        return { status: res.status, body: await res.text() };
      };
      const known = await answer("known@example.com");
      const unknown = await answer("nobody@example.com");
      expect(known).toEqual(unknown);
      expect(known.status).toBe(200);
    } finally {
      await down.close();
    }
  }, 30_000);
});
