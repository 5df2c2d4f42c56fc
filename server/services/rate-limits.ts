// Abuse limits: fixed-window counters in the database (table rate_limits), so several app
// instances behind a libSQL server share them and a restart does not reset them. One statement
// per hit (an upsert that starts a new window when the old one is over), so concurrent hits
// never lose a count.
import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rateLimits } from "../../db/schema";
import { tooMany } from "../lib/errors";

export interface Limit {
  /** How many hits a window allows. */
  max: number;
  windowMs: number;
}

/** The limits by purpose: per address unless the key says otherwise. */
export const LIMITS = {
  /** Wrong passwords from one address for one account. */
  loginPair: { max: 5, windowMs: 15 * 60_000 },
  /** Wrong passwords from one address, whatever the account (a sprayer). */
  loginAddress: { max: 30, windowMs: 15 * 60_000 },
  /** Wrong passwords for one account from everywhere: above this, each try waits (back-off). */
  loginAccount: { max: 10, windowMs: 15 * 60_000 },
  restore: { max: 5, windowMs: 15 * 60_000 },
  resend: { max: 5, windowMs: 15 * 60_000 },
  signup: { max: 10, windowMs: 60 * 60_000 },
  /**
   * Sign-ups that carry a valid invitation or project link, per link rather than per address: a team
   * joins together from one office (one address behind NAT); the company's seats cap them anyway.
   */
  signupInvite: { max: 200, windowMs: 60 * 60_000 },
  /** Each lead form mails the managers. */
  lead: { max: 5, windowMs: 60 * 60_000 },
  /** Coupon, activation and test codes: guesses, right or wrong. */
  codeGuess: { max: 10, windowMs: 15 * 60_000 },
  demo: { max: 30, windowMs: 60 * 60_000 },
  // ---- the cabinet's and the site's writes, per account
  /** Invitation mails a project sends in a day (new ones and resends). */
  inviteMailProject: { max: 500, windowMs: 24 * 60 * 60_000 },
  /** Invitation mails one account sends in a day, over all its projects. */
  inviteMailAccount: { max: 1000, windowMs: 24 * 60 * 60_000 },
  /** Invitation mails a day from an account's unpaid projects (nothing bought, the one free invite). */
  inviteMailFree: { max: 10, windowMs: 24 * 60 * 60_000 },
  /** Invitation mails to one address from one project in a week (the invitation and its 3 resends), whatever rows come and go. */
  inviteMailRecipient: { max: 4, windowMs: 7 * 24 * 60 * 60_000 },
  /** Resends to one address of one project: at most 3 … */
  inviteResend: { max: 3, windowMs: 30 * 24 * 60 * 60_000 },
  /** … and not more often than every 10 minutes. */
  inviteResendGap: { max: 1, windowMs: 10 * 60_000 },
  /** Support requests mail the managers. */
  support: { max: 10, windowMs: 60 * 60_000 },
  /** Invoices (each a numbered accounting document) and corporate requests (mailed to the managers). */
  invoice: { max: 10, windowMs: 60 * 60_000 },
  corporate: { max: 5, windowMs: 24 * 60 * 60_000 },
  projects: { max: 20, windowMs: 24 * 60 * 60_000 },
  /** Departments, positions and skills: the structure a company builds by hand. */
  structure: { max: 300, windowMs: 60 * 60_000 },
  reviews: { max: 5, windowMs: 24 * 60 * 60_000 },
  /** Invitation and project link codes tried (the invitation page, project-form-info, join). */
  joinCode: { max: 30, windowMs: 15 * 60_000 },
  /** Calls one company API token makes (per token, not per address: an ATS calls from a few). */
  apiToken: { max: 600, windowMs: 60_000 },
} satisfies Record<string, Limit>;
export type LimitName = keyof typeof LIMITS;

/** Counts a hit; returns the count in the current window and when the window ends. */
export async function hit(db: Db, key: string, limit: Limit, now = Date.now()) {
  const resetAt = now + limit.windowMs;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${now} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${now} then ${resetAt} else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  if (Math.random() < 0.001) await db.delete(rateLimits).where(lt(rateLimits.resetAt, now)); // keep the table small
  return row!;
}

/**
 * Counts a hit and throws 429 (with Retry-After) when it is over the limit. `who` is an address
 * or an account; without one (a request that came through no socket, as in app.request) there is
 * nobody to count, and nothing is limited.
 */
export async function consume(db: Db, name: LimitName, who: string | null, now = Date.now()) {
  if (!who) return;
  const limit = LIMITS[name];
  const { count, resetAt } = await hit(db, `${name}:${who}`, limit, now);
  if (count > limit.max) throw tooMany(Math.max(1, Math.ceil((resetAt - now) / 1000)));
}

/**
 * Takes `n` units at once (a batch of mails) only if all of them fit the window; otherwise nothing
 * is counted and 429 says when the window ends (`message`: a clearer locale key than the default).
 * One statement, so concurrent batches never overdraw the limit.
 */
export async function take(db: Db, name: LimitName, who: string, n = 1, message?: string, now = Date.now()) {
  const limit = LIMITS[name];
  const key = `${name}:${who}`;
  const refuse = async () => {
    const [row] = await db.select({ resetAt: rateLimits.resetAt }).from(rateLimits).where(eq(rateLimits.key, key));
    const seconds = Math.max(1, Math.ceil(((row?.resetAt ?? now + limit.windowMs) - now) / 1000));
    const e = tooMany(seconds);
    if (message) e.messageKey = message;
    throw e;
  };
  if (n > limit.max) return refuse();
  const resetAt = now + limit.windowMs;
  const rows = await db
    .insert(rateLimits)
    .values({ key, count: n, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${now} then ${n} else ${rateLimits.count} + ${n} end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${now} then ${resetAt} else ${rateLimits.resetAt} end`,
      },
      setWhere: sql`${rateLimits.resetAt} <= ${now} or ${rateLimits.count} + ${n} <= ${limit.max}`,
    })
    .returning({ count: rateLimits.count });
  if (!rows.length) return refuse();
}

/** Seconds to wait before `key` may try again (0: now), without counting a hit. */
export async function retryAfter(db: Db, name: LimitName, who: string, now = Date.now()): Promise<number> {
  const limit = LIMITS[name];
  const [row] = await db
    .select()
    .from(rateLimits)
    .where(eq(rateLimits.key, `${name}:${who}`));
  if (!row || row.resetAt <= now || row.count < limit.max) return 0;
  return Math.ceil((row.resetAt - now) / 1000);
}

/** Counts a failure without throwing (the caller decides what a failure costs). */
export const recordFailure = (db: Db, name: LimitName, who: string, now = Date.now()) => hit(db, `${name}:${who}`, LIMITS[name], now);

export async function clear(db: Db, name: LimitName, who: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, `${name}:${who}`));
}

/** Forgets every counter (an operator's reset after an incident; tests between cases). */
export async function clearAllLimits(db: Db) {
  await db.delete(rateLimits);
}

/**
 * The login rule: failures from one address for one account, or from one address overall, wait
 * out their window (seconds returned here); failures of one account from everywhere only slow its
 * attempts down (loginBackoffMs, never a lock), so attackers elsewhere cannot keep the owner out.
 */
export async function loginWait(db: Db, email: string, ip: string, now = Date.now()): Promise<number> {
  const [pair, address] = await Promise.all([retryAfter(db, "loginPair", `${email}|${ip}`, now), retryAfter(db, "loginAddress", ip, now)]);
  return Math.max(pair, address);
}

/** How long to hold a login attempt for an account under attack: grows with failures, ≤ 3 s. */
export async function loginBackoffMs(db: Db, email: string, now = Date.now()): Promise<number> {
  const [row] = await db
    .select()
    .from(rateLimits)
    .where(eq(rateLimits.key, `loginAccount:${email}`));
  if (!row || row.resetAt <= now || row.count < LIMITS.loginAccount.max) return 0;
  return Math.min(3000, 250 * (row.count - LIMITS.loginAccount.max + 1));
}
