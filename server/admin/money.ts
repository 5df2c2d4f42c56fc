// Money actions on an order in the back-office, each asked first on the page and each one unit of
// work with its audit entry (and the buyer's activity line):
// - refund (whole or part, with a reason): through the payment provider for a card payment
//   (YooKassa's POST /v3/refunds, keyed so a retry never refunds twice), or recorded as a manual
//   refund (money sent back outside the site: an invoice, a card payment refunded in the provider's
//   dashboard). A report order refunded in full no longer grants the full report;
// - check with the provider: a pending card order's payment asked for again and settled as a
//   notification would settle it;
// - credit manually (with a reason): a pending order the buyer paid where the provider cannot tell
//   us (the money seen in the bank), credited as a confirmed payment is;
// - cancel: a pending order nobody will pay.
// The provider is called before the unit of work (a unit awaits only the database); what it answers
// is then written with the audit entry, or nothing is written.
import { and, desc, eq, ne } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { orders, payments, refunds, users } from "../../db/schema";
import { crashPoint } from "../lib/crash-points";
import { AppError, conflict, notFound, validationFailed } from "../lib/errors";
import { createId } from "../lib/ids";
import { transaction, type ManagerScope } from "../scope";
import { logActivity } from "../services/activity";
import { closeOrder } from "../services/payments/coupon-rules";
import { providerFor, RefundFailed } from "../services/payments/providers";
import { creditOrder, settleFrom } from "../services/payments/settlement";
import { auditBy } from "./audit";

const reason = z.string("manager.money.reasonShort").trim().min(3, "manager.money.reasonShort").max(500, "common.validation.tooLong");
export const refundSchema = z.object({
  reason,
  /** kopecks; none is everything not yet given back */
  amount: z.number().int("manager.money.amountBad").min(1, "manager.money.amountBad").optional(),
  /** the money went back outside the site: record it, call nobody */
  manual: z.boolean().optional(),
});
export const creditSchema = z.object({ reason });

type OrderRow = typeof orders.$inferSelect;

async function requireOrder(db: Db, id: string) {
  const [o] = await db.select().from(orders).where(eq(orders.id, id));
  if (!o) throw notFound();
  return o;
}

/** An order's state as the pages show it: a paid one with money given back is "partly refunded". */
export const shownState = (state: OrderRow["state"], refundedAmount: number) => (state === "paid" && refundedAmount > 0 ? "partlyRefunded" : state);

/** What can still be given back on an order (kopecks): only a paid one has any. */
export const refundable = (o: Pick<OrderRow, "state" | "amount" | "refundedAmount">) => (o.state === "paid" ? o.amount - o.refundedAmount : 0);

/** The provider's succeeded payment of a card order, if it has one (else only a manual refund is possible). */
async function providerPayment(db: Db, orderId: string, provider: "sandbox" | "yookassa") {
  const [p] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.provider, provider), eq(payments.status, "succeeded")))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return p ?? null;
}

/** Whether the order can be refunded through the provider (a card payment it confirmed). */
export async function refundsThroughProvider(scope: Pick<ManagerScope, "db" | "deps">, o: OrderRow) {
  return o.method === "card" && Boolean(await providerPayment(scope.db, o.id, providerFor(scope.deps).name));
}

/**
 * Gives money back on a paid order. Through the provider unless `manual` or the order was not paid
 * through it; the refund row, the order's refunded sum and state, the report access and the audit
 * entry commit together.
 */
export async function refundOrder(scope: ManagerScope, orderId: string, input: z.infer<typeof refundSchema>) {
  const order = await requireOrder(scope.db, orderId);
  const left = refundable(order);
  if (left <= 0) throw conflict("manager.money.nothingToRefund");
  const amount = input.amount ?? left;
  if (amount > left) throw validationFailed({ amount: "manager.money.amountTooBig" });
  const provider = providerFor(scope.deps);
  const payment = input.manual || order.method !== "card" ? null : await providerPayment(scope.db, orderId, provider.name);
  if (!input.manual && order.method === "card" && !payment) throw validationFailed({ manual: "manager.money.noProviderPayment" });
  let remote: { id: string; status: string; raw: unknown } | null = null;
  if (payment?.providerPaymentId) {
    try {
      // the key names this order and what was refunded before it: a retry of the same refund (a
      // crash after the provider answered) gets the same refund back, never a second one
      remote = await provider.refund({
        providerPaymentId: payment.providerPaymentId,
        amount,
        description: input.reason,
        idempotenceKey: `refund-${orderId}-${order.refundedAmount}-${amount}`,
      });
    } catch (e) {
      if (!(e instanceof RefundFailed)) throw e;
      // a conflict, not a server error: the page shows it beside the button, the manager decides
      throw new AppError(409, "refund_failed", "manager.money.providerRefused");
    }
  }
  return transaction(scope, async (tx) => {
    const now = await requireOrder(tx.db, orderId);
    // another manager refunded meanwhile: nothing written (the provider's key makes its call a repeat)
    if (now.refundedAmount !== order.refundedAmount || now.state !== "paid") throw conflict("manager.money.changedMeanwhile");
    const refundedAmount = now.refundedAmount + amount;
    const state = refundedAmount >= now.amount ? ("refunded" as const) : ("paid" as const);
    const id = createId();
    await tx.db.insert(refunds).values({
      id,
      orderId,
      amount,
      reason: input.reason,
      provider: remote ? provider.name : "manual",
      providerRefundId: remote?.id ?? null,
      status: remote?.status ?? "succeeded",
      actorId: tx.actor.realActorId,
    });
    await tx.db.update(orders).set({ refundedAmount, state }).where(eq(orders.id, orderId));
    const access = state === "refunded" ? await withdrawReport(tx.db, now) : null;
    crashPoint(state === "refunded" ? "refundWhole.beforeAudit" : "refundPart.beforeAudit");
    await logActivity(tx.db, now.userId, "order.refunded", { order: orderId, amount, whole: state === "refunded" }, tx.user.id);
    await auditBy(tx, {
      action: "orders.refund",
      entity: "orders",
      entityId: orderId,
      subjectUserId: now.userId,
      changes: {
        // as the order's page names it: a part given back reads "partly refunded"
        state: { from: shownState(now.state, now.refundedAmount), to: shownState(state, refundedAmount) },
        refundedAmount: { from: now.refundedAmount, to: refundedAmount },
        reason: input.reason,
        refundVia: remote ? provider.name : "manual",
        ...(access ? { isFull: { from: true, to: false } } : {}),
      },
    });
    return { _id: orderId, state, refundedAmount, refund: id };
  });
}

/** A report order refunded in full takes the full report back, unless another paid report order
 * grants it (true when it was taken). Invites bought are not taken back: they may have been sent. */
async function withdrawReport(db: Db, o: OrderRow) {
  if (o.entityType !== "report") return false;
  const [other] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, o.userId), eq(orders.entityType, "report"), eq(orders.state, "paid"), ne(orders.id, o.id)))
    .limit(1);
  if (other) return false;
  const taken = await db
    .update(users)
    .set({ isFull: false, updatedAt: new Date() })
    .where(and(eq(users.id, o.userId), eq(users.isFull, true)))
    .returning({ id: users.id });
  return taken.length > 0;
}

/** Asks the provider about a pending card order's latest payment and settles it as a notification would. */
export async function checkWithProvider(scope: ManagerScope, orderId: string) {
  const order = await requireOrder(scope.db, orderId);
  if (order.state !== "pending" || order.method !== "card") throw conflict("manager.money.notPending");
  const provider = providerFor(scope.deps);
  const [payment] = await scope.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.provider, provider.name)))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!payment?.providerPaymentId) throw conflict("manager.money.noPayment");
  const remote = await provider.fetch(payment.providerPaymentId);
  return transaction(scope, async (tx) => {
    const outcome = await settleFrom(tx, payment, remote);
    const after = await requireOrder(tx.db, orderId);
    await auditBy(tx, {
      action: "orders.check",
      entity: "orders",
      entityId: orderId,
      subjectUserId: order.userId,
      changes: { outcome, ...(after.state !== order.state ? { state: { from: order.state, to: after.state } } : {}) },
    });
    return { outcome, state: after.state };
  });
}

/** Credits a pending order by hand (the money was seen, the provider cannot confirm it), with a reason. */
export async function creditManually(scope: ManagerScope, orderId: string, input: z.infer<typeof creditSchema>) {
  return transaction(scope, async (tx) => {
    const order = await requireOrder(tx.db, orderId);
    if (order.state !== "pending") throw conflict("manager.money.notPending");
    if (!(await creditOrder(tx, orderId))) throw conflict("manager.money.notCredited");
    crashPoint("creditManually.beforeAudit");
    await auditBy(tx, {
      action: "orders.creditManually",
      entity: "orders",
      entityId: orderId,
      subjectUserId: order.userId,
      changes: { state: { from: "pending", to: "paid" }, amount: order.amount, reason: input.reason },
    });
  });
}

/** Cancels a pending order nobody will pay (its coupon use goes back). */
export async function cancelOrder(scope: ManagerScope, orderId: string) {
  return transaction(scope, async (tx) => {
    const order = await requireOrder(tx.db, orderId);
    if (order.state !== "pending") throw conflict("manager.money.notPending");
    await closeOrder(tx, orderId, "cancelled");
    crashPoint("cancel.beforeAudit");
    await auditBy(tx, {
      action: "orders.cancel",
      entity: "orders",
      entityId: orderId,
      subjectUserId: order.userId,
      changes: { state: { from: "pending", to: "cancelled" } },
    });
  });
}

/** An order's refunds, newest first (its page's section). */
export async function refundsOf(db: Db, orderId: string) {
  return db
    .select({
      _id: refunds.id,
      amount: refunds.amount,
      reason: refunds.reason,
      provider: refunds.provider,
      status: refunds.status,
      createdAt: refunds.createdAt,
      manager: users.email,
    })
    .from(refunds)
    .leftJoin(users, eq(users.id, refunds.actorId))
    .where(eq(refunds.orderId, orderId))
    .orderBy(desc(refunds.createdAt));
}
