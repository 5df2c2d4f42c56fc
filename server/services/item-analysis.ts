// The item analysis of a test from its completed results (model/item-analysis.ts does the math).
// The answers are read through indexes only (results_test_completed_idx in order of completion,
// then answers_result_question_uq per result), one packed row per result. What is read is kept per test and
// scoring version as running sums: a later visit reads only the results completed since (a range
// of the same index) and adds them, so a new completed test costs its own 110 answers. A stamp
// (how many completed results, the last completion) tells whether anything else changed; if the
// count does not add up (a result reset, answers deleted) it is computed again from the start.
import { and, asc, count, eq, gt, lte, max, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { answers, questions, results, users } from "../../db/schema";
import { ItemAnalyser, type AnalysisItem, type ItemAnalysis } from "../../model/item-analysis";
import { currentScoring } from "./scoring-versions";

interface Kept {
  analyser: ItemAnalyser;
  /** completed results seen (with or without a full set of answers) and the last completion */
  results: number;
  last: number;
  analysis: ItemAnalysis;
}
const kept = new Map<string, Kept>();

/** Drops what is kept (a keying change; tests). */
export function invalidateItemAnalysis(testId?: string) {
  if (!testId) return kept.clear();
  for (const k of kept.keys()) if (k.startsWith(`${testId}|`)) kept.delete(k);
}

async function stampOf(db: Db, testId: string) {
  const [row] = await db
    .select({ n: count(), last: max(results.completedAt) })
    .from(results)
    .where(and(eq(results.testId, testId), eq(results.isCompleted, true)));
  const last = row?.last as Date | number | null | undefined;
  return { results: row?.n ?? 0, last: last instanceof Date ? last.getTime() : Number(last ?? 0) };
}

/** The test's items with their current keying, and the scoring version new results use. */
export async function analysisItems(db: Db, testId: string): Promise<{ items: (AnalysisItem & { id: string })[]; version: string }> {
  const rows = await db
    .select({ id: questions.id, position: questions.position, code: questions.code, keys: questions.keys })
    .from(questions)
    .where(eq(questions.testId, testId))
    .orderBy(asc(questions.position));
  return { items: rows, version: (await currentScoring(db, testId)).version };
}

/** Results read per query: a query of this size takes tens of milliseconds even on 100,000 results,
 * and between two the event loop serves other requests (better-sqlite3 blocks while a query runs, so
 * one query over every result held the whole site for seconds on a cold start). */
export const ANALYSIS_BATCH = 500;

/**
 * Adds the test's results completed after `after` and up to `upto` (ms) to the analyser, one
 * respondent per result with all its answers; returns how many results there were. Each result
 * comes as one row with its answers packed ("position,value,ms;…" by a correlated subquery over
 * answers_result_question_uq): 20,000 short strings instead of 2.2 million row objects. Read in
 * batches in order of completion (then id), yielding to the event loop between them.
 */
async function addRespondents(
  db: Db,
  testId: string,
  items: { position: number }[],
  analyser: ItemAnalyser,
  after: number | null,
  upto: number,
  batch = ANALYSIS_BATCH,
) {
  const index = new Map(items.map((it, i) => [it.position, i]));
  const size = items.length;
  const packed = sql<
    string | null
  >`(select group_concat(${questions.position} || ',' || ${answers.value} || ',' || coalesce(${answers.elapsedMs}, ''), ';') from ${answers} inner join ${questions} on ${questions.id} = ${answers.questionId} where ${answers.resultId} = ${results.id})`;
  let cursor: { at: number; id: string } | null = null;
  let total = 0;
  for (;;) {
    const where = and(
      eq(results.testId, testId),
      eq(results.isCompleted, true),
      after === null ? undefined : gt(results.completedAt, new Date(after)),
      lte(results.completedAt, new Date(upto)),
      cursor ? sql`(${results.completedAt}, ${results.id}) > (${cursor.at}, ${cursor.id})` : undefined,
    );
    const rows = (await db
      .select({ locale: users.locale, packed, at: results.completedAt, id: results.id })
      .from(results)
      .innerJoin(users, eq(users.id, results.userId))
      .where(where)
      .orderBy(asc(results.completedAt), asc(results.id))
      .limit(batch)
      .values()) as [string, string | null, number | Date, string][];
    for (const [locale, list] of rows) {
      if (!list) continue;
      const values = new Int8Array(size);
      const elapsedMs = new Array<number | null>(size).fill(null);
      let answered = 0;
      for (const part of list.split(";")) {
        const [position, value, ms] = part.split(",");
        const i = index.get(Number(position));
        if (i === undefined) continue;
        values[i] = Number(value);
        elapsedMs[i] = ms ? Number(ms) : null;
        answered++;
      }
      // a result with a deleted answer (the rechecker can delete one) can't be used as a whole
      if (answered === size) analyser.add({ locale, values, elapsedMs });
    }
    total += rows.length;
    if (rows.length < batch) return total;
    const last = rows[rows.length - 1]!;
    cursor = { at: last[2] instanceof Date ? last[2].getTime() : Number(last[2]), id: last[3] };
    await new Promise((resolve) => setImmediate(resolve));
  }
}

type Analysis = ItemAnalysis & { version: string; computedMs: number; cached: boolean };
const running = new Map<string, Promise<Analysis>>();

/** The analysis of a test with its current keying, up to date with its completed results. Two
 * visits at once (a cold start) share one computation. */
export function itemAnalysis(db: Db, testId: string, batch = ANALYSIS_BATCH): Promise<Analysis> {
  const now = running.get(testId);
  if (now) return now;
  const work = computeAnalysis(db, testId, batch).finally(() => running.delete(testId));
  running.set(testId, work);
  return work;
}

async function computeAnalysis(db: Db, testId: string, batch: number): Promise<Analysis> {
  const started = performance.now();
  const { items, version } = await analysisItems(db, testId);
  const key = `${testId}|${version}`;
  const stamp = await stampOf(db, testId);
  let k = kept.get(key);
  let cached = true;
  if (k && (k.results !== stamp.results || k.last !== stamp.last)) {
    const added = await addRespondents(db, testId, items, k.analyser, k.last, stamp.last, batch);
    if (k.results + added === stamp.results) k = { ...k, results: stamp.results, last: stamp.last, analysis: k.analyser.result() };
    else k = undefined; // something else changed: start again
    cached = false;
  }
  if (!k) {
    const analyser = new ItemAnalyser(items);
    const added = await addRespondents(db, testId, items, analyser, null, stamp.last, batch);
    k = { analyser, results: added, last: stamp.last, analysis: analyser.result() };
    cached = false;
  }
  kept.set(key, k);
  return { ...k.analysis, version, computedMs: Math.round(performance.now() - started), cached };
}
