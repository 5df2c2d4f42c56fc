// The language lives with the account: a new browser speaks the person's language from the first
// page, signing in hands it to the device, choosing one on a device changes the account's, and the
// links in mails carry it for a mail app's browser.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { user } from "../fixtures";
import { createTestApp, type TestApp } from "../helpers";
import { outbox } from "../mail";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const htmlLang = (html: string) => html.match(/<html lang="(\w+)"/)?.[1];
const accountLocale = async (id: string) => (await t.deps.db.select({ locale: users.locale }).from(users).where(eq(users.id, id)))[0]!.locale;

describe("the account's language", () => {
  it("is the page's on a browser that never chose one, and the device keeps it", async () => {
    const en = await user(t, { locale: "en" });
    const res = await t.page("/test/start", `token=${en.token}`);
    expect(res.status).toBe(200);
    expect(htmlLang(await res.text())).toBe("en");
    expect(res.headers.get("set-cookie")).toMatch(/i18n_locale=en/);
    // a guest on the same kind of browser still gets the default
    expect(htmlLang(await (await t.page("/", "")).text())).toBe("ru");
  });

  it("becomes the device's at sign-in, over what the device showed the guest", async () => {
    const en = await user(t, { locale: "en", password: "a-long-pass-phrase" });
    const res = await t.form("/login", { email: en.email, password: "a-long-pass-phrase" }, "i18n_locale=ru");
    expect(res.status).toBe(303);
    expect(res.headers.get("set-cookie")).toMatch(/i18n_locale=en/);
  });

  it("follows a language chosen on a device: the account changes, and another device follows", async () => {
    const ru = await user(t);
    const switched = await t.page("/account?lang=en", `token=${ru.token}; i18n_locale=ru`);
    expect(htmlLang(await switched.text())).toBe("en");
    expect(await accountLocale(ru._id)).toBe("en");
    // the second device, which never chose
    expect(htmlLang(await (await t.page("/test/start", `token=${ru.token}`)).text())).toBe("en");
    // a picture or a script asking with ?lang= (no navigation) changes nothing of the account's
    const res = await t.app.request("/test/start?lang=ru", {
      headers: { Cookie: `token=${ru.token}`, "Sec-Fetch-Dest": "image", "Sec-Fetch-Mode": "no-cors" },
    });
    expect(res.status).toBe(200);
    expect(await accountLocale(ru._id)).toBe("en");
  });

  it("goes into the links of the confirmation mail, so the page it opens speaks it", async () => {
    const email = `locale-mail-${Date.now()}@example.com`;
    const res = await t.json("POST", "/api/passport/signup", { email, policy: true, terms: true, offer: true }, { Cookie: "i18n_locale=en" });
    expect(res.status).toBe(201);
    const mail = outbox(t.dir).find((m) => m.to.includes(email))!;
    const confirm = mail.text.match(/http:\/\/localhost\/confirm\/[a-z2-7]+\S*/)![0];
    expect(new URL(confirm).searchParams.get("lang")).toBe("en");
    const setPassword = mail.text.match(/http:\/\/localhost\/restore\?\S+/)![0];
    expect(new URL(setPassword).searchParams.get("lang")).toBe("en");
    // opened in a mail app's browser: no cookie, no session
    const page = await t.page(new URL(confirm).pathname + new URL(confirm).search, "");
    expect(htmlLang(await page.text())).toBe("en");
  });
});
