// A cabinet form through the page kit's pipeline, in a browser, in both languages at 360 and 1280
// px: a refused input comes back with its field's message, a good one redirects to the page with
// its notice (role=status); screenshots with SHOTS=<folder>.
import { beforeAll, describe, expect, it } from "vitest";
import { businessProject, type Person, user } from "../fixtures";
import { shot, e2eApp } from "./browser";

const REQUIRED = { en: "Required", ru: "Обязательное поле" };
const CREATED = { en: "The department was created.", ru: "Отдел создан." };
const e = e2eApp();
let owner: Person;
let project: string;

beforeAll(async () => {
  owner = await user(e.t, { confirmed: true });
  project = (await businessProject(e.t, { owner, name: "Forms Co", departments: ["Sales"] })).id;
}, 120_000);

describe("a cabinet form", () => {
  for (const lang of ["en", "ru"] as const)
    it.each([360, 1280])(`${lang}: at %i px shows a field's message, then the notice after a good submit`, async (width) => {
      const { close, page } = await e.open({
        token: owner.token,
        lang,
        width,
        height: width === 360 ? 740 : 900,
        path: `/business/departments?project=${project}`,
      });
      const form = page.locator("form:has(input[name=_form][value=department])").first();
      const [refused] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), form.locator("button[type=submit]").click()]);
      expect(refused.status()).toBe(400);
      const error = page.locator("#department-name-error");
      await expect.poll(() => error.textContent()).toContain(REQUIRED[lang]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await shot(page, `cabinet-form-errors-${lang}-${width}`);

      await page.fill("#department-name", `Support ${lang} ${width}`);
      await page.locator("form:has(input[name=_form][value=department]) button[type=submit]").first().click();
      await page.waitForURL(/done=departmentCreated/);
      const notice = page.locator("[role=status][data-testid=notice]");
      expect(await notice.textContent()).toContain(CREATED[lang]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await shot(page, `cabinet-form-notice-${lang}-${width}`);
      await close();
    });
});
