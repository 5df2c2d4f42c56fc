// The back-office in a real browser at 360 px and 1280 px: every page built so far renders without
// horizontal scrolling on a phone, the statistics charts hydrate when scrolled to (the main page's
// when touched, drawn by the server until then), and a manager
// masquerades and comes back with Cancel Masq.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startE2E, type E2E } from "./browser";
import { completedResult, manager, user } from "../fixtures";

let e: E2E;
let token: string;
let userId: string;
let resultId: string;
beforeAll(async () => {
  e = await startE2E();
  token = (await manager(e.t)).token;
  const r = await user(e.t, { email: "browser-manager@example.com", confirmed: false });
  userId = r._id;
  resultId = await completedResult(e.t, r);
}, 120_000);
afterAll(() => e?.close());

describe("the back-office in a real browser", () => {
  it("renders every page at 360 px without sideways scrolling, and at 1280 px", async () => {
    const pages = {
      main: "/manager",
      users: "/manager/users",
      user: `/manager/users/${userId}`,
      paid: "/manager/users/paid",
      results: "/manager/results",
      result: `/manager/results/${resultId}`,
      rechecker: "/manager/rechecker",
      recheck: `/manager/rechecker/${resultId}`,
      stats: "/manager/stats",
      exporting: "/manager/exporting",
      requests: "/manager/requests",
    };
    for (const width of [360, 1280]) {
      const context = await e.browser.newContext({ viewport: { width, height: width === 360 ? 740 : 900 } });
      await context.addCookies([
        { name: "token", value: token, url: e.base },
        { name: "i18n_locale", value: "en", url: e.base },
      ]);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (err) => errors.push(err.message));
      for (const [name, path] of Object.entries(pages)) {
        const res = await page.goto(e.base + path);
        expect(res?.status(), path).toBe(200);
        expect(await page.locator("[data-cabinet=manager]").count(), path).toBe(1);
        if (width === 360) expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), path).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `test-results/screenshots/manager-${name}-${width}.png`, fullPage: true });
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("hydrates the statistics charts when they scroll into view", async () => {
    const context = await e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: "token", value: token, url: e.base }]);
    const page = await context.newPage();
    await page.goto(e.base + "/manager/stats");
    const last = page.locator("[data-series=paymentsByDays] tf-island");
    await last.scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator("[data-series=paymentsByDays] svg.recharts-surface").count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.screenshot({ path: "test-results/screenshots/manager-stats-hydrated-1280.png", fullPage: true });
    await context.close();
  });

  it("draws the main page's charts without script, and loads the chart code only when one is touched", async () => {
    const context = await e.browser.newContext({ viewport: { width: 360, height: 740 } });
    await context.addCookies([{ name: "token", value: token, url: e.base }]);
    const page = await context.newPage();
    const requested: string[] = [];
    page.on("request", (req) => requested.push(new URL(req.url()).pathname));
    await page.goto(e.base + "/manager");
    const users = page.locator("[data-series=usersByDays] figure");
    expect(await users.getAttribute("data-chart")).toBe("poster");
    // the server's bars: one per day, today's (the people signed up in this test) taller than nothing
    const heights = await users.locator("svg rect").evaluateAll((rects) => rects.map((r) => Number(r.getAttribute("height"))));
    expect(heights).toHaveLength(30);
    expect(heights[heights.length - 1]).toBeGreaterThan(0);
    await page.locator("[data-series=paymentsByDays]").scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    expect(requested.filter((p) => /\/build\/stats-chart-/.test(p))).toEqual([]);
    await users.hover();
    await expect.poll(() => page.locator("[data-series=usersByDays] svg.recharts-surface").count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await users.getAttribute("data-chart")).toBe("bar");
    await context.close();
  });

  it("masquerades as a user with a banner naming them, and Cancel Masq comes back home", async () => {
    const context = await e.browser.newContext({ viewport: { width: 360, height: 740 } });
    await context.addCookies([
      { name: "token", value: token, url: e.base },
      { name: "i18n_locale", value: "en", url: e.base },
    ]);
    const page = await context.newPage();
    await page.goto(`${e.base}/manager/users/${userId}`);
    // a consequential action asks again: open its confirmation, then confirm
    await page.click("[data-confirm=masq] summary");
    await page.fill("[data-confirm=masq] textarea[name=reason]", "checking the report");
    await page.click("button[data-action=masq]");
    await page.waitForURL(`${e.base}/`);
    await expect.poll(() => page.locator("[data-testid=masq-banner]").textContent()).toContain("browser-manager");
    await page.screenshot({ path: "test-results/screenshots/manager-masquerade-360.png" });
    await page.click("[data-testid=cancel-masq]");
    await page.waitForLoadState();
    expect(await page.locator("[data-testid=masq-banner]").count()).toBe(0);
    await page.goto(`${e.base}/manager`);
    expect(await page.locator("[data-cabinet=manager]").count()).toBe(1);
    await context.close();
  });
});
