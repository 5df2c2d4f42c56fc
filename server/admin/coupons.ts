// Coupons in the back-office: the rules a shop owner expects of one (percent 1–100, an absolute
// discount below the price of what it covers, a code unique in any letter case, an expiry in the
// future, at least one use) and who used it. Checkout's own rules (used up, expired, once per
// user) stay in server/services/payments/coupon-rules.ts.
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { couponAliases, couponUses, coupons, orders, users } from "../../db/schema";
import { conflict, notFound, validationFailed } from "../lib/errors";
import { createId } from "../lib/ids";
import { endOfDayIn } from "../lib/time-zone";
import { getPrices } from "../services/payments/prices";
import { transaction, type ManagerScope } from "../scope";
import { auditBy, diff } from "./audit";

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
/** The edit form: never the switch-off state (only "switch off" and "enable again" change it), and
 * `confirmRename`, the page's second tick before a used code is renamed (an API client sends none). */
export const couponUpdateSchema = z.object(couponFields).partial().extend({ confirmRename: z.boolean().optional() });

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
    const alias = await db
      .select({ id: couponAliases.couponId })
      .from(couponAliases)
      .where(and(sql`lower(${couponAliases.code}) = lower(${code})`, change.id ? ne(couponAliases.couponId, change.id) : undefined))
      .limit(1);
    if (same.length || alias.length) throw conflict("errors.validation", { code: msg("taken") });
  }
}

/** Whether anybody used the coupon (a use held or an order placed with it). */
export async function isCouponUsed(db: Db, id: string) {
  const [use] = await db.select({ id: couponUses.couponId }).from(couponUses).where(eq(couponUses.couponId, id)).limit(1);
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.couponId, id)).limit(1);
  return Boolean(use || order);
}

/**
 * Saves a coupon's edit form (inside updateResource's unit of work). A new code keeps the old one as
 * an alias, so links and newsletters that carry it still work; a used coupon's rename is asked on the
 * page first (`confirmRename`). Only what changes is written and audited.
 */
export async function saveCoupon(scope: ManagerScope, id: string, input: Record<string, unknown>) {
  const [before] = await scope.db.select().from(coupons).where(eq(coupons.id, id));
  if (!before) throw notFound();
  const { confirmRename, ...fields } = input;
  const wanted = Object.fromEntries(Object.entries(couponColumns(fields, scope.deps.config.TIME_ZONE)).filter(([, v]) => v !== undefined));
  const changes = diff(before, { ...before, ...wanted }, Object.keys(wanted));
  if (!Object.keys(changes).length) return;
  await checkCoupon(scope, { ...before, ...wanted }, { id, fields: new Set(Object.keys(changes)) });
  const renamed = "code" in changes;
  if (renamed) {
    if (confirmRename === false && (await isCouponUsed(scope.db, id))) throw validationFailed({ confirmRename: msg("renameAsk") });
    // back to a former code: it is the code again, no longer an alias
    await scope.db.delete(couponAliases).where(and(sql`lower(${couponAliases.code}) = lower(${String(wanted.code)})`, eq(couponAliases.couponId, id)));
    await scope.db.insert(couponAliases).values({ code: before.code, couponId: id }).onConflictDoNothing();
  }
  await scope.db
    .update(coupons)
    .set(Object.fromEntries(Object.keys(changes).map((k) => [k, wanted[k]])))
    .where(eq(coupons.id, id));
  const [after] = await scope.db.select().from(coupons).where(eq(coupons.id, id));
  await auditBy(scope, {
    action: "coupons.update",
    entity: "coupons",
    entityId: id,
    changes: { ...diff(before, after!, Object.keys(changes)), ...(renamed ? { alias: before.code } : {}) },
  });
}

/** The codes a coupon had before (each still works at checkout). */
export async function couponAliasesOf(db: Db, id: string) {
  return (await db.select({ code: couponAliases.code }).from(couponAliases).where(eq(couponAliases.couponId, id))).map((a) => a.code);
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

/** Switches a coupon off at once (a leaked code) or on again. Its own state, not its expiry: the edit
 * form shows and saves the expiry, so a switch-off stored there came back with the next save; and
 * not "no uses left": a reservation given back would add one again. A switch that changes nothing
 * records nothing. */
export async function setCouponDisabled(scope: ManagerScope, id: string, disabled: boolean) {
  return transaction(scope, async (tx) => {
    const [row] = await tx.db.select().from(coupons).where(eq(coupons.id, id));
    if (!row) throw notFound();
    if (Boolean(row.disabledAt) === disabled) return;
    const disabledAt = disabled ? new Date() : null;
    await tx.db.update(coupons).set({ disabledAt }).where(eq(coupons.id, id));
    await auditBy(tx, {
      action: disabled ? "coupons.disable" : "coupons.enable",
      entity: "coupons",
      entityId: id,
      changes: { disabledAt: { from: row.disabledAt, to: disabledAt } },
    });
  });
}

/** A coupon's state as the list and its page show it. */
export function couponStatus(r: { disabledAt: Date | null; expiredAt: Date | null; count: number }, now = Date.now()) {
  if (r.disabledAt) return "disabled";
  if (r.expiredAt && r.expiredAt.getTime() < now) return "expired";
  if (r.count <= 0) return "usedUp";
  return "active";
}

/** Deletes a coupon nobody has used (a used one is money history: disable it instead). */
export async function deleteCoupon(scope: ManagerScope, id: string) {
  return transaction(scope, async (tx) => {
    const [row] = await tx.db.select().from(coupons).where(eq(coupons.id, id));
    if (!row) throw notFound();
    if (await isCouponUsed(tx.db, id)) throw conflict("manager.coupons.errors.used", { _: msg("used") });
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
