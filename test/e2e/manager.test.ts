// The back-office in a real browser at 360 px and 1280 px: every page built so far renders without
// horizontal scrolling on a phone, the statistics charts hydrate when scrolled to (the main page's
// when touched, drawn by the server until then), and a manager
// masquerades and comes back with Cancel Masq.
import { beforeAll, describe, expect, it } from "vitest";
import { shot, e2eApp } from "./browser";
import { completedResult, manager, user } from "../fixtures";

const e = e2eApp();
let token: string;
let userId: string;
let resultId: string;
beforeAll(async () => {
  token = (await manager(e.t)).token;
  const r = await user(e.t, { email: "browser-manager@example.com", confirmed: false });
  userId = r._id;
  resultId = await completedResult(e.t, r);
}, 120_000);

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
    // one tab for both widths: every page is loaded afresh after the resize
    const { page, errors, overflow, close } = await e.open({ token, lang: "en" });
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
      for (const [name, path] of Object.entries(pages)) {
        const res = await page.goto(e.base + path);
        expect(res?.status(), path).toBe(200);
        expect(await page.locator("[data-cabinet=manager]").count(), path).toBe(1);
        if (width === 360) expect(await overflow(), path).toBeLessThanOrEqual(0);
        await shot(page, `manager-${name}-${width}`);
      }
      expect(errors, String(width)).toEqual([]);
    }
    await close();
  });

  it("hydrates the statistics charts when they scroll into view", async () => {
    const { page, close } = await e.open({ token, width: 1280, height: 900, path: "/manager/stats" });
    // payments are two charts (count, then sum): the last one on the page
    const last = page.locator("[data-series=paymentsByDays] tf-island").last();
    await last.scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator("[data-series=paymentsByDays] svg.recharts-surface").count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await shot(page, "manager-stats-hydrated-1280");
    await close();
  });

  it("draws the main page's charts without script, and loads the chart code only when one is touched", async () => {
    const { page, close } = await e.open({ token, width: 360, height: 740, ownContext: true });
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
    await close();
  });

  it("masquerades as a user with a banner naming them, and Cancel Masq comes back home", async () => {
    const { page, close } = await e.open({ token, lang: "en", width: 360, height: 740, path: `/manager/users/${userId}` });
    // a consequential action asks again: open its confirmation, then confirm
    await page.click("[data-confirm=masq] summary");
    await page.fill("[data-confirm=masq] textarea[name=reason]", "checking the report");
    await page.click("button[data-action=masq]");
    await page.waitForURL(`${e.base}/`);
    await expect.poll(() => page.locator("[data-testid=masq-banner]").textContent()).toContain("browser-manager");
    await shot(page, "manager-masquerade-360");
    await page.click("[data-testid=cancel-masq]");
    await page.waitForLoadState();
    expect(await page.locator("[data-testid=masq-banner]").count()).toBe(0);
    await page.goto(`${e.base}/manager`);
    expect(await page.locator("[data-cabinet=manager]").count()).toBe(1);
    await close();
  });

  it("goes to the search box with / and Ctrl+K, and Escape closes an open confirmation, focus back on its summary", async () => {
    const { page, close } = await e.open({ token, lang: "en", width: 1280, height: 900, path: `/manager/users/${userId}` });
    const focusedId = () => page.evaluate(() => document.activeElement?.id ?? "");
    await page.locator("h1").click();
    await page.keyboard.press("/");
    await expect.poll(focusedId).toBe("manager-search");
    // typed into the box, "/" is text, not the shortcut
    await page.keyboard.type("browser-manager/");
    expect(await page.inputValue("#manager-search")).toBe("browser-manager/");
    await page.locator("h1").click();
    await page.keyboard.press("Control+k");
    await expect.poll(focusedId).toBe("manager-search");
    await page.fill("#manager-search", "browser-manager");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/manager\/search\?q=browser-manager/);
    await shot(page, "manager-search-1280");
    await page.click(`[data-search-group=users] a[href="/manager/users/${userId}"]`);
    await page.waitForURL(`${e.base}/manager/users/${userId}`);

    const box = page.locator("details[data-confirm=masq]");
    await page.click("[data-confirm=masq] summary");
    expect(await box.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    await page.focus("[data-confirm=masq] textarea[name=reason]");
    await page.keyboard.press("Escape");
    await expect.poll(() => box.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("SUMMARY");
    await close();
  });
});
