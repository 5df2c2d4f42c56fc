// A person who starts the test in English on one phone and signs in on another half-way keeps
// English to the end: the second browser never chose a language, so it speaks the account's.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { e2eApp } from "./browser";

const e = e2eApp();

const runner = (page: Page) => page.locator("[data-testid=test-runner][data-hydrated]");

async function answerUntil(page: Page, count: number) {
  for (;;) {
    const answered = Number(await runner(page).getAttribute("data-answered"));
    if (answered >= count) return;
    await runner(page).locator("[data-choice=probablyYes]").click();
    if (answered + 1 === 110) return;
    await expect.poll(() => runner(page).getAttribute("data-answered")).toBe(String(answered + 1));
  }
}

describe("switching device half-way", () => {
  it("keeps English from question 56 to the report on a browser that never chose a language", { timeout: 180_000 }, async () => {
    const email = `switch-${Date.now()}@example.com`;
    const password = "a long enough pass phrase";
    const phone = await e.open({ width: 360, height: 640, path: "/signup?lang=en" });
    const first = phone.page;
    await first.locator("input[name=email]").fill(email);
    await first.locator("input[name=password]").fill(password);
    for (const box of await first.locator("input[type=checkbox]").all()) await box.check();
    await Promise.all([first.waitForURL(/\/test\/start/), first.locator("[data-testid=form-signup] button[type=submit]").click()]);
    await Promise.all([first.waitForURL(/\/testing/), first.locator("[data-testid=start-test]").click()]);
    await answerUntil(first, 55);
    await phone.close();

    // the second phone: a fresh browser, Russian by default for a visitor (a context of its own:
    // the pool's tabs always carry a language cookie, and this browser must never have chosen one)
    const other = await e.browser.newContext({ viewport: { width: 360, height: 640 } });
    const second = await other.newPage();
    await second.goto(`${e.base}/login`);
    expect(await second.getAttribute("html", "lang")).toBe("ru");
    await second.locator("input[name=email]").fill(email);
    await second.locator("input[name=password]").fill(password);
    await Promise.all([second.waitForURL((u) => !u.pathname.startsWith("/login")), second.locator("[data-testid=form-login] button[type=submit]").click()]);
    await second.goto(`${e.base}/testing`);
    expect(await second.getAttribute("html", "lang")).toBe("en");
    expect(await runner(second).getAttribute("data-position")).toBe("56");
    expect(await second.locator("[data-choice=no]").textContent()).toContain("No");
    await answerUntil(second, 110);
    await second.waitForURL(/\/report\/base/);
    expect(await second.getAttribute("html", "lang")).toBe("en");
    await other.close();
  });
});
