// Leaving: a coupon applied on a shared phone leaves with the person (logging out, page or API,
// drops its cookie with the session's, so the next person there pays the list price), and an
// erased account is told so on the page it lands on.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers";
import { user } from "../fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const dropped = (res: Response, name: string) => res.headers.getSetCookie().some((c) => c.startsWith(`${name}=;`) && /Max-Age=0/i.test(c));

describe("logging out", () => {
  it("forgets the applied coupon along with the session, on the page and in the API", async () => {
    const page = await user(t);
    const res = await t.form("/logout", {}, `token=${page.token}; coupon=SPRING20`);
    expect(res.status).toBe(303);
    // home, told so in the page's language
    expect(res.headers.get("location")).toBe("/?signedout=1");
    for (const [lang, text] of [
      ["ru", "Вы вышли из аккаунта."],
      ["en", "You have signed out."],
    ]) {
      const html = await (await t.page("/?signedout=1", `i18n_locale=${lang}`)).text();
      expect(html).toMatch(new RegExp(`role="status"[^>]*data-testid="signed-out">${text}<`));
    }
    expect(await (await t.page("/", "i18n_locale=en")).text()).not.toContain("signed-out");
    expect(dropped(res, "token")).toBe(true);
    expect(dropped(res, "coupon")).toBe(true);

    const api = await user(t);
    const out = await t.app.request("/api/passport/logout", { method: "POST", headers: { Cookie: `token=${api.token}; coupon=SPRING20` } });
    expect(out.status).toBe(200);
    expect(dropped(out, "coupon")).toBe(true);
  });
});

describe("erasing the account", () => {
  it("lands on the home page saying so, in the page's language", async () => {
    for (const [lang, text] of [
      ["ru", "Аккаунт удалён."],
      ["en", "Your account has been deleted."],
    ]) {
      const html = await (await t.page("/?deleted=1", `i18n_locale=${lang}`)).text();
      expect(html).toMatch(new RegExp(`role="status"[^>]*data-testid="account-deleted">${text}<`));
      expect(await (await t.page("/", `i18n_locale=${lang}`)).text()).not.toContain("account-deleted");
    }
  });
});
