// The managers' first page: totals, invoices waiting for a bank transfer, the latest results.
import { and, count, desc, eq, sum } from "drizzle-orm";
import type { Db } from "../../db/client";
import { formats, orders, projects, results, users } from "../../db/schema";

export async function managerOverview(db: Db) {
  const [[people], [completed], [paid], invoices, latest] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(results).where(eq(results.isCompleted, true)),
    db.select({ n: count(), revenue: sum(orders.amount) }).from(orders).where(eq(orders.state, "paid")),
    db
      .select({ order: orders, email: users.email, project: projects.name })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(projects, eq(projects.id, orders.projectId))
      .where(and(eq(orders.method, "invoice"), eq(orders.state, "pending")))
      .orderBy(orders.createdAt)
      .limit(50),
    db
      .select({ id: results.id, completedAt: results.completedAt, email: users.email, format: formats.name, isDoubt: results.isDoubt })
      .from(results)
      .innerJoin(users, eq(users.id, results.userId))
      .leftJoin(formats, eq(formats.code, results.formatCode))
      .where(eq(results.isCompleted, true))
      .orderBy(desc(results.createdAt))
      .limit(10),
  ]);
  return {
    totals: { users: people!.n, completed: completed!.n, paidOrders: paid!.n, revenue: Number(paid!.revenue ?? 0) },
    invoices,
    latest,
  };
}
