import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../respondent";
import { startE2E, type E2E } from "./browser";

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

describe("business cabinet in a real browser", () => {
  it("activates a business account at 360 px, then collapses the side bar at 1280 px", async () => {
    const r = await signUp(e.t, "browser-cabinet");
    const context = await e.browser.newContext({ viewport: { width: 360, height: 740 } });
    await context.addCookies([{ name: "token", value: r.token, url: e.base }]);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));
    await page.goto(e.base + "/business?lang=en");
    await page.fill("#activate-business-name", "Browser Co");
    await page.click("[data-testid=form-activate-business] button[type=submit]");
    await expect.poll(() => page.locator("[data-testid=invite-balance]").textContent()).toBe("1");
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    // the phone menu opens without script
    await page.click("details.mobile-only summary");
    expect(await page.locator("details.mobile-only nav a[href='/business']").isVisible()).toBe(true);
    await page.screenshot({ path: "test-results/screenshots/business-360.png", fullPage: true });

    await page.setViewportSize({ width: 1280, height: 800 });
    const aside = page.locator("aside");
    expect(Math.round((await aside.boundingBox())!.width)).toBe(220);
    await page.click("label[for=cabinet-collapse]");
    await expect.poll(async () => Math.round((await aside.boundingBox())!.width)).toBe(80);
    await page.screenshot({ path: "test-results/screenshots/business-1280-collapsed.png" });
    expect(errors).toEqual([]);
    await context.close();
  });
});
