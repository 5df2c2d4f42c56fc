// The schema's section: back-office.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, createdAt } from "./columns";

/** Append-only: who (the real manager, also under masquerade) did what to which record, when,
 * with the changed fields. Rows are only ever inserted (server/admin/audit.ts). */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: id(),
    /** The manager who acted (the session's user). */
    actorId: text().notNull(),
    /** The person really behind the request: the manager behind a masquerade session, else the actor. */
    realActorId: text().notNull(),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text(),
    /** The user the record belongs to, for "what was done to them" on the user's page. */
    subjectUserId: text(),
    changes: text({ mode: "json" }).$type<Record<string, { from: unknown; to: unknown }> | Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_entity_idx").on(t.entity, t.entityId, t.createdAt),
    index("audit_subject_idx").on(t.subjectUserId, t.createdAt),
    index("audit_created_idx").on(t.createdAt),
  ],
);

/** Exports made in the back-office (/manager/exporting): who made which, with what filters. */
export const exportsLog = sqliteTable(
  "exports",
  {
    id: id(),
    managerId: text().notNull(),
    kind: text({ enum: ["users", "results", "payments"] }).notNull(),
    format: text({ enum: ["csv", "xlsx"] }).notNull(),
    filters: text({ mode: "json" }).$type<Record<string, unknown>>(),
    rows: integer(),
    createdAt: createdAt(),
    finishedAt: integer({ mode: "timestamp_ms" }),
  },
  (t) => [index("exports_created_idx").on(t.createdAt)],
);
