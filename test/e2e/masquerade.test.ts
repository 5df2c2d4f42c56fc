// A manager's masquerade in a real browser at 360 px: the reason is asked, the banner
// at the top names the person with the mode and a countdown that ticks, and Exit returns to the
// user's back-office page the masquerade started from.
import { beforeAll, describe, expect, it } from "vitest";
import { shot, e2eApp } from "./browser";
import { manager, user } from "../fixtures";

const e = e2eApp();
let token: string;
let userId: string;
beforeAll(async () => {
  token = (await manager(e.t)).token;
  userId = (await user(e.t, { email: "masq-e2e@example.com", name: "Masha Looked" }))._id;
}, 120_000);

describe("masquerade in a browser", () => {
  it("asks a reason, shows a ticking countdown on the banner, and Exit returns to the user's page", async () => {
    const { page, errors, close } = await e.open({ token, lang: "en", width: 360, height: 740, path: `/manager/users/${userId}` });
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
    await shot(page, "masquerade-banner-360");
    await exit.click();
    await page.waitForURL(`${e.base}/manager/users/${userId}`);
    expect(await page.locator("[data-testid=masq-banner]").count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});
