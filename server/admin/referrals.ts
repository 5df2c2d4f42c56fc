// Referral links in the back-office: who came through one, and its sign-ups, completed tests and
// payments by day (the chart at /manager/referral/{id}/ReferralChart). The totals are
// referralStat (server/services/referrals.ts).
import { and, count, desc, eq, gte, ne, sum } from "drizzle-orm";
import { netAmount } from "../services/payments/orders";
import type { Db } from "../../db/client";
import { orders, referralAliases, referralSignups, referrals, results, users } from "../../db/schema";
import { conflict, notFound, validationFailed } from "../lib/errors";
import { referralLink } from "../services/referrals";
export { referralLink } from "../services/referrals";
import { transaction, type ManagerScope } from "../scope";
import { auditBy, diff } from "./audit";
import { dayOf, fillDays, startOfDay } from "./stats";
import { readSetting } from "../services/operator-settings";

export async function referralUsers(db: Db, id: string) {
  return db
    .select({ _id: users.id, email: users.email, name: users.name, isCompleted: users.isCompleted, isFull: users.isFull, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.referralId, id))
    .orderBy(desc(users.createdAt))
    .limit(500);
}

/** A code is one link: taken by another referral, now or as a former code of one, is refused with a field message. */
export async function checkReferral(scope: ManagerScope, next: Record<string, unknown>, change: { id: string | null; fields: Set<string> }) {
  if (!change.fields.has("code")) return;
  const code = String(next.code);
  const [same] = await scope.db
    .select({ id: referrals.id })
    .from(referrals)
    .where(and(eq(referrals.code, code), change.id ? ne(referrals.id, change.id) : undefined));
  const [alias] = await scope.db
    .select({ id: referralAliases.referralId })
    .from(referralAliases)
    .where(and(eq(referralAliases.code, code), change.id ? ne(referralAliases.referralId, change.id) : undefined));
  if (same || alias) throw conflict("errors.validation", { code: "manager.referrals.taken" });
}

/**
 * Saves a referral's form. A new code keeps the old one as an alias: the links handed out go on
 * crediting this referral. The page's form asks first (`confirmRename`, a field an
 * API client does not send); the alias is kept either way. Runs inside updateResource's unit of work.
 */
export async function saveReferral(scope: ManagerScope, id: string, input: Record<string, unknown>) {
  const [before] = await scope.db.select().from(referrals).where(eq(referrals.id, id));
  if (!before) throw notFound();
  const code = typeof input.code === "string" ? input.code : before.code;
  const name = input.name === undefined ? before.name : (input.name as string) || null;
  const renamed = code !== before.code;
  if (!renamed && name === before.name) return; // nothing changes: nothing written or recorded
  if (renamed) {
    await checkReferral(scope, { code }, { id, fields: new Set(["code"]) });
    if (input.confirmRename === false) throw validationFailed({ confirmRename: "manager.referrals.renameAsk" });
    // back to a former code: it is the code again, no longer an alias
    await scope.db.delete(referralAliases).where(and(eq(referralAliases.code, code), eq(referralAliases.referralId, id)));
    await scope.db.insert(referralAliases).values({ code: before.code, referralId: id }).onConflictDoNothing();
  }
  await scope.db
    .update(referrals)
    .set({ code, name, link: referralLink(scope.deps.config.PUBLIC_URL, code) })
    .where(eq(referrals.id, id));
  const [after] = await scope.db.select().from(referrals).where(eq(referrals.id, id));
  await auditBy(scope, {
    action: "referrals.update",
    entity: "referrals",
    entityId: id,
    changes: { ...diff(before, after!, ["code", "name", "link"]), ...(renamed ? { alias: before.code } : {}) },
  });
}

/** The codes a referral had before (each still credits it). */
export async function referralAliasesOf(db: Db, id: string) {
  return (await db.select({ code: referralAliases.code }).from(referralAliases).where(eq(referralAliases.referralId, id))).map((a) => a.code);
}

/** How many sign-ups it ever credited (deleted accounts included). */
export async function referralSignupCount(db: Db, id: string) {
  const [row] = await db.select({ n: count() }).from(referralSignups).where(eq(referralSignups.referralId, id));
  return row?.n ?? 0;
}

/** Retires a referral (its links land normally and credit nobody) or switches it back on. */
export async function retireReferral(scope: ManagerScope, id: string, retire: boolean) {
  await transaction(scope, async (tx) => {
    const [before] = await tx.db.select().from(referrals).where(eq(referrals.id, id));
    if (!before) throw notFound();
    if (Boolean(before.retiredAt) === retire) return;
    const retiredAt = retire ? new Date() : null;
    await tx.db.update(referrals).set({ retiredAt }).where(eq(referrals.id, id));
    await auditBy(tx, {
      action: retire ? "referrals.retire" : "referrals.reactivate",
      entity: "referrals",
      entityId: id,
      changes: { retiredAt: { from: before.retiredAt, to: retiredAt } },
    });
  });
}

/** Deletes a referral nobody ever signed up through (one with sign-ups is retired instead: its history stays). */
export async function deleteReferral(scope: ManagerScope, id: string) {
  await transaction(scope, async (tx) => {
    const [before] = await tx.db.select().from(referrals).where(eq(referrals.id, id));
    if (!before) throw notFound();
    if ((await referralSignupCount(tx.db, id)) > 0) throw conflict("manager.referrals.inUse");
    await tx.db.update(users).set({ referralId: null }).where(eq(users.referralId, id));
    await tx.db.delete(referrals).where(eq(referrals.id, id));
    await auditBy(tx, { action: "referrals.delete", entity: "referrals", entityId: id, changes: { code: { from: before.code, to: null } } });
  });
}

/** Sign-ups, completed tests and payments (with their sum) through the link, day by day, oldest first. */
export async function referralByDays(db: Db, id: string, days = 30) {
  const from = startOfDay(days);
  const signupDay = dayOf(referralSignups.createdAt);
  const completedDay = dayOf(results.completedAt);
  const paidDay = dayOf(orders.paidAt);
  const [signups, completed, payments] = await Promise.all([
    db
      .select({ key: signupDay, n: count() })
      .from(referralSignups)
      .where(and(eq(referralSignups.referralId, id), gte(referralSignups.createdAt, from)))
      .groupBy(signupDay),
    db
      .select({ key: completedDay, n: count() })
      .from(results)
      .innerJoin(users, eq(users.id, results.userId))
      .where(and(eq(users.referralId, id), eq(results.isCompleted, true), gte(results.completedAt, from)))
      .groupBy(completedDay),
    db
      .select({ key: paidDay, n: count(), amount: sum(netAmount) })
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

/**
 * What the referral's link brought in money (paid orders less refunds), all time and over the last
 * `days` days, and the partner's commission on each at the rate in Settings.
 */
export async function referralEarnings(db: Db, id: string, days = 30) {
  const from = startOfDay(days);
  const brought = and(eq(users.referralId, id), eq(orders.state, "paid"));
  const money = (where: ReturnType<typeof and>) =>
    db
      .select({ n: sum(netAmount) })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .then(([r]) => Number(r?.n ?? 0));
  const [total, period, rate] = await Promise.all([money(brought), money(and(brought, gte(orders.paidAt, from))), readSetting(db, "referrals")]);
  const share = (kopecks: number) => Math.round((kopecks * rate.commission) / 100);
  return {
    earnedTotal: total,
    earnedPeriod: period,
    commissionRate: rate.commission,
    commissionTotal: share(total),
    commissionPeriod: share(period),
  };
}
