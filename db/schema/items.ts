// The schema's section: report content, questions and item analysis.
import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { tests } from "./test";

/**
 * Scoring versions of a test: a manager's change of an item's keying appends one, with the whole
 * keying it scores with; a result stores the version it was scored with (results.scoringVersion) and
 * keeps its indicators, new results use the newest (model/README.md "Scoring versions").
 */
export const scoringVersions = sqliteTable(
  "scoring_versions",
  {
    version: text().primaryKey(), // e.g. scoring-v2.1
    testId: text()
      .notNull()
      .references(() => tests.id, { onDelete: "cascade" }),
    keying: text({ mode: "json" }).$type<{ position: number; keys: { scale: string; sign: number; weight?: number }[] }[]>().notNull(),
    /** what changed, for the back-office: {question, from, to} */
    change: text({ mode: "json" }).$type<Record<string, unknown>>(),
    createdBy: text(),
    createdAt: createdAt(),
  },
  (t) => [index("scoring_versions_test_idx").on(t.testId, t.createdAt)],
);
