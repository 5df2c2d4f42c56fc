// Coupons in the back-office: the rules a shop owner expects of one (percent 1–100, an absolute
// discount below the price of what it covers, a code unique in any letter case, an expiry in the
// future, at least one use) and who used it. Checkout's own rules (used up, expired, once per
// user) stay in server/services/payments/coupon-rules.ts.
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { couponUses, coupons, orders, users } from "../../db/schema";
import { conflict, notFound, validationFailed } from "../lib/errors";
import { createId } from "../lib/ids";
import { endOfDayIn } from "../lib/time-zone";
import { getPrices } from "../services/payments/prices";
import { transaction, type ManagerScope } from "../scope";
import { auditBy } from "./audit";

const msg = (k: string) => `manager.coupons.errors.${k}`;

/** "" (an empty date field) is no expiry; a plain day (YYYY-MM-DD) stays a day until `couponColumns`
 * makes it the end of that day in the operator's time zone; a full date-time is that instant. */
const expiry = z.union([z.literal("").transform(() => null), z.null(), z.iso.date(), z.coerce.date(msg("expiry"))], msg("expiry"));

/** The form's values as the table stores them: a day picked as "valid until" lasts to its end where the operator works. */
export function couponColumns(input: Record<string, unknown>, timeZone: string): Record<string, unknown> {
  const day = input.expiredAt;
  return typeof day === "string" && /^\d{4}-\d{2}-\d{2}$/.test(day) ? { ...input, expiredAt: endOfDayIn(day, timeZone) } : input;
}

export const couponFields = {
  code: z
    .string(msg("code"))
    .trim()
    .regex(/^[\w-]{2,64}$/, msg("code")),
  type: z.enum(["absolute", "percent"], msg("type")),
  /** kopecks for an absolute discount, 1–100 for a percent one */
  amount: z.number(msg("amount")).int(msg("amount")).min(1, msg("amount")).max(100_000_000, msg("amount")),
  /** uses left */
  count: z.number(msg("count")).int(msg("count")).min(1, msg("count")).max(1_000_000, msg("count")),
  content: z.enum(["full", "all", "invite"], msg("content")),
  expiredAt: expiry.optional(),
};

export const couponCreateSchema = z.object({ ...couponFields, count: couponFields.count.default(1), content: couponFields.content.default("full") });
export const couponUpdateSchema = z.object(couponFields).partial();

/** The lowest price the coupon could take money off (an absolute discount must stay below it). */
async function lowestPrice(db: Db, content: string) {
  const prices = await getPrices(db);
  const invite = Math.min(...Object.values(prices.perInvite));
  return content === "full" ? prices.fullReport : content === "invite" ? invite : Math.min(prices.fullReport, invite);
}

/** The coupon as it would be after the change; only what changed is held to "in the future". */
export async function checkCoupon(scope: ManagerScope, next: Record<string, unknown>, change: { id: string | null; fields: Set<string> }) {
  const db = scope.db;
  const errors: Record<string, string> = {};
  const amount = Number(next.amount);
  if (next.type === "percent" && !(amount >= 1 && amount <= 100)) errors.amount = msg("percent");
  if (next.type === "absolute" && amount >= (await lowestPrice(db, String(next.content ?? "full")))) errors.amount = msg("belowPrice");
  const expiredAt = next.expiredAt;
  if (change.fields.has("expiredAt") && expiredAt instanceof Date && expiredAt.getTime() <= Date.now()) errors.expiredAt = msg("past");
  if (Object.keys(errors).length) throw validationFailed(errors);
  if (change.fields.has("code")) {
    const code = String(next.code);
    const same = await db
      .select({ id: coupons.id })
      .from(coupons)
      .where(and(sql`lower(${coupons.code}) = lower(${code})`, change.id ? ne(coupons.id, change.id) : undefined))
      .limit(1);
    if (same.length) throw conflict("errors.validation", { code: msg("taken") });
  }
}

export async function insertCoupon(db: Db, input: Record<string, unknown>) {
  const v = couponCreateSchema.parse(input);
  const id = createId();
  try {
    await db.insert(coupons).values({ id, ...v, expiredAt: typeof v.expiredAt === "string" ? new Date(v.expiredAt) : (v.expiredAt ?? null) });
  } catch {
    // a race past checkCoupon: the unique index has the last word
    throw conflict("errors.validation", { code: msg("taken") });
  }
  return id;
}

export const addUsesSchema = z.object({ count: z.number(msg("count")).int(msg("count")).min(1, msg("count")).max(1_000_000, msg("count")) });

/** More uses for a coupon: an increment, so uses spent while the manager looked stay spent (its
 * edit form has no "uses left" field for that reason). */
export async function addCouponUses(scope: ManagerScope, id: string, count: number) {
  return transaction(scope, async (tx) => {
    const [row] = await tx.db
      .update(coupons)
      .set({ count: sql`${coupons.count} + ${count}` })
      .where(eq(coupons.id, id))
      .returning({ count: coupons.count });
    if (!row) throw notFound();
    await auditBy(tx, { action: "coupons.addUses", entity: "coupons", entityId: id, changes: { count: { from: row.count - count, to: row.count } } });
    return { _id: id, count: row.count };
  });
}

/** Switches a coupon off at once (a leaked code): it expires now, which checkout refuses. Not
 * "no uses left": a reservation given back would add one again. */
export async function disableCoupon(scope: ManagerScope, id: string) {
  return transaction(scope, async (tx) => {
    const [row] = await tx.db.select().from(coupons).where(eq(coupons.id, id));
    if (!row) throw notFound();
    if (row.expiredAt && row.expiredAt.getTime() <= Date.now()) return; // already off: nothing to record
    const now = new Date();
    await tx.db.update(coupons).set({ expiredAt: now }).where(eq(coupons.id, id));
    await auditBy(tx, { action: "coupons.disable", entity: "coupons", entityId: id, changes: { expiredAt: { from: row.expiredAt, to: now } } });
  });
}

/** Deletes a coupon nobody has used (a used one is money history: disable it instead). */
export async function deleteCoupon(scope: ManagerScope, id: string) {
  return transaction(scope, async (tx) => {
    const [row] = await tx.db.select().from(coupons).where(eq(coupons.id, id));
    if (!row) throw notFound();
    const [use] = await tx.db.select({ id: couponUses.couponId }).from(couponUses).where(eq(couponUses.couponId, id)).limit(1);
    const [order] = await tx.db.select({ id: orders.id }).from(orders).where(eq(orders.couponId, id)).limit(1);
    if (use || order) throw conflict("manager.coupons.errors.used", { _: msg("used") });
    await tx.db.delete(coupons).where(eq(coupons.id, id));
    await auditBy(tx, {
      action: "coupons.delete",
      entity: "coupons",
      entityId: id,
      changes: { code: { from: row.code, to: null }, type: row.type, amount: row.amount, count: row.count },
    });
  });
}

/** Who used the coupon, when, and the order it went to (newest first). */
export async function couponUsers(db: Db, couponId: string) {
  return db
    .select({
      _id: users.id,
      email: users.email,
      name: users.name,
      usedAt: couponUses.usedAt,
      order: couponUses.orderId,
      state: orders.state,
      paid: orders.amount,
    })
    .from(couponUses)
    .innerJoin(users, eq(users.id, couponUses.userId))
    .leftJoin(orders, eq(orders.id, couponUses.orderId))
    .where(eq(couponUses.couponId, couponId))
    .orderBy(desc(couponUses.usedAt));
}
