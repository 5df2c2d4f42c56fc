// Ways out of the dead ends of a new account: the confirmation link opened where there is no session
// (a mail app's browser) signs the person in and leads on; a mistyped address is corrected before it
// is confirmed; an account made with an e-mail only deletes itself, or gets a password, by a mailed link.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailTokens, users } from "../../db/schema";
import { completedResult, user } from "../fixtures";
import { createTestApp, type TestApp } from "../helpers";
import { outbox } from "../mail";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const mailTo = (email: string) => outbox(t.dir).filter((m) => m.to.includes(email));
const lastLink = (email: string, pattern: RegExp) => {
  const found = mailTo(email)
    .map((m) => m.text.match(pattern)?.[0])
    .filter(Boolean);
  return found.at(-1) ?? null;
};
const pathOf = (link: string) => {
  const u = new URL(link);
  return u.pathname + u.search;
};
const tokenCookie = (res: Response) => res.headers.get("set-cookie")?.match(/(?:^|[\s,])token=([^;]+)/)?.[1] ?? null;
const userRow = async (id: string) => (await t.deps.db.select().from(users).where(eq(users.id, id)))[0];

describe("the confirmation link in a browser without a session", () => {
  it("confirms, signs the person in and leads to where they left off; a second use signs nobody in", async () => {
    const email = `mailapp-${Date.now()}@example.com`;
    const signup = await t.json("POST", "/api/passport/signup", { email, policy: true, terms: true, offer: true }, { Cookie: "i18n_locale=en" });
    expect(signup.status).toBe(201);
    const { _id } = (await signup.json()) as { _id: string };
    await completedResult(t, { _id });
    const link = lastLink(email, /http:\/\/localhost\/confirm\/\S+/)!;

    const res = await t.page(pathOf(link), "");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-ok="true"');
    expect(html).toContain(`Signed in as ${email}`);
    // onward to the report, not to the sign-up form
    expect(html).toMatch(/href="\/report\/base"[^>]*data-testid="confirm-continue"/);
    const token = tokenCookie(res);
    expect(token).toBeTruthy();
    const report = await t.page("/report/base", `token=${token}`);
    expect(report.status).toBe(200);
    expect(await report.text()).toContain('data-testid="report"');

    const again = await t.page(pathOf(link), "");
    expect(await again.text()).toContain('data-ok="false"');
    expect(tokenCookie(again)).toBeNull();
  });
});

describe("correcting a mistyped address", () => {
  it("moves the account to the new address, mails it a link, and the old address's link stops working", async () => {
    const typo = await user(t, { confirmed: false, email: `someone-${Date.now()}@gmial.com` });
    await completedResult(t, typo);
    // the sign-up's mail went to the typo a while ago
    const gate = await (await t.page("/report/base", `token=${typo.token}`)).text();
    expect(gate).toContain('data-testid="confirm-gate"');
    expect(gate).toContain('data-testid="correct-email"');
    await expect((await t.json("POST", "/api/passport/resend", undefined, typo.h)).status).toBe(200);
    await t.deps.db
      .update(emailTokens)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(emailTokens.userId, typo._id));
    const oldLink = lastLink(typo.email, /http:\/\/localhost\/confirm\/\S+/);

    const fixed = `someone-${Date.now()}@gmail.com`;
    const res = await t.form("/report/base", { _form: "email", email: fixed }, `token=${typo.token}`);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toContain("done=resent");
    expect((await userRow(typo._id))!.email).toBe(fixed);
    const newLink = lastLink(fixed, /http:\/\/localhost\/confirm\/\S+/)!;
    expect(newLink).toBeTruthy();
    if (oldLink) expect(await (await t.page(pathOf(oldLink), "")).text()).toContain('data-ok="false"');
    expect(await (await t.page(pathOf(newLink), `token=${typo.token}`)).text()).toContain('data-ok="true"');
    expect((await userRow(typo._id))!.emailConfirmedAt).not.toBeNull();
  });

  it("refuses an address someone else has, and one already confirmed, with a message on the field", async () => {
    const other = await user(t);
    const typo = await user(t, { confirmed: false });
    await completedResult(t, typo);
    const taken = await t.form("/report/base", { _form: "email", email: other.email }, `token=${typo.token}`);
    expect(taken.status).toBe(400);
    const html = await taken.text();
    expect(html).toMatch(/aria-invalid="true"[^>]*aria-describedby="email-email-error"|aria-describedby="email-email-error"/);
    expect((await userRow(typo._id))!.email).toBe(typo.email);
    // a confirmed address is the account's for good here
    const done = await user(t);
    await completedResult(t, done);
    expect((await t.form("/report/base", { _form: "email", email: `new-${Date.now()}@example.com` }, `token=${done.token}`)).status).toBe(400);
    expect((await userRow(done._id))!.email).toBe(done.email);
  });
});

describe("an account made with an e-mail only", () => {
  it("deletes itself through a mailed link opened in any browser; the link works once", async () => {
    const person = await user(t);
    await completedResult(t, person);
    const data = await (await t.page("/account/data", `token=${person.token}`)).text();
    expect(data).toContain('data-testid="form-delete-link"');
    expect(data).not.toContain('name="password"');

    const asked = await t.form("/account/data", { _form: "delete-link" }, `token=${person.token}`);
    expect(asked.status).toBe(303);
    const link = lastLink(person.email, /http:\/\/localhost\/account\/delete\?\S+/)!;
    expect(new URL(link).searchParams.get("lang")).toBe("ru");
    const token = new URL(link).searchParams.get("token")!;

    // the GET only asks
    const confirmPage = await t.page(pathOf(link), "");
    expect(confirmPage.status).toBe(200);
    expect(await userRow(person._id)).toBeDefined();
    expect((await t.page("/account", `token=${person.token}`)).status).toBe(200);

    const done = await t.form(pathOf(link), { _form: "delete-link", token }, "");
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/?deleted=1");
    expect((await t.page("/account", `token=${person.token}`)).status).not.toBe(200);
    const again = await t.form(pathOf(link), { _form: "delete-link", token }, "");
    expect(again.status).toBe(404);
  });

  it("sets a first password through a mailed link instead of asking for a current one", async () => {
    const person = await user(t);
    const edit = await (await t.page("/profile/edit", `token=${person.token}`)).text();
    expect(edit).toContain('data-testid="form-set-password"');
    expect(edit).not.toContain('name="current"');
    const res = await t.form("/profile/edit", { _form: "set-password" }, `token=${person.token}`);
    expect(res.status).toBe(303);
    expect(lastLink(person.email, /http:\/\/localhost\/restore\?token=\S+/)).toBeTruthy();
    // with a password, the change form asks for it as before
    const withPassword = await user(t, { password: "a-long-pass-phrase" });
    expect(await (await t.page("/profile/edit", `token=${withPassword.token}`)).text()).toContain('name="current"');
  });
});
