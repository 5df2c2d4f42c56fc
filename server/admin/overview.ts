// The managers' first page: totals, invoices waiting for a bank transfer, the latest results.
import { and, count, desc, eq, sql, sum } from "drizzle-orm";
import { netAmount } from "../services/payments/orders";
import type { Db } from "../../db/client";
import { businessRequests, consultationTickets, formats, orders, projects, RECHECK_PREDICATE, results, reviews, users, webinarSignups } from "../../db/schema";

export async function managerOverview(db: Db) {
  const [[people], [completed], [paid], invoices, latest] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(results).where(eq(results.isCompleted, true)),
    db
      .select({ n: count(), revenue: sum(netAmount) })
      .from(orders)
      .where(eq(orders.state, "paid")),
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

/**
 * What waits for a manager: complete results the rechecker puts first (in doubt or of
 * low probability, not yet confirmed), reviews not yet approved, and requests nobody has taken.
 */
export async function workQueues(db: Db) {
  const newRequests = sql<number>`(select count(*) from ${businessRequests} where ${businessRequests.status} = 'new')
    + (select count(*) from ${consultationTickets} where ${consultationTickets.status} = 'new')
    + (select count(*) from ${webinarSignups} where ${webinarSignups.status} = 'new')`;
  const [[recheck], [pending], [requests]] = await Promise.all([
    // named: the planner prefers a general index and counts ten times as many rows (db/schema/)
    db.all<{ n: number }>(sql`select count(*) as n from ${results} indexed by results_recheck_idx where ${sql.raw(RECHECK_PREDICATE)}`),
    db.select({ n: count() }).from(reviews).where(eq(reviews.isPublished, false)),
    db.all<{ n: number }>(sql`select ${newRequests} as n`),
  ]);
  return { recheck: Number(recheck?.n ?? 0), reviews: pending!.n, requests: Number(requests?.n ?? 0) };
}

/** The latest complete results with their owner's e-mail (the report previews' "choose a result"). */
export async function latestCompleted(db: Db, limit: number) {
  return db
    .select({ id: results.id, email: users.email, completedAt: results.completedAt })
    .from(results)
    .innerJoin(users, eq(users.id, results.userId))
    .where(eq(results.isCompleted, true))
    .orderBy(desc(results.completedAt))
    .limit(limit);
}
