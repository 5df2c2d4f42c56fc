// Referral links in the back-office: who came through one, and its sign-ups, completed tests and
// payments by day (the chart at /manager/referral/{id}/ReferralChart). The totals are
// referralStat (server/services/referrals.ts).
import { and, count, desc, eq, gte, ne, sum } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orders, referrals, results, users } from "../../db/schema";
import { conflict } from "../lib/errors";
export { referralLink } from "../services/referrals";
import type { ManagerScope } from "../scope";
import { dayOf, fillDays, startOfDay } from "./stats";

export async function referralUsers(db: Db, id: string) {
  return db
    .select({ _id: users.id, email: users.email, name: users.name, isCompleted: users.isCompleted, isFull: users.isFull, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.referralId, id))
    .orderBy(desc(users.createdAt))
    .limit(500);
}

/** A code is one link: taken by another referral is refused with a field message. */
export async function checkReferral(scope: ManagerScope, next: Record<string, unknown>, change: { id: string | null; fields: Set<string> }) {
  if (!change.fields.has("code")) return;
  const [same] = await scope.db
    .select({ id: referrals.id })
    .from(referrals)
    .where(and(eq(referrals.code, String(next.code)), change.id ? ne(referrals.id, change.id) : undefined));
  if (same) throw conflict("errors.validation", { code: "manager.referrals.taken" });
}

/** Sign-ups, completed tests and payments (with their sum) through the link, day by day, oldest first. */
export async function referralByDays(db: Db, id: string, days = 30) {
  const from = startOfDay(days);
  const signupDay = dayOf(users.createdAt);
  const completedDay = dayOf(results.completedAt);
  const paidDay = dayOf(orders.paidAt);
  const [signups, completed, payments] = await Promise.all([
    db
      .select({ key: signupDay, n: count() })
      .from(users)
      .where(and(eq(users.referralId, id), gte(users.createdAt, from)))
      .groupBy(signupDay),
    db
      .select({ key: completedDay, n: count() })
      .from(results)
      .innerJoin(users, eq(users.id, results.userId))
      .where(and(eq(users.referralId, id), eq(results.isCompleted, true), gte(results.completedAt, from)))
      .groupBy(completedDay),
    db
      .select({ key: paidDay, n: count(), amount: sum(orders.amount) })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(and(eq(users.referralId, id), eq(orders.state, "paid"), gte(orders.paidAt, from)))
      .groupBy(paidDay),
  ]);
  const s = fillDays(signups, from, days);
  const c = fillDays(completed, from, days);
  const p = fillDays(
    payments.map((r) => ({ ...r, amount: Number(r.amount ?? 0) })),
    from,
    days,
    true,
  );
  return s.map((point, i) => ({ date: point.date, signups: point.count, completed: c[i]!.count, payments: p[i]!.count, amount: p[i]!.amount ?? 0 }));
}
