// The site header's phone menu in a real browser: a popover without script that opens by tap and
// by keyboard, closes on Escape (focus back on its button) and on a tap outside, and tells screen
// readers its button's name and expanded state.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { shot, e2eApp } from "./browser";

const e = e2eApp();
const BUTTON = "header [data-testid=menu-button]";
const PANEL = "header nav#site-menu";

/** The button as the browser's accessibility tree gives it to a screen reader. */
async function buttonForScreenReader(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const { root } = await cdp.send("DOM.getDocument");
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: BUTTON });
  const { nodes } = await cdp.send("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: false });
  await cdp.detach();
  const node = nodes[0]!;
  const expanded = node.properties?.find((p) => p.name === "expanded")?.value.value;
  return { role: node.role?.value, name: node.name?.value, expanded: expanded === true };
}

const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? document.activeElement?.tagName);

describe("the site header's phone menu", () => {
  it("opens by tap and keyboard, closes on Escape and a tap outside, with no script on the page (ru, 360 px)", async () => {
    // a touch screen is a context's setting: a context of its own, not a pooled tab
    const context = await e.browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(e.base + "/about");
    expect(await page.evaluate(() => document.scripts.length)).toBe(0);
    const panel = page.locator(PANEL);
    expect(await panel.isVisible()).toBe(false);
    expect(await buttonForScreenReader(page)).toEqual({ role: "button", name: "Меню", expanded: false });

    // a tap opens it, a second tap on the button closes it
    await page.tap(BUTTON);
    expect(await panel.isVisible()).toBe(true);
    expect(await buttonForScreenReader(page)).toEqual({ role: "button", name: "Меню", expanded: true });
    expect(await panel.locator("a[href='/business_demo']").isVisible()).toBe(true);
    await page.tap(BUTTON);
    expect(await panel.isVisible()).toBe(false);

    // a tap outside (on the start of the page's heading, left of the panel) closes it
    await page.tap(BUTTON);
    expect(await panel.isVisible()).toBe(true);
    const heading = (await page.locator("main h1").boundingBox())!;
    expect(heading.x + 4).toBeLessThan((await panel.boundingBox())!.x);
    await page.touchscreen.tap(heading.x + 4, heading.y + heading.height / 2);
    expect(await panel.isVisible()).toBe(false);
    expect(new URL(page.url()).pathname).toBe("/about");

    // the keyboard: Enter opens, Escape closes with focus on the button
    await page.focus(BUTTON);
    await page.keyboard.press("Enter");
    expect(await panel.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    expect(await panel.isVisible()).toBe(false);
    expect(await focusedTestId(page)).toBe("menu-button");
    // Space opens, Tab goes into the links, Escape from a link closes and returns to the button
    await page.keyboard.press("Space");
    expect(await panel.isVisible()).toBe(true);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("nav")?.id)).toBe("site-menu");
    await page.keyboard.press("Escape");
    expect(await panel.isVisible()).toBe(false);
    expect(await focusedTestId(page)).toBe("menu-button");
    await context.close();
  });

  it("fits the screen at 360 px with 200 % text, and gives way to the header's links at 1280 px (en)", async () => {
    const { close, page } = await e.open({ lang: "en", width: 360, height: 740, path: "/about?lang=en" });
    await page.addStyleTag({ content: "html { font-size: 200% !important }" });
    await page.click(BUTTON);
    const panel = page.locator(PANEL);
    expect(await panel.isVisible()).toBe(true);
    expect(await buttonForScreenReader(page)).toEqual({ role: "button", name: "Menu", expanded: true });
    // the panel is below the header's button and inside the screen; its last link can be scrolled to
    const [button, box] = [await page.locator(BUTTON).boundingBox(), await panel.boundingBox()];
    expect(box!.y).toBeGreaterThanOrEqual(button!.y + button!.height);
    // the button keeps to the right edge even when the large text wraps it onto a row of its own
    expect(button!.x).toBeGreaterThan(360 / 2);
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    expect(box!.y + box!.height).toBeLessThanOrEqual(740);
    const last = panel.locator("a").last();
    await last.scrollIntoViewIfNeeded();
    expect(await last.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.keyboard.press("Escape");
    expect(await panel.isVisible()).toBe(false);

    // wide screens have the links in the header and no menu button
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await page.locator(BUTTON).isVisible()).toBe(false);
    expect(await page.locator("header nav.desktop-only a[href='/business_demo']").isVisible()).toBe(true);
    await close();
  });

  it("looks right open on a phone and as header links on a wide screen, in both languages (screenshots)", async () => {
    for (const lang of ["ru", "en"] as const) {
      for (const width of [360, 1280]) {
        const { close, page } = await e.open({ lang, width, height: 740, path: `/?lang=${lang}` });
        if (width === 360) {
          await page.click(BUTTON);
          expect(await page.locator(PANEL).isVisible()).toBe(true);
        } else {
          expect(await page.locator("header nav.desktop-only [data-testid=menu-primary]").isVisible()).toBe(true);
        }
        await shot(page, `site-menu-${lang}-${width}`);
        await close();
      }
    }
  });
});
