// The schema's section: test, model, results.
import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, createdAt, bool, type Localized } from "./columns";
import { users } from "./people";

export const formats = sqliteTable("formats", {
  code: text().primaryKey(), // e.g. SYS-HIGH-FAST; the classifier's class order is `position`
  position: integer().notNull(),
  structure: text({ enum: ["system", "analytic", "balanced"] }).notNull(),
  volume: text({ enum: ["low", "middle", "high"] }).notNull(),
  presentation: text({ enum: ["slow", "middle", "fast"] }).notNull(),
  name: text({ mode: "json" }).$type<Localized>().notNull(),
  description: text({ mode: "json" }).$type<Localized>().notNull(),
  /** Raised by a trigger on every change of the row, however it is made: readers cache by it (0015). */
  revision: integer().notNull().default(0),
});

export const tests = sqliteTable("tests", {
  id: id(),
  name: text({ mode: "json" }).$type<Localized>().notNull(),
  description: text({ mode: "json" }).$type<Localized>(),
  itemBankVersion: text().notNull(),
  minutes: integer().notNull().default(20),
  activationCode: text(), // when set, /test/start/{id} needs this code
  isActive: integer({ mode: "boolean" }).notNull().default(true),
  isDefault: bool(),
  createdAt: createdAt(),
});

export const questions = sqliteTable(
  "questions",
  {
    id: id(),
    testId: text()
      .notNull()
      .references(() => tests.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    code: text().notNull(),
    text: text({ mode: "json" }).$type<Localized>().notNull(),
    keys: text({ mode: "json" }).$type<{ scale: string; sign: number; weight?: number }[]>().notNull(),
    pairWith: integer(),
  },
  (t) => [uniqueIndex("questions_test_pos_uq").on(t.testId, t.position)],
);

/** The results the rechecker waits on: completed, unconfirmed, doubted or of low top probability (< LOW_PROBABILITY, 0.6). */
export const RECHECK_PREDICATE = "is_completed = 1 and is_correct = 0 and (is_doubt = 1 or probability < 0.6)";

export const results = sqliteTable(
  "results",
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    testId: text()
      .notNull()
      .references(() => tests.id),
    isCompleted: bool(),
    formatCode: text().references(() => formats.code),
    probability: real(),
    runnerUpCode: text(),
    runnerUpProbability: real(),
    indicators: text({ mode: "json" }).$type<Record<string, number>>(),
    quality: text({ mode: "json" }).$type<{ grade: string; flags: string[] }>(),
    isCorrect: bool(),
    isDoubt: bool(),
    modelVersion: text(),
    scoringVersion: text(),
    /** This person's share of the test's population profile (model/recalibrate.ts personProfile), set on completion. */
    populationShare: text({ mode: "json" }).$type<number[]>(),
    /** Set while the person shares a public card of this result's format (/share/{code}); null when not. */
    shareCode: text(),
    createdAt: createdAt(),
    lastAnswerAt: integer({ mode: "timestamp_ms" }),
    completedAt: integer({ mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("results_share_code_uq").on(t.shareCode),
    index("results_user_idx").on(t.userId, t.createdAt),
    // a person's open or latest completed result (the report page, the test start): by the person,
    // not by the flag every completed result shares
    index("results_user_completed_idx").on(t.userId, t.isCompleted, t.createdAt),
    index("results_completed_idx").on(t.isCompleted, t.createdAt),
    index("results_correct_idx").on(t.isCorrect),
    // back-office list filters and the rechecker queue (manager-back-office §2 /manager/results)
    index("results_created_idx").on(t.createdAt),
    index("results_format_idx").on(t.formatCode, t.createdAt),
    index("results_doubt_idx").on(t.isDoubt, t.createdAt),
    // the flags together: filter-list and its newCount are counted from the index alone
    index("results_flags_idx").on(t.isCompleted, t.isDoubt, t.isCorrect, t.createdAt),
    index("results_model_idx").on(t.modelVersion, t.createdAt),
    // the quality grade lives in the JSON; the filter's expression (server/admin/resources/results.ts)
    // matches these, so grade alone and format + grade are index searches, not JSON reads per row
    index("results_grade_idx").on(sql`json_extract(${t.quality}, '$.grade')`, t.createdAt),
    index("results_format_grade_idx").on(t.formatCode, sql`json_extract(${t.quality}, '$.grade')`, t.createdAt),
    // the item analysis: a test's completed results, and its cache stamp from the index alone
    index("results_test_completed_idx").on(t.testId, t.isCompleted, t.completedAt),
    // the rechecker's count in every back-office side bar (server/admin/overview.ts workQueues counts
    // through this index by name, with the same predicate; 0.6 is LOW_PROBABILITY): 3 ms, not 50, on 100,000
    index("results_recheck_idx").on(t.completedAt).where(sql.raw(RECHECK_PREDICATE)),
  ],
);

export const answers = sqliteTable(
  "answers",
  {
    id: id(),
    resultId: text()
      .notNull()
      .references(() => results.id, { onDelete: "cascade" }),
    questionId: text()
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    value: integer().notNull(), // −2..2
    elapsedMs: integer(),
    answeredAt: createdAt(),
  },
  (t) => [uniqueIndex("answers_result_question_uq").on(t.resultId, t.questionId)],
);
