// Sessions: the client holds a random 160-bit token; the database keeps only its SHA-256, so a
// leaked table can't be replayed. Expiry slides: any use in the second half of the 30 days
// extends it to a full 30 days again.
//
// Every request that carries a token looks it up, so that is one prepared statement (session and
// user together) and the session row is written at most once a minute, not on every request.
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { and, eq, ne, or, sql } from "drizzle-orm";
import { hash } from "node:crypto";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { sessions, users } from "../../db/schema";
import { createId } from "../lib/ids";
import { isManager, type UserRow } from "./users";

export const SESSION_DAYS = 30;
const DAY = 86_400_000;
export const SESSION_MS = SESSION_DAYS * DAY;
/** lastUsedAt is precise to this much; a busier session is not written again before. */
export const TOUCH_MS = 60_000;

export type SessionKind = "normal" | "masq" | "demo";
export type SessionRow = typeof sessions.$inferSelect;

/** What generateToken makes (base32, lower case): anything else is refused before a lookup. */
export const TOKEN_PATTERN = /^[a-z2-7]{16,64}$/;

export function generateToken(bytes = 20): string {
  const raw = new Uint8Array(bytes);
  crypto.getRandomValues(raw);
  return encodeBase32LowerCaseNoPadding(raw);
}

/** SHA-256 hex (node's native hash: a request pays microseconds, not tens of them). */
export function hashToken(token: string): string {
  return hash("sha256", token, "hex"); // one-shot: half the cost of createHash for a short input
}

export async function createSession(
  db: Db,
  userId: string,
  opts: {
    kind?: SessionKind;
    actorId?: string | null;
    userAgent?: string | null;
    ip?: string | null;
    ttlMs?: number;
    masq?: { reason: string; mode: "read" | "full"; returnTo: string | null };
  } = {},
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
    masqReason: opts.masq?.reason ?? null,
    masqMode: opts.masq?.mode ?? null,
    masqReturnTo: opts.masq?.returnTo ?? null,
  } satisfies typeof sessions.$inferInsert;
  await db.insert(sessions).values(row);
  return { token, session: row };
}

const sessionWithUser = prepared((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder("hash")))
    .limit(1)
    .prepare(),
);
const deleteSession = prepared((db) =>
  db
    .delete(sessions)
    .where(eq(sessions.id, sql.placeholder("id")))
    .prepare(),
);
const touchSession = prepared((db) =>
  db
    .update(sessions)
    .set({ lastUsedAt: sql`${sql.placeholder("now")}`, expiresAt: sql`${sql.placeholder("expires")}` })
    .where(eq(sessions.id, sql.placeholder("id")))
    .prepare(),
);

/** The live session for a token and its user, or null when unknown or expired. */
export async function resolveToken(db: Db, token: string): Promise<{ session: SessionRow; user: UserRow } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const row = await sessionWithUser(db).get({ hash: hashToken(token) });
  if (!row) return null;
  const { session } = row;
  const now = Date.now();
  if (session.expiresAt.getTime() <= now) {
    await deleteSession(db).run({ id: session.id });
    return null;
  }
  if (now - (session.lastUsedAt?.getTime() ?? 0) >= TOUCH_MS) {
    session.lastUsedAt = new Date(now);
    // only a normal session slides; a masquerade ends on time however busy it is
    if (session.kind === "normal" && session.expiresAt.getTime() - now < SESSION_MS / 2) session.expiresAt = new Date(now + SESSION_MS);
    await touchSession(db).run({ id: session.id, now: now, expires: session.expiresAt.getTime() });
  }
  return row;
}

/** The live session for a token, or null when unknown or expired. */
export async function validateToken(db: Db, token: string): Promise<SessionRow | null> {
  return (await resolveToken(db, token))?.session ?? null;
}

export async function revokeSession(db: Db, sessionId: string, userId?: string) {
  const where = userId ? and(eq(sessions.id, sessionId), eq(sessions.userId, userId)) : eq(sessions.id, sessionId);
  const res = await db.delete(sessions).where(where).returning({ id: sessions.id });
  return res.length > 0;
}

/**
 * Ends the user's sessions (but the one kept) and every masquerade they started as a manager: a
 * password change or "sign out everywhere" must also end what a stolen manager session began.
 */
export async function revokeUserSessions(db: Db, userId: string, exceptSessionId?: string) {
  const theirs = or(eq(sessions.userId, userId), eq(sessions.actorId, userId));
  await db.delete(sessions).where(exceptSessionId ? and(theirs, ne(sessions.id, exceptSessionId)) : theirs);
}

/**
 * A masquerade lives only while its manager still is one: active, with the manager role and a
 * confirmed address (demoted, deactivated or deleted managers' masquerades end at the next request).
 */
export async function masqueradeActorActive(db: Db, actorId: string | null) {
  if (!actorId) return false;
  const [actor] = await db
    .select({ role: users.role, emailConfirmedAt: users.emailConfirmedAt, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, actorId));
  return Boolean(actor?.isActive && isManager(actor));
}

/** Ends every masquerade the user started (they stopped being an active manager). */
export async function revokeMasqueradesBy(db: Db, actorId: string) {
  await db.delete(sessions).where(and(eq(sessions.actorId, actorId), eq(sessions.kind, "masq")));
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
 * masquerade one), so no session outlives the cookies the client is told to drop. The demo
 * session is the one every demo visitor shares: logging out of it only drops this browser's
 * cookie (ending it would end the demo for everyone).
 */
export async function logout(db: Db, tokens: readonly string[]) {
  for (const token of new Set(tokens)) {
    const session = await validateToken(db, token);
    if (session && session.kind !== "demo") await revokeSession(db, session.id);
  }
}
