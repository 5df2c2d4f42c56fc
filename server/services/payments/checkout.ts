// Checkout: the order for the full report or a project's invites, with its coupon, and a
// payment with the configured provider (or none, when a coupon covers the whole price).
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client";
import { orders, payments, projects } from "../../../db/schema";
import { AppError, notFound } from "../../lib/errors";
import { createId } from "../../lib/ids";
import { type Scope, transaction, type UserScope } from "../../scope";
import type { UserRow } from "../users";
import { applyDiscount, closeOrder, findUsableCoupon, noSuchCoupon, releaseLapsedReservations, spendCoupon } from "./coupon-rules";
import { getPlans, getPrices, requirePlan } from "./prices";
import { providerFor } from "./providers";
import { creditOrder } from "./settlement";

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
    return {
      entityType: "report",
      entityId: input.entityId ?? null,
      projectId: null,
      quantity: 1,
      price: prices.fullReport,
      description: "Full report",
      returnPath: "/payment/success",
    };
  }
  const quantity = input.quantity ?? 0;
  const plan = requirePlan(quantity, await getPlans(db));
  const [project] = input.entityId
    ? await db
        .select()
        .from(projects)
        .where(and(eq(projects.id, input.entityId), eq(projects.ownerId, user.id)))
    : [];
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

async function replaceOpenOrders(tx: Scope, userId: string, checkout: Checkout) {
  const { db } = tx;
  const open = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.state, "pending"),
        eq(orders.entityType, checkout.entityType),
        checkout.entityId ? eq(orders.entityId, checkout.entityId) : undefined,
        eq(orders.method, "card"),
      ),
    );
  for (const { id } of open) {
    await closeOrder(tx, id, "cancelled");
    await db
      .update(payments)
      .set({ status: "canceled", updatedAt: new Date() })
      .where(and(eq(payments.orderId, id), eq(payments.status, "pending")));
  }
}

/** The coupon the buyer kept (its cookie) applies when the checkout names none. */
export const withCookieCoupon = (input: z.infer<typeof paymentSchema>, kept: string | null | undefined): z.infer<typeof paymentSchema> =>
  input.coupon !== undefined || kept == null ? input : { ...input, coupon: kept };

/**
 * Creates the order and a payment with the configured provider and returns where to send the
 * user. A coupon that covers the whole price completes the order at once without a payment.
 */
export async function startPayment(scope: UserScope, input: z.infer<typeof paymentSchema>) {
  const { db, deps, user } = scope;
  const { config } = deps;
  const checkout = await checkoutFor(db, user, input);
  const provider = providerFor(deps);
  const orderId = createId();
  const paymentId = createId();
  const idempotenceKey = `order-${orderId}`;
  // One unit of work up to the provider's call: the old orders replaced, the coupon's use, the
  // order and its pending payment (or, when the coupon covers it all, the credit) all or nothing.
  // The receipt of an order a coupon pays in full joins the unit and leaves after its commit.
  const { amount } = await transaction(scope, async (tx) => {
    // one open order per product: a new checkout replaces an unfinished one (and frees its coupon)
    await replaceOpenOrders(tx, user.id, checkout);
    const code = input.coupon ?? null;
    const coupon = code ? await findUsableCoupon(tx.db, code, user, checkout.entityType === "report" ? "full" : "invite") : null;
    const amount = applyDiscount(checkout.price, coupon);
    if (input.amount !== undefined && input.amount !== amount) {
      throw new AppError(409, "amount_mismatch", "payment.errors.amountChanged", { amount: String(amount) });
    }
    // The coupon's use is reserved with the order, so a lost race leaves no discounted order
    // behind, and a coupon of count N never gives more than N discounted orders.
    if (coupon) {
      await releaseLapsedReservations(tx, coupon.id);
      if (!(await spendCoupon(tx, coupon, user.id, orderId))) throw noSuchCoupon();
    }
    await tx.db.insert(orders).values({
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
    if (amount === 0) await creditOrder(tx, orderId);
    else await tx.db.insert(payments).values({ id: paymentId, orderId, provider: provider.name, idempotenceKey, amount, status: "pending" });
    return { amount };
  });
  if (amount === 0) return { order: orderId, redirect: `${checkout.returnPath}?order=${orderId}`, paid: true };
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
      await transaction(scope, async (tx) => {
        await tx.db.update(payments).set({ status: "error", updatedAt: new Date() }).where(eq(payments.id, paymentId));
        await closeOrder(tx, orderId, "failed");
      });
      throw new AppError(502, "payment_provider_unavailable", "payment.errors.providerUnavailable");
    });
  await db
    .update(payments)
    .set({ providerPaymentId: created.providerPaymentId, confirmationUrl: created.confirmationUrl, raw: created.raw, updatedAt: new Date() })
    .where(eq(payments.id, paymentId));
  return { order: orderId, redirect: created.confirmationUrl, paid: false };
}
