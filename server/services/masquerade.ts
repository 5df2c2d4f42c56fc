// Acting as another user. A manager's masquerade session (cookie masqToken) carries the manager
// as its actor and is logged at start and end on the user's activity log. The demo business
// account gets a read-only session (cookie masqDemoToken) without any sign-in.
import type { Db } from "../../db/client";
import { DEMO_USER_ID } from "../../db/seed";
import { notFound } from "../lib/errors";
import { logActivity } from "./activity";
import { createSession, revokeSession } from "./sessions";
import { findUserById, type UserRow } from "./users";

export async function startMasquerade(db: Db, manager: UserRow, targetId: string) {
  const target = await findUserById(db, targetId);
  if (!target) throw notFound();
  const { token } = await createSession(db, target.id, { kind: "masq", actorId: manager.id });
  await logActivity(db, target.id, "masq.start", { manager: manager.email }, manager.id);
  return { token, user: target };
}

export async function endMasquerade(db: Db, sessionId: string, userId: string, actorId: string | null) {
  await revokeSession(db, sessionId);
  await logActivity(db, userId, "masq.end", {}, actorId);
}

export async function startDemo(db: Db) {
  const demo = await findUserById(db, DEMO_USER_ID);
  if (!demo) throw notFound();
  const { token } = await createSession(db, demo.id, { kind: "demo" });
  return { token, user: demo };
}
