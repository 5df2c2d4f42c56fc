// The consumer journey in a real browser at phone width: the whole test with a dropped
// connection and a reload midway, the e-mail gate, the locked base report, the purchase through
// the sandbox provider, the unlocked full report and its PDF.
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { lastMailTo, linkIn } from "../mail";
import { e2eAppWithMail, shot } from "./browser";

const { e, received } = e2eAppWithMail();
let page: Page;
const email = `journey-${Date.now()}@example.com`;

beforeAll(async () => {
  // a browser context of its own, not a pooled tab: the test takes it offline
  page = await (await e.browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
});

const runner = () => page.locator("[data-testid=test-runner][data-hydrated]");
/** A varied, attentive-looking respondent: the answer depends on the position. */
const choiceFor = (position: number) => ["yes", "probablyYes", "no", "probablyNot", "yes", "no", "dontKnow"][position % 7]!;

async function answerUntil(count: number) {
  for (;;) {
    const answered = Number(await runner().getAttribute("data-answered"));
    if (answered >= count) return;
    const position = Number(await runner().getAttribute("data-position"));
    await runner()
      .locator(`button[data-choice=${choiceFor(position)}]`)
      .click();
    if (answered + 1 === 110) return; // the last answer leaves for the report
    await expect.poll(() => runner().getAttribute("data-answered")).toBe(String(answered + 1));
  }
}

/** A screenshot with SHOTS: the indicator bars animate in after 500 ms, so it waits until every animation has ended. */
async function look(name: string) {
  if (!process.env.SHOTS) return;
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState === "finished"));
  await shot(page, `journey-${name}`);
}

describe("consumer journey at 360 px", () => {
  it("answers all 110 statements, survives a dropped connection and a reload, and lands on the result", async () => {
    const signup = await page.request.post(e.base + "/api/passport/signup", {
      data: { email, policy: true, terms: true, offer: true },
      headers: { Origin: e.base },
    });
    expect(signup.ok()).toBe(true);
    // the start screen's button begins the test (a POST: no GET creates a result)
    await page.goto(e.base + "/test/start?lang=en");
    await Promise.all([page.waitForURL(/\/testing/), page.locator("[data-testid=start-test]").click()]);
    await answerUntil(30);

    // the connection drops: answers queue up in the browser and nothing is lost
    await page.context().setOffline(true);
    await answerUntil(40);
    await expect.poll(() => page.locator("[data-testid=save-status]").getAttribute("data-status")).toBe("offline");
    await page.context().setOffline(false);
    await page.evaluate(() => dispatchEvent(new Event("online")));
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("tf:queue:")).length), { timeout: 15000 }).toBe(0);

    // reload midway: the runner resumes at the first unanswered statement
    await answerUntil(55);
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("tf:queue:")).length)).toBe(0);
    await page.reload();
    expect(await runner().getAttribute("data-answered")).toBe("55");
    expect(await runner().getAttribute("data-position")).toBe("56");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await answerUntil(110);
    await page.waitForURL(/\/report\/base/);
    await expect.poll(() => page.locator("[data-testid=confirm-gate]").count()).toBe(1);
  });

  it("shows the locked base report once the e-mail is confirmed", async () => {
    await expect.poll(() => lastMailTo(received(), email)?.subject).toBeTruthy();
    const confirm = new URL(linkIn(lastMailTo(received(), email)!, /http:\/\/localhost\/confirm\/[a-z2-7]+/)!);
    await page.goto(e.base + confirm.pathname);
    await page.goto(e.base + "/report/base");
    await expect.poll(() => page.locator("[data-testid=report]").getAttribute("data-type")).toBe("base");
    expect(await page.locator("[data-locked]").count()).toBe(9);
    expect(await page.locator("[data-testid=format-name]").textContent()).toBeTruthy();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await look("report-base-360");
  });

  it("buys the full report through the sandbox, reads an unlocked block and downloads the PDF", async () => {
    await page.locator("[data-testid=buy]").first().click();
    await page.waitForURL(/\/payment\/report/);
    await page.locator("[data-testid=pay-form] button").click();
    await page.waitForURL(/\/payment\/sandbox\//);
    await page.locator("[data-testid=sandbox-pay]").click();
    await page.waitForURL(/\/payment\/success/);
    await page.goto(e.base + "/report/full");
    await expect.poll(() => page.locator("[data-testid=report]").getAttribute("data-type")).toBe("full");
    expect(await page.locator("[data-locked]").count()).toBe(0);
    // the contents lead to a section without JavaScript, and it lands below the sticky header
    await page.locator("[data-testid=report-contents] a[href='#section-professions']").click();
    const block = page.locator("[data-part=career] [data-section=professions]");
    await expect.poll(() => block.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeGreaterThanOrEqual(64);
    expect(await block.evaluate((el) => el.getBoundingClientRect().top < window.innerHeight)).toBe(true);
    expect(((await block.textContent()) ?? "").length).toBeGreaterThan(100);
    await look("report-full-360");
    await page.setViewportSize({ width: 1280, height: 900 });
    await look("report-full-1280");

    const [download] = await Promise.all([page.waitForEvent("download"), page.locator("[data-testid=pdf]").click()]);
    expect(download.suggestedFilename()).toMatch(/^thinking-format-[A-Z]{3}-[A-Z]{3,4}-[A-Z]{3,4}\.pdf$/);
    const path = await download.path();
    const { readFileSync } = await import("node:fs");
    expect(readFileSync(path!).subarray(0, 5).toString()).toBe("%PDF-");
  });
});
