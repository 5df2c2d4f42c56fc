// A referral's money: what its link brought (paid orders less refunds) all time and over the last
// 30 days, and the partner's commission at the rate in Settings, on the referral's page; and the
// orders list's referral filter finds a referral's orders by a former code (an alias) too.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../helpers";
import { manager, paidOrder, type Person, user } from "../fixtures";

let t: TestApp;
let finance: Person;
let admin: Person;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: "false" });
  finance = await manager(t, { managerRole: "finance" });
  admin = await manager(t);
}, 120_000);
afterAll(() => t.close());

const page = async (path: string, locale = "en") => (await t.page(path, `token=${finance.token}; i18n_locale=${locale}`)).text();
/** A detail row's text as the page shows it. */
const fieldOf = (html: string, key: string) => new RegExp(`<dd[^>]*data-field="${key}"[^>]*>(.*?)</dd>`, "s").exec(html)?.[1]?.replace(/<[^>]+>/g, "") ?? "";

describe("a referral's earnings", () => {
  it("shows the money brought all time and in the last 30 days, less refunds, and the commission at the rate in Settings", async () => {
    const { _id: ref } = await (await t.json("POST", "/api/manager/referral", { code: "earn-blog", name: "Earn Blog" }, admin.h)).json();
    const buyer = await user(t);
    const old = await user(t);
    await t.deps.db.update(users).set({ referralId: ref }).where(eq(users.id, buyer._id));
    await t.deps.db.update(users).set({ referralId: ref }).where(eq(users.id, old._id));
    const recent = await paidOrder(t, buyer, { amount: 99_000 });
    const earlier = await paidOrder(t, old, { amount: 50_000 });
    // paid two months ago: in the total, not in the last 30 days
    await t.deps.db
      .update(orders)
      .set({ paidAt: new Date(Date.now() - 60 * 86_400_000) })
      .where(eq(orders.id, earlier));
    // 100 ₽ of the recent one went back
    expect((await t.json("POST", `/api/manager/order/${recent}/refund`, { reason: "Ticket 7", amount: 10_000, manual: true }, finance.h)).status).toBeLessThan(
      300,
    );

    let html = await page(`/manager/referral/${ref}`);
    expect(fieldOf(html, "earnedTotal")).toMatch(/^1[\s\u00a0,]?390(\.00|,00)? ₽$/);
    expect(fieldOf(html, "earnedPeriod")).toMatch(/^890(\.00|,00)? ₽$/);
    expect(fieldOf(html, "commissionRate")).toBe("0");

    // the rate is the operator's, in Settings (admins'), and recounts the page
    expect((await t.json("PUT", "/api/manager/setting/referrals", { commission: 10 }, admin.h)).status).toBe(200);
    html = await page(`/manager/referral/${ref}`);
    expect(fieldOf(html, "commissionRate")).toBe("10");
    expect(fieldOf(html, "commissionTotal")).toMatch(/^139(\.00|,00)? ₽$/);
    expect(fieldOf(html, "commissionPeriod")).toMatch(/^89(\.00|,00)? ₽$/);
    const ru = await page(`/manager/referral/${ref}`, "ru");
    expect(ru).toContain("Комиссия за 30 дней");
    // a finance manager cannot change the rate; a bad one is refused with a message
    expect((await t.json("PUT", "/api/manager/setting/referrals", { commission: 50 }, finance.h)).status).toBe(403);
    const bad = await t.json("PUT", "/api/manager/setting/referrals", { commission: 150 }, { ...admin.h, locale: "en" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify((await bad.json()).error.fields)).toContain("A number from 0 to 100");
  });

  it("the orders list's referral filter finds the orders by a former code after a rename", async () => {
    const { _id: ref } = await (await t.json("POST", "/api/manager/referral", { code: "blogger1", name: "Blogger" }, admin.h)).json();
    const buyer = await user(t);
    await t.deps.db.update(users).set({ referralId: ref }).where(eq(users.id, buyer._id));
    const order = await paidOrder(t, buyer, { amount: 99_000 });
    expect((await t.json("PUT", `/api/manager/referral/${ref}`, { code: "blogger-new" }, admin.h)).status).toBe(200);
    for (const code of ["blogger1", "blogger-new"]) {
      const html = await page(`/manager/orders?referral=${code}`);
      expect(html, code).toContain(`/manager/orders/${order}`);
    }
    expect(await page("/manager/orders?referral=nobody-such")).not.toContain(`/manager/orders/${order}`);
  });
});
