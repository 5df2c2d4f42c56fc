// The base report on a phone reads as a text: its first sentence on the first screen, a table of
// contents that leads to every section (the paid ones marked) with no script, the bars after the
// words; and nothing scrolls sideways at 360 or 1280 px, in either language.
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { completedResult, user } from "../fixtures";
import { e2eApp, leaveClean, shot } from "./browser";

const e = e2eApp();
let token: string;
// reduced motion (a jump lands at once, not in a smooth scroll) is a context option the pooled tabs
// do not have: the file keeps one such context and tab for both languages (closed with the app)
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  const person = await user(e.t, { confirmed: true });
  await completedResult(e.t, person);
  token = person.token;
  context = await e.browser.newContext({ viewport: { width: 360, height: 640 }, reducedMotion: "reduce" });
  page = await context.newPage();
});

describe("the base report on a phone", () => {
  for (const lang of ["ru", "en"] as const) {
    it(`opens with its first sentence and its contents (${lang})`, async () => {
      await leaveClean(page, e.base); // a real load below, not a move within the last page
      await context.clearCookies();
      await context.addCookies([
        { name: "token", value: token, url: e.base },
        { name: "i18n_locale", value: lang, url: e.base },
      ]);
      await page.setViewportSize({ width: 360, height: 640 });
      await page.goto(`${e.base}/report/base`);
      const top = (sel: string) =>
        page
          .locator(sel)
          .first()
          .evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
      // the summary starts on the first screen; the contents come before any section, the bars after them all
      expect(await top("[data-testid=summary]")).toBeLessThan(640);
      expect(await top("[data-testid=report-contents]")).toBeLessThan(await top("[data-part=general]"));
      expect(await top("[data-part=personal]")).toBeLessThan(await top("[data-testid=indicators]"));
      expect(await page.locator("[data-testid=report-contents] [data-toc]").count()).toBe(12);
      expect(await page.locator("[data-testid=report-contents] [data-toc-locked]").count()).toBe(9);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await shot(page, `report-contents-${lang}-360`);
      // a locked entry leads to its locked block, which shows below the sticky header with its Buy button
      const locked = page.locator("[data-testid=report-contents] [data-toc-locked] a").first();
      const key = (await locked.getAttribute("href"))!.slice(1);
      await locked.click();
      await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#${key}`);
      const block = page.locator(`#${key}`);
      const box = await block.evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
      expect(box.top).toBeGreaterThanOrEqual(56);
      expect(box.top).toBeLessThan(640);
      expect(await block.locator("[data-testid=buy]").count()).toBe(1);
      await shot(page, `report-contents-jump-${lang}-360`);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${e.base}/report/base`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
      await shot(page, `report-contents-${lang}-1280`);
    });
  }
});
