// The back-office's result operations beside the declaration (resources/results.ts): confirm,
// reset, delete an answer, and the rechecker (the network's 27 probabilities next to the
// rule-based scorer, for complete and in-progress results alike; re-classification with the
// current model; the queue; the count of confirmed results for the next training).
import { correctResultFormat } from "../services/testing";
import { scoringByName } from "../services/scoring-versions";
import { testPopulation } from "../services/population";
import { readFileSync } from "node:fs";
import { and, asc, count, desc, eq, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { answers, auditLog, questions, results } from "../../db/schema";
import { CARD_PATH, classify, FORMATS, N_ITEMS, type AnswerValue } from "../../model";
import { conflict, notFound } from "../lib/errors";
import { crashPoint } from "../lib/crash-points";
import { logActivity } from "../services/activity";
import { currentResult, resetResult } from "../services/testing";
import { findUserById } from "../services/users";
import { transaction, type ManagerScope } from "../scope";
import { auditBy, diff } from "./audit";
import { expectVersion } from "../lib/versions";
import { idSchema } from "../lib/ids";

async function requireResult(db: Db, id: string) {
  const [r] = await db.select().from(results).where(eq(results.id, id)).limit(1);
  if (!r) throw notFound();
  return r;
}

export async function confirmResult(scope: ManagerScope, id: string) {
  await transaction(scope, async (tx) => {
    const r = await requireResult(tx.db, id);
    // an unfinished or empty attempt has no format to confirm (and confirmed results train the model)
    if (!r.isCompleted || !r.formatCode) throw conflict("manager.results.nothingToConfirm");
    if (r.isCorrect && !r.isDoubt) return; // confirmed already: nothing to record
    // a confirmed format is no longer in doubt
    await tx.db.update(results).set({ isCorrect: true, isDoubt: false }).where(eq(results.id, id));
    await auditBy(tx, {
      action: "results.confirm",
      entity: "results",
      entityId: id,
      subjectUserId: r.userId,
      changes: {
        ...(r.isCorrect ? {} : { isCorrect: { from: r.isCorrect, to: true } }),
        ...(r.isDoubt ? { isDoubt: { from: r.isDoubt, to: false } } : {}),
      },
    });
  });
}

/** Spec §4 reset: a new open result (a retake) for the result's owner; the old one stays. */
export async function resetResultOf(scope: ManagerScope, id: string) {
  return transaction(scope, async (tx) => {
    const r = await requireResult(tx.db, id);
    const owner = await findUserById(tx.db, r.userId);
    if (!owner) throw notFound();
    const open = await currentResult(tx.db, owner.id);
    const fresh = await resetResult(tx, owner);
    // `created`: this reset made the retake (an untouched open attempt is reused), so undoing it may remove it
    await auditBy(tx, {
      action: "results.reset",
      entity: "results",
      entityId: id,
      subjectUserId: r.userId,
      changes: { newResult: fresh.id, created: fresh.id !== open?.id },
    });
    return fresh;
  });
}

/**
 * The reset that can still be undone from this result's page (the reset one or the retake it
 * made): the retake it created is still open (not completed). Null otherwise.
 */
export async function undoableReset(db: Db, resultId: string) {
  const [entry] = await db
    .select({ entityId: auditLog.entityId, changes: auditLog.changes })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, "results.reset"),
        or(eq(auditLog.entityId, resultId), sql`json_extract(${auditLog.changes}, '$.newResult') = ${resultId}`),
        sql`json_extract(${auditLog.changes}, '$.created') = 1`,
      ),
    )
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  const retakeId = entry?.changes?.newResult;
  if (!entry?.entityId || typeof retakeId !== "string") return null;
  const [retake] = await db.select().from(results).where(eq(results.id, retakeId));
  if (!retake || retake.isCompleted) return null;
  const [given] = await db.select({ n: count() }).from(answers).where(eq(answers.resultId, retakeId));
  return { resultId: entry.entityId, retake, answers: given?.n ?? 0 };
}

/** Undoes a reset: the retake it made (and any answers given to it) goes, so the reset result is the
 * person's current one again, with its format. One unit of work with its audit entry. */
export async function restoreResetResult(scope: ManagerScope, id: string) {
  return transaction(scope, async (tx) => {
    const undo = await undoableReset(tx.db, id);
    if (!undo) throw conflict("manager.results.restoreGone");
    await tx.db.delete(answers).where(eq(answers.resultId, undo.retake.id));
    crashPoint("restore.afterAnswers");
    await tx.db.delete(results).where(eq(results.id, undo.retake.id));
    await logActivity(tx.db, undo.retake.userId, "test.restored", { result: undo.resultId, removed: undo.retake.id }, tx.user.id);
    await auditBy(tx, {
      action: "results.restore",
      entity: "results",
      entityId: undo.resultId,
      subjectUserId: undo.retake.userId,
      changes: { removedResult: undo.retake.id, answers: undo.answers },
    });
    return undo.resultId;
  });
}

export async function deleteAnswer(scope: ManagerScope, resultId: string, answerId: string) {
  return transaction(scope, (tx) => deleteAnswerIn(tx, resultId, answerId));
}

async function deleteAnswerIn(tx: ManagerScope, resultId: string, answerId: string) {
  const db = tx.db;
  const r = await requireResult(db, resultId);
  const [a] = await db
    .select()
    .from(answers)
    .where(and(eq(answers.id, answerId), eq(answers.resultId, resultId)))
    .limit(1);
  if (!a) throw notFound();
  await db.delete(answers).where(eq(answers.id, answerId));
  await auditBy(tx, {
    action: "results.deleteAnswer",
    entity: "results",
    entityId: resultId,
    subjectUserId: r.userId,
    changes: { answer: answerId, question: a.questionId, value: { from: a.value, to: null } },
  });
  return { deleted: answerId };
}

// ---------------------------------------------------------------- the rechecker
/** The rule-based format from stored indicators, in SQL (model/scoring.ts's bands), for the queue. */
const ind = (k: string) => sql`json_extract(${results.indicators}, ${`$.${k}`})`;
export const ruleFormatSql = sql<string | null>`case when ${results.indicators} is null then null else
  (case when ${ind("system")} >= 60 then 'SYS' when ${ind("analytics")} >= 60 then 'ANL' else 'BAL' end) || '-' ||
  (case when ${ind("volume")} < 35 then 'LOW' when ${ind("volume")} < 65 then 'MID' else 'HIGH' end) || '-' ||
  (case when ${ind("presentation")} <= -5 then 'SLOW' when ${ind("presentation")} >= 5 then 'FAST' else 'MID' end) end`;
/** Below this the network's top probability counts as low (the queue shows those early). */
export const LOW_PROBABILITY = 0.6;

export const formatRequestSchema = z.object({ id: idSchema() });

/** One result's answers in position order (0, "don't know", where not answered yet). */
async function answerVector(db: Db, r: typeof results.$inferSelect) {
  const rows = await db
    .select({ position: questions.position, value: answers.value, elapsedMs: answers.elapsedMs })
    .from(questions)
    .leftJoin(answers, and(eq(answers.questionId, questions.id), eq(answers.resultId, r.id)))
    .where(eq(questions.testId, r.testId))
    .orderBy(asc(questions.position));
  const values = new Array<AnswerValue>(N_ITEMS).fill(0);
  const elapsed = new Array<number | null>(N_ITEMS).fill(null);
  let answered = 0;
  for (const row of rows) {
    if (row.position < 1 || row.position > N_ITEMS || row.value == null) continue;
    values[row.position - 1] = row.value as AnswerValue;
    elapsed[row.position - 1] = row.elapsedMs;
    answered++;
  }
  return { values, elapsed, answered };
}

/**
 * The rechecker's view of a result: the network's 27 probabilities (`array`, in the formats'
 * class order, `formats`), the rule-based format, the runner-up and the quality flags. `fresh`
 * says which format to answer with: the stored one (`format`) or the current model's (`new-format`).
 */
export async function recheck(db: Db, id: string, fresh: boolean) {
  const r = await requireResult(db, id);
  const { values, elapsed, answered } = await answerVector(db, r);
  // the result's own scoring version and its test's population, as its completion classified it
  const c = await classify(values, elapsed, await scoringByName(db, r.scoringVersion), await testPopulation(db, r.testId));
  const array = FORMATS.map((f) => c.probabilities[f.code]!);
  const order = array.map((v, i) => [v, i] as const).sort((a, b) => b[0] - a[0]);
  const top = FORMATS[order[0]![1]]!.code;
  const rule = c.ruleFormatCode;
  return {
    format: fresh || !r.formatCode ? top : r.formatCode,
    array,
    formats: FORMATS.map((f) => f.code),
    network: { format: top, probability: order[0]![0], runnerUp: FORMATS[order[1]![1]]!.code, runnerUpProbability: order[1]![0], modelVersion: c.modelVersion },
    stored: { format: r.formatCode, probability: r.probability, runnerUp: r.runnerUpCode, modelVersion: r.modelVersion, isCorrect: r.isCorrect },
    rule,
    disagree: rule !== top,
    quality: c.quality,
    answered,
    isCompleted: r.isCompleted,
    isCorrect: r.isCorrect,
    isDoubt: r.isDoubt,
  };
}

export const setFormatSchema = z.object({
  format: z.enum(FORMATS.map((f) => f.code) as [string, ...string[]]),
  isCorrect: z.boolean().optional(),
  isDoubt: z.boolean().optional(),
});

/** The manager sets the format by hand (which confirms it unless told otherwise). */
export async function setFormat(scope: ManagerScope, id: string, input: z.infer<typeof setFormatSchema>, opts: { version?: string | null } = {}) {
  const db = scope.db;
  const r = await requireResult(db, id);
  const patch = { formatCode: input.format, isCorrect: input.isCorrect ?? true, isDoubt: input.isDoubt ?? r.isDoubt };
  // the result, the person's format, the audit entry and (after the commit) the companies' fits
  await transaction(scope, async (tx) => {
    // a version given (the rechecker's form, If-Match): refused if the result changed since
    if (opts.version) expectVersion(await requireResult(tx.db, id), opts.version);
    await correctResultFormat(tx, r, patch);
    await auditBy(tx, {
      action: "results.setFormat",
      entity: "results",
      entityId: id,
      subjectUserId: r.userId,
      changes: {
        formatCode: { from: r.formatCode, to: patch.formatCode },
        isCorrect: { from: r.isCorrect, to: patch.isCorrect },
        isDoubt: { from: r.isDoubt, to: patch.isDoubt },
      },
    });
  });
  return recheck(db, id, false);
}

/**
 * The result's edit form and PUT /api/manager/results/{id} (format, isCorrect, isDoubt), in
 * updateResource's unit of work: a new format goes through correctResultFormat like the rechecker's
 * (the person's format and their companies' fits follow); flags alone are an update of the row.
 */
export async function saveResultForm(scope: ManagerScope, id: string, input: { format?: string; isCorrect?: boolean; isDoubt?: boolean }) {
  await transaction(scope, async (tx) => {
    const r = await requireResult(tx.db, id);
    const formatChanged = Boolean(input.format && input.format !== r.formatCode);
    // a format a manager sets is a confirmed one (the person's report then says so instead of the
    // model's figures), unless they mark it doubtful as they set it
    const isDoubt = input.isDoubt ?? (formatChanged ? false : r.isDoubt);
    const next = {
      formatCode: input.format ?? r.formatCode,
      isCorrect: formatChanged ? input.isCorrect === true || !isDoubt : (input.isCorrect ?? r.isCorrect),
      isDoubt,
    };
    const changes = diff(r, { ...r, ...next }, ["formatCode", "isCorrect", "isDoubt"]);
    if (!Object.keys(changes).length) return;
    if (formatChanged && next.formatCode) await correctResultFormat(tx, r, { ...next, formatCode: next.formatCode });
    else await tx.db.update(results).set({ isCorrect: next.isCorrect, isDoubt: next.isDoubt }).where(eq(results.id, id));
    await auditBy(tx, { action: "results.update", entity: "results", entityId: id, subjectUserId: r.userId, changes });
  });
}

/** How many confirmed results `npm run model:train` will use, and how many came since the model. */
export async function neuralCount(db: Db) {
  const [row] = await db
    .select({ n: count() })
    .from(results)
    .where(and(eq(results.isCorrect, true), eq(results.isCompleted, true), sql`${results.formatCode} is not null`));
  const card = JSON.parse(readFileSync(CARD_PATH, "utf8")) as { version: string; createdAt: string; data?: { managerConfirmed?: number } };
  const used = card.data?.managerConfirmed ?? 0;
  return { confirmed: row!.n, usedByModel: used, new: Math.max(0, row!.n - used), modelVersion: card.version, trainedAt: card.createdAt };
}
