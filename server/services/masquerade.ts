// Acting as another user. A manager's masquerade session (cookie masqToken) carries the manager
// as its actor, lasts one hour, never targets another manager, and is logged at start and end on
// the user's activity log with its reason, which the person sees on their data page. The demo business account has one shared read-only session (cookie
// masqDemoToken) that anyone may use without signing in: one row, however many visitors.
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { logs } from "../../db/schema";
import { DEMO_USER_ID } from "../../db/seed/demo-ids";
import { AppError, notFound } from "../lib/errors";
import type { Scope } from "../scope";
import { logActivity } from "./activity";
import { getSetting, setSetting } from "./setting-store";
import { createSession, revokeSession, validateToken } from "./sessions";
import { findUserById, hasManagerRole, type UserRow } from "./users";

export const MASQUERADE_MS = 60 * 60_000;
const DEMO_TOKEN_SETTING = "demo.sessionToken";

/** read: look only (every write refused); full: act as the person, each write audited with its values. */
export const MASQ_MODES = ["read", "full"] as const;
export type MasqMode = (typeof MASQ_MODES)[number];

/** What a manager states when starting: why (required, shown to the person), how, and where to come back to. */
export const masqueradeSchema = z.object({
  reason: z.string("manager.masq.reasonRequired").trim().min(3, "manager.masq.reasonRequired").max(300, "manager.masq.reasonLong"),
  // read-only unless full is chosen: looking is what support needs most often, and it cannot break anything
  mode: z.enum(MASQ_MODES).default("read"),
});
export type MasqueradeInput = z.input<typeof masqueradeSchema>;

export async function startMasquerade(db: Db, manager: UserRow, targetId: string, how: { reason: string; mode: MasqMode; returnTo: string }) {
  // the demo account's session is everyone's: a full masquerade would write to the public demo company
  if (targetId === DEMO_USER_ID) throw new AppError(403, "masq_demo", "auth.errors.masqDemo");
  const target = await findUserById(db, targetId);
  if (!target) throw notFound();
  // a manager's session could act as a manager: never impersonate one
  if (hasManagerRole(target)) throw new AppError(403, "masq_manager", "auth.errors.masqManager");
  const { token, session } = await createSession(db, target.id, {
    kind: "masq",
    actorId: manager.id,
    ttlMs: MASQUERADE_MS,
    masq: { reason: how.reason, mode: how.mode, returnTo: how.returnTo },
  });
  // the person's own activity: their data page tells them (supportVisits)
  await logActivity(db, target.id, "masq.start", { manager: manager.email, reason: how.reason, mode: how.mode }, manager.id);
  return { token, user: target, expiresAt: session.expiresAt };
}

/** The masquerades of the person's account, newest first: what their data page shows them. */
export async function supportVisits(db: Db, userId: string, limit = 20) {
  const rows = await db
    .select({ data: logs.data, createdAt: logs.createdAt })
    .from(logs)
    .where(and(eq(logs.userId, userId), eq(logs.action, "masq.start")))
    .orderBy(desc(logs.createdAt))
    .limit(limit);
  return rows.map((r) => ({
    at: r.createdAt,
    reason: typeof r.data?.reason === "string" ? r.data.reason : null,
    mode: r.data?.mode === "full" ? ("full" as const) : ("read" as const),
  }));
}

export async function endMasquerade(scope: Scope, session: { id: string; userId: string; actorId: string | null }) {
  await revokeSession(scope.db, session.id);
  await logActivity(scope.db, session.userId, "masq.end", {}, session.actorId);
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
