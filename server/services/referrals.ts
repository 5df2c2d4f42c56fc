import { and, count, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { orders, referrals, users } from "../../db/schema";
import { conflict, notFound } from "../lib/errors";
import { createId } from "../lib/ids";

export const referralLink = (publicUrl: string, code: string) => `${publicUrl}/?ref=${encodeURIComponent(code)}`;

export const referralSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[\w-]{2,64}$/, "common.validation.invalid"),
  name: z.string().trim().max(120).optional(),
});

export async function createReferral(db: Db, publicUrl: string, input: z.infer<typeof referralSchema>) {
  const id = createId();
  const link = referralLink(publicUrl, input.code);
  try {
    await db.insert(referrals).values({ id, code: input.code, name: input.name ?? null, link });
  } catch {
    throw conflict("errors.validation", { code: "manager.referrals.taken" });
  }
  return { _id: id, code: input.code, name: input.name ?? null, link };
}

/** Sign-ups through the link, how many of them completed the test, and their paid orders. */
export async function referralStat(db: Db, id: string) {
  const [ref] = await db.select().from(referrals).where(eq(referrals.id, id));
  if (!ref) throw notFound();
  const [{ signups }] = await db.select({ signups: count() }).from(users).where(eq(users.referralId, id));
  const [{ completed }] = await db
    .select({ completed: count() })
    .from(users)
    .where(and(eq(users.referralId, id), eq(users.isCompleted, true)));
  const [{ payments }] = await db
    .select({ payments: count() })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(users.referralId, id), eq(orders.state, "paid")));
  return { _id: ref.id, code: ref.code, link: ref.link, stat: { signups, completed, payments } };
}
