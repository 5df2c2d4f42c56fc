// Business analytics in a real browser: ticking three employees in the list puts them in the
// comparison list (localStorage diffList), the dashboard's Compare widget shows 3 and leads to the
// compare page with the three side by side; the statistics page draws its chart islands at 360
// and 1280 px, with every number readable before they hydrate, and no console errors.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { seedAnalytics, type AnalyticsSeed } from "../analytics-seed";
import { shot, e2eApp } from "./browser";

const e = e2eApp();
let s: AnalyticsSeed;

beforeAll(async () => {
  s = await seedAnalytics(e.t);
});

async function ownerPage(width: number) {
  const opened = await e.open({ token: s.owner.token, lang: "en", width, height: 800 });
  opened.page.on("console", (m) => {
    if (m.type() === "error") opened.errors.push(m.text());
  });
  return opened;
}
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe("comparison", () => {
  for (const width of [1280, 360]) {
    it(`ticks three employees, the widget shows 3, compare shows them side by side (${width} px)`, async () => {
      const { close, page, errors } = await ownerPage(width);
      await page.goto(`${e.base}/dashboard/employees?project=${s.project}`);
      const widget = page.locator("[data-testid=compare-widget]");
      await expect.poll(() => widget.getAttribute("data-count")).toBe("0"); // hydrated
      await expect.poll(() => page.locator("[data-testid=compare-picker]").getAttribute("data-count")).toBe("0");
      const list = width > 540 ? "[data-testid=employee-table]" : "[data-testid=employee-cards]";
      for (const name of ["Anna Antonova", "Boris Borisov", "Vera Vasilyeva"]) {
        await page.locator(`${list} input[data-name="${name}"]`).check();
      }
      await expect.poll(() => widget.getAttribute("data-count")).toBe("3");
      expect(await page.locator("[data-testid=compare-count]").textContent()).toBe("3");
      // the picks survive a reload (and a visit to another list page)
      await page.reload();
      await expect.poll(() => page.locator(`${list} input[name=ids]:checked`).count()).toBe(3);
      await Promise.all([page.waitForURL(/\/dashboard\/employees\/compare\?/), page.locator("a[data-testid=compare-widget]").click()]);
      const people = page.locator("[data-testid=compare-people] [data-person]");
      expect(await people.count()).toBe(3);
      expect(await page.locator("[data-testid=compare-people]").textContent()).toMatch(/Anna Antonova.*Boris Borisov.*Vera Vasilyeva/);
      const head = await page.locator("[data-testid=compare-table] thead").textContent();
      expect(head).toContain("Vera Vasilyeva");
      // biggest differences first: WR analytics (50, 0, 80 → 80 % of the scale) leads
      expect(await page.locator("[data-testid=compare-bars] [data-indicator]").first().getAttribute("data-indicator")).toBe("WR_ANALYT");
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await shot(page, `analytics-compare-${width}`);
      expect(errors).toEqual([]);
      await close();
    });
  }
});

describe("statistics", () => {
  for (const width of [360, 1280]) {
    it(`renders its charts at ${width} px with no console errors, numbers readable first`, async () => {
      const { close, context, page, errors } = await ownerPage(width);
      // before any script: the numbers are in the HTML
      const html = await (await context.request.get(`${e.base}/business/statistics?project=${s.project}`)).text();
      expect(html).toContain('data-format="SYS-MID-FAST" data-count="2"');
      expect(html).toContain('data-testid="department-table"');
      expect(html).toContain("Anna Antonova");
      await page.goto(`${e.base}/business/statistics?project=${s.project}`);
      expect(await page.locator("[data-stat=total] dd").textContent()).toBe("5");
      // the charts hydrate as they scroll into view
      for (const card of ["stats-communication", "stats-departments", "stats-completion"]) {
        await page.locator(`[data-testid=${card}]`).scrollIntoViewIfNeeded();
        await expect.poll(() => page.locator(`[data-testid=${card}] svg.recharts-surface`).count(), { timeout: 15_000 }).toBeGreaterThan(0);
      }
      expect(await page.locator("[data-testid=stats-communication] .recharts-bar-rectangle").count()).toBe(6);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await page.evaluate(() => scrollTo(0, 0));
      await shot(page, `analytics-statistics-${width}`);
      expect(errors).toEqual([]);
      await close();
    });
  }
});
