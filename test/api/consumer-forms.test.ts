// The consumer pages take their no-script forms through the one pipeline (routes/_kit/site.ts):
// a post names its form with `_form`, and a name the page does not declare is a 400 in the
// request's language that does nothing, never a fall-through to the page's other form (the
// account page once deleted the account for any unnamed post with the right password).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, results, users } from "../../db/schema";
import { translator } from "../../locales";
import { completedResult, user } from "../fixtures";
import { createTestApp, type TestApp } from "../helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const en = translator("en");
const ru = translator("ru");

describe("a consumer page's forms", () => {
  it("refuses a form the page does not have, in the reader's language, and runs none of its others", async () => {
    const password = "a-long-enough-pass-phrase";
    const person = await user(t, { password, locale: "en", name: "Kept Name" });
    const cookie = (lang: string) => `token=${person.token}; i18n_locale=${lang}`;

    // the fields of the page's real forms ride along: none of them may run
    const posts: [string, Record<string, string>][] = [
      ["/account/data", { password }],
      ["/profile/edit", { name: "Changed Name", birthday: "1990-01-01" }],
      ["/test/start", {}],
      ["/payment/report", { code: "NOSUCH" }],
      ["/report/base", {}],
      ["/activate", { code: "NOSUCH" }],
      ["/restore", { email: person.email }],
    ];
    for (const [path, fields] of posts) {
      for (const [lang, tr] of [
        ["en", en],
        ["ru", ru],
      ] as const) {
        for (const kind of ["nonsense", "__proto__", "toString"]) {
          const res = await t.form(path, { ...fields, _form: kind }, cookie(lang));
          expect(res.status, `${path} ${kind}`).toBe(400);
          expect(await res.text()).toContain(tr("common.errors.badRequest"));
        }
      }
      // no `_form` at all is no form either
      expect((await t.form(path, fields, cookie("en"))).status, path).toBe(400);
    }

    const [row] = await t.deps.db.select().from(users).where(eq(users.id, person._id));
    expect(row?.isActive).toBe(true);
    expect(row?.name).toBe("Kept Name");
    expect(await t.deps.db.select().from(results).where(eq(results.userId, person._id))).toEqual([]);
    expect(await t.deps.db.select().from(orders).where(eq(orders.userId, person._id))).toEqual([]);
  });

  it("the confirmation gate's button names its form, and sends the link again", async () => {
    const person = await user(t, { locale: "en", confirmed: false });
    await completedResult(t, person);
    const cookie = `token=${person.token}; i18n_locale=en`;
    const gate = await (await t.page("/report/base?report_lang=ru", cookie)).text();
    expect(gate).toContain('data-testid="confirm-gate"');
    // the gate's first form, as the browser posts it
    const form = gate.slice(gate.indexOf('data-testid="confirm-gate"')).match(/<form method="post">([\s\S]*?)<\/form>/)![1]!;
    const fields = Object.fromEntries([...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
    expect(fields).toEqual({ _form: "resend" });
    const res = await t.form("/report/base?report_lang=ru", fields, cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/report/base?report_lang=ru&done=resent");
  });

  it("still runs each form it names: starting the test, then the account's deletion with the password", async () => {
    const password = "another-long-pass-phrase";
    const person = await user(t, { password, locale: "en" });
    const cookie = `token=${person.token}; i18n_locale=en`;
    const start = await t.form("/test/start", { _form: "begin" }, cookie);
    expect(start.status).toBe(303);
    expect(start.headers.get("location")).toBe("/testing");
    expect(await t.deps.db.select().from(results).where(eq(results.userId, person._id))).toHaveLength(1);

    const wrong = await t.form("/account/data", { _form: "delete", password: "not-it" }, cookie);
    expect(wrong.status).toBe(400);
    const deleted = await t.form("/account/data", { _form: "delete", password }, cookie);
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get("location")).toBe("/?deleted=1");
  });
});
