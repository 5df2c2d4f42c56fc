// A test's record page named by its test, the "mail is
// off" notice before every action that mails, and a business request's e-mail thread with a
// reply by e-mail, which leaves through a real local SMTP server.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, businessRequests, tests } from "../../db/schema";
import { tFor } from "../../locales";
import { createId } from "../../server/lib/ids";
import { businessProject, manager, type Person, user } from "../fixtures";
import { createTestApp, type TestApp } from "../helpers";
import { startSmtpSink } from "../mail";

let off: TestApp; // no SMTP_URL: mail is off
let on: TestApp; // mail through a local SMTP server
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let bossOff: Person;
let bossOn: Person;

beforeAll(async () => {
  sink = await startSmtpSink();
  [off, on] = await Promise.all([createTestApp(), createTestApp({ SMTP_URL: sink.url })]);
  [bossOff, bossOn] = await Promise.all([manager(off, { email: "thread-boss@example.com" }), manager(on, { email: "thread-boss@example.com" })]);
}, 120_000);
afterAll(async () => {
  await Promise.all([off.close(), on.close()]);
  await sink.close();
});

const cookie = (p: Person, lang: "ru" | "en") => `token=${p.token}; i18n_locale=${lang}`;
const page = (t: TestApp, p: Person, path: string, lang: "ru" | "en" = "ru") => t.page(path, cookie(p, lang));
const html = async (t: TestApp, p: Person, path: string, lang: "ru" | "en" = "ru") => (await page(t, p, path, lang)).text();
const post = (t: TestApp, p: Person, path: string, fields: Record<string, string>, lang: "ru" | "en" = "ru") => t.form(path, fields, cookie(p, lang));
const titleOf = (page: string) => /<title>([^<]*)<\/title>/.exec(page)?.[1] ?? "";
const h1Of = (page: string) => (/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(page)?.[1] ?? "").replace(/<!-- -->/g, "");

async function businessRequest(t: TestApp, values: Partial<typeof businessRequests.$inferInsert> = {}) {
  const id = createId();
  await t.deps.db
    .insert(businessRequests)
    .values({ id, kind: "corporate", name: "Olga", email: `olga-${id.slice(-6)}@example.com`, company: "Olga & Co", ...values });
  return id;
}

describe("a test's record page", () => {
  it("names the test in its <title> and heading, in the page's language", async () => {
    const [test] = await off.deps.db.select().from(tests).limit(1);
    const name = test!.name as { ru: string; en: string };
    const ru = await html(off, bossOff, `/manager/tests/${test!.id}`, "ru");
    const en = await html(off, bossOff, `/manager/tests/${test!.id}`, "en");
    expect(titleOf(ru)).toContain(`Тест ${name.ru}`);
    expect(h1Of(ru)).toBe(`Тест ${name.ru}`);
    expect(titleOf(en)).toContain(`Test ${name.en}`);
    expect(h1Of(en)).toBe(`Test ${name.en}`);
  });
});

describe("the mail-off notice before an action that mails", () => {
  it("shows on every screen whose action sends mail while there is no SMTP, and nowhere once there is", async () => {
    const person = await user(off);
    const projectId = (await businessProject(off)).id;
    const req = await businessRequest(off);
    const screens = [
      `/manager/users/${person._id}`, // the report PDF by mail
      `/manager/projects/${projectId}`, // a change of owner mails both owners
      "/manager/requests", // a business account for a new client mails a set-password link
      `/manager/requests/business/${req}`, // a reply by e-mail
    ];
    for (const path of screens) {
      const ru = await html(off, bossOff, path, "ru");
      expect(ru, path).toContain('data-warning="mail-off"');
      expect(ru, path).toContain("Почта выключена (SMTP не настроен)");
      expect(await html(off, bossOff, path, "en"), path).toContain("Mail is off (no SMTP): what this page sends is saved to a file");
    }
    // a screen that sends nothing says nothing of it
    const [test] = await off.deps.db.select({ id: tests.id }).from(tests).limit(1);
    expect(await html(off, bossOff, `/manager/tests/${test!.id}`)).not.toContain('data-warning="mail-off"');
    // the main page keeps its own, longer word, from the same component
    expect(await html(off, bossOff, "/manager")).toContain('data-warning="mail-off"');

    // with SMTP on, none of them says it
    const p2 = await user(on);
    const pr2 = (await businessProject(on)).id;
    const r2 = await businessRequest(on);
    for (const path of [`/manager/users/${p2._id}`, `/manager/projects/${pr2}`, "/manager/requests", `/manager/requests/business/${r2}`, "/manager"])
      expect(await html(on, bossOn, path), path).not.toContain('data-warning="mail-off"');
  });
});

describe("a business request's e-mail thread", () => {
  it("a reply from the request's page leaves by SMTP, escaped in HTML, audited, and shows in the thread", async () => {
    const known = await user(on, { email: "thread-known@example.com" });
    const id = await businessRequest(on, { email: "Thread-Known@example.com", message: "Call us about 40 people" });
    const before = await html(on, bossOn, `/manager/requests/business/${id}`, "en");
    expect(titleOf(before)).toContain("Request Olga");
    expect(before).toContain("Call us about 40 people");
    expect(before).toContain("Nothing has been sent to this address yet.");
    expect(before).toContain(`href="/manager/users/${known._id}"`);
    // the list links each request to its page
    expect(await html(on, bossOn, "/manager/requests", "en")).toContain(`href="/manager/requests/business/${id}"`);

    const res = await post(on, bossOn, `/manager/requests/business/${id}`, {
      _form: "reply",
      subject: "Your corporate plan",
      text: "Hello Olga,\n<b>40 invites</b> & a call on Monday?",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/manager/requests/business/${id}?done=reply#reply`);
    const mail = sink.received.find((m) => m.subject === "Your corporate plan");
    expect(mail?.to).toContain("Thread-Known@example.com");
    expect(mail?.text).toContain("<b>40 invites</b> & a call on Monday?");
    // the HTML part carries the text as text, never as markup
    const htmlPart = mail!.raw.slice(mail!.raw.search(/content-type: text\/html/i)).replace(/=\r?\n/g, "");
    expect(htmlPart).toContain("&#60;b&#62;40 invites&#60;/b&#62; &#38; a call");
    expect(htmlPart).not.toContain("<b>");

    const after = await html(on, bossOn, `/manager/requests/business/${id}?done=reply`, "en");
    expect(after).toContain("The reply is on its way");
    const thread = after.slice(after.indexOf('data-section="thread"'));
    expect(thread).toContain("Your corporate plan");
    expect(thread).toContain("Sent");
    // the entry keeps what was written (a sent mail keeps only its address and subject)
    const [entry] = await on.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "requests.business"), eq(auditLog.entityId, id), eq(auditLog.action, "requests.reply")));
    expect(entry?.changes).toMatchObject({ to: "Thread-Known@example.com", subject: "Your corporate plan" });
    expect(after).toContain("Replied by e-mail");
    // the audit page links the entry to the request's page
    expect(await html(on, bossOn, "/manager/audit", "en")).toContain(`href="/manager/requests/business/${id}"`);
    // the person's own page lists it among the mails sent to them
    expect(await html(on, bossOn, `/manager/users/${known._id}`, "en")).toContain("Your corporate plan");
  });

  it("the API answers the thread and takes a reply; an empty text is a 400 naming the field in the request's language", async () => {
    const id = await businessRequest(on, { name: "Api" });
    const api = (body: unknown, lang: "ru" | "en") =>
      on.app.request(`/api/manager/business/requests/business/${id}/reply`, {
        method: "POST",
        headers: { ...bossOn.h, "Content-Type": "application/json", locale: lang },
        body: JSON.stringify(body),
      });
    for (const lang of ["ru", "en"] as const) {
      const bad = await api({ subject: "Hi", text: "   " }, lang);
      expect(bad.status).toBe(400);
      const body = await bad.json();
      expect(body.error.fields).toEqual({ text: tFor(lang)("common.validation.required") });
      expect(body.error.fields.text).not.toMatch(/string|expected|>=/i);
    }
    const sentBefore = sink.received.length;
    const ok = await api({ subject: "About your request", text: "We will call you." }, "en");
    expect(ok.status).toBe(201);
    expect(sink.received.length).toBe(sentBefore + 1);
    const thread = await (await on.app.request(`/api/manager/business/requests/business/${id}`, { headers: bossOn.h })).json();
    expect(thread.mails.map((m: { subject: string }) => m.subject)).toEqual(["About your request"]);
    // the reply, and the request moved to "in progress" by it
    expect(thread.history.map((h: { action: string }) => h.action).sort()).toEqual(["requests.reply", "requests.status"]);
    expect((await on.app.request(`/api/manager/business/requests/business/${createId()}`, { headers: bossOn.h })).status).toBe(404);
    expect((await api({ subject: "x", text: "y" }, "en")).status).toBe(201);
    // a user is not a manager
    const someone = await user(on);
    const forbidden = await on.app.request(`/api/manager/business/requests/business/${id}/reply`, {
      method: "POST",
      headers: { ...someone.h, "Content-Type": "application/json" },
      body: JSON.stringify({ subject: "x", text: "y" }),
    });
    expect(forbidden.status).toBe(403);
  });

  it("the page's form with an empty text answers 400 with the field's message in the page's language, and sends nothing", async () => {
    const id = await businessRequest(on);
    const sentBefore = sink.received.length;
    const ru = await post(on, bossOn, `/manager/requests/business/${id}`, { _form: "reply", subject: "Тема", text: "" }, "ru");
    expect(ru.status).toBe(400);
    const shown = await ru.text();
    expect(shown).toContain(`id="reply-text-error"`);
    expect(shown).toContain(tFor("ru")("common.validation.required"));
    expect(shown).toContain('value="Тема"');
    const en = await post(on, bossOn, `/manager/requests/business/${id}`, { _form: "reply", subject: "", text: "x" }, "en");
    expect(en.status).toBe(400);
    expect(await en.text()).toContain(`id="reply-subject-error"`);
    expect(sink.received.length).toBe(sentBefore);
    expect((await page(on, bossOn, `/manager/requests/business/${createId()}`)).status).toBe(404);
    expect((await page(on, bossOn, `/manager/requests/nonsense/${id}`)).status).toBe(404);
  });
});
