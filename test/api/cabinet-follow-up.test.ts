// Following up invitations, through a real local SMTP server: resends,
// reminders on the job runner's clock, deadlines, the owner's message, CSV import, the owner's
// notices (each event or a daily digest) and receipts for paid orders.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { consultationTickets, employees, invites, orders, projects, users } from "../../db/schema";
import { markInvoicePaidBy } from "../../server/admin/orders";
import { userScopeOf } from "../../server/scope";
import { runFollowUps, sendDigests, sendReminders } from "../../server/services/business/follow-up";
import { businessProject, completedResult, type Person, type ProjectFixture, user } from "../fixtures";
import { bodyOf, createTestApp, fillSellerDetails, type TestApp } from "../helpers";
import { type Mail, startSmtpSink } from "../mail";

const DAY = 86_400_000;
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let co: ProjectFixture;
let owner: Person;

/** A part of a (multipart) mail, decoded: "text/plain" or "text/html". */
function part(mail: Mail, type: "text/plain" | "text/html") {
  const boundary = mail.raw.match(/boundary="?([^";\r\n]+)"?/)?.[1];
  const chunks = boundary ? mail.raw.split(`--${boundary}`) : [mail.raw];
  const chunk = chunks.find((c) => new RegExp(`content-type: ${type}`, "i").test(c));
  if (!chunk) return "";
  const [head, ...rest] = chunk.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n");
  if (/quoted-printable/i.test(head!))
    return Buffer.from(
      body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      "latin1",
    ).toString("utf8");
  if (/base64/i.test(head!)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}
const to = (email: string) => smtp.received.filter((m) => m.to.includes(email));
const form = (p: Person, locale = "en") => ({
  Cookie: `token=${p.token}; i18n_locale=${locale}`,
  Origin: "http://localhost",
  Host: "localhost",
});
const postForm = (path: string, fields: Record<string, string>, p: Person = owner) =>
  t.app.request(path, {
    method: "POST",
    headers: { ...form(p), "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
const inviteRow = async (email: string) => (await t.deps.db.select().from(invites).where(eq(invites.email, email)))[0]!;
const invite = async (emails: string[], extra: Record<string, unknown> = {}) => {
  const res = await t.json("POST", "/api/business/invites", { emails, ...extra }, { ...co.h, locale: "en" });
  expect(res.status, await res.clone().text()).toBe(201);
};
const later = (days: number) => new Date(Date.now() + days * DAY + 60_000);

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: smtp.url });
  owner = await user(t, { confirmed: true, locale: "en", email: `owner-${Date.now()}@example.com` });
  co = await businessProject(t, { owner, name: "Follow & Co", departments: ["Sales", "Research"], positions: [{ name: "Seller", department: "Sales" }] });
  await t.deps.db.update(projects).set({ inviteBalance: 100, notify: "off" }).where(eq(projects.id, co.id));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  await t.deps.db.update(projects).set({ notify: "off" }).where(eq(projects.id, co.id));
});

describe("resending", () => {
  it("sends one invitation again, and every pending one with 'resend to all'", async () => {
    const a = `resend-a-${Date.now()}@example.com`;
    const b = `resend-b-${Date.now()}@example.com`;
    await invite([a, b]);
    expect(to(a)).toHaveLength(1);
    const res = await t.json("PUT", "/api/business/invites/createOrUpdateInvite", { email: a, resend: true }, co.h);
    expect(res.status).toBe(200);
    expect(to(a)).toHaveLength(2);
    expect(to(a)[1]!.subject).toContain("Follow & Co");

    // the page's button: b goes again, a was sent a moment ago (held by the 10-minute gap)
    const all = await postForm("/business/invite", { _form: "resendAll" });
    expect(all.status).toBe(303);
    expect(all.headers.get("location")).toMatch(/done=resentAll/);
    expect(to(b)).toHaveLength(2);
    expect(to(a)).toHaveLength(2);
    const page = await (await t.app.request(all.headers.get("location")!, { headers: form(owner) })).text();
    expect(page).toMatch(/Sent again: \d+\. Held back by the limits: \d+\./);
  });
});

describe("reminders on the runner's clock", () => {
  it("reminds at day 3 and day 7, never a third time", async () => {
    const email = `remind-${Date.now()}@example.com`;
    await invite([email]);
    expect(to(email)).toHaveLength(1);
    expect(await sendReminders(t.deps, later(1))).toBe(0);
    expect(await sendReminders(t.deps, later(3))).toBeGreaterThanOrEqual(1);
    expect(to(email)).toHaveLength(2);
    expect(to(email)[1]!.subject).toMatch(/^Reminder:/);
    // the same moment again (a second instance, a retry): nothing more
    await sendReminders(t.deps, later(3));
    expect(to(email)).toHaveLength(2);
    await sendReminders(t.deps, later(7));
    expect(to(email)).toHaveLength(3);
    await sendReminders(t.deps, later(30));
    await runFollowUps(t.deps, later(60));
    expect(to(email)).toHaveLength(3);
    expect((await inviteRow(email)).reminders).toBe(2);
  });

  it("stops once the person has joined and finished; a joined person who has not finished is asked to finish", async () => {
    const done = `remind-done-${Date.now()}@example.com`;
    const midway = `remind-midway-${Date.now()}@example.com`;
    await invite([done, midway]);
    await sendReminders(t.deps, later(3));
    expect(to(done)).toHaveLength(2);
    for (const email of [done, midway]) {
      const person = await user(t, { email, locale: "en" });
      const joined = await t.json("POST", `/api/business/join/${(await inviteRow(email)).link}`, { agree: true, name: email.split("@")[0] }, person.h);
      expect(joined.status, await joined.clone().text()).toBeLessThan(300);
      if (email === done) await completedResult(t, person);
    }
    await sendReminders(t.deps, later(7));
    expect(to(done)).toHaveLength(2);
    const mid = to(midway);
    expect(mid).toHaveLength(3);
    expect(mid[2]!.subject).toContain("finish the Thinking Format test");
  });
});

describe("deadline and message", () => {
  it("puts the owner's words in the mail, escaped in HTML, with the deadline", async () => {
    const email = `message-${Date.now()}@example.com`;
    const day = new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10);
    const res = await postForm("/business/invite", { _form: "emails", emails: email, message: 'Hi <b>team</b> & "friends"', expiresAt: day });
    expect(res.status).toBe(303);
    const [mail] = to(email);
    expect(part(mail!, "text/plain")).toContain('Hi <b>team</b> & "friends"');
    expect(part(mail!, "text/plain")).toMatch(/open until \d+ \w+ \d{4} inclusive/);
    const html = part(mail!, "text/html");
    expect(html).toContain("Hi &#60;b&#62;team&#60;/b&#62; &#38; &#34;friends&#34;");
    expect(html).not.toContain("<b>team</b>");
    expect(html).toContain("Follow &#38; Co");
    // the join page quotes it too, as text
    const join = await (await t.app.request(`/invite/${(await inviteRow(email)).link}`, { headers: { Cookie: "i18n_locale=en" } })).text();
    expect(join).toContain("Hi &lt;b&gt;team&lt;/b&gt; &amp; &quot;friends&quot;");

    // too long a message: a field message, nothing sent
    const long = await postForm("/business/invite", { _form: "emails", emails: `long-${email}`, message: "x".repeat(501) });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("At most 500 characters");
    expect(to(`long-${email}`)).toHaveLength(0);
  });

  it("refuses an expired invitation with the expiry message and whom to ask", async () => {
    const email = `expired-${Date.now()}@example.com`;
    await invite([email], { expiresAt: new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10) });
    const row = await inviteRow(email);
    // before the deadline the join page says until when
    expect(await (await t.app.request(`/invite/${row.link}`, { headers: { Cookie: "i18n_locale=en" } })).text()).toMatch(/open until \d+ \w+ \d{4} inclusive/);
    await t.deps.db
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invites.id, row.id));
    await t.deps.db
      .update(projects)
      .set({ details: { email: "hr@follow.example" } })
      .where(eq(projects.id, co.id));
    const page = await t.app.request(`/invite/${row.link}`, { headers: { Cookie: "i18n_locale=en" } });
    expect(page.status).toBe(403);
    const html = await page.text();
    expect(html).toContain("This invitation has expired");
    expect(html).toContain("hr@follow.example");
    const person = await user(t, { email, locale: "en" });
    const join = await t.json("POST", `/api/business/join/${row.link}`, { agree: true, name: "Late" }, { ...person.h, locale: "en" });
    expect(join.status).toBe(410);
    expect((await bodyOf<{ error: { message: string } }>(join)).error.message).toContain("has expired");
    expect(await t.deps.db.select().from(employees).where(eq(employees.userId, person._id))).toHaveLength(0);
    // and no reminders for it
    await sendReminders(t.deps, later(3));
    expect(to(email)).toHaveLength(1);
  });
});

describe("CSV import", () => {
  it("refuses a file with a bad line as a whole, naming the line; a good file invites and places people", async () => {
    const stamp = Date.now();
    const bad = `email;name;department\ncsv-1-${stamp}@example.com;Anna;Sales\nnot-an-address;Boris;Sales\ncsv-3-${stamp}@example.com;Vera;Nowhere\n`;
    const body = new FormData();
    body.set("_form", "csv");
    body.set("file", new File([bad], "people.csv", { type: "text/csv" }));
    const refused = await t.app.request("/business/invite", { method: "POST", headers: form(owner), body });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Nobody was invited");
    expect(html).toContain("Line 3: «not-an-address» is not an e-mail address");
    expect(html).toContain("Line 4: there is no department «Nowhere» in this project");
    expect(
      await t.deps.db
        .select()
        .from(invites)
        .where(eq(invites.email, `csv-1-${stamp}@example.com`)),
    ).toHaveLength(0);
    expect(to(`csv-1-${stamp}@example.com`)).toHaveLength(0);

    const good = `csv-1-${stamp}@example.com,Anna Petrova,Sales,Seller\ncsv-2-${stamp}@example.com,,Research,\n`;
    const res = await t.json("POST", "/api/business/invites/import", { csv: good }, co.h);
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await bodyOf<{ invited: number }>(res)).toMatchObject({ invited: 2 });
    expect(to(`csv-1-${stamp}@example.com`)).toHaveLength(1);
    const anna = await user(t, { email: `csv-1-${stamp}@example.com` });
    const link = (await inviteRow(anna.email)).link;
    const page = await (await t.app.request(`/invite/${link}`, { headers: form(anna) })).text();
    expect(page).toContain('value="Anna Petrova"');
    const joined = await t.json("POST", `/api/business/join/${link}`, { agree: true }, anna.h);
    expect(joined.status).toBeLessThan(300);
    const [row] = await t.deps.db.select().from(employees).where(eq(employees.userId, anna._id));
    expect(row).toMatchObject({ name: "Anna Petrova", departmentId: co.dep.Sales, positionId: co.pos.Seller });
  });
});

describe("the owner's notices", () => {
  it("mails the owner when someone joins (each event)", async () => {
    await t.deps.db.update(projects).set({ notify: "each" }).where(eq(projects.id, co.id));
    const before = to(owner.email).length;
    const code = (await t.deps.db.select().from(projects).where(eq(projects.id, co.id)))[0]!.inviteCode;
    const p = await user(t);
    expect((await t.json("POST", `/api/business/join/${code}`, { agree: true, name: "Galina" }, p.h)).status).toBeLessThan(300);
    const mails = to(owner.email).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("New employee in «Follow & Co»: «Galina»");
    await completedResult(t, p);
    expect(
      to(owner.email)
        .slice(before)
        .map((m) => m.subject),
    ).toContain("Test finished: «Galina» («Follow & Co»)");
    // and the consent withdrawn
    await t.json("POST", `/api/business/consent/${co.id}`, { consent: false }, p.h);
    expect(
      to(owner.email)
        .slice(before)
        .map((m) => m.subject),
    ).toContain("Consent withdrawn: «Galina» stopped sharing results with «Follow & Co»");
  });

  it("in digest mode sends one mail for several events, the next day, once", async () => {
    const res = await postForm("/business/settings", { _form: "notify", notify: "digest" });
    expect(res.status).toBe(303);
    expect((await t.deps.db.select().from(projects).where(eq(projects.id, co.id)))[0]!.notify).toBe("digest");
    const before = to(owner.email).length;
    const code = (await t.deps.db.select().from(projects).where(eq(projects.id, co.id)))[0]!.inviteCode;
    const people = [await user(t), await user(t)];
    for (const [i, p] of people.entries()) await t.json("POST", `/api/business/join/${code}`, { agree: true, name: `Digest ${i}` }, p.h);
    await t.json("POST", `/api/business/consent/${co.id}`, { consent: false }, people[0]!.h);
    expect(to(owner.email).length).toBe(before); // nothing at once
    expect(await sendDigests(t.deps, new Date())).toBe(0); // today's events wait for the day to end
    expect(await sendDigests(t.deps, later(1))).toBe(1);
    const mails = to(owner.email).slice(before);
    expect(mails).toHaveLength(1);
    const text = part(mails[0]!, "text/plain") || mails[0]!.text;
    expect(text).toContain("Digest 0 joined");
    expect(text).toContain("Digest 1 joined");
    expect(text).toContain("Digest 0 withdrew their consent");
    expect(await sendDigests(t.deps, later(2))).toBe(0); // none when there is nothing new
    expect(to(owner.email).slice(before)).toHaveLength(1);
  });
});

describe("receipts", () => {
  const pay = async (p: Person, redirect: string) =>
    t.app.request(redirect, { method: "POST", headers: { ...form(p), "Content-Type": "application/x-www-form-urlencoded" }, body: "decision=pay" });

  it("mails a receipt after a business payment, in the buyer's language", async () => {
    const res = await t.json("POST", "/api/business/refill", { project: co.id, quantity: 5 }, owner.h);
    expect(res.status).toBe(201);
    const { order, redirect } = await bodyOf<{ order: string; redirect: string }>(res);
    const before = to(owner.email).length;
    expect((await pay(owner, redirect)).status).toBe(303);
    const receipt = to(owner.email)
      .slice(before)
      .find((m) => m.subject.startsWith("Your receipt"));
    expect(receipt, "a receipt").toBeTruthy();
    const text = part(receipt!, "text/plain");
    expect(text).toContain(order);
    expect(text).toContain("5 invitations to «Follow & Co»");
    expect(text).toMatch(/Amount: 4.500,00 ₽/);
  });

  it("mails a receipt with the invoice's PDF when a manager marks an invoice paid", async () => {
    await fillSellerDetails(t);
    const res = await t.json(
      "POST",
      "/api/business/refill",
      { project: co.id, quantity: 5, method: "invoice", company: "Follow LLC", inn: "7701234567" },
      owner.h,
    );
    expect(res.status, await res.clone().text()).toBe(201);
    const { order } = await bodyOf<{ order: string }>(res);
    const before = to(owner.email).length;
    const admin = await user(t, { role: "admin" });
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, admin._id));
    expect(await markInvoicePaidBy({ ...userScopeOf(t.deps, row!), manager: true }, order)).toBe(true);
    const receipt = to(owner.email)
      .slice(before)
      .find((m) => m.subject.startsWith("Your receipt"));
    expect(receipt?.text).toContain(`/api/order/${order}/invoice.pdf`);
    expect(receipt?.text).toMatch(/Order number: \d+/); // the invoice's number
  });

  it("mails a receipt after the full report is paid (Russian buyer: a Russian receipt)", async () => {
    const buyer = await user(t, { locale: "ru" });
    const res = await t.json("POST", "/api/payment", { entityType: "report" }, buyer.h);
    const { order, redirect } = await bodyOf<{ order: string; redirect: string }>(res);
    await pay(buyer, redirect);
    const [receipt] = to(buyer.email);
    expect(receipt?.subject).toContain("Ваш чек");
    const text = part(receipt!, "text/plain");
    expect(text).toContain("Полный отчёт");
    expect(text).toContain(order);
    expect(text).toContain("/report/full");
  });
});

describe("the smaller points around follow-up", () => {
  it("after joining, the test page says which company the person joined (and only theirs)", async () => {
    const code = (await t.deps.db.select().from(projects).where(eq(projects.id, co.id)))[0]!.inviteCode;
    const p = await user(t, { locale: "en" });
    const res = await postForm(`/invite/${code}`, { _form: "join", consent: "on", name: "Dmitry" }, p);
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    expect(location).toBe(`/test/start?joined=${co.id}`);
    expect(await (await t.app.request(location, { headers: form(p) })).text()).toContain("You joined «Follow &amp; Co»");
    // signing up on the invitation page: the confirmation mail names the company
    const email = `joiner-${Date.now()}@example.com`;
    const signed = await t.app.request(`/invite/${code}`, {
      method: "POST",
      headers: { Cookie: "i18n_locale=en", Origin: "http://localhost", Host: "localhost", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ _form: "join-signup", name: "Eva", email, consent: "on", policy: "on", terms: "on", offer: "on" }).toString(),
    });
    expect(signed.status, await signed.clone().text()).toBe(303);
    expect(signed.headers.get("location")).toBe(`/test/start?joined=${co.id}`);
    const confirm = to(email).find((m) => /\/confirm\//.test(m.text));
    expect(confirm?.text).toContain("You signed up through the invitation of «Follow & Co».");
    const other = await businessProject(t, { name: "Someone Else" });
    expect(await (await t.app.request(`/test/start?joined=${other.id}`, { headers: form(p) })).text()).not.toContain("Someone Else");
  });

  it("the sender of a support message gets a copy at their account's address", async () => {
    const res = await t.json("POST", "/api/business/support", { subject: "Invoices", message: "Where is my invoice?", email: "elsewhere@example.com" }, co.h);
    expect(res.status).toBe(201);
    const copy = to(owner.email).find((m) => m.subject.includes("Your message to support: «Invoices»"));
    expect(copy?.text).toContain("Where is my invoice?");
    expect(to("elsewhere@example.com")).toHaveLength(0);
  });

  it("plans with Buy buttons on /business, and a booking that reaches the managers' consultation tickets", async () => {
    const page = await (await t.app.request("/business", { headers: form(owner) })).text();
    expect(page).toContain('id="plans"');
    expect(page.match(/data-plan="(base|norma|full)"/g)).toHaveLength(3);
    expect(page).toContain('href="#plans"');
    expect(page).not.toContain("/salles#plans");
    const res = await postForm("/business/support", { _form: "booking", kind: "analysis", when: "Fridays", phone: "", message: "Our sales team" });
    expect(res.status).toBe(303);
    const [ticket] = await t.deps.db.select().from(consultationTickets).where(eq(consultationTickets.userId, owner._id));
    expect(ticket?.message).toContain("Deep analysis for «Follow & Co»");
    expect(ticket?.message).toContain("Fridays");
  });

  it("the total before Continue, a numeric keypad, the sandbox says what is bought, an unpaid order can be cancelled", async () => {
    const page = await (await t.app.request("/business", { headers: form(owner) })).text();
    expect(page).toMatch(/id="refill-quantity"[^>]*inputMode="numeric"|inputMode="numeric"[^>]*id="refill-quantity"/i);
    expect(page).toContain("5 × 900 ₽ = 4 500 ₽".replace(/ (?=500)/, "\u00a0"));
    const res = await t.json("POST", "/api/business/refill", { project: co.id, quantity: 5 }, owner.h);
    const { order, redirect } = await bodyOf<{ order: string; redirect: string }>(res);
    const sandbox = await (await t.app.request(redirect, { headers: form(owner) })).text();
    expect(sandbox).toContain("5 invitations to «Follow &amp; Co»");
    const list = await (await t.app.request("/business", { headers: form(owner) })).text();
    expect(list).toContain('data-testid="order-cancel"');
    const cancel = await postForm("/business", { _form: "cancel-order", order });
    expect(cancel.status).toBe(303);
    expect((await t.deps.db.select().from(orders).where(eq(orders.id, order)))[0]!.state).toBe("cancelled");
    // paid after all (the provider had it): the money came, so the invites are credited
    const before = (await t.deps.db.select().from(projects).where(eq(projects.id, co.id)))[0]!.inviteBalance;
    await t.app.request(redirect, { method: "POST", headers: { ...form(owner), "Content-Type": "application/x-www-form-urlencoded" }, body: "decision=pay" });
    expect((await t.deps.db.select().from(orders).where(eq(orders.id, order)))[0]!.state).toBe("paid");
    expect((await t.deps.db.select().from(projects).where(eq(projects.id, co.id)))[0]!.inviteBalance).toBe(before + 6);
  });

  it("in production an unconfirmed owner cannot activate a business account, and is told why", async () => {
    const prod = await createTestApp({ NODE_ENV: "production", PAYMENT_SANDBOX: "true", PUBLIC_URL: "https://tf.example" });
    try {
      const unconfirmed = await user(prod, { confirmed: false, locale: "en" });
      const refused = await prod.json("POST", "/api/business", { name: "Early Co" }, { ...unconfirmed.h, locale: "en" });
      expect(refused.status).toBe(403);
      expect((await bodyOf<{ error: { message: string } }>(refused)).error.message).toContain("Confirm your e-mail address first");
      const confirmed = await user(prod, { confirmed: true });
      expect((await prod.json("POST", "/api/business", { name: "Ready Co" }, confirmed.h)).status).toBe(201);
    } finally {
      await prod.close();
    }
  });
});

describe("the invite page's own help", () => {
  it("a copy button for the link, the statuses explained, and an unconfirmed owner told why with the mail sent again", async () => {
    const page = await (await t.app.request("/business/invite", { headers: form(owner) })).text();
    expect(page).toContain('data-testid="copy-link"');
    expect(page).toContain("What the statuses mean");
    expect(page).toContain("Holds one invite of the balance");
    expect(page).not.toContain('data-testid="confirm-first"');

    const fresh = await user(t, { confirmed: false, locale: "en" });
    const theirs = await businessProject(t, { owner: fresh, name: "Fresh Co" });
    const view = await (await t.app.request(`/business/invite?project=${theirs.id}`, { headers: form(fresh) })).text();
    expect(view).toContain('data-testid="confirm-first"');
    expect(view).toContain("Confirm your e-mail address first");
    const res = await postForm(`/business/invite?project=${theirs.id}`, { _form: "resend-confirm" }, fresh);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toContain("done=confirmSent");
    expect(to(fresh.email).some((m) => /\/confirm\//.test(m.text))).toBe(true);
  });
});
