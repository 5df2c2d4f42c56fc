import { and, count, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { orders, referralAliases, referralSignups, referrals, users } from "../../db/schema";
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

/**
 * The referral a `?ref=` code credits: its own code or one it had before a rename (links handed out
 * keep counting), and only while it is not retired (a retired one's links land normally, crediting
 * nobody). Null otherwise.
 */
export async function creditedReferral(db: Db, code: string | undefined | null) {
  if (!code) return null;
  const [own] = await db
    .select({ id: referrals.id })
    .from(referrals)
    .where(and(eq(referrals.code, code), isNull(referrals.retiredAt)));
  if (own) return own.id;
  const [alias] = await db
    .select({ id: referrals.id })
    .from(referralAliases)
    .innerJoin(referrals, eq(referrals.id, referralAliases.referralId))
    .where(and(eq(referralAliases.code, code), isNull(referrals.retiredAt)));
  return alias?.id ?? null;
}

/** A sign-up the referral credited, kept when the account is deleted (its historical count). */
export async function recordReferralSignup(db: Db, referralId: string, userId: string) {
  await db.insert(referralSignups).values({ id: createId(), referralId, userId });
}

export async function createReferral(db: Db, publicUrl: string, input: z.infer<typeof referralSchema>) {
  const id = createId();
  // a former code of another referral still credits that one: not free to take
  const [alias] = await db.select({ code: referralAliases.code }).from(referralAliases).where(eq(referralAliases.code, input.code));
  if (alias) throw conflict("errors.validation", { code: "manager.referrals.taken" });
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
  // every sign-up it credited, the deleted accounts' included
  const [{ signups }] = await db.select({ signups: count() }).from(referralSignups).where(eq(referralSignups.referralId, id));
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
