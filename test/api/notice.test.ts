// One notice convention: a redirect after a post carries `?done=<key>` (and the counts its message
// needs), and the page says it in the reader's language as a status message, on the consumer site,
// in the cabinet and in the back-office. A key the page does not know, or an old query name, says nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translator, type Locale } from "../../locales";
import { businessProject, manager, user } from "../fixtures";
import { createTestApp, type TestApp } from "../helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LANGS: Locale[] = ["ru", "en"];
const html = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
const regex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** the page's status messages (role=status), as text */
const statuses = (page: string) => [...page.matchAll(/<p role="status"[^>]*>([^<]*)</g)].map((m) => m[1]);
const said = (page: string, text: string) => new RegExp(`role="status"[^>]*>${regex(html(text))}<`).test(page);

describe("a notice after a redirect", () => {
  it("consumer site: the restore form's redirect says the link is on its way, in ru and en", async () => {
    const someone = await user(t);
    const res = await t.form("/restore", { _form: "restore", email: someone.email }, "");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/restore?done=restoreSent");
    const texts = new Set<string>();
    for (const lang of LANGS) {
      const text = translator(lang)("auth.restore.sent");
      texts.add(text);
      expect(said(await (await t.page(res.headers.get("location")!, `i18n_locale=${lang}`)).text(), text)).toBe(true);
    }
    expect(texts.size).toBe(2);
    // the old name is read no more, nor a key the page does not know
    for (const path of ["/restore?sent=1", "/restore?done=nonsense", "/restore?done=%3Cb%3E"])
      expect(statuses(await (await t.page(path, "i18n_locale=en")).text())).toEqual([]);
  });

  it("cabinet: the follow-up notice fills in the counts beside the key, in ru and en", async () => {
    const co = await businessProject(t);
    for (const lang of LANGS) {
      const page = await (
        await t.page(`/business/invite?project=${co.id}&done=resentAll&sent=2&held=1`, `token=${co.owner.token}; i18n_locale=${lang}`)
      ).text();
      expect(said(page, translator(lang)("followup.invites.resentAll", { sent: 2, held: 1 }))).toBe(true);
    }
    const old = await (await t.page(`/business/invite?project=${co.id}&followup=resentAll&sent=2&held=1`, `token=${co.owner.token}; i18n_locale=en`)).text();
    expect(old).not.toContain("Sent again");
  });

  it("back-office: a new business account's notice, in ru and en; the old name says nothing", async () => {
    const m = await manager(t);
    for (const lang of LANGS) {
      const page = await (await t.page("/manager/requests?done=createdNew", `token=${m.token}; i18n_locale=${lang}`)).text();
      expect(said(page, translator(lang)("manager.requests.createdNew"))).toBe(true);
    }
    const old = await (await t.page("/manager/requests?created=new", `token=${m.token}; i18n_locale=en`)).text();
    expect(said(old, translator("en")("manager.requests.createdNew"))).toBe(false);
  });
});
