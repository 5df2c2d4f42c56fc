// The back-office audit log: append-only (this module only inserts). Every manager write goes
// through `audit()` with the request's context, so the real person is recorded even when the
// session is a masquerade (the session's actor).
import type { Context } from "hono";
import { and, desc, eq, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { auditLog } from "../../db/schema";
import { createId } from "../lib/ids";

export type AuditRow = typeof auditLog.$inferSelect;

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | null;
  subjectUserId?: string | null;
  changes?: Record<string, unknown> | null;
}

/** Who acts in this request: the signed-in user, and the real person behind a masquerade. */
export function actorOf(c: Context) {
  const auth = c.get("auth");
  if (!auth) throw new Error("audit without a signed-in user");
  return { actorId: auth.user.id, realActorId: auth.actorId ?? auth.user.id };
}

export async function audit(db: Db, who: { actorId: string; realActorId: string }, e: AuditEntry) {
  await db.insert(auditLog).values({
    id: createId(),
    actorId: who.actorId,
    realActorId: who.realActorId,
    action: e.action,
    entity: e.entity,
    entityId: e.entityId ?? null,
    subjectUserId: e.subjectUserId ?? null,
    changes: e.changes ?? null,
  });
}

/** Field-by-field differences of two versions of a record ({field: {from, to}}), secrets left out. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>, keys = Object.keys(after)) {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const k of keys) {
    if (k === "passwordHash") continue;
    const a = before[k] instanceof Date ? (before[k] as Date).getTime() : before[k];
    const b = after[k] instanceof Date ? (after[k] as Date).getTime() : after[k];
    if (JSON.stringify(a) !== JSON.stringify(b)) out[k] = { from: before[k] ?? null, to: after[k] ?? null };
  }
  return out;
}

/** What was done to a user or to their records, newest first. */
export async function auditOfUser(db: Db, userId: string, limit = 100) {
  return db
    .select()
    .from(auditLog)
    .where(or(eq(auditLog.subjectUserId, userId), and(eq(auditLog.entity, "user"), eq(auditLog.entityId, userId))))
    .orderBy(desc(auditLog.createdAt))
    .limit(limit);
}

/** Every write made under a masquerade goes to the audit log with the real person (the manager
 * behind the session), the user acted as, the method, path and answer status. Mounted on /api and
 * on the pages' POSTs. */
export const auditMasqueradeWrites: import("hono").MiddlewareHandler = async (c, next) => {
  await next();
  const auth = c.get("auth");
  if (auth?.kind !== "masq" || c.req.method === "GET" || c.req.method === "HEAD" || !auth.actorId) return;
  await audit(c.get("deps").db, { actorId: auth.user.id, realActorId: auth.actorId }, {
    action: "masq.write",
    entity: "request",
    subjectUserId: auth.user.id,
    changes: { method: c.req.method, path: new URL(c.req.url).pathname, status: c.res.status },
  });
};
