import { describe, expect, it } from "vitest";
import { signUp } from "../respondent";
import { shot, e2eApp } from "./browser";

const e = e2eApp();

describe("business cabinet in a real browser", () => {
  it("activates a business account at 360 px, then collapses the side bar at 1280 px", async () => {
    const r = await signUp(e.t, "browser-cabinet");
    const { close, page, errors } = await e.open({ token: r.token, lang: "en", width: 360, height: 740, path: "/business?lang=en" });
    await page.fill("#activate-business-name", "Browser Co");
    await page.click("[data-testid=form-activate-business] button[type=submit]");
    await expect.poll(() => page.locator("[data-testid=invite-balance]").textContent()).toBe("1");
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    // the phone menu opens without script
    await page.click("details.mobile-only summary");
    expect(await page.locator("details.mobile-only nav a[href='/business']").isVisible()).toBe(true);
    await shot(page, "cabinet-business-360");

    await page.setViewportSize({ width: 1280, height: 800 });
    const aside = page.locator("aside");
    expect(Math.round((await aside.boundingBox())!.width)).toBe(220);
    await page.click("label[for=cabinet-collapse]");
    await expect.poll(async () => Math.round((await aside.boundingBox())!.width)).toBe(80);
    await shot(page, "cabinet-business-1280-collapsed");
    expect(errors).toEqual([]);
    await close();
  });
});
