// A user's orders as lists, single reads and API documents.
import { and, desc, eq, sql } from "drizzle-orm";
import { orders } from "../../../db/schema";
import { notFound } from "../../lib/errors";
import type { UserScope } from "../../scope";

export type OrderRow = typeof orders.$inferSelect;

/** What an order brought in: paid less refunded (revenue and statistics sum it over paid orders;
 * an order refunded in full is no longer paid). */
export const netAmount = sql<number>`${orders.amount} - ${orders.refundedAmount}`;

export async function listOrders(scope: UserScope) {
  return scope.db.select().from(orders).where(eq(orders.userId, scope.user.id)).orderBy(desc(orders.createdAt));
}

export async function getOwnOrder(scope: UserScope, id: string) {
  const [order] = await scope.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, scope.user.id)));
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
  /** kopecks given back (a part leaves the order paid) */
  refundedAmount: o.refundedAmount,
  invoiceNumber: o.invoiceNumber,
  createdAt: o.createdAt,
  paidAt: o.paidAt,
});
