// An order is credited exactly once: the state moves pending → paid in one conditional UPDATE,
// and only after the provider itself confirms the payment (status succeeded, same amount, same order).
import { and, eq, sql } from "drizzle-orm";
import { coupons, orders, payments, projects, users } from "../../../db/schema";
import { crashPoint } from "../../lib/crash-points";
import { notFound } from "../../lib/errors";
import { enqueue, type Scope, transaction, type UserScope } from "../../scope";
import { logActivity } from "../activity";
import { closeOrder, holdsCoupon, spendCoupon } from "./coupon-rules";
import { getOwnOrder } from "./orders";
import { type ProviderPayment, providerFor } from "./providers";

/**
 * pending → paid exactly once, and the purchase takes effect: one unit of work, so an order is
 * never paid without what it bought (a crash between the two left a paid order that every retry
 * answered `already_credited`).
 */
export function creditOrder(scope: Scope, orderId: string) {
  return transaction(scope, (tx) => creditInside(tx, orderId));
}

async function creditInside(tx: Scope, orderId: string) {
  const { db } = tx;
  if (!(await couponStillHeld(tx, orderId))) return false;
  const won = await db
    .update(orders)
    .set({ state: "paid", paidAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.state, "pending")))
    .returning();
  const order = won[0];
  if (!order) return false;
  crashPoint("credit.afterPaid");
  if (order.entityType === "report") {
    await db.update(users).set({ isFull: true, updatedAt: new Date() }).where(eq(users.id, order.userId));
  } else if (order.projectId) {
    // each plan includes one more test for the owner
    await db
      .update(projects)
      .set({ inviteBalance: sql`${projects.inviteBalance} + ${order.quantity + 1}` })
      .where(eq(projects.id, order.projectId));
  }
  await logActivity(db, order.userId, "order.paid", { order: order.id, amount: order.amount, entity: order.entityType });
  // the buyer's receipt commits with the credit, in the outermost unit: it leaves after that commits
  // (or on the runner's next tick), and never when that unit rolls back
  await enqueue(tx, "receipt", { orderId: order.id });
  return true;
}

/**
 * A discounted order is credited only while it holds its coupon's use. One that lost it (left
 * unpaid past the reservation, then paid) takes a use again if one is left; otherwise the
 * discount was never the coupon's to give: the order fails and the managers see why.
 */
async function couponStillHeld(tx: Scope, orderId: string) {
  const { db } = tx;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order?.couponId || order.state !== "pending" || (await holdsCoupon(db, order.couponId, order.id))) return true;
  const [coupon] = await db.select().from(coupons).where(eq(coupons.id, order.couponId));
  if (coupon && (await spendCoupon(tx, coupon, order.userId, order.id))) return true;
  await db
    .update(orders)
    .set({ state: "failed" })
    .where(and(eq(orders.id, order.id), eq(orders.state, "pending")));
  await logActivity(db, order.userId, "order.coupon_overdrawn", { order: order.id, amount: order.amount });
  return false;
}

/**
 * Settles a payment from what the provider says now. A notification body is only a hint: we
 * ask the provider, and credit only a succeeded payment of exactly the order's amount.
 * Returns what happened, for logs and tests.
 */
export async function settlePayment(scope: Scope, providerPaymentId: string) {
  const provider = providerFor(scope.deps);
  const [payment] = await scope.db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider.name), eq(payments.providerPaymentId, providerPaymentId)));
  if (!payment) return "unknown_payment" as const;
  const remote = await provider.fetch(providerPaymentId);
  return settleFrom(scope, payment, remote);
}

export type PaymentRow = typeof payments.$inferSelect;
export type SettleOutcome = Awaited<ReturnType<typeof settleFrom>>;

/** What the provider said (`remote`, fetched before: a unit of work awaits only the database) applied
 * to our payment and order. Inside a caller's unit of work (a manager's "check with the provider",
 * audited with it) its writes join that unit. */
export async function settleFrom(scope: Scope, payment: PaymentRow, remote: ProviderPayment | null) {
  const { db } = scope;
  if (!remote) return "unknown_payment" as const;
  const [order] = await db.select().from(orders).where(eq(orders.id, payment.orderId));
  if (!order) return "unknown_order" as const;
  if (remote.orderId && remote.orderId !== order.id) return "order_mismatch" as const;
  if (remote.status === "canceled") {
    await transaction(scope, async (tx) => {
      await tx.db
        .update(payments)
        .set({ status: "canceled", raw: remote.raw ?? payment.raw, updatedAt: new Date() })
        .where(eq(payments.id, payment.id));
      await closeOrder(tx, order.id, "failed");
    });
    return "canceled" as const;
  }
  if (remote.status !== "succeeded") return "pending" as const;
  if (remote.amount !== order.amount || remote.currency !== "RUB") {
    await db.update(payments).set({ status: "amount_mismatch", raw: remote.raw, updatedAt: new Date() }).where(eq(payments.id, payment.id));
    return "amount_mismatch" as const;
  }
  const credited = await transaction(scope, async (tx) => {
    await tx.db
      .update(payments)
      .set({ status: "succeeded", raw: remote.raw ?? payment.raw, updatedAt: new Date() })
      .where(eq(payments.id, payment.id));
    // the buyer cancelled the unpaid order, yet its payment went through: the money came, so the
    // purchase takes effect (the coupon rules are checked again as for any pending order)
    await tx.db
      .update(orders)
      .set({ state: "pending" })
      .where(and(eq(orders.id, order.id), eq(orders.state, "cancelled")));
    return creditInside(tx, order.id);
  });
  return credited ? ("credited" as const) : ("already_credited" as const);
}

export async function getOwnSandboxPayment(scope: UserScope, paymentId: string) {
  const [row] = await scope.db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.id, paymentId), eq(payments.provider, "sandbox"), eq(orders.userId, scope.user.id)));
  if (!row) throw notFound();
  return row.payment;
}

/** The sandbox page's buttons: it plays the provider's part, then settles like a real one. */
export async function sandboxDecide(scope: UserScope, input: { paymentId: string; pay: boolean }) {
  const { paymentId, pay } = input;
  const payment = await getOwnSandboxPayment(scope, paymentId);
  const order = await getOwnOrder(scope, payment.orderId);
  if (payment.status === "pending") {
    await scope.db
      .update(payments)
      .set({ status: pay ? "succeeded" : "canceled", updatedAt: new Date() })
      .where(eq(payments.id, payment.id));
  }
  const outcome = await settlePayment(scope, payment.providerPaymentId ?? payment.id);
  return { order, outcome };
}

/** The buyer gives up an unpaid card order (the cabinet's order list): it stops being "not paid". */
export async function cancelOwnOrder(scope: UserScope, orderId: string) {
  const order = await getOwnOrder(scope, orderId);
  if (order.state !== "pending" || order.method !== "card") throw notFound();
  return closeOrder(scope, order.id, "cancelled");
}
