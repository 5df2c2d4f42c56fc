// A coupon end to end in a real browser: a manager creates it with the no-script form, a user
// buys the full report with it through the sandbox provider, and the coupon's page lists that
// user. Also: the commerce pages of the back-office at 360 px (no sideways scrolling) and 1280 px,
// and the referral chart hydrating when scrolled to.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { coupons, orders, projects, reviews } from "../../db/schema";
import { shot, e2eApp } from "./browser";
import { businessProject, completedResult, manager, type Person, user } from "../fixtures";

const e = e2eApp();
let token: string;
let buyer: Person;

beforeAll(async () => {
  token = (await manager(e.t)).token;
  buyer = await user(e.t, { confirmed: false });
  await completedResult(e.t, buyer);
}, 120_000);

const openAs = (cookieToken: string, width = 1280, path?: string) => e.open({ token: cookieToken, lang: "en", width, height: width === 360 ? 740 : 900, path });

describe("a coupon from the back-office to the checkout", () => {
  it("is created by a manager, used by a buyer for the full report, and listed on the coupon's page", async () => {
    const managerTab = await openAs(token, 1280, "/manager/coupon");
    const manager = managerTab.page;
    await manager.click("[data-testid=create-link]");
    await manager.waitForURL(/\/manager\/coupon\/create$/);
    await manager.fill("#create-code", "HALF-E2E");
    await manager.selectOption("#create-type", "percent");
    await manager.fill("#create-amount", "50");
    await manager.fill("#create-count", "3");
    await manager.selectOption("#create-content", "full");
    await manager.fill("#create-expiredAt", new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10));
    await shot(manager, "manager-coupon-create-1280");
    await manager.click("[data-testid=form-create] button[type=submit]");
    await manager.waitForURL(/\/manager\/coupon\/[0-9a-f]{24}\?done=saved$/);
    const couponId = manager.url().match(/[0-9a-f]{24}/)![0];
    expect(await manager.locator("[data-field=code]").textContent()).toBe("HALF-E2E");

    // the buyer applies the code at checkout and pays half in the sandbox
    const buyerTab = await openAs(buyer.token, 360, "/payment/report");
    const page = buyerTab.page;
    await page.fill("input[name=code]", "half-e2e"); // any letter case
    await page.locator("form:has(input[name=code]) button[type=submit]").click();
    await page.waitForURL(/\/payment\/report/);
    await expect.poll(() => page.locator("[data-testid=price]").getAttribute("data-amount")).toBe("49500");
    await page.locator("[data-testid=pay-form] button").click();
    await page.waitForURL(/\/payment\/sandbox\//);
    await page.locator("[data-testid=sandbox-pay]").click();
    await page.waitForURL(/\/payment\/success/);
    const [order] = await e.t.deps.db.select().from(orders).where(eq(orders.userId, buyer._id));
    expect(order).toMatchObject({ state: "paid", amount: 49_500 });
    await buyerTab.close();

    await manager.goto(`${e.base}/manager/coupon/${couponId}`);
    const users = manager.locator("[data-section=users]");
    await expect.poll(() => users.textContent()).toContain(buyer.email);
    expect(await manager.locator("[data-field=count]").textContent()).toBe("2");
    await shot(manager, "manager-coupon-detail-1280");
    await managerTab.close();
  });
});

describe("the commerce pages of the back-office", () => {
  it("render at 360 px without sideways scrolling, and at 1280 px", async () => {
    const db = e.t.deps.db;
    const [coupon] = await db.select().from(coupons).limit(1);
    const ref = await (await e.t.json("POST", "/api/manager/referral", { code: "e2e-ref", name: "E2E blog" }, { Authorization: `Bearer ${token}` })).json();
    const [review] = await db.select().from(reviews).limit(1);
    await businessProject(e.t, { owner: buyer, name: "E2E Company with a rather long name" });
    const [project] = await db.select().from(projects).where(eq(projects.ownerId, buyer._id));
    const pages: Record<string, string> = {
      coupons: "/manager/coupon",
      "coupon-create": "/manager/coupon/create",
      coupon: `/manager/coupon/${coupon!.id}`,
      "coupon-edit": `/manager/coupon/${coupon!.id}/edit`,
      referrals: "/manager/referral",
      "referral-create": "/manager/referral/create",
      referral: `/manager/referral/${ref._id}`,
      "referral-chart": `/manager/referral/${ref._id}/ReferralChart`,
      reviews: "/manager/reviews",
      "review-create": "/manager/reviews/create",
      review: `/manager/reviews/${review!.id}`,
      projects: "/manager/projects",
      project: `/manager/projects/${project!.id}`,
      settings: "/manager/settings",
    };
    // one tab for both widths: every page is loaded afresh after the resize
    const { page, errors, overflow, close } = await openAs(token);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
      for (const [name, path] of Object.entries(pages)) {
        const res = await page.goto(e.base + path);
        expect(res?.status(), path).toBe(200);
        if (width === 360) expect(await overflow(), path).toBeLessThanOrEqual(0);
        await shot(page, `manager-${name}-${width}`);
      }
      expect(errors, String(width)).toEqual([]);
    }
    await close();
  });

  it("hydrates the referral chart when it scrolls into view", async () => {
    const [ref] = (await (await e.t.json("GET", "/api/manager/referral", undefined, { Authorization: `Bearer ${token}` })).json()).docs as { _id: string }[];
    const { page, close } = await openAs(token, 1280, `/manager/referral/${ref!._id}/ReferralChart`);
    // the chart's island (the side bar's collapse is an island too)
    const chart = page.locator('tf-island:has([data-island="stats-chart"]), [data-island="stats-chart"]').first();
    await chart.scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator("svg.recharts-surface").count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await close();
  });
});
