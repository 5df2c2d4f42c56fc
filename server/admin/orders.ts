// Orders in the back-office: marking an invoice paid by bank transfer. The credit (pending → paid
// once, the invites added) and its audit entry are one unit of work.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orders, projects } from "../../db/schema";
import { conflict, notFound } from "../lib/errors";
import { rubLabel } from "../lib/money";
import { crashPoint } from "../lib/crash-points";
import { transaction, type ManagerScope } from "../scope";
import { logActivity } from "../services/activity";
import { reservedInvites } from "../services/business/projects";
import { markInvoicePaid } from "../services/payments/business";
import { auditBy } from "./audit";

/** How long a manager's "paid" mark on an invoice can be taken back: a mistaken click is noticed the
 * same day; after that the company has been told and may have planned with the invites. */
export const UNMARK_WINDOW_MS = 24 * 60 * 60_000;

/** An invoice a manager marked paid, within the window: what unmarking would take back (null if it cannot be). */
export function unmarkableOrder(o: Record<string, unknown>, now = Date.now()) {
  return o.method === "invoice" && o.state === "paid" && o.entityType === "invites" && o.paidAt instanceof Date && now - o.paidAt.getTime() < UNMARK_WINDOW_MS;
}

/** The invites an invoice credited (its quantity and the owner's one), for the question. */
export async function creditedInvites(db: Db, orderId: string) {
  const [o] = await db
    .select({ quantity: orders.quantity, paidAt: orders.paidAt, amount: orders.amount, number: orders.invoiceNumber, project: projects.name })
    .from(orders)
    .leftJoin(projects, eq(projects.id, orders.projectId))
    .where(eq(orders.id, orderId));
  // until when the mark can be taken back (the page says it in the operator's zone)
  const until = o?.paidAt ? new Date(o.paidAt.getTime() + UNMARK_WINDOW_MS) : "";
  // the question names the figures the mark acts on: the invoice, its sum, the project, the invites
  return { invites: (o?.quantity ?? 0) + 1, until, number: o?.number ?? "", sum: rubLabel(o?.amount ?? 0), project: o?.project ?? "" };
}

/**
 * Takes a mistaken "paid" mark back: within UNMARK_WINDOW_MS of it and only while the
 * invites it credited are all unused (the project's free balance still holds them), the order is
 * pending again and the invites leave the balance; one unit of work with its audit entry.
 */
export async function unmarkInvoicePaid(scope: ManagerScope, orderId: string) {
  return transaction(scope, async (tx) => {
    const [order] = await tx.db.select().from(orders).where(eq(orders.id, orderId));
    if (!order) throw notFound();
    if (!unmarkableOrder(order) || !order.projectId) throw conflict("manager.orders.unmarkLate");
    const credited = order.quantity + 1;
    const [project] = await tx.db
      .select({ balance: projects.inviteBalance, free: sql<number>`${projects.inviteBalance} - ${reservedInvites(order.projectId)}` })
      .from(projects)
      .where(eq(projects.id, order.projectId));
    if (!project || project.free < credited) throw conflict("manager.orders.unmarkUsed");
    const undone = await tx.db
      .update(orders)
      .set({ state: "pending", paidAt: null })
      .where(and(eq(orders.id, orderId), eq(orders.state, "paid")))
      .returning({ id: orders.id });
    if (!undone.length) throw conflict("manager.orders.unmarkLate");
    crashPoint("unmark.afterOrder");
    await tx.db
      .update(projects)
      .set({ inviteBalance: sql`${projects.inviteBalance} - ${credited}` })
      .where(eq(projects.id, order.projectId));
    await logActivity(tx.db, order.userId, "order.unpaid", { order: order.id, invites: credited }, tx.user.id);
    await auditBy(tx, {
      action: "orders.unmarkPaid",
      entity: "orders",
      entityId: orderId,
      subjectUserId: order.userId,
      changes: {
        state: { from: "paid", to: "pending" },
        paidAt: { from: order.paidAt, to: null },
        inviteBalance: { from: project.balance, to: project.balance - credited },
      },
    });
  });
}

/** Credits an invoice the bank says was paid; true when this call credited it (an entry only then). */
export async function markInvoicePaidBy(scope: ManagerScope, orderId: string) {
  return transaction(scope, async (tx) => {
    const credited = await markInvoicePaid(tx, orderId);
    if (credited) {
      const [order] = await tx.db.select().from(orders).where(eq(orders.id, orderId));
      await auditBy(tx, {
        action: "orders.markPaid",
        entity: "orders",
        entityId: orderId,
        subjectUserId: order!.userId,
        changes: { state: { from: "pending", to: "paid" }, amount: order!.amount, quantity: order!.quantity, project: order!.projectId },
      });
    }
    return credited;
  });
}
