// Sessions: the client holds a random 160-bit token; the database keeps only its SHA-256, so a
// leaked table can't be replayed. Expiry slides: any use in the second half of the 30 days
// extends it to a full 30 days again.
import { sha256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sessions } from "../../db/schema";
import { createId } from "../lib/ids";

export const SESSION_DAYS = 30;
const DAY = 86_400_000;
export const SESSION_MS = SESSION_DAYS * DAY;

export type SessionKind = "normal" | "masq" | "demo";
export type SessionRow = typeof sessions.$inferSelect;

/** What generateToken makes (base32, lower case): anything else is refused before a lookup. */
export const TOKEN_PATTERN = /^[a-z2-7]{16,64}$/;

export function generateToken(bytes = 20): string {
  const raw = new Uint8Array(bytes);
  crypto.getRandomValues(raw);
  return encodeBase32LowerCaseNoPadding(raw);
}

export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export async function createSession(
  db: Db,
  userId: string,
  opts: { kind?: SessionKind; actorId?: string | null; userAgent?: string | null; ip?: string | null; ttlMs?: number } = {},
) {
  const token = generateToken();
  const now = Date.now();
  const row = {
    id: createId(),
    userId,
    tokenHash: hashToken(token),
    kind: opts.kind ?? "normal",
    actorId: opts.actorId ?? null,
    userAgent: opts.userAgent?.slice(0, 300) ?? null,
    ip: opts.ip ?? null,
    createdAt: new Date(now),
    lastUsedAt: new Date(now),
    expiresAt: new Date(now + (opts.ttlMs ?? SESSION_MS)),
  } satisfies typeof sessions.$inferInsert;
  await db.insert(sessions).values(row);
  return { token, session: row };
}

/** The live session for a token, or null when unknown or expired. */
export async function validateToken(db: Db, token: string): Promise<SessionRow | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const hash = hashToken(token);
  const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, hash)).limit(1);
  if (!row) return null;
  if (!constantTimeEqual(new TextEncoder().encode(row.tokenHash), new TextEncoder().encode(hash))) return null;
  const now = Date.now();
  if (row.expiresAt.getTime() <= now) {
    await db.delete(sessions).where(eq(sessions.id, row.id));
    return null;
  }
  // only a normal session slides; a masquerade ends on time however busy it is
  if (row.kind === "normal" && row.expiresAt.getTime() - now < SESSION_MS / 2) {
    row.expiresAt = new Date(now + SESSION_MS);
    await db.update(sessions).set({ expiresAt: row.expiresAt, lastUsedAt: new Date(now) }).where(eq(sessions.id, row.id));
  }
  return row;
}

export async function revokeSession(db: Db, sessionId: string, userId?: string) {
  const where = userId ? and(eq(sessions.id, sessionId), eq(sessions.userId, userId)) : eq(sessions.id, sessionId);
  const res = await db.delete(sessions).where(where).returning({ id: sessions.id });
  return res.length > 0;
}

export async function revokeUserSessions(db: Db, userId: string, exceptSessionId?: string) {
  const where = exceptSessionId
    ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
    : eq(sessions.userId, userId);
  await db.delete(sessions).where(where);
}

export async function listUserSessions(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.kind, "normal")))
    .orderBy(sessions.createdAt);
  return rows;
}

/**
 * Logout (spec §4): every session among the presented tokens ends (the normal one and any
 * masquerade or demo one), so no session outlives the cookies the client is told to drop.
 */
export async function logout(db: Db, tokens: readonly string[]) {
  for (const token of new Set(tokens)) {
    const session = await validateToken(db, token);
    if (session) await revokeSession(db, session.id);
  }
}
