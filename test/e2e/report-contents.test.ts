// The base report on a phone reads as a text: its first sentence on the first screen, a table of
// contents that leads to every section (the paid ones marked) with no script, the bars after the
// words; and nothing scrolls sideways at 360 or 1280 px, in either language.
import { mkdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completedResult, user } from "../fixtures";
import { startE2E, type E2E } from "./browser";

const shots = "test-results/screenshots";
let e: E2E;
let token: string;
beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  e = await startE2E();
  const person = await user(e.t, { confirmed: true });
  await completedResult(e.t, person);
  token = person.token;
});
afterAll(async () => {
  await e?.close();
});

describe("the base report on a phone", () => {
  for (const lang of ["ru", "en"] as const) {
    it(`opens with its first sentence and its contents (${lang})`, async () => {
      const context = await e.browser.newContext({ viewport: { width: 360, height: 640 }, reducedMotion: "reduce" });
      const url = new URL(e.base);
      await context.addCookies([
        { name: "token", value: token, domain: url.hostname, path: "/" },
        { name: "i18n_locale", value: lang, domain: url.hostname, path: "/" },
      ]);
      const page = await context.newPage();
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
      await page.screenshot({ path: `${shots}/report-base-contents-${lang}-360.png` });
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
      await page.screenshot({ path: `${shots}/report-base-jump-${lang}-360.png` });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${e.base}/report/base`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
      await page.screenshot({ path: `${shots}/report-base-contents-${lang}-1280.png` });
      await context.close();
    });
  }
});
