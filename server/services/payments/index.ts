// Orders and payments. Prices live in settings (kopecks). An order is credited exactly once:
// the state moves pending → paid in one conditional UPDATE, and only after the provider itself
// confirms the payment (status succeeded, same amount, same order).
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client";
import { couponUses, coupons, orders, payments, projects, users } from "../../../db/schema";
import type { AppDeps } from "../../context";
import { AppError, notFound } from "../../lib/errors";
import { createId } from "../../lib/ids";
import { logActivity } from "../activity";
import { getSetting } from "../settings";
import type { UserRow } from "../users";
import { sandboxProvider, yookassaProvider, type PaymentProvider, type ProviderPayment } from "./providers";

export type OrderRow = typeof orders.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;

// ------------------------------------------------------------------ prices and plans
export const PLANS = {
  base: { min: 5 },
  norma: { min: 20 },
  full: { min: 100 },
} as const;
export type PlanKey = keyof typeof PLANS;
/** Corporate (500+ people) is sold by request, never at a list price. */
export const CORPORATE_MIN = 500;

export interface Prices {
  fullReport: number;
  perInvite: Record<PlanKey, number>;
}
export const DEFAULT_PRICES: Prices = { fullReport: 99_000, perInvite: { base: 90_000, norma: 80_000, full: 70_000 } };

export const getPrices = (db: Db) => getSetting<Prices>(db, "prices", DEFAULT_PRICES);

/** The plan a quantity falls into (the largest whose minimum it reaches). */
export function planFor(quantity: number): PlanKey | null {
  if (quantity >= PLANS.full.min) return "full";
  if (quantity >= PLANS.norma.min) return "norma";
  if (quantity >= PLANS.base.min) return "base";
  return null;
}

// ------------------------------------------------------------------ coupons
export { COUPON_COOKIE } from "../../lib/tracking";

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
async function spendCoupon(db: Db, coupon: CouponRow, userId: string, orderId: string) {
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

// ------------------------------------------------------------------ providers
export function providerFor(deps: AppDeps): PaymentProvider {
  if (deps.config.PAYMENT_PROVIDER === "yookassa") return yookassaProvider(deps.config);
  return sandboxProvider(deps.config, async (id) => {
    const [p] = await deps.db.select().from(payments).where(and(eq(payments.provider, "sandbox"), eq(payments.providerPaymentId, id)));
    if (!p) return null;
    return { id, status: p.status as ProviderPayment["status"], amount: p.amount, currency: "RUB", orderId: p.orderId, raw: null };
  });
}

// ------------------------------------------------------------------ orders
export const paymentSchema = z.object({
  entityType: z.enum(["report", "invites"]).default("report"),
  entityId: z.string().max(64).optional(),
  amount: z.number().int().min(0).optional(),
  order: z.string().max(64).optional(),
  quantity: z.number().int().min(1).max(10_000).optional(),
  coupon: z.string().trim().max(64).optional(),
});

interface Checkout {
  entityType: "report" | "invites";
  entityId: string | null;
  projectId: string | null;
  quantity: number;
  price: number;
  description: string;
  returnPath: string;
}

async function checkoutFor(db: Db, user: UserRow, input: z.infer<typeof paymentSchema>): Promise<Checkout> {
  const prices = await getPrices(db);
  if (input.entityType === "report") {
    if (user.isFull) throw new AppError(409, "already_paid", "payment.errors.alreadyPaid");
    return { entityType: "report", entityId: input.entityId ?? null, projectId: null, quantity: 1, price: prices.fullReport, description: "Full report", returnPath: "/payment/success" };
  }
  const quantity = input.quantity ?? 0;
  const plan = planFor(quantity);
  if (!plan) throw new AppError(400, "quantity_too_small", "payment.errors.minInvites", { quantity: "payment.errors.minInvites" });
  const [project] = input.entityId ? await db.select().from(projects).where(and(eq(projects.id, input.entityId), eq(projects.ownerId, user.id))) : [];
  if (!project) throw notFound();
  return {
    entityType: "invites",
    entityId: project.id,
    projectId: project.id,
    quantity,
    price: prices.perInvite[plan] * quantity,
    description: `${quantity} invites (${plan})`,
    returnPath: "/payment/business/success",
  };
}

/**
 * Creates the order and a payment with the configured provider and returns where to send the
 * user. A coupon that covers the whole price completes the order at once without a payment.
 */
export async function startPayment(deps: AppDeps, user: UserRow, input: z.infer<typeof paymentSchema>, couponCode?: string | null) {
  const { db, config } = deps;
  const checkout = await checkoutFor(db, user, input);
  const code = input.coupon ?? couponCode ?? null;
  const coupon = code ? await findUsableCoupon(db, code, user, checkout.entityType === "report" ? "full" : "invite") : null;
  const amount = applyDiscount(checkout.price, coupon);
  if (input.amount !== undefined && input.amount !== amount) {
    throw new AppError(409, "amount_mismatch", "payment.errors.amountChanged", { amount: String(amount) });
  }
  const orderId = createId();
  // a free order spends its coupon before it exists, so a lost race leaves no order behind
  if (amount === 0 && !(await spendCoupon(db, coupon!, user.id, orderId))) {
    throw new AppError(400, "coupon_used_up", "payment.errors.couponUsedUp", { code: "payment.errors.couponUsedUp" });
  }
  await db.insert(orders).values({
    id: orderId,
    userId: user.id,
    projectId: checkout.projectId,
    entityType: checkout.entityType,
    entityId: checkout.entityId,
    quantity: checkout.quantity,
    amount,
    method: amount === 0 ? "coupon" : "card",
    couponId: coupon?.id ?? null,
  });
  if (amount === 0) {
    await creditOrder(db, orderId);
    return { order: orderId, redirect: `${checkout.returnPath}?order=${orderId}`, paid: true };
  }
  const provider = providerFor(deps);
  const paymentId = createId();
  const idempotenceKey = `order-${orderId}`;
  await db.insert(payments).values({ id: paymentId, orderId, provider: provider.name, idempotenceKey, amount, status: "pending" });
  const created = await provider
    .create({
      orderId,
      paymentId,
      amount,
      description: checkout.description,
      returnUrl: `${config.PUBLIC_URL}${checkout.returnPath}?order=${orderId}`,
      idempotenceKey,
    })
    .catch(async (e: unknown) => {
      // the provider is down or refused us: close the attempt and say so, never a bare 500
      console.error("payment provider create failed", e);
      await db.update(payments).set({ status: "error", updatedAt: new Date() }).where(eq(payments.id, paymentId));
      await db.update(orders).set({ state: "failed" }).where(eq(orders.id, orderId));
      throw new AppError(502, "payment_provider_unavailable", "payment.errors.providerUnavailable");
    });
  await db
    .update(payments)
    .set({ providerPaymentId: created.providerPaymentId, confirmationUrl: created.confirmationUrl, raw: created.raw, updatedAt: new Date() })
    .where(eq(payments.id, paymentId));
  return { order: orderId, redirect: created.confirmationUrl, paid: false };
}

/** pending → paid exactly once; then the purchase takes effect. */
export async function creditOrder(db: Db, orderId: string) {
  const won = await db
    .update(orders)
    .set({ state: "paid", paidAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.state, "pending")))
    .returning();
  const order = won[0];
  if (!order) return false;
  if (order.entityType === "report") {
    await db.update(users).set({ isFull: true, updatedAt: new Date() }).where(eq(users.id, order.userId));
  } else if (order.projectId) {
    // each plan includes one more test for the owner
    await db
      .update(projects)
      .set({ inviteBalance: sql`${projects.inviteBalance} + ${order.quantity + 1}` })
      .where(eq(projects.id, order.projectId));
  }
  if (order.couponId && order.method !== "coupon") {
    const [coupon] = await db.select().from(coupons).where(eq(coupons.id, order.couponId));
    if (coupon) await spendCoupon(db, coupon, order.userId, order.id);
  }
  await logActivity(db, order.userId, "order.paid", { order: order.id, amount: order.amount, entity: order.entityType });
  return true;
}

/**
 * Settles a payment from what the provider says now. A notification body is only a hint: we
 * ask the provider, and credit only a succeeded payment of exactly the order's amount.
 * Returns what happened, for logs and tests.
 */
export async function settlePayment(deps: AppDeps, providerPaymentId: string) {
  const provider = providerFor(deps);
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider.name), eq(payments.providerPaymentId, providerPaymentId)));
  if (!payment) return "unknown_payment" as const;
  const remote = await provider.fetch(providerPaymentId);
  if (!remote) return "unknown_payment" as const;
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, payment.orderId));
  if (!order) return "unknown_order" as const;
  if (remote.orderId && remote.orderId !== order.id) return "order_mismatch" as const;
  if (remote.status === "canceled") {
    await deps.db.update(payments).set({ status: "canceled", raw: remote.raw ?? payment.raw, updatedAt: new Date() }).where(eq(payments.id, payment.id));
    await deps.db.update(orders).set({ state: "failed" }).where(and(eq(orders.id, order.id), eq(orders.state, "pending")));
    return "canceled" as const;
  }
  if (remote.status !== "succeeded") return "pending" as const;
  if (remote.amount !== order.amount || remote.currency !== "RUB") {
    await deps.db.update(payments).set({ status: "amount_mismatch", raw: remote.raw, updatedAt: new Date() }).where(eq(payments.id, payment.id));
    return "amount_mismatch" as const;
  }
  await deps.db.update(payments).set({ status: "succeeded", raw: remote.raw ?? payment.raw, updatedAt: new Date() }).where(eq(payments.id, payment.id));
  return (await creditOrder(deps.db, order.id)) ? ("credited" as const) : ("already_credited" as const);
}

export async function getOwnSandboxPayment(db: Db, userId: string, paymentId: string) {
  const [row] = await db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.id, paymentId), eq(payments.provider, "sandbox"), eq(orders.userId, userId)));
  if (!row) throw notFound();
  return row.payment;
}

/** The sandbox page's buttons: it plays the provider's part, then settles like a real one. */
export async function sandboxDecide(deps: AppDeps, user: UserRow, paymentId: string, pay: boolean) {
  const payment = await getOwnSandboxPayment(deps.db, user.id, paymentId);
  const order = await getOwnOrder(deps.db, user.id, payment.orderId);
  if (payment.status === "pending") {
    await deps.db.update(payments).set({ status: pay ? "succeeded" : "canceled", updatedAt: new Date() }).where(eq(payments.id, payment.id));
  }
  const outcome = await settlePayment(deps, payment.providerPaymentId ?? payment.id);
  return { order, outcome };
}

export async function listOrders(db: Db, userId: string) {
  return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt));
}

export async function getOwnOrder(db: Db, userId: string, id: string) {
  const [order] = await db.select().from(orders).where(and(eq(orders.id, id), eq(orders.userId, userId)));
  if (!order) throw notFound();
  return order;
}

export const toOrderDoc = (o: OrderRow) => ({
  _id: o.id,
  entityType: o.entityType,
  entityId: o.entityId,
  project: o.projectId,
  quantity: o.quantity,
  amount: o.amount,
  currency: o.currency,
  method: o.method,
  state: o.state,
  invoiceNumber: o.invoiceNumber,
  createdAt: o.createdAt,
  paidAt: o.paidAt,
});
