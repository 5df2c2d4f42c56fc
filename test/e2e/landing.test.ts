import { describe, expect, it } from "vitest";
import { MARKETING_PAGES } from "../../routes/marketing";
import { shot, e2eApp } from "./browser";

const e = e2eApp();

describe("landing page in a real browser", () => {
  for (const width of [360, 1280]) {
    it(`renders at ${width}px without horizontal scrolling, switches language and follows the sign-up link`, async () => {
      const { page, context, errors, close } = await e.open({ width, height: 800 });
      // a first visit: no language chosen yet
      await context.clearCookies();
      await page.goto(e.base + "/");
      expect(await page.getAttribute("html", "lang")).toBe("ru");
      await expect.poll(() => page.locator("h1").first().textContent()).toContain("мышлени");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      // the counter is readable before and after hydration, and ends at the real total
      const total = Number(await page.getAttribute("[data-testid=counter]", "data-total"));
      expect(total).toBeGreaterThan(0);

      // switch language with the header link
      await page.click('a[hreflang="en"]');
      await page.waitForURL(/lang=en/);
      expect(await page.getAttribute("html", "lang")).toBe("en");
      await expect.poll(() => page.locator("h1").first().textContent()).toContain("mind");
      const cookies = await page.context().cookies();
      expect(cookies.find((c) => c.name === "i18n_locale")?.value).toBe("en");

      // the language sticks without the query parameter
      await page.goto(e.base + "/");
      expect(await page.getAttribute("html", "lang")).toBe("en");

      // "Take the test" in the menu leads guests to the sign-up page
      if (width <= 540) await page.click("header [data-testid=menu-button]");
      const menu = page.locator(width <= 540 ? "#site-menu [data-testid=menu-primary]" : "nav.desktop-only [data-testid=menu-primary]");
      expect(await menu.textContent()).toBe("Take the test");
      await menu.click();
      await page.waitForURL(/\/signup/);
      await shot(page, `landing-${width}`);
      expect(errors).toEqual([]);
      await close();
    });
  }

  it("reloads once, and only once a minute, when an island chunk is gone after a deploy", async () => {
    // the route goes with the tab's close (the pool unroutes a tab it takes back)
    const { page, close } = await e.open({ lang: "en", width: 360, height: 740 });
    // the deploy removed the old hashed files: every island chunk now answers 404
    await page.route(/\/build\/(signup-form|count-up)-[A-Z0-9]+\.js$/, (route) => route.fulfill({ status: 404, body: "" }));
    let loads = 0;
    const failedOnLoad: number[] = [];
    page.on("load", () => loads++);
    page.on("console", (m) => m.type() === "error" && m.text().startsWith("island failed to load") && failedOnLoad.push(loads));
    await page.goto(e.base + "/?lang=en");
    await expect.poll(() => loads, { timeout: 10_000 }).toBe(2);
    // the reloaded page's islands fail too, and the loader decides there and then not to reload
    // again: once it has, and the network has gone quiet, no third load follows
    await expect.poll(() => failedOnLoad.filter((n) => n === 2).length, { timeout: 10_000 }).toBeGreaterThan(0);
    await page.waitForLoadState("networkidle");
    expect(loads).toBe(2);
    // the page still reads without its islands
    expect(await page.locator("h1").first().textContent()).toContain("mind");
    await close();
  });

  it("hydrates the counter and animates it up to the total", async () => {
    const { page, close } = await e.open({ width: 1280, height: 800, path: "/?lang=ru", motion: true });
    const counter = page.locator("[data-testid=counter]");
    const total = Number(await counter.getAttribute("data-total"));
    const digits = async () => Number((await counter.textContent())!.replace(/\D/g, ""));
    await expect.poll(digits, { timeout: 2000 }).toBeLessThan(total);
    await expect.poll(digits, { timeout: 8000 }).toBe(total);
    await close();
  });
});

describe("marketing pages in a real browser", () => {
  it("fit a 360 px screen in both languages, with no script errors", async () => {
    const { page, errors, close } = await e.open({ width: 360, height: 740 });
    const wide: string[] = [];
    for (const lang of ["ru", "en"]) {
      for (const { path } of MARKETING_PAGES) {
        await page.goto(`${e.base}${path}?lang=${lang}`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 0) wide.push(`${path} ${lang}: ${overflow}px`);
      }
    }
    expect(wide).toEqual([]);
    // three of them again, for a person to look at (their overflow and errors are checked above)
    if (process.env.SHOTS)
      for (const path of ["/chart", "/salles", "/offer"]) {
        await page.goto(`${e.base}${path}?lang=ru`);
        await shot(page, `landing-page${path.replace(/\//g, "-")}-360`);
      }
    expect(errors).toEqual([]);
    await close();
  });
});
