import type { Context } from "hono";
import { setCookie } from "hono/cookie";
import { TRACKING_MAX_AGE } from "../../middleware/guards";
import type { UserRow } from "../users";
import { applyDiscount, COUPON_COOKIE, findUsableCoupon, getPrices, startPayment } from "./index";

/**
 * POST /api/coupon and /activate/{code}: a coupon that covers the full report unlocks it at
 * once; a partial one is kept in the `coupon` cookie (30 days) and applied at checkout.
 */
export async function redeemCoupon(c: Context, user: UserRow, code: string) {
  const db = c.var.deps.db;
  const coupon = await findUsableCoupon(db, code, user, "full").catch(async (e) => {
    // an invites coupon is still a valid code: keep it for the business checkout
    if ((e as { code?: string }).code === "coupon_wrong_product") return findUsableCoupon(db, code, user, "invite");
    throw e;
  });
  const price = (await getPrices(db)).fullReport;
  const covers = coupon.content !== "invite" && applyDiscount(price, coupon) === 0 && !user.isFull;
  if (covers) {
    const result = await startPayment(c.var.deps, user, { entityType: "report" }, coupon.code);
    return { code: coupon.code, type: coupon.type, amount: coupon.amount, content: coupon.content, unlocked: true, order: result.order };
  }
  setCookie(c, COUPON_COOKIE, coupon.code, { path: "/", maxAge: TRACKING_MAX_AGE, sameSite: "Lax" });
  return { code: coupon.code, type: coupon.type, amount: coupon.amount, content: coupon.content, unlocked: false, price: applyDiscount(price, coupon) };
}
