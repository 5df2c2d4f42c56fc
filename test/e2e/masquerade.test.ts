// A manager's masquerade in a real browser at 360 px: the reason is asked, the banner
// at the top names the person with the mode and a countdown that ticks, and Exit returns to the
// user's back-office page the masquerade started from.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startE2E, type E2E } from "./browser";
import { manager, user } from "../fixtures";

let e: E2E;
let token: string;
let userId: string;
beforeAll(async () => {
  e = await startE2E();
  token = (await manager(e.t)).token;
  userId = (await user(e.t, { email: "masq-e2e@example.com", name: "Masha Looked" }))._id;
}, 120_000);
afterAll(() => e?.close());

describe("masquerade in a browser", () => {
  it("asks a reason, shows a ticking countdown on the banner, and Exit returns to the user's page", async () => {
    const context = await e.browser.newContext({ viewport: { width: 360, height: 740 } });
    await context.addCookies([
      { name: "token", value: token, url: e.base },
      { name: "i18n_locale", value: "en", url: e.base },
    ]);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));
    await page.goto(`${e.base}/manager/users/${userId}`);
    await page.click("[data-confirm=masq] summary");
    // no reason: refused, the question comes back open with the field's message
    await page.click("button[data-action=masq]");
    await expect.poll(() => page.locator("[data-confirm=masq] .field-error").textContent()).toContain("Say why");
    await page.fill("[data-confirm=masq] textarea[name=reason]", "ticket 501: the report does not open");
    await page.selectOption("[data-confirm=masq] select[name=mode]", "read");
    await page.click("button[data-action=masq]");
    await page.waitForURL(`${e.base}/`);
    const banner = page.locator("[data-testid=masq-banner]");
    await expect.poll(() => banner.textContent()).toContain("Masha Looked");
    expect(await banner.textContent()).toContain("read-only");
    // at the top of the page, Exit visible without scrolling
    const exit = page.locator("[data-testid=masq-banner] [data-testid=cancel-masq]");
    expect((await exit.boundingBox())!.y).toBeLessThan(150);
    const countdown = page.locator("[data-testid=masq-countdown]");
    const first = await countdown.textContent();
    expect(first).toMatch(/^(59|60):\d\d left$/);
    await expect.poll(() => countdown.textContent(), { timeout: 5000 }).not.toBe(first);
    await page.screenshot({ path: "/tmp/bos/shots/e2e-masq-banner-360.png" });
    await exit.click();
    await page.waitForURL(`${e.base}/manager/users/${userId}`);
    expect(await page.locator("[data-testid=masq-banner]").count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
