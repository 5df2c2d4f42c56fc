// The runner without JavaScript (each answer a form post, the next question the page it redirects
// to), with its script failing for good, and on two devices at once: the one left behind is told
// where the attempt is on its next answer and moves there, overwriting nothing.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { answers, questions, results } from "../../db/schema";
import { type Person, user } from "../fixtures";
import { type E2E, shot, e2eApp } from "./browser";

const e = e2eApp();

const runner = (page: Page) => page.locator("[data-testid=test-runner]");
const position = async (page: Page) => Number(await runner(page).getAttribute("data-position"));

/** A context of its own, for options a borrowed tab cannot take (script off, a touch phone). */
async function signedIn(p: Person, options: Parameters<E2E["browser"]["newContext"]>[0] = {}): Promise<BrowserContext> {
  const context = await e.browser.newContext({ viewport: { width: 360, height: 640 }, ...options });
  await context.addCookies([{ name: "token", value: p.token, url: e.base }]);
  return context;
}

/** The stored answers of the person's attempt, by position. */
async function stored(p: Person): Promise<Record<number, number>> {
  const rows = await e.t.deps.db
    .select({ position: questions.position, value: answers.value })
    .from(answers)
    .innerJoin(results, eq(results.id, answers.resultId))
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .where(and(eq(results.userId, p._id), eq(results.isCompleted, false)));
  return Object.fromEntries(rows.map((r) => [r.position, r.value]));
}

describe("the test without JavaScript", () => {
  it("takes answers as form posts: each is saved, the progress moves, Back shows the answer given", async () => {
    const p = await user(e.t, { locale: "en" });
    const context = await signedIn(p, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${e.base}/test/start?lang=en`);
    await Promise.all([page.waitForURL(/\/testing$/), page.locator("[data-testid=start-test]").click()]);
    expect(await runner(page).getAttribute("data-hydrated")).toBeNull();
    expect(await position(page)).toBe(1);
    await shot(page, "runner-noscript-en-360");
    for (const [n, choice] of [
      [1, "yes"],
      [2, "probablyNot"],
      [3, "no"],
    ] as const) {
      await Promise.all([page.waitForURL(/\/testing$/), runner(page).locator(`[data-choice=${choice}]`).click()]);
      expect(await position(page)).toBe(n + 1);
      expect(await page.locator("[data-testid=progress]").textContent()).toBe(`You answered ${n} of 110 questions`);
    }
    expect(await stored(p)).toEqual({ 1: 2, 2: -1, 3: -2 });
    // Back: question 3 again with its answer checked; changing it goes on to the first open one
    await Promise.all([page.waitForURL(/\/testing\?q=3$/), page.getByRole("button", { name: "Back" }).click()]);
    expect(await position(page)).toBe(3);
    expect(await runner(page).locator("[aria-checked=true]").getAttribute("data-choice")).toBe("no");
    await Promise.all([page.waitForURL(/\/testing$/), runner(page).locator("[data-choice=dontKnow]").click()]);
    expect(await position(page)).toBe(4);
    expect(await stored(p)).toEqual({ 1: 2, 2: -1, 3: 0 });
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, "runner-noscript-en-1280");
    await context.close();
  });

  it("answers a tap even when the runner's script never loads", async () => {
    const p = await user(e.t, { locale: "ru" });
    const { page, close } = await e.open({ token: p.token, width: 360, height: 640 });
    // every island chunk fails for good (the loader itself still runs)
    await page.route(/\/build\/.*test-runner.*\.js$/, (route) => route.abort());
    await page.goto(`${e.base}/test/start`);
    await Promise.all([page.waitForURL(/\/testing$/), page.locator("[data-testid=start-test]").click()]);
    await page.waitForLoadState("networkidle");
    expect(await runner(page).getAttribute("data-hydrated")).toBeNull();
    // the tap is the form's post: the page answers it with the next question
    const posted = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/testing"));
    await Promise.all([page.waitForURL(/\/testing$/), runner(page).locator("[data-choice=probablyYes]").click()]);
    expect((await posted).status()).toBe(303);
    expect(await position(page)).toBe(2);
    expect(await page.locator("[data-testid=progress]").textContent()).toBe("Вы ответили на 1 из 110 вопросов");
    expect(await stored(p)).toEqual({ 1: 1 });
    await close();
  });
});

describe("two devices on one attempt", () => {
  for (const lang of ["en", "ru"] as const) {
    it(`tells the phone left behind where the attempt is and moves it there, overwriting nothing (${lang})`, async () => {
      const p = await user(e.t, { locale: lang });
      const phone = await signedIn(p, { hasTouch: true, isMobile: true });
      const laptop = await e.open({ token: p.token, lang, width: 1280, height: 800 });
      const onPhone = await phone.newPage();
      await onPhone.goto(`${e.base}/test/start`);
      await Promise.all([onPhone.waitForURL(/\/testing$/), onPhone.locator("[data-testid=start-test]").click()]);
      await runner(onPhone).and(onPhone.locator("[data-hydrated]")).waitFor();
      expect(await position(onPhone)).toBe(1);

      // the laptop answers 1–4 while the phone still shows question 1
      const onLaptop = laptop.page;
      await onLaptop.goto(`${e.base}/testing`);
      await runner(onLaptop).and(onLaptop.locator("[data-hydrated]")).waitFor();
      for (let n = 1; n <= 4; n++) {
        await runner(onLaptop).locator("[data-choice=yes]").click();
        await expect.poll(() => position(onLaptop)).toBe(n + 1);
      }
      await expect.poll(() => runner(onLaptop).locator("[data-testid=save-status]").getAttribute("data-status")).toBe("idle");
      expect(await stored(p)).toEqual({ 1: 2, 2: 2, 3: 2, 4: 2 });

      // the phone's tap on question 1: refused, and the phone goes to question 5 saying why
      await runner(onPhone).locator("[data-choice=no]").tap();
      await expect.poll(() => position(onPhone)).toBe(5);
      expect(await runner(onPhone).getAttribute("data-answered")).toBe("4");
      const moved = onPhone.locator("[data-testid=moved]");
      expect(await moved.getAttribute("role")).toBe("status");
      expect(await moved.textContent()).toBe(
        lang === "en"
          ? "You answered further on another device: continuing from question 5."
          : "На другом устройстве вы ответили дальше: продолжаем с вопроса 5.",
      );
      expect(await stored(p)).toEqual({ 1: 2, 2: 2, 3: 2, 4: 2 });
      await shot(onPhone, `runner-moved-${lang}-360`);

      // the next answer is stored and the notice goes
      await runner(onPhone).locator("[data-choice=probablyNot]").tap();
      await expect.poll(() => position(onPhone)).toBe(6);
      expect(await moved.textContent()).toBe("");
      await expect.poll(() => stored(p)).toEqual({ 1: 2, 2: 2, 3: 2, 4: 2, 5: -1 });
      await shot(onLaptop, `runner-${lang}-1280`);
      await phone.close();
      await laptop.close();
    });
  }
});
