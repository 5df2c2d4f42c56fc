// Taking the test: starting (or resuming) a result, recording answers one at a time, and
// completing it with the server-side scorer and classifier. Nothing the browser computes is
// trusted: only the raw answers are stored and everything else is derived here.
import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { atomic, type Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { answers, invites, questions, results, tests, users } from "../../db/schema";
import type { Locale } from "../../locales";
import { classify, type AnswerValue } from "../../model";
import { AppError, notFound } from "../lib/errors";
import { crashPoint } from "../lib/crash-points";
import { createId } from "../lib/ids";
import { enqueue, transaction, type Scope, type UserScope } from "../scope";
import { logActivity } from "./activity";
import { incrementSetting } from "./setting-store";
import { TOTAL_KEY } from "./stats";
import type { UserRow } from "./users";
import { consume } from "./rate-limits";
import { currentScoring } from "./scoring-versions";
import { testPopulation } from "./population";
import { notifyOwnersOfCompletion } from "./business/follow-up";

export type ResultRow = typeof results.$inferSelect;
export type TestRow = typeof tests.$inferSelect;
/** Seconds a typical person spends per statement, for "will pass in N minutes". */
export const SECONDS_PER_ITEM = 10;

export const ANSWER_KEYS = { yes: 2, probablyYes: 1, dontKnow: 0, probablyNot: -1, no: -2 } as const;

export async function listTests(db: Db) {
  return db.select().from(tests).where(eq(tests.isActive, true)).orderBy(desc(tests.isDefault), asc(tests.createdAt));
}

export async function getTest(db: Db, id: string) {
  const [row] = await db.select().from(tests).where(eq(tests.id, id));
  if (!row || !row.isActive) throw notFound();
  return row;
}

export async function defaultTest(db: Db) {
  const [row] = await db.select().from(tests).where(eq(tests.isActive, true)).orderBy(desc(tests.isDefault), asc(tests.createdAt)).limit(1);
  if (!row) throw notFound();
  return row;
}

/** Questions as the taker sees them: text in the chosen language, never the scoring keys. */
export async function testQuestions(db: Db, testId: string, locale: Locale) {
  const rows = await db.select().from(questions).where(eq(questions.testId, testId)).orderBy(asc(questions.position));
  return rows.map((q) => ({ _id: q.id, position: q.position, text: q.text[locale] || q.text.ru }));
}

export function toTestDoc(t: TestRow, locale: Locale, questionCount: number) {
  return {
    _id: t.id,
    name: t.name[locale] || t.name.ru,
    description: t.description?.[locale] ?? null,
    questions: questionCount,
    minutes: t.minutes,
    needsCode: Boolean(t.activationCode),
    date: t.createdAt,
  };
}

// The hot queries of taking the test (every answer runs them), prepared once per database.
const answerTarget = (db: Db, question: SQL) =>
  db
    .select({ id: results.id, isCompleted: results.isCompleted, questionId: questions.id, stored: answers.value })
    .from(results)
    .leftJoin(questions, and(eq(questions.testId, results.testId), question))
    .leftJoin(answers, and(eq(answers.resultId, results.id), eq(answers.questionId, questions.id)))
    .where(and(eq(results.id, sql.placeholder("id")), eq(results.userId, sql.placeholder("user"))))
    .prepare();

const q = {
  count: prepared((db) =>
    db
      .select({ n: count() })
      .from(questions)
      .where(eq(questions.testId, sql.placeholder("test")))
      .prepare(),
  ),
  ownResult: prepared((db) =>
    db
      .select()
      .from(results)
      .where(and(eq(results.id, sql.placeholder("id")), eq(results.userId, sql.placeholder("user"))))
      .prepare(),
  ),
  // every answer: the user's result (only what the write needs, not its JSON columns) and the
  // answered question of its test, named by id or by position, in one statement
  answerTargetById: prepared((db) => answerTarget(db, eq(questions.id, sql.placeholder("question")))),
  answerTargetAt: prepared((db) => answerTarget(db, eq(questions.position, sql.placeholder("position")))),
  // the answer write: an insert or a change of the same answer, and the result's last answer time
  saveAnswer: prepared((db) => {
    const [value, elapsedMs, at] = [sql.placeholder("value"), sql.placeholder("elapsedMs"), sql.placeholder("at")];
    return db
      .insert(answers)
      .values({ id: sql.placeholder("id"), resultId: sql.placeholder("result"), questionId: sql.placeholder("question"), value, elapsedMs, answeredAt: at })
      .onConflictDoUpdate({
        target: [answers.resultId, answers.questionId],
        set: { value: sql`excluded.value`, elapsedMs: sql`excluded.elapsed_ms`, answeredAt: sql`excluded.answered_at` },
      })
      .prepare();
  }),
  touchResult: prepared((db) =>
    db
      .update(results)
      .set({ lastAnswerAt: sql`${sql.placeholder("at")}` })
      .where(eq(results.id, sql.placeholder("id")))
      .prepare(),
  ),
  // after every answer: counts and the first unanswered position in one row, not 110 rows
  // (plain SQL with aliases: drizzle writes columns inside sql`` without their table)
  progress: prepared((db) =>
    db
      .select({
        total: sql<number>`(select count(*) from questions q where q.test_id = results.test_id)`,
        answered: sql<number>`(select count(*) from answers a where a.result_id = results.id)`,
        next: sql<number | null>`(select min(q.position) from questions q where q.test_id = results.test_id
          and not exists (select 1 from answers a where a.result_id = results.id and a.question_id = q.id))`,
      })
      .from(results)
      .where(eq(results.id, sql.placeholder("result")))
      .prepare(),
  ),
  // every report page
  latestCompleted: prepared((db) =>
    db
      .select()
      .from(results)
      .where(and(eq(results.userId, sql.placeholder("user")), eq(results.isCompleted, true)))
      .orderBy(desc(results.completedAt), desc(results.id))
      .limit(1)
      .offset(sql.placeholder("skip"))
      .prepare(),
  ),
  answered: prepared((db) =>
    db
      .select({ position: questions.position, value: answers.value })
      .from(answers)
      .innerJoin(questions, eq(questions.id, answers.questionId))
      .where(eq(answers.resultId, sql.placeholder("result")))
      .prepare(),
  ),
};

export async function questionCount(db: Db, testId: string) {
  const row = await q.count(db).get({ test: testId });
  return row?.n ?? 0;
}

/** The user's unfinished result for this test, or a new one (a test needing a code checks it). */
export async function startTest(scope: UserScope, input: { testId: string; code?: string | null }) {
  const { db, user } = scope;
  const { code } = input;
  const test = await getTest(db, input.testId);
  const [open] = await db
    .select()
    .from(results)
    .where(and(eq(results.userId, user.id), eq(results.testId, test.id), eq(results.isCompleted, false)))
    .orderBy(desc(results.createdAt))
    .limit(1);
  if (open) return open;
  if (test.activationCode) await consume(db, "codeGuess", user.id);
  if (test.activationCode && test.activationCode !== (code ?? "").trim()) {
    throw new AppError(403, "code_required", "test.errors.code", { code: "test.errors.code" });
  }
  const row = { id: createId(), userId: user.id, testId: test.id };
  await db.insert(results).values(row);
  return (await getOwnResult(db, user.id, row.id))!;
}

export async function getOwnResult(db: Db, userId: string, resultId: string) {
  return (await q.ownResult(db).get({ id: resultId, user: userId })) ?? null;
}

export async function requireOwnResult(db: Db, userId: string, resultId: string) {
  const row = await getOwnResult(db, userId, resultId);
  if (!row) throw notFound();
  return row;
}

/** The newest unfinished result of the user, if any. */
export async function currentResult(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(results)
    .where(and(eq(results.userId, userId), eq(results.isCompleted, false)))
    .orderBy(desc(results.createdAt))
    .limit(1);
  return row ?? null;
}

export async function latestCompleted(db: Db, userId: string, skip = 0) {
  return (await q.latestCompleted(db).get({ user: userId, skip })) ?? null;
}

export async function answeredMap(db: Db, resultId: string): Promise<Record<number, number>> {
  const rows = await q.answered(db).all({ result: resultId });
  return Object.fromEntries(rows.map((r) => [r.position, r.value]));
}

export interface Progress {
  answered: number;
  total: number;
  /** The first unanswered position (where to resume), or null when all are answered. */
  next: number | null;
  minutesLeft: number;
}

export async function progressOf(db: Db, result: Pick<ResultRow, "id">): Promise<Progress> {
  const row = await q.progress(db).get({ result: result.id });
  const [total, answered] = [Number(row?.total ?? 0), Number(row?.answered ?? 0)];
  return { answered, total, next: row?.next ?? null, minutesLeft: Math.ceil(((total - answered) * SECONDS_PER_ITEM) / 60) };
}

/**
 * Stores one answer (insert or change) before replying. The same answer twice is a no-op; a
 * completed result can't change. When this was the last unanswered question the result is
 * completed right away.
 * `previous` is the answer the device showed for the question (null: none): when another device
 * has answered it since, nothing is stored and `stale` holds the answers as they are, so the
 * stale device moves to where the attempt is instead of overwriting it.
 */
export async function recordAnswer(
  scope: UserScope,
  input: { result: string; question?: string; position?: number; value: AnswerValue; elapsedMs?: number | null; previous?: AnswerValue | null },
) {
  const { db, user } = scope;
  const target = input.question
    ? await q.answerTargetById(db).get({ id: input.result, user: user.id, question: input.question })
    : await q.answerTargetAt(db).get({ id: input.result, user: user.id, position: input.position ?? -1 });
  if (!target) throw notFound();
  if (target.isCompleted) throw new AppError(409, "result_completed", "test.errors.completed");
  if (!target.questionId) throw new AppError(400, "unknown_question", "test.errors.question", { question: "test.errors.question" });
  // a repeat of an answer already stored (its reply was lost) is not a conflict
  const stored = target.stored ?? null;
  if (input.previous !== undefined && stored !== input.previous && stored !== input.value) {
    return { progress: await progressOf(db, target), result: null, stale: await answeredMap(db, target.id) };
  }
  const now = new Date();
  const elapsedMs = input.elapsedMs == null ? null : Math.max(0, Math.min(3_600_000, Math.round(input.elapsedMs)));
  // the answer and the result's progress time commit together: acknowledged means stored
  // (an insert's placeholder goes through the column's Date encoder; the sql`` one does not)
  await atomic(db, [
    { statement: q.saveAnswer, params: { id: createId(), result: target.id, question: target.questionId, value: input.value, elapsedMs, at: now } },
    { statement: q.touchResult, params: { id: target.id, at: now.getTime() } },
  ]);
  const progress = await progressOf(db, target);
  if (progress.next === null) {
    const completed = await completeResult(scope, target.id);
    return { progress, result: completed };
  }
  return { progress, result: null };
}

/**
 * Scores and classifies a fully answered result; completing twice changes nothing. The model runs
 * first; then everything completion changes (the result, the person's format, the landing counter,
 * their invitations' status, the log) is one unit of work, and the companies' fits follow it as a
 * job: a crash between the result and the rest left an employee "not started" for good.
 */
export async function completeResult(scope: UserScope, resultId: string) {
  const { db, user } = scope;
  const result = await requireOwnResult(db, user.id, resultId);
  if (result.isCompleted) return result;
  const rows = await db
    .select({ position: questions.position, value: answers.value, elapsedMs: answers.elapsedMs })
    .from(questions)
    .leftJoin(answers, and(eq(answers.questionId, questions.id), eq(answers.resultId, result.id)))
    .where(eq(questions.testId, result.testId))
    .orderBy(asc(questions.position));
  if (rows.some((r) => r.value === null)) throw new AppError(400, "incomplete", "test.errors.incomplete");
  const c = await classify(
    rows.map((r) => r.value as AnswerValue),
    rows.map((r) => r.elapsedMs),
    await currentScoring(db, result.testId),
    await testPopulation(db, result.testId),
  );
  const now = new Date();
  await transaction(scope, async (tx) => {
    // Only the first completion wins: the update is conditional on the result still being open.
    const updated = await tx.db
      .update(results)
      .set({
        isCompleted: true,
        completedAt: now,
        formatCode: c.formatCode,
        probability: c.probability,
        runnerUpCode: c.runnerUpCode,
        runnerUpProbability: c.runnerUpProbability,
        indicators: c.indicators as unknown as Record<string, number>,
        quality: c.quality,
        isDoubt: c.isDoubt,
        modelVersion: c.modelVersion,
        scoringVersion: c.scoringVersion,
        populationShare: c.populationShare,
      })
      .where(and(eq(results.id, result.id), eq(results.isCompleted, false)))
      .returning({ id: results.id });
    if (!updated.length) return;
    crashPoint("complete.afterResult");
    await syncPersonFormat(tx.db, user.id);
    await incrementSetting(tx.db, TOTAL_KEY);
    await tx.db
      .update(invites)
      .set({ status: "completed test", updatedAt: now })
      .where(and(eq(invites.userId, user.id), inArray(invites.status, ["Invited", "Sent", "Accepted", "pending activation"])));
    await logActivity(tx.db, user.id, "test.completed", { result: result.id, format: c.formatCode });
    await notifyOwnersOfCompletion(tx, user.id);
    // the companies the person works for see the new fit (a retake included)
    await enqueue(tx, "recompute-user", { userId: user.id });
  });
  return (await getOwnResult(db, user.id, result.id))!;
}

/**
 * The one writer of the person's format (`users.format_code`, read by the lists, the exports and
 * the cabinet): the format of their latest completed result, the same one `latestCompleted` finds.
 * Every path that changes a result's format or completes one calls it in its unit of work.
 */
export async function syncPersonFormat(db: Db, userId: string) {
  const latest = sql`(select ${results.formatCode} from ${results} where ${results.userId} = ${userId} and ${results.isCompleted} = 1 order by ${results.completedAt} desc, ${results.id} desc limit 1)`;
  const completed = sql`exists(select 1 from ${results} where ${results.userId} = ${userId} and ${results.isCompleted} = 1)`;
  await db.update(users).set({ formatCode: latest, isCompleted: completed, updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * A manager's correction of a result's format (the rechecker, the result's page): the result, the
 * person's format and, after the commit, their companies' fits. Runs in the caller's unit of work
 * (which audits it); a format changed on the result alone left the lists and the cabinet on the old one.
 */
export async function correctResultFormat(
  tx: Scope,
  result: Pick<ResultRow, "id" | "userId">,
  patch: { formatCode: string; isCorrect: boolean; isDoubt: boolean },
) {
  await transaction(tx, async (unit) => {
    await unit.db.update(results).set(patch).where(eq(results.id, result.id));
    crashPoint("format.afterResult");
    await syncPersonFormat(unit.db, result.userId);
    await enqueue(unit, "recompute-user", { userId: result.userId });
  });
}

/** A retake: a new open result for the same test; completed ones stay as they are. */
export async function resetResult(scope: Scope, user: UserRow) {
  const { db } = scope;
  const last = (await currentResult(db, user.id)) ?? (await latestCompleted(db, user.id));
  const test = last ? await getTest(db, last.testId) : await defaultTest(db);
  const open = await currentResult(db, user.id);
  if (open && open.testId === test.id) {
    const p = await progressOf(db, open);
    if (p.answered === 0) return open;
  }
  const row = { id: createId(), userId: user.id, testId: test.id };
  await db.insert(results).values(row);
  await logActivity(db, user.id, "test.retake", { result: row.id });
  return (await getOwnResult(db, user.id, row.id))!;
}

export function toResultDoc(r: ResultRow) {
  return {
    _id: r.id,
    test: r.testId,
    isCompleted: r.isCompleted,
    format: r.formatCode,
    probability: r.probability,
    runnerUp: r.runnerUpCode,
    runnerUpProbability: r.runnerUpProbability,
    indicators: r.indicators,
    quality: r.quality,
    isDoubt: r.isDoubt,
    modelVersion: r.modelVersion,
    scoringVersion: r.scoringVersion,
    createdAt: r.createdAt,
    lastAnswerAt: r.lastAnswerAt,
    completedAt: r.completedAt,
  };
}

export async function listOwnResults(scope: UserScope) {
  return scope.db.select().from(results).where(eq(results.userId, scope.user.id)).orderBy(desc(results.createdAt));
}
