// The schema's section: work that follows a commit.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, createdAt } from "./columns";

/**
 * The outbox: work a unit of work decided on and that must happen after its commit, even across a
 * crash (mail, recomputes). Written in the same transaction as the change it follows; done by the
 * job runner (server/jobs.ts) right after the commit and, for what failed or was cut short, later
 * with retries. A job is claimed (locked_until) before it runs, so two instances never both run it.
 */
export const jobs = sqliteTable(
  "jobs",
  {
    id: id(),
    /** what to do: "mail", "recompute-user", … (server/jobs.ts) */
    kind: text().notNull(),
    payload: text({ mode: "json" }).$type<Record<string, unknown>>().notNull(),
    attempts: integer().notNull().default(0),
    /** not before this time (ms); a failure pushes it back */
    runAt: integer({ mode: "timestamp_ms" }).notNull(),
    /** claimed by a runner until then */
    lockedUntil: integer({ mode: "timestamp_ms" }),
    lastError: text(),
    doneAt: integer({ mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("jobs_due_idx").on(t.doneAt, t.runAt)],
);
