import { z } from "zod";
import type { UserScope } from "../../scope";
import { consume } from "../rate-limits";
import { startPayment } from "./checkout";
import { applyDiscount, findUsableCoupon } from "./coupon-rules";
import { getPrices } from "./prices";

export const couponCodeSchema = z.object({ code: z.string().trim().min(1, "common.validation.required").max(64) });

/**
 * POST /api/coupon and /activate/{code}: a coupon that covers the full report unlocks it at
 * once; a partial one (`unlocked: false`) is for the caller to keep (the `coupon` cookie, 30
 * days) and apply at checkout.
 */
export async function redeemCoupon(scope: UserScope, code: string) {
  const { db, user } = scope;
  await consume(db, "codeGuess", user.id); // right or wrong: codes are not for guessing
  const coupon = await findUsableCoupon(db, code, user, "full").catch(async (e) => {
    // an invites coupon is still a valid code: keep it for the business checkout
    if ((e as { code?: string }).code === "coupon_wrong_product") return findUsableCoupon(db, code, user, "invite");
    throw e;
  });
  const price = (await getPrices(db)).fullReport;
  const covers = coupon.content !== "invite" && applyDiscount(price, coupon) === 0 && !user.isFull;
  if (covers) {
    const result = await startPayment(scope, { entityType: "report", coupon: coupon.code });
    return { code: coupon.code, type: coupon.type, amount: coupon.amount, content: coupon.content, unlocked: true, order: result.order };
  }
  return { code: coupon.code, type: coupon.type, amount: coupon.amount, content: coupon.content, unlocked: false, price: applyDiscount(price, coupon) };
}
