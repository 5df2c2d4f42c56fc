// Orders in the back-office: marking an invoice paid by bank transfer. The credit (pending → paid
// once, the invites added) and its audit entry are one unit of work (issue 29 #4).
import { eq } from "drizzle-orm";
import { orders } from "../../db/schema";
import { transaction, type ManagerScope } from "../scope";
import { markInvoicePaid } from "../services/payments/business";
import { auditBy } from "./audit";

/** Credits an invoice the bank says was paid; true when this call credited it (an entry only then). */
export async function markInvoicePaidBy(scope: ManagerScope, orderId: string) {
  return transaction(scope, async (tx) => {
    const credited = await markInvoicePaid(tx.db, orderId, tx.queued);
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
