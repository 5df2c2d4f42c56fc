// Whether a coupon applies, what it takes off, and spending one use of it exactly once.
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { couponUses, coupons } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import type { UserRow } from "../users";

export type CouponRow = typeof coupons.$inferSelect;

export async function findUsableCoupon(db: Db, code: string, user: UserRow, want: "full" | "invite") {
  const [coupon] = await db.select().from(coupons).where(eq(coupons.code, code.trim()));
  if (!coupon) throw new AppError(404, "coupon_unknown", "payment.errors.couponUnknown", { code: "payment.errors.couponUnknown" });
  if (coupon.expiredAt && coupon.expiredAt.getTime() < Date.now()) {
    throw new AppError(400, "coupon_expired", "payment.errors.couponExpired", { code: "payment.errors.couponExpired" });
  }
  if (coupon.count <= 0) throw new AppError(400, "coupon_used_up", "payment.errors.couponUsedUp", { code: "payment.errors.couponUsedUp" });
  if (coupon.content !== "all" && coupon.content !== want) {
    throw new AppError(400, "coupon_wrong_product", "payment.errors.couponProduct", { code: "payment.errors.couponProduct" });
  }
  const [used] = await db.select().from(couponUses).where(and(eq(couponUses.couponId, coupon.id), eq(couponUses.userId, user.id)));
  if (used) throw new AppError(400, "coupon_already_used", "payment.errors.couponAlreadyUsed", { code: "payment.errors.couponAlreadyUsed" });
  return coupon;
}

export function applyDiscount(price: number, coupon: CouponRow | null) {
  if (!coupon) return price;
  const off = coupon.type === "percent" ? Math.round((price * Math.min(100, coupon.amount)) / 100) : coupon.amount;
  return Math.max(0, price - off);
}

/**
 * Takes one use of the coupon for this user, atomically: false when the user has already used
 * it (the (coupon, user) key) or no use is left (the conditional decrement), so neither two
 * tabs of one user nor two users racing for the last use can spend it twice.
 */
export async function spendCoupon(db: Db, coupon: CouponRow, userId: string, orderId: string) {
  const mine = await db.insert(couponUses).values({ couponId: coupon.id, userId, orderId }).onConflictDoNothing().returning({ userId: couponUses.userId });
  if (!mine.length) return false;
  const taken = await db
    .update(coupons)
    .set({ count: sql`${coupons.count} - 1` })
    .where(and(eq(coupons.id, coupon.id), gt(coupons.count, 0)))
    .returning({ id: coupons.id });
  if (taken.length) return true;
  await db.delete(couponUses).where(and(eq(couponUses.couponId, coupon.id), eq(couponUses.userId, userId)));
  return false;
}
