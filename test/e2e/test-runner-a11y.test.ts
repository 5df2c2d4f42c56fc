// The test on a small phone and without sight or a mouse: at 360×640 the five answers and the
// progress are on the screen for every statement, the answers are one labelled radio group that
// keeps the focus, each new statement is announced, and all 110 can be answered by keyboard alone.
import { describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { shot, e2eApp } from "./browser";

const e = e2eApp();

/**
 * A new person at the start of the test: in a clean tab of the pool, or, for a touch phone (options
 * a tab cannot change), in a browser context of its own.
 */
async function freshTest(lang: "ru" | "en", touch?: Parameters<Browser["newContext"]>[0]): Promise<{ page: Page; close(): Promise<void> }> {
  const tab = touch
    ? await e.browser
        .newContext({ viewport: { width: 360, height: 640 }, ...touch })
        .then(async (context) => ({ page: await context.newPage(), close: () => context.close() }))
    : await e.open({ lang, width: 360, height: 640 });
  const { page } = tab;
  const email = `a11y-${lang}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const signup = await page.request.post(`${e.base}/api/passport/signup`, {
    data: { email, policy: true, terms: true, offer: true },
    headers: { Origin: e.base },
  });
  expect(signup.ok()).toBe(true);
  await page.goto(`${e.base}/test/start?lang=${lang}`);
  await Promise.all([page.waitForURL(/\/testing/), page.locator("[data-testid=start-test]").click()]);
  await page.locator("[data-testid=test-runner][data-hydrated]").waitFor();
  return tab;
}

const runner = (page: Page) => page.locator("[data-testid=test-runner][data-hydrated]");
const position = async (page: Page) => Number(await runner(page).getAttribute("data-position"));

/**
 * What must be on a 360×640 screen (the progress and all five answers, below the sticky header) and
 * where the keyboard is, read in one call to the page: a statement costs a few calls, not a dozen.
 */
async function state(page: Page) {
  return page.evaluate(() => {
    const box = (el: Element | null) => el?.getBoundingClientRect();
    const header = box(document.querySelector("header"))!;
    const progress = box(document.querySelector("[data-testid=progress]"))!;
    const options = [...document.querySelectorAll("[role=radiogroup] [role=radio]")].map((o) => box(o)!);
    const active = document.activeElement;
    // the group the keyboard entered first (kept on window by the test): still in the page, still holding the focus
    const first = (window as unknown as { firstGroup?: Element }).firstGroup;
    return {
      position: Number(document.querySelector("[data-testid=test-runner][data-hydrated]")?.getAttribute("data-position")),
      headerBottom: header.bottom,
      progressTop: progress.top,
      lastBottom: Math.max(...options.map((o) => o.bottom)),
      height: innerHeight,
      scrollWidth: document.documentElement.scrollWidth,
      count: options.length,
      activeRole: active?.getAttribute("role") ?? null,
      activeChoice: active?.getAttribute("data-choice") ?? null,
      focusInGroup: active?.closest("[role=radiogroup]") != null,
      firstGroupHoldsFocus: Boolean(first?.isConnected && first.contains(active)),
      labelledBy: document.querySelector("[role=radiogroup]")?.getAttribute("aria-labelledby") ?? null,
      questionId: document.querySelector("[data-testid=question]")?.id ?? null,
      question: document.querySelector("[data-testid=question]")?.textContent ?? null,
      announcement: document.querySelector("[data-testid=announcement]")?.textContent ?? null,
    };
  });
}

/** Waits (in the page) until the runner shows statement `n`; the caller asserts what it finds. */
async function reached(page: Page, n: number, announced = false) {
  await page
    .waitForFunction(
      ([n, announced]) => {
        const position = document.querySelector("[data-testid=test-runner][data-hydrated]")?.getAttribute("data-position");
        const text = document.querySelector("[data-testid=question]")?.textContent;
        const said = document.querySelector("[data-testid=announcement]")?.textContent;
        return position === String(n) && (!announced || said === `Question ${n} of 110. ${text}`);
      },
      [n, announced] as const,
      { timeout: 5_000 },
    )
    .catch(() => undefined); // the assertions that follow say what is wrong
}

describe("the test at 360×640, by keyboard and in the accessibility tree", () => {
  it("answers all 110 by keyboard alone: one radio group named by the statement, focus kept, each statement announced, all on screen", async () => {
    const { page, close } = await freshTest("en");
    await shot(page, "test-runner-a11y-en-360-q1");
    // Tab from the top of the page into the answers
    let tabs = 0;
    while ((await state(page)).activeRole !== "radio") {
      await page.keyboard.press("Tab");
      expect(++tabs).toBeLessThan(20);
    }
    // the group, as a screen reader is told it (Chromium's accessibility tree)
    const firstText = await page.locator("[data-testid=question]").textContent();
    const tree = await page.locator("[role=radiogroup]").ariaSnapshot();
    expect(tree).toContain(`radiogroup "${firstText}"`);
    for (const name of ["Yes", "Probably yes", "I don't know", "Probably not", "No"]) expect(tree).toContain(`radio "${name}"`);
    await page.evaluate(() => ((window as unknown as { firstGroup?: Element }).firstGroup = document.querySelector("[role=radiogroup]")!));

    const choices = ["yes", "probablyYes", "dontKnow", "probablyNot", "no"];
    let now = await state(page);
    for (let n = 1; n <= 110; n++) {
      expect(now.position).toBe(n);
      expect(now.count).toBe(5);
      expect(now.progressTop).toBeGreaterThanOrEqual(now.headerBottom);
      expect(now.lastBottom).toBeLessThanOrEqual(now.height);
      expect(now.scrollWidth).toBeLessThanOrEqual(360);
      // arrow keys move between the answers without answering; Space answers
      const steps = n % 5;
      for (let i = 0; i < steps; i++) await page.keyboard.press("ArrowDown");
      const moved = await state(page);
      expect(moved.activeChoice).toBe(choices[steps]);
      expect(moved.position).toBe(n);
      await page.keyboard.press("Space");
      if (n === 110) break;
      await reached(page, n + 1, true);
      now = await state(page);
      expect(now.position).toBe(n + 1);
      // the same group (never rebuilt), now named by the new statement, still holds the focus, and
      // the new statement is announced
      expect(now.firstGroupHoldsFocus && now.activeRole === "radio").toBe(true);
      expect(now.labelledBy).toBe(now.questionId);
      expect(now.announcement).toBe(`Question ${n + 1} of 110. ${now.question}`);
      if (n === 56) await shot(page, "test-runner-a11y-en-360-q57-keyboard");
    }
    await page.waitForURL(/\/report\/base/);
    await close();
  });

  it("in Russian on a touch phone: a tap keeps the focus in the group, and an answer given scrolled down brings the progress back", async () => {
    const { page, close } = await freshTest("ru", { hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
    // Russian statements are the longer ones: every one of them fits too
    let now = await state(page);
    for (let n = 1; n < 109; n++) {
      expect(now.progressTop).toBeGreaterThanOrEqual(now.headerBottom);
      expect(now.lastBottom).toBeLessThanOrEqual(now.height);
      await runner(page)
        .locator(`[data-choice=${n % 2 ? "no" : "yes"}]`)
        .tap();
      await reached(page, n + 1);
      now = await state(page);
      expect(now.position).toBe(n + 1);
      expect(now.focusInGroup).toBe(true);
    }
    await shot(page, "test-runner-a11y-ru-360-tap");
    // large text: the page is longer than the screen; answering at the bottom returns to the progress
    await page.addStyleTag({ content: "html { font-size: 200% }" });
    await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    const before = await position(page);
    await runner(page).locator("[data-choice=no]").tap();
    await expect.poll(() => position(page)).toBe(before + 1);
    await expect
      .poll(async () => {
        const fit = await state(page);
        return fit.progressTop >= fit.headerBottom - 1 && fit.progressTop < fit.height;
      })
      .toBe(true);
    await shot(page, "test-runner-a11y-ru-360-200pct-after-answer");
    expect((await state(page)).scrollWidth).toBeLessThanOrEqual(360);
    await close();
  });
});
