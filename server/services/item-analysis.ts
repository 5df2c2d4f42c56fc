// The item analysis of a test from its completed results (model/item-analysis.ts does the math).
// One query reads every answer of the test's completed results through indexes only
// (results_test_completed_idx, then answers_result_question_uq per result); the figures are kept
// per test and scoring version, and a cheap stamp from the index (how many completed results, the
// last completion) tells when a new completed result makes them stale.
import { and, asc, count, eq, max } from "drizzle-orm";
import type { Db } from "../../db/client";
import { answers, questions, results, users } from "../../db/schema";
import { analyseItems, type AnalysisItem, type ItemAnalysis, type Respondent } from "../../model/item-analysis";
import { currentScoring } from "./scoring-versions";

interface Cached {
  stamp: string;
  analysis: ItemAnalysis;
  ms: number;
}
const cache = new Map<string, Cached>();

/** Drops what is kept (a keying change; tests). */
export function invalidateItemAnalysis(testId?: string) {
  if (!testId) return cache.clear();
  for (const k of cache.keys()) if (k.startsWith(`${testId}|`)) cache.delete(k);
}

async function stampOf(db: Db, testId: string) {
  const [row] = await db
    .select({ n: count(), last: max(results.completedAt) })
    .from(results)
    .where(and(eq(results.testId, testId), eq(results.isCompleted, true)));
  return `${row?.n ?? 0}|${row?.last instanceof Date ? row.last.getTime() : String(row?.last ?? "")}`;
}

/** The test's items with the keying of its newest scoring version (what new results are scored with). */
export async function analysisItems(db: Db, testId: string): Promise<{ items: (AnalysisItem & { id: string })[]; version: string }> {
  const rows = await db.select({ id: questions.id, position: questions.position, code: questions.code, keys: questions.keys }).from(questions).where(eq(questions.testId, testId)).orderBy(asc(questions.position));
  return { items: rows, version: (await currentScoring(db, testId)).version };
}

/** Every completed respondent of the test: answers by position, times and language, in one read. */
async function respondents(db: Db, testId: string, positions: Map<string, number>): Promise<Respondent[]> {
  const rows = await db
    .select({ result: results.id, locale: users.locale, question: answers.questionId, value: answers.value, elapsedMs: answers.elapsedMs })
    .from(results)
    .innerJoin(answers, eq(answers.resultId, results.id))
    .innerJoin(users, eq(users.id, results.userId))
    .where(and(eq(results.testId, testId), eq(results.isCompleted, true)))
    .orderBy(asc(results.completedAt));
  const size = positions.size;
  const out: Respondent[] = [];
  type Open = { id: string; values: Int8Array; elapsedMs: (number | null)[]; locale: string; answered: number };
  // a result with a deleted answer (rechecker) can't be used as a whole
  const flush = (r: Open | null) => {
    if (r && r.answered === size) out.push({ locale: r.locale, values: r.values, elapsedMs: r.elapsedMs });
  };
  let current: Open | null = null;
  for (const row of rows) {
    if (!current || current.id !== row.result) {
      flush(current);
      current = { id: row.result, locale: row.locale, values: new Int8Array(size), elapsedMs: new Array<number | null>(size).fill(null), answered: 0 };
    }
    const i = positions.get(row.question);
    if (i === undefined) continue;
    current.values[i] = row.value;
    current.elapsedMs[i] = row.elapsedMs;
    current.answered++;
  }
  flush(current);
  return out;
}

/** The analysis, computed once per test, scoring version and set of completed results. */
export async function itemAnalysis(db: Db, testId: string): Promise<ItemAnalysis & { version: string; computedMs: number; cached: boolean }> {
  const { items, version } = await analysisItems(db, testId);
  const key = `${testId}|${version}`;
  const stamp = await stampOf(db, testId);
  const hit = cache.get(key);
  if (hit && hit.stamp === stamp) return { ...hit.analysis, version, computedMs: hit.ms, cached: true };
  const started = performance.now();
  const positions = new Map(items.map((it, i) => [it.id, i]));
  const analysis = analyseItems(items, await respondents(db, testId, positions));
  const ms = Math.round(performance.now() - started);
  cache.set(key, { stamp, analysis, ms });
  return { ...analysis, version, computedMs: ms, cached: false };
}
