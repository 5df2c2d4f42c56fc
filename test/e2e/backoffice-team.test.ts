// A finance, a support and a content manager's day in a real browser (360 px and 1280 px): the
// admin invites the finance colleague from the Managers screen; finance refunds part of a paid order
// (asked first, with a reason); support opens a request and cannot open the Managers screen or
// refund; content cannot refund either. No page scrolls sideways at 360 px.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orders, users } from "../../db/schema";
import { manager, paidOrder, user } from "../fixtures";
import { e2eApp } from "./browser";

const e = e2eApp();
let admin: string;
let order: string;
beforeAll(async () => {
  admin = (await manager(e.t)).token;
  order = await paidOrder(e.t, await user(e.t, { email: "buyer-e2e@example.com" }));
}, 120_000);

const pageAs = (token: string, width: number) => e.open({ token, lang: "en", width, height: width === 360 ? 740 : 900 });

describe("the team's day in a browser", () => {
  it("the admin invites finance; finance refunds part of an order, asked first; support and content cannot", async () => {
    const a = await pageAs(admin, 1280);
    await a.page.goto(`${e.base}/manager/managers`);
    await a.page.fill("#invite-email", "fin-e2e@example.com");
    await a.page.selectOption("#invite-role", "finance");
    await a.page.click('[data-action="invite"]');
    await a.page.waitForURL(/done=invite/);
    expect(await a.page.locator('[data-manager="fin-e2e@example.com"] [data-field="role"]').textContent()).toBe("Finance");
    await a.close();
    // the colleague's account (its set-password link is tested over HTTP): signed in here by a session
    const [fin] = await e.t.deps.db.select().from(users).where(eq(users.email, "fin-e2e@example.com"));
    await e.t.deps.db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, fin!.id));
    const { createSession } = await import("../../server/services/sessions");
    const finToken = (await createSession(e.t.deps.db, fin!.id)).token;

    for (const width of [360, 1280]) {
      const f = await pageAs(finToken, width);
      await f.page.goto(`${e.base}/manager/orders/${order}`);
      expect(await f.overflow()).toBeLessThanOrEqual(0);
      expect(await f.page.locator('[data-nav="managers"]').count()).toBe(0);
      if (width === 1280) {
        await f.page.click('[data-confirm="refund"] summary');
        await f.page.fill("#action-refund-reason", "Ticket 501: partly refunded");
        await f.page.fill("#action-refund-amount", "100");
        await f.page.check("#action-refund-manual");
        await f.page.click('[data-action="refund"]');
        await f.page.waitForURL(/done=refund/);
        expect(await f.page.locator('[data-field="state"]').textContent()).toBe("Partly refunded");
      }
      await f.close();
    }
    expect((await e.t.deps.db.select().from(orders).where(eq(orders.id, order)))[0]).toMatchObject({ state: "paid", refundedAmount: 10_000 });

    for (const role of ["support", "content"] as const) {
      const token = (await manager(e.t, { managerRole: role })).token;
      const s = await pageAs(token, 360);
      await s.page.goto(`${e.base}/manager/orders/${order}`);
      expect(await s.page.locator('[data-confirm="refund"]').count()).toBe(0);
      expect(await s.overflow()).toBeLessThanOrEqual(0);
      const managers = await s.page.goto(`${e.base}/manager/managers`);
      expect(managers?.status()).toBe(403);
      // the side bar (drawn for desktop and in the phone's menu) has requests for support only
      expect((await s.page.locator('[data-nav="requests"]').count()) > 0).toBe(role === "support");
      await s.close();
    }
  });
});
