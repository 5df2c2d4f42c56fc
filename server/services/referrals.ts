import { and, count, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { coupons, orders, referrals, users } from "../../db/schema";
import { conflict, notFound } from "../lib/errors";
import { createId } from "../lib/ids";

export const referralSchema = z.object({
  code: z.string().trim().regex(/^[\w-]{2,64}$/, "common.validation.invalid"),
  name: z.string().trim().max(120).optional(),
});

export async function createReferral(db: Db, publicUrl: string, input: z.infer<typeof referralSchema>) {
  const id = createId();
  const link = `${publicUrl}/?ref=${encodeURIComponent(input.code)}`;
  try {
    await db.insert(referrals).values({ id, code: input.code, name: input.name ?? null, link });
  } catch {
    throw conflict("errors.badRequest", { code: "taken" });
  }
  return { _id: id, code: input.code, name: input.name ?? null, link };
}

/** Sign-ups through the link, how many of them completed the test, and their paid orders. */
export async function referralStat(db: Db, id: string) {
  const [ref] = await db.select().from(referrals).where(eq(referrals.id, id));
  if (!ref) throw notFound();
  const [{ signups }] = await db.select({ signups: count() }).from(users).where(eq(users.referralId, id));
  const [{ completed }] = await db.select({ completed: count() }).from(users).where(and(eq(users.referralId, id), eq(users.isCompleted, true)));
  const [{ payments }] = await db
    .select({ payments: count() })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(users.referralId, id), eq(orders.state, "paid")));
  return { _id: ref.id, code: ref.code, link: ref.link, stat: { signups, completed, payments } };
}

export const couponSchema = z.object({
  code: z.string().trim().regex(/^[\w-]{2,64}$/, "common.validation.invalid"),
  type: z.enum(["absolute", "percent"]),
  amount: z.number().int().min(1),
  count: z.number().int().min(0).max(1_000_000).default(1),
  content: z.enum(["full", "all", "invite"]).default("full"),
  expiredAt: z.coerce.date().nullish(),
}).refine((c) => c.type !== "percent" || c.amount <= 100, { path: ["amount"], message: "common.validation.invalid" });

export async function createCoupon(db: Db, input: z.infer<typeof couponSchema>) {
  const id = createId();
  try {
    await db.insert(coupons).values({ id, ...input, expiredAt: input.expiredAt ?? null });
  } catch {
    throw conflict("errors.badRequest", { code: "taken" });
  }
  return { _id: id, ...input };
}
