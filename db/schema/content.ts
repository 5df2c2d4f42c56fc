// The schema's section: content.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, createdAt, bool, type Localized } from "./columns";
import { users } from "./people";
import { formats } from "./test";

export const reports = sqliteTable(
  "reports",
  {
    id: id(),
    formatCode: text()
      .notNull()
      .references(() => formats.code),
    type: text({ enum: ["short", "business", "full", "base", "couple", "chief", "career"] }).notNull(),
    language: text({ enum: ["ru", "en", "ch"] }).notNull(),
    title: text().notNull(),
    text: text().notNull().default(""),
    sections: text({ mode: "json" }).$type<{ key: string; tab: string; title: string; text: string; teaser: string; locked: boolean }[]>().notNull(),
    updatedAt: integer({ mode: "timestamp_ms" }),
    /** Raised by a trigger on every change of the row, however it is made: readers cache by it. */
    revision: integer().notNull().default(0),
  },
  (t) => [uniqueIndex("reports_format_type_lang_uq").on(t.formatCode, t.type, t.language), index("reports_type_idx").on(t.type, t.language)],
);

export const reviews = sqliteTable(
  "reviews",
  {
    id: id(),
    userId: text().references(() => users.id, { onDelete: "set null" }),
    name: text().notNull(),
    position: text(),
    img: text(),
    text: text({ mode: "json" }).$type<Partial<Localized>>().notNull(),
    isPublished: bool(),
    createdAt: createdAt(),
  },
  (t) => [index("reviews_published_idx").on(t.isPublished, t.createdAt)],
);

/** Fixed-window counters for abuse limits, in the database so every app instance shares them. */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text().primaryKey(),
    count: integer().notNull(),
    resetAt: integer().notNull(), // epoch ms
  },
  (t) => [index("rate_limits_reset_idx").on(t.resetAt)],
);

export const settings = sqliteTable("settings", {
  key: text().primaryKey(),
  value: text({ mode: "json" }).$type<unknown>().notNull(),
  updatedAt: integer({ mode: "timestamp_ms" }),
});
