// Islands in Chromium: the hydration strategies (a `visible` island's chunk is not even fetched
// until it scrolls near the viewport), and the test page's numbers before and after hydration.
// Screenshots of the landing and the test page at phone and desktop width with SHOTS=<folder>.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { manifest } from "../../server/render/assets";
import { stringDefects } from "../render/string-defects";
import { shot, e2eApp } from "./browser";
import { FIXTURE_PATH, mountHydrationFixture } from "./island-fixture";

const e = e2eApp({}, mountHydrationFixture);

const chunk = (name: string) => new RegExp(`/build/${name}-[A-Z0-9]+\\.js$`);

/** Every text node of the page as the reader sees it now. */
const textNodes = (page: Page) =>
  page.evaluate(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const texts: string[] = [];
    while (walker.nextNode()) if (!walker.currentNode.parentElement?.closest("script, style")) texts.push(walker.currentNode.nodeValue ?? "");
    return texts;
  });

describe("hydration strategies in a real browser", () => {
  it("hydrates an idle island unseen, and fetches a visible one's chunk only when it scrolls into view", async () => {
    const { page, errors, close } = await e.open({ width: 1280, height: 800, ownContext: true, motion: true });
    const requested: string[] = [];
    page.on("request", (req) => requested.push(new URL(req.url()).pathname));
    await page.goto(e.base + FIXTURE_PATH);

    // idle: the counter's chunk arrives and it starts counting up without any interaction
    await expect.poll(() => requested.some((p) => chunk("count-up").test(p))).toBe(true);
    const counter = page.locator("[data-testid=idle-counter] [data-testid=counter]");
    await expect.poll(async () => Number((await counter.textContent())!.replace(/\D/g, "")), { timeout: 5000 }).toBeLessThan(5000);

    // visible, 3000 px below: neither preloaded nor fetched, not hydrated
    await page.waitForTimeout(1000);
    expect(requested.filter((p) => chunk("signup-form").test(p))).toEqual([]);
    expect(await page.locator("[data-testid=signup-form][data-hydrated]").count()).toBe(0);

    await page.locator("[data-testid=below-fold]").scrollIntoViewIfNeeded();
    await expect.poll(() => requested.some((p) => chunk("signup-form").test(p))).toBe(true);
    await expect.poll(() => page.locator("[data-testid=signup-form][data-hydrated]").count()).toBe(1);
    expect(errors).toEqual([]);
    await close();
  });
});

describe("the landing's islands in a real browser", () => {
  it("counts up without React DOM, and loads the sign-up form's script only when the reader reaches for it", async () => {
    const { page, errors, close } = await e.open({ width: 360, height: 740, ownContext: true, motion: true });
    const requested: string[] = [];
    page.on("request", (req) => requested.push(new URL(req.url()).pathname));
    await page.goto(e.base + "/?lang=en");
    const counter = page.locator("[data-testid=counter]");
    const total = Number(await counter.getAttribute("data-total"));
    await expect.poll(async () => Number((await counter.textContent())!.replace(/\D/g, "")), { timeout: 8000 }).toBe(total);
    expect(requested.some((p) => chunk("count-up").test(p))).toBe(true);
    // the counter's whole life, scrolled past the form: no React DOM, no form script
    await page.locator("footer").scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    // React DOM is bundled into the loader's hydrate-island chunk (React itself, small, is shared)
    const reactDom = manifest().loader!.runtime.filter((src) => /\/hydrate-island-[A-Z0-9]+\.js$/.test(src));
    expect(reactDom).toHaveLength(1);
    expect(requested.filter((p) => reactDom.includes(p) || chunk("signup-form").test(p))).toEqual([]);

    // typing into the form wakes it; what was typed before it hydrated stays
    await page.locator("[data-testid=signup-form] input[name=email]").first().fill("early@example.com");
    const form = page.locator("[data-testid=signup-form][data-hydrated]").first();
    await form.waitFor();
    expect(requested.some((p) => reactDom.includes(p))).toBe(true);
    expect(await form.locator("input[name=email]").inputValue()).toBe("early@example.com");
    expect(errors).toEqual([]);
    await close();
  });
});

describe("the test page in a real browser", () => {
  it("shows progress, time left and the question number with their numbers, before and after hydration", async () => {
    const { page, errors, close } = await e.open({ width: 360, height: 740 });
    const signup = await page.request.post(e.base + "/api/passport/signup", {
      data: { email: `islands-${Date.now()}@example.com`, policy: true, terms: true, offer: true },
      headers: { Origin: e.base },
    });
    expect(signup.ok()).toBe(true);
    // begin the test as the start screen's button does (a POST; GET never creates a result)
    await page.request.post(e.base + "/test/start", { form: { _form: "begin" }, headers: { Origin: e.base } });

    // as served, before any script runs
    const served = await (await page.request.get(e.base + "/testing?lang=en")).text();
    expect(served).toContain("You answered 0 of 110 questions");
    expect(served).toMatch(/About \d+ min left/);

    for (const lang of ["en", "ru"]) {
      await page.goto(`${e.base}/testing?lang=${lang}`);
      const runner = page.locator("[data-testid=test-runner][data-hydrated]");
      await runner.waitFor();
      expect(stringDefects(await textNodes(page))).toEqual([]);
      expect(await page.locator("[data-testid=progress]").textContent()).toMatch(/\d+\D+110/);
    }
    await page.locator("[data-testid=test-runner][data-hydrated] button[data-choice=yes]").click();
    await expect.poll(() => page.locator("[data-testid=progress]").textContent()).toMatch(/\b1\D+110/);
    expect(stringDefects(await textNodes(page))).toEqual([]);

    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
      await shot(page, `islands-testing-${width}`);
    }
    expect(errors).toEqual([]);
    await close();
  });
});

describe("screenshots", () => {
  it("of the landing at 360 and 1280 px, after hydration", async () => {
    // one tab for both widths: the landing is loaded afresh after the resize
    const { page, errors, close } = await e.open();
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(e.base + "/?lang=en");
      await page.locator("[data-testid=signup-form]").first().hover(); // the form hydrates on a reader's approach
      await page.locator("[data-testid=signup-form][data-hydrated]").first().waitFor();
      expect(stringDefects(await textNodes(page))).toEqual([]);
      await shot(page, `islands-landing-${width}`);
    }
    expect(errors).toEqual([]);
    await close();
  });
});
