// One-time links sent by e-mail (confirmation and restore): the mail carries the token, the
// database only its hash.
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { emailTokens } from "../../../db/schema";
import { createId } from "../../lib/ids";
import { generateToken, hashToken, TOKEN_PATTERN } from "../sessions";

const HOUR = 3_600_000;
/** confirm the address; restore (or first set) the password; delete the account of a person without a password */
export type EmailTokenPurpose = "confirm" | "restore" | "delete";
export const CONFIRM_TTL_MS = 7 * 24 * HOUR;
export const RESTORE_TTL_MS = HOUR;

/** `ttlMs` overrides the purpose's default (a welcome set-password link lives as long as a confirmation). */
export async function issueEmailToken(db: Db, userId: string, purpose: EmailTokenPurpose, ttlMs?: number) {
  const token = generateToken(20);
  const ttl = ttlMs ?? (purpose === "confirm" ? CONFIRM_TTL_MS : HOUR);
  await db.insert(emailTokens).values({ id: createId(), userId, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttl) });
  return token;
}

/** Marks a live token used and returns its user id; an unknown, used or expired token gives null. */
export async function consumeEmailToken(db: Db, token: string, purpose: EmailTokenPurpose): Promise<string | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const now = new Date();
  const rows = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)))
    .returning({ userId: emailTokens.userId });
  return rows[0]?.userId ?? null;
}

/** Spends every live token of a purpose (an address corrected: a link sent to the old one must not confirm the new). */
export async function revokeEmailTokens(db: Db, userId: string, purpose: EmailTokenPurpose) {
  await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}
