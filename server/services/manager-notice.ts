// Notices to the managers' address (ADMIN_EMAIL): a new lead, a support message, a booking, a
// business order. Written in the language of the account at that address (Russian, the
// back-office's, unless it chose English), never in fixed English.
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { FALLBACK_LOCALE, isLocale, type T, tFor } from "../../locales";
import type { AppDeps } from "../context";
import { enqueueMail, type Scope } from "../scope";

/** Queues the notice in the caller's unit of work; nothing when no managers' address is configured. */
export async function mailManagers(tx: Scope, deps: AppDeps, compose: (t: T) => { subject: string; text: string }): Promise<void> {
  const to = deps.config.ADMIN_EMAIL;
  if (!to) return;
  const [row] = await tx.db.select({ locale: users.locale }).from(users).where(eq(users.email, to.toLowerCase())).limit(1);
  const t = tFor(isLocale(row?.locale) ? row.locale : FALLBACK_LOCALE);
  await enqueueMail(tx, { to, ...compose(t) });
}
