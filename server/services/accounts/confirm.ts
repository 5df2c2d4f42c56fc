// E-mail confirmation: the link sent at sign-up (and again on request) confirms the mailbox.
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { prepared } from "../../../db/prepared";
import { emailTokens, users } from "../../../db/schema";
import { tFor } from "../../../locales";
import { z } from "zod";
import { enqueueMail, transaction, type Scope, type UserScope } from "../../scope";
import { conflict, tooMany } from "../../lib/errors";
import { fields } from "../../lib/validate";
import { mailLink } from "../../lib/links";
import { findUserByEmail, isEmailConfirmed, type UserRow } from "../users";
import { CONFIRM_TTL_MS, consumeEmailToken, issueEmailToken, revokeEmailTokens } from "./email-tokens";

/** The wait before the confirmation e-mail can be sent again (spec: "not shown"; we chose 60 s). */
export const RESEND_WAIT_SECONDS = 60;

/** The confirmation e-mail; a generated password (sign-up with an e-mail only) goes in it too. */
/**
 * The confirmation mail. After an e-mail-only sign-up it also carries a link to set a password:
 * a password is never sent by mail (mailboxes keep it forever; a link works once).
 */
export function sendConfirmation(scope: Scope, user: UserRow, opts: { setPassword?: boolean; fallback?: string | null; company?: string | null } = {}) {
  // the tokens and the mail that carries them: one unit of work, the mail through the outbox
  return transaction(scope, async (tx) => {
    const t = tFor(user.locale);
    const base = tx.deps.config.PUBLIC_URL;
    const token = await issueEmailToken(tx.db, user.id, "confirm");
    // where the person was going when they signed up: the confirmation page continues there
    const next = opts.fallback ? `?${new URLSearchParams({ fallback: opts.fallback })}` : "";
    const lines = [t("mail.confirm.greeting"), "", t("mail.confirm.body"), mailLink(base, `/confirm/${token}${next}`, user.locale), ""];
    // signed up from a company's invitation: the mail says which company, so it is not mistaken for spam
    if (opts.company) lines.push(t("followup.confirmMail.company", { company: opts.company }), "");
    if (opts.setPassword) {
      const reset = await issueEmailToken(tx.db, user.id, "restore", CONFIRM_TTL_MS);
      lines.push(t("mail.confirm.setPassword"), mailLink(base, `/restore?token=${reset}`, user.locale), "");
    }
    lines.push(t("mail.confirm.ignore"), "", t("mail.signature"));
    await enqueueMail(tx, { to: user.email, subject: t("mail.confirm.subject"), text: lines.join("\n") });
  });
}

export function confirmEmail(scope: Scope, token: string) {
  // the token is spent only with the confirmation it gives
  return transaction(scope, async ({ db }) => {
    const userId = await consumeEmailToken(db, token, "confirm");
    if (!userId) return null;
    await db
      .update(users)
      .set({ emailConfirmedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)));
    return userId;
  });
}

// every report page of a reader who has not confirmed yet
const lastConfirmationMail = prepared((db) =>
  db
    .select({ createdAt: emailTokens.createdAt })
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, sql.placeholder("user")), eq(emailTokens.purpose, "confirm")))
    .orderBy(desc(emailTokens.createdAt))
    .limit(1)
    .prepare(),
);

/** Seconds until another confirmation e-mail may be sent (0 = now). */
export async function resendWait(db: Db, userId: string): Promise<number> {
  const last = await lastConfirmationMail(db).get({ user: userId });
  if (!last) return 0;
  return Math.max(0, Math.ceil((last.createdAt.getTime() + RESEND_WAIT_SECONDS * 1000 - Date.now()) / 1000));
}

export async function resendConfirmation(scope: Scope, user: UserRow) {
  if (isEmailConfirmed(user)) return { sent: false, confirmed: true, wait: 0 };
  const wait = await resendWait(scope.db, user.id);
  if (wait > 0) throw tooMany(wait);
  await sendConfirmation(scope, user);
  return { sent: true, confirmed: false, wait: RESEND_WAIT_SECONDS };
}

export const correctEmailSchema = z.object({ email: fields.email() });

/**
 * A typo in the sign-up address would hide the result for good (the report waits for a confirmed
 * address): until it is confirmed, the person may correct it. The new address gets a fresh link
 * and the links sent to the old one stop working; the resend wait applies, so it is no mail cannon.
 */
export async function correctUnconfirmedEmail(scope: UserScope, input: z.infer<typeof correctEmailSchema>) {
  const { user } = scope;
  if (isEmailConfirmed(user)) throw conflict("auth.errors.alreadyConfirmed", { email: "auth.errors.alreadyConfirmed" });
  if (input.email === user.email) return resendConfirmation(scope, user);
  const wait = await resendWait(scope.db, user.id);
  if (wait > 0) throw tooMany(wait);
  const other = await findUserByEmail(scope.db, input.email);
  if (other) throw conflict("auth.errors.emailTaken", { email: "auth.errors.emailTaken" });
  const changed = { ...user, email: input.email };
  await transaction(scope, async (tx) => {
    await revokeEmailTokens(tx.db, user.id, "confirm");
    await tx.db.update(users).set({ email: input.email, updatedAt: new Date() }).where(eq(users.id, user.id));
    await sendConfirmation(tx, changed);
  });
  return { sent: true, confirmed: false, wait: RESEND_WAIT_SECONDS };
}
