// The schema's section: leads and forms.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, createdAt } from "./columns";
import { users } from "./people";

export const businessRequests = sqliteTable(
  "business_requests",
  {
    id: id(),
    kind: text({ enum: ["demo", "corporate", "research", "lead", "contact", "support"] }).notNull(),
    userId: text().references(() => users.id, { onDelete: "set null" }),
    name: text(),
    phone: text(),
    email: text(),
    company: text(),
    message: text(),
    data: text({ mode: "json" }).$type<Record<string, unknown>>(),
    /** Where a manager has got with it (back-office business requests). */
    status: text({ enum: ["new", "in_progress", "done", "rejected"] })
      .notNull()
      .default("new"),
    createdAt: createdAt(),
  },
  (t) => [index("business_requests_created_idx").on(t.createdAt)],
);

export const consultationTickets = sqliteTable(
  "consultation_tickets",
  {
    id: id(),
    userId: text().references(() => users.id, { onDelete: "set null" }),
    name: text().notNull(),
    phone: text(),
    email: text(),
    message: text(),
    /** Where a manager has got with it (back-office business requests). */
    status: text({ enum: ["new", "in_progress", "done", "rejected"] })
      .notNull()
      .default("new"),
    createdAt: createdAt(),
  },
  (t) => [index("consultation_email_idx").on(t.email)],
);

export const webinarSignups = sqliteTable(
  "webinar_signups",
  {
    id: id(),
    userId: text().references(() => users.id, { onDelete: "set null" }),
    webinar: text().notNull(),
    name: text().notNull(),
    email: text().notNull(),
    phone: text(),
    /** Where a manager has got with it (back-office business requests). */
    status: text({ enum: ["new", "in_progress", "done", "rejected"] })
      .notNull()
      .default("new"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("webinar_email_uq").on(t.webinar, t.email)],
);

/** A manager's handling of a business request (any of the three kinds): who has it and a note. */
export const requestNotes = sqliteTable(
  "request_notes",
  {
    source: text({ enum: ["business", "consultation", "webinar"] }).notNull(),
    requestId: text().notNull(),
    note: text(),
    assigneeId: text().references(() => users.id, { onDelete: "set null" }),
    updatedAt: integer({ mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.source, t.requestId] })],
);
