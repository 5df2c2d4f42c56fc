// Restoring access: a one-hour link by e-mail, then a new password.
import { enqueueMail, type Scope, transaction } from "../../scope";
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { users } from "../../../db/schema";
import { tFor } from "../../../locales";
import { AppError } from "../../lib/errors";
import { mailLink } from "../../lib/links";
import { logActivity } from "../activity";
import { hashPassword, passwordSchema } from "../passwords";
import { revokeUserSessions } from "../sessions";
import { findUserByEmail, normalizeEmail } from "../users";
import { consumeEmailToken, issueEmailToken } from "./email-tokens";
import type { RequestMeta } from "./meta";
import { repeatMatches } from "./password";
import { hit, LIMITS } from "../rate-limits";

export const resetPasswordSchema = z
  .object({ token: z.string().min(16).max(100), password: passwordSchema(), repeat: z.string({ error: "common.validation.required" }) })
  .refine(repeatMatches, { message: "auth.errors.repeatMismatch", path: ["repeat"] });

/** How long every restore request takes, whatever happened: longer than the link's write and its
 * mail's inline wait (INLINE_WAIT_MS), so a registered address answers no later than an unknown one. */
export const RESTORE_REPLY_MS = 800;

/** Always succeeds from the caller's view, so the answer never tells whether an e-mail is registered
 * (neither by what it says nor by when it says it). */
export async function requestRestore(scope: Scope, input: { email: string }, meta: RequestMeta) {
  const replyAt = Date.now() + RESTORE_REPLY_MS;
  try {
    await issueRestoreLink(scope, input.email, meta);
  } finally {
    await new Promise((r) => setTimeout(r, Math.max(0, replyAt - Date.now())));
  }
}

async function issueRestoreLink(scope: Scope, email: string, meta: RequestMeta) {
  const { deps } = scope;
  // a few links an hour per address: more would be mail bombing someone's inbox
  const { count } = await hit(deps.db, `restore:${normalizeEmail(email)}`, LIMITS.restore);
  if (count > LIMITS.restore.max) return;
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  const t = tFor(user.locale ?? meta.locale);
  // the link and its mail together, through the outbox: SMTP down answers the same as SMTP up
  await transaction(scope, async (tx) => {
    const token = await issueEmailToken(tx.db, user.id, "restore");
    const link = mailLink(deps.config.PUBLIC_URL, `/restore?token=${token}`, user.locale ?? meta.locale);
    await enqueueMail(tx, {
      to: user.email,
      subject: t("mail.restore.subject"),
      text: [t("mail.restore.body"), link, "", t("mail.restore.ignore"), "", t("mail.signature")].join("\n"),
    });
  });
}

export async function resetPassword(scope: Scope, input: z.infer<typeof resetPasswordSchema>) {
  const passwordHash = await hashPassword(input.password); // before the unit of work: it awaits a thread
  // the token spent, the new password, the mailbox confirmed and every session ended: together
  return transaction(scope, async ({ db }) => {
    const userId = await consumeEmailToken(db, input.token, "restore");
    if (!userId) throw new AppError(400, "token_invalid", "auth.errors.tokenInvalid", { token: tFor("ru")("auth.errors.tokenInvalid") });
    // A working restore link proves the mailbox too.
    await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    await db
      .update(users)
      .set({ emailConfirmedAt: new Date() })
      .where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)));
    await revokeUserSessions(db, userId);
    await logActivity(db, userId, "password.reset");
    return userId;
  });
}
