// Whether a coupon applies, what it takes off, and its uses: one is reserved when a discounted
// order is created (so a coupon of count 1 gives one discounted order, not three) and given back
// when that order fails, is replaced or lapses unpaid.
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { couponAliases, couponUses, coupons, orders } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import { type Scope, transaction } from "../../scope";
import type { UserRow } from "../users";

export type CouponRow = typeof coupons.$inferSelect;

/** "No such code" and "used up" are one answer: a guesser learns nothing from which it is. */
export const noSuchCoupon = () => new AppError(404, "coupon_unknown", "payment.errors.couponUnknown", { code: "payment.errors.couponUnknown" });

export async function findUsableCoupon(db: Db, code: string, user: UserRow, want: "full" | "invite") {
  // codes are unique in any letter case (server/admin/coupons.ts), so a buyer may type either
  const coupon = await couponByCode(db, code);
  if (!coupon) throw noSuchCoupon();
  if (coupon.disabledAt) throw new AppError(400, "coupon_disabled", "payment.errors.couponDisabled", { code: "payment.errors.couponDisabled" });
  if (coupon.expiredAt && coupon.expiredAt.getTime() < Date.now()) {
    throw new AppError(400, "coupon_expired", "payment.errors.couponExpired", { code: "payment.errors.couponExpired" });
  }
  if (coupon.count <= 0) throw noSuchCoupon();
  if (coupon.content !== "all" && coupon.content !== want) {
    throw new AppError(400, "coupon_wrong_product", "payment.errors.couponProduct", { code: "payment.errors.couponProduct" });
  }
  const [used] = await db
    .select()
    .from(couponUses)
    .where(and(eq(couponUses.couponId, coupon.id), eq(couponUses.userId, user.id)));
  if (used) throw new AppError(400, "coupon_already_used", "payment.errors.couponAlreadyUsed", { code: "payment.errors.couponAlreadyUsed" });
  return coupon;
}

/** The coupon a typed code names: its code, or a former code it was renamed from (links handed out before). */
export async function couponByCode(db: Db, code: string): Promise<CouponRow | null> {
  const typed = code.trim();
  const [coupon] = await db.select().from(coupons).where(sql`lower(${coupons.code}) = lower(${typed})`).limit(1);
  if (coupon) return coupon;
  const [alias] = await db
    .select({ coupon: coupons })
    .from(couponAliases)
    .innerJoin(coupons, eq(coupons.id, couponAliases.couponId))
    .where(sql`lower(${couponAliases.code}) = lower(${typed})`)
    .limit(1);
  return alias?.coupon ?? null;
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
export function spendCoupon(scope: Scope, coupon: CouponRow, userId: string, orderId: string) {
  return transaction(scope, (tx) => spendInside(tx.db, coupon, userId, orderId));
}

async function spendInside(db: Db, coupon: CouponRow, userId: string, orderId: string) {
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

/** An unpaid order keeps its coupon use this long; after that the use can go to someone else. */
export const COUPON_RESERVATION_MS = 24 * 60 * 60_000;

/** Gives back the coupon use an order holds (if any): the order failed or was replaced. */
export async function releaseCoupon(db: Db, orderId: string) {
  const released = await db.delete(couponUses).where(eq(couponUses.orderId, orderId)).returning({ couponId: couponUses.couponId });
  for (const { couponId } of released)
    await db
      .update(coupons)
      .set({ count: sql`${coupons.count} + 1` })
      .where(eq(coupons.id, couponId));
}

/** pending → `state` (one conditional UPDATE) and its coupon use goes back, together. */
export function closeOrder(scope: Scope, orderId: string, state: "failed" | "cancelled") {
  return transaction(scope, async ({ db }) => {
    const closed = await db
      .update(orders)
      .set({ state })
      .where(and(eq(orders.id, orderId), eq(orders.state, "pending")))
      .returning({ id: orders.id });
    if (closed.length) await releaseCoupon(db, orderId);
    return closed.length > 0;
  });
}

/** Orders left unpaid past the reservation time give their uses of this coupon back. */
export async function releaseLapsedReservations(scope: Scope, couponId: string, now = Date.now()) {
  const lapsed = await scope.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.couponId, couponId), eq(orders.state, "pending"), lt(orders.createdAt, new Date(now - COUPON_RESERVATION_MS))));
  for (const { id } of lapsed) await closeOrder(scope, id, "cancelled");
}

/** Does this order hold its coupon's use (reserved at checkout)? */
export async function holdsCoupon(db: Db, couponId: string, orderId: string) {
  const [row] = await db
    .select({ orderId: couponUses.orderId })
    .from(couponUses)
    .where(and(eq(couponUses.couponId, couponId), eq(couponUses.orderId, orderId)));
  return Boolean(row);
}
