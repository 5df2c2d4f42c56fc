// The stale-form state of a back-office edit page in a real browser: a manager opens a coupon's
// edit page, someone else changes the coupon, the manager saves. The page answers 409 with the
// message and the coupon's current values, at 360 px without sideways scrolling and at 1280 px
// (screenshots with SHOTS=<folder>), and saving again from it goes through.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { coupons, reports } from "../../db/schema";
import { manager } from "../fixtures";
import { shot, e2eApp } from "./browser";

const e = e2eApp();
let token: string;

beforeAll(async () => {
  ({ token } = await manager(e.t));
}, 120_000);

describe("a stale edit form", () => {
  it.each([360, 1280])("at %i px shows the message and the current values, and saves from them", async (width) => {
    const admin = { Authorization: `Bearer ${token}` };
    const code = `STALE-${width}`;
    const created = await (await e.t.json("POST", "/api/manager/coupon", { code, type: "percent", amount: 10, count: 3 }, admin)).json();
    const { page, overflow, close } = await e.open({
      token,
      lang: "en",
      width,
      height: width === 360 ? 740 : 900,
      path: `/manager/coupon/${created._id}/edit`,
    });
    // another manager changes the discount meanwhile
    expect((await e.t.json("PUT", `/api/manager/coupon/${created._id}`, { amount: 25 }, admin)).status).toBe(200);

    await page.fill("#edit-amount", "15");
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.click("[data-testid=form-edit] button[type=submit]"),
    ]);
    expect(answer.status()).toBe(409);
    await expect.poll(() => page.locator("[data-testid=form-error]").textContent()).toContain("Someone changed this record after you opened the form");
    expect(await page.inputValue("#edit-amount")).toBe("25");
    expect(await overflow()).toBeLessThanOrEqual(0);
    await shot(page, `manager-stale-form-${width}`);

    await page.fill("#edit-amount", "15");
    await page.click("[data-testid=form-edit] button[type=submit]");
    await page.waitForURL(/\?done=saved$/);
    expect((await e.t.deps.db.select().from(coupons).where(eq(coupons.id, created._id)))[0]!.amount).toBe(15);

    // uses are added on the detail page (the edit form has no "uses left" field)
    await page.goto(`${e.base}/manager/coupon/${created._id}`);
    await page.fill("[data-action=addUses] >> xpath=.. >> input[name=count]", "2");
    await page.click("[data-action=addUses]");
    await page.waitForURL(/\?done=addUses$/);
    expect(await page.locator("[data-field=count]").textContent()).toBe("5");
    expect(await overflow()).toBeLessThanOrEqual(0);
    await shot(page, `manager-coupon-add-uses-${width}`);

    // a business report's sections show their own tab in the editor
    const [report] = await e.t.deps.db
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.type, "business"), eq(reports.language, "en")))
      .limit(1);
    await page.goto(`${e.base}/manager/reports/${report!.id}/edit`);
    expect(await page.inputValue("select[name='sections.0.tab']")).toBe("business");
    await shot(page, `manager-report-business-tab-${width}`);
    await close();
  });
});
