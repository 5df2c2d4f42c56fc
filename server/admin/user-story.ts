// What the user page tells a manager besides the record: the coupons the person used,
// where they came from (referral link, utm), the mails sent to them (from the jobs outbox, which
// keeps a sent mail's address and subject, never its links) and their activity log in words.
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { couponUses, coupons, jobs, logs, orders, referrals, users } from "../../db/schema";
import { MAX_ATTEMPTS } from "../jobs";
import { rubLabel } from "../lib/money";

/** Coupons the user applied, newest first, with the order each paid for. */
export async function userCoupons(db: Db, userId: string) {
  const rows = await db
    .select({
      couponId: coupons.id,
      code: coupons.code,
      type: coupons.type,
      amount: coupons.amount,
      usedAt: couponUses.usedAt,
      orderId: couponUses.orderId,
      state: orders.state,
      paid: orders.amount,
    })
    .from(couponUses)
    .innerJoin(coupons, eq(coupons.id, couponUses.couponId))
    .leftJoin(orders, eq(orders.id, couponUses.orderId))
    .where(eq(couponUses.userId, userId))
    .orderBy(desc(couponUses.usedAt))
    .limit(100);
  return rows.map((r) => ({
    _id: r.couponId,
    code: r.code,
    discount: r.type === "absolute" ? rubLabel(r.amount, { exact: r.amount % 100 !== 0 }) : `${r.amount} %`,
    usedAt: r.usedAt,
    state: r.state,
    paid: r.paid,
  }));
}

/** Where the user came from: the referral link they signed up through and their utm marks (one row, or none). */
export async function userOrigin(db: Db, userId: string) {
  const [row] = await db
    .select({ referralId: users.referralId, utm: users.utm, code: referrals.code, name: referrals.name, createdAt: users.createdAt })
    .from(users)
    .leftJoin(referrals, eq(referrals.id, users.referralId))
    .where(eq(users.id, userId));
  if (!row || (!row.referralId && !row.utm)) return [];
  return [{ _id: row.referralId, code: row.code, name: row.name, utm: row.utm ?? null, createdAt: row.createdAt }];
}

export type MailState = "sent" | "queued" | "retrying" | "failed";

/** The mails sent (or to be sent) to the user, newest first: subject, kind, date, state. */
export async function userMails(db: Db, userId: string, email: string) {
  const rows = await db
    .select()
    .from(jobs)
    .where(
      or(
        and(eq(jobs.kind, "mail"), sql`lower(json_extract(${jobs.payload}, '$.to')) = ${email.toLowerCase()}`),
        and(inArray(jobs.kind, ["report-pdf"]), sql`json_extract(${jobs.payload}, '$.userId') = ${userId}`),
        // receipts name their order: "I did not get my receipt" is answered here too
        and(
          eq(jobs.kind, "receipt"),
          sql`json_extract(${jobs.payload}, '$.orderId') in (select ${orders.id} from ${orders} where ${orders.userId} = ${userId})`,
        ),
      ),
    )
    .orderBy(desc(jobs.createdAt))
    .limit(100);
  return rows.map((j) => {
    const state: MailState = j.doneAt ? "sent" : j.attempts >= MAX_ATTEMPTS ? "failed" : j.lastError ? "retrying" : "queued";
    return {
      _id: j.id,
      subject: typeof j.payload.subject === "string" ? j.payload.subject : null,
      kind: j.kind,
      createdAt: j.doneAt ?? j.createdAt,
      state,
    };
  });
}

/** Actions no person took: a payment provider's confirmation. */
const SYSTEM_ACTIONS = new Set(["order.paid", "order.coupon_overdrawn"]);

/** Keys of an activity's data that hold a record's id, and the resource it is of. */
const REFERENCES: Record<string, string> = { order: "orders", project: "projects", referral: "referrals", result: "results", removed: "results" };

/** The user's activity log as a manager reads it: the action as a key under
 * `manager.activity.actions` (dots as underscores), who (a manager's e-mail, the user, the
 * system) and the data with money in rubles and records as references (`{ ref, id }`), which the
 * page turns into the records' names, linked. */
export async function userActivity(db: Db, userId: string) {
  const rows = await db
    .select({ id: logs.id, action: logs.action, actorId: logs.actorId, data: logs.data, createdAt: logs.createdAt, actorEmail: users.email })
    .from(logs)
    .leftJoin(users, eq(users.id, logs.actorId))
    .where(eq(logs.userId, userId))
    .orderBy(desc(logs.createdAt))
    .limit(100);
  return rows.map((l) => {
    const data = { ...(l.data ?? {}) } as Record<string, unknown>;
    if (typeof data.amount === "number") data.amount = rubLabel(data.amount, { exact: data.amount % 100 !== 0 });
    // a record's id as a reference: the page names and links it (server/admin/audit-records.ts)
    for (const [k, v] of Object.entries(data)) if (REFERENCES[k] && typeof v === "string") data[k] = { ref: REFERENCES[k], id: v };
    return {
      _id: l.id,
      action: l.action.replace(/\./g, "_"),
      who: l.actorId && l.actorId !== userId ? (l.actorEmail ?? l.actorId) : SYSTEM_ACTIONS.has(l.action) ? "system" : "user",
      data: Object.keys(data).length ? data : null,
      createdAt: l.createdAt,
    };
  });
}

/** Adds `paidAmount` and `paidAt` (the latest paid full-report order) to a page of users. */
export async function populatePayments(db: Db, docs: Record<string, unknown>[]) {
  const list = docs.map((d) => d._id as string);
  if (!list.length) return;
  const rows = await db
    .select({ userId: orders.userId, amount: orders.amount, paidAt: orders.paidAt })
    .from(orders)
    .where(and(inArray(orders.userId, list), eq(orders.state, "paid"), eq(orders.entityType, "report")))
    .orderBy(desc(orders.paidAt));
  for (const d of docs) {
    const o = rows.find((r) => r.userId === d._id);
    d.paidAmount = o?.amount ?? null;
    d.paidAt = o?.paidAt ?? null;
  }
}
