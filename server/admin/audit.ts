// The back-office audit log: append-only (this module only inserts). Every manager write goes
// through `audit()` with the caller scope's actor, so the real person is recorded even when the
// session is a masquerade; it is written in the same unit of work as the change it records.
import { and, desc, eq, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { auditLog } from "../../db/schema";
import { createId } from "../lib/ids";
import type { Actor, UserScope } from "../scope";

export type AuditRow = typeof auditLog.$inferSelect;

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | null;
  subjectUserId?: string | null;
  changes?: Record<string, unknown> | null;
}

/** Records `e` as done by the scope's actor, on the scope's database (inside a unit of work: with it). */
export const auditBy = (scope: Pick<UserScope, "db" | "actor">, e: AuditEntry) => audit(scope.db, scope.actor, e);

export async function audit(db: Db, who: Actor, e: AuditEntry) {
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
