// A stale cabinet form in a real browser: the owner opens an employee's page, someone
// else renames the person meanwhile, the owner saves the name form. The page answers 409 with the
// message and the name as it is now (nothing overwritten), in Russian and English, at 360 px
// without sideways scrolling and at 1280 px; saving again from it goes through. The employee list's
// shared pager is shot beside it (screenshots with SHOTS=<folder>).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { employees } from "../../db/schema";
import { createId } from "../../server/lib/ids";
import { businessProject, type Person, user } from "../fixtures";
import { shot, e2eApp } from "./browser";

const STALE = { en: "Someone changed this record after you opened the form", ru: "Эту запись изменили после того, как вы открыли форму" };
const e = e2eApp();
let owner: Person;
let p: Awaited<ReturnType<typeof businessProject>>;

beforeAll(async () => {
  owner = await user(e.t, { confirmed: true });
  p = await businessProject(e.t, { owner, name: "Stale Co", departments: ["Sales"] });
  const rows = Array.from({ length: 120 }, (_, i) => ({ id: createId(), projectId: p.id, name: `Person ${String(i).padStart(3, "0")}` }));
  await e.t.deps.db.insert(employees).values(rows);
}, 120_000);

describe("a stale cabinet form", () => {
  for (const lang of ["en", "ru"] as const)
    it.each([360, 1280])(`${lang}: at %i px says so, shows the current name and saves from it`, async (width) => {
      const id = createId();
      await e.t.deps.db.insert(employees).values({ id, projectId: p.id, name: `Nina ${lang} ${width}` });
      const { close, page } = await e.open({
        token: owner.token,
        lang,
        width,
        height: width === 360 ? 740 : 900,
        path: `/business/employees/${id}?project=${p.id}`,
      });
      // a colleague renames her meanwhile
      expect((await e.t.json("POST", "/api/business/employees/rename", { employee: id, name: `Nina Orlova ${width}` }, p.h)).status).toBe(200);

      await page.fill("#f-name", "Nina O.");
      const [answer] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        page.click("[data-testid=form-identity] button[type=submit]"),
      ]);
      expect(answer.status()).toBe(409);
      await expect.poll(() => page.locator("[data-testid=employee-identity] [data-testid=form-error]").textContent()).toContain(STALE[lang]);
      expect(await page.inputValue("#f-name")).toBe(`Nina Orlova ${width}`);
      expect((await e.t.deps.db.select().from(employees).where(eq(employees.id, id)))[0]!.name).toBe(`Nina Orlova ${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await shot(page.locator("[data-testid=employee-identity]"), `cabinet-stale-${lang}-${width}`);

      await page.fill("#f-name", "Nina O.");
      await page.click("[data-testid=form-identity] button[type=submit]");
      await page.waitForURL(/done=saved/);
      expect((await e.t.deps.db.select().from(employees).where(eq(employees.id, id)))[0]!.name).toBe("Nina O.");

      // the list on the shared pager: range, sizes, prev/next
      await page.goto(`${e.base}/business/employees?project=${p.id}&page=2`);
      expect(await page.locator("[data-testid=pager-range]").textContent()).toMatch(lang === "en" ? /^51–100 of 12\d$/ : /^51–100 из 12\d$/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await shot(page.locator("[data-testid=pager]"), `cabinet-pager-${lang}-${width}`);
      await close();
    });
});
