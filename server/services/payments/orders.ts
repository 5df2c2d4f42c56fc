// A user's orders as lists, single reads and API documents.
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { orders } from "../../../db/schema";
import { notFound } from "../../lib/errors";

export type OrderRow = typeof orders.$inferSelect;

export async function listOrders(db: Db, userId: string) {
  return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt));
}

export async function getOwnOrder(db: Db, userId: string, id: string) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)));
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
