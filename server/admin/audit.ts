// The back-office audit log: append-only (this module only inserts). Every manager write goes
// through `audit()` with the caller scope's actor, so the real person is recorded even when the
// session is a masquerade; it is written in the same unit of work as the change it records.
import { and, count, desc, eq, gte, inArray, like, lte, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { auditLog, users } from "../../db/schema";
import { badRequest } from "../lib/errors";
import { endOfDayIn, startOfDayIn } from "../lib/time-zone";
import { paged, pagingSchema } from "../lib/listing";
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

/** What was done to a user or their records (orders, results, requests…), as the pages show entries. */
export async function auditAboutUser(db: Db, userId: string, limit = 100) {
  return withPeople(db, await auditOfUser(db, userId, limit));
}

/** An entry as the pages show it: the manager by e-mail (and the person acted as, under a masquerade). */
export interface AuditDoc {
  _id: string;
  action: string;
  entity: string;
  entityId: string | null;
  subjectUserId: string | null;
  manager: { _id: string; email: string | null };
  actedAs: { _id: string; email: string | null } | null;
  changes: Record<string, unknown> | null;
  createdAt: Date;
}

async function withPeople(db: Db, rows: AuditRow[]): Promise<AuditDoc[]> {
  const ids = [...new Set(rows.flatMap((r) => [r.realActorId, r.actorId]))];
  const people = ids.length ? await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids)) : [];
  // a deleted manager's entries stay: their id is shown without an address
  const email = (id: string) => people.find((p) => p.id === id)?.email ?? null;
  return rows.map((r) => ({
    _id: r.id,
    action: r.action,
    entity: r.entity,
    entityId: r.entityId,
    subjectUserId: r.subjectUserId,
    manager: { _id: r.realActorId, email: email(r.realActorId) },
    actedAs: r.actorId !== r.realActorId ? { _id: r.actorId, email: email(r.actorId) } : null,
    changes: (r.changes as Record<string, unknown> | null) ?? null,
    createdAt: r.createdAt,
  }));
}

const dateParam = z.union([z.literal(""), z.iso.date()]).optional();
export const auditQuerySchema = z.object({
  actor: z.string().trim().max(254).optional(),
  entity: z.string().trim().max(64).optional(),
  action: z.string().trim().max(100).optional(),
  entityId: z.string().trim().max(64).optional(),
  from: dateParam,
  to: dateParam,
});

/** The audit page's list: by manager (e-mail or id), entity, action (a part of its
 * name), record and dates, newest first. Entries outlive their records: nothing here joins them. */
export async function listAudit(db: Db, query: Record<string, string | undefined>, zone: string) {
  const paging = pagingSchema(200).safeParse({ page: query.page, limit: query.limit });
  const parsed = auditQuerySchema.safeParse(query);
  if (!paging.success || !parsed.success) throw badRequest("errors.badParam", { filter: "manager.list.badFilter" });
  const { page, limit } = paging.data;
  const f = parsed.data;
  const conds: SQL[] = [];
  if (f.actor) {
    const [who] = f.actor.includes("@") ? await db.select({ id: users.id }).from(users).where(eq(users.email, f.actor.toLowerCase())) : [{ id: f.actor }];
    conds.push(eq(auditLog.realActorId, who?.id ?? "-"));
  }
  if (f.entity) conds.push(eq(auditLog.entity, f.entity));
  if (f.entityId) conds.push(eq(auditLog.entityId, f.entityId));
  if (f.action) conds.push(like(auditLog.action, `%${f.action.replace(/[%_\\]/g, "")}%`));
  // the days a manager picks are the operator's days (TIME_ZONE), as every date on the pages
  if (f.from) conds.push(gte(auditLog.createdAt, startOfDayIn(f.from, zone)));
  if (f.to) conds.push(lte(auditLog.createdAt, endOfDayIn(f.to, zone)));
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return paged(await withPeople(db, rows), total!.n, page, limit);
}

/** One record's history, newest first (the detail pages' "History"). */
export async function auditOfRecord(db: Db, entity: string, id: string, limit = 50) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, id)))
    .orderBy(desc(auditLog.createdAt))
    .limit(limit);
  return withPeople(db, rows);
}

/** The entities entries are filed under and the actions recorded, for the page's filters. */
export async function auditKinds(db: Db) {
  const [entities, actions] = await Promise.all([
    db.selectDistinct({ v: auditLog.entity }).from(auditLog).orderBy(auditLog.entity),
    db.selectDistinct({ v: auditLog.action }).from(auditLog).orderBy(auditLog.action),
  ]);
  return { entities: entities.map((r) => r.v), actions: actions.map((r) => r.v) };
}
