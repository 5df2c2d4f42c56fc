// Acting as another user. A manager's masquerade session (cookie masqToken) carries the manager
// as its actor, lasts one hour, never targets another manager, and is logged at start and end on
// the user's activity log. The demo business account has one shared read-only session (cookie
// masqDemoToken) that anyone may use without signing in: one row, however many visitors.
import type { Db } from "../../db/client";
import { DEMO_USER_ID } from "../../db/seed";
import { AppError, notFound } from "../lib/errors";
import { logActivity } from "./activity";
import { getSetting, setSetting } from "./setting-store";
import { createSession, revokeSession, validateToken } from "./sessions";
import { findUserById, hasManagerRole, type UserRow } from "./users";

export const MASQUERADE_MS = 60 * 60_000;
const DEMO_TOKEN_SETTING = "demo.sessionToken";

export async function startMasquerade(db: Db, manager: UserRow, targetId: string) {
  const target = await findUserById(db, targetId);
  if (!target) throw notFound();
  // a manager's session could act as a manager: never impersonate one
  if (hasManagerRole(target)) throw new AppError(403, "masq_manager", "auth.errors.masqManager");
  const { token } = await createSession(db, target.id, { kind: "masq", actorId: manager.id, ttlMs: MASQUERADE_MS });
  await logActivity(db, target.id, "masq.start", { manager: manager.email }, manager.id);
  return { token, user: target };
}

export async function endMasquerade(db: Db, sessionId: string, userId: string, actorId: string | null) {
  await revokeSession(db, sessionId);
  await logActivity(db, userId, "masq.end", {}, actorId);
}

/** The shared demo session: its token is public by design (read-only), so it is kept in
 * settings and handed to every visitor; a new one is made only when it has expired. */
export async function startDemo(db: Db) {
  const demo = await findUserById(db, DEMO_USER_ID);
  if (!demo) throw notFound();
  const saved = await getSetting<string | null>(db, DEMO_TOKEN_SETTING, null);
  if (saved && (await validateToken(db, saved))?.kind === "demo") return { token: saved, user: demo };
  const { token } = await createSession(db, demo.id, { kind: "demo" });
  await setSetting(db, DEMO_TOKEN_SETTING, token);
  return { token, user: demo };
}
