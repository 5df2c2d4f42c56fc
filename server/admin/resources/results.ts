// Test results in the back-office: /manager/results, /manager/results/{id} and
// /api/manager/results. The rechecker and the answer operations are in server/admin/results.ts.
import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { answers, questions, results } from "../../../db/schema";
import { FORMATS } from "../../../model";
import formatList from "../../../model/formats.json";
import { populateEmails, populateFormatNames, populateFormats, populateTests, populateUsers } from "../populate";
import { defineResource } from "../resource";
import { byUserEmail } from "./users";
import { confirmResult, resetResultOf, restoreResetResult, saveResultForm, undoableReset } from "../results";

const FORMAT_CODES = FORMATS.map((f) => f.code) as [string, ...string[]];
const FORMAT_NAMES = new Map((formatList as { code: string; name: Record<string, string> }[]).map((f) => [f.code, f.name]));
/** A format in a select: its code and its name (as seeded; the names are for recognising it). */
const formatOption = (code: string, locale: string) => `${code} · ${FORMAT_NAMES.get(code)?.[locale] ?? ""}`;
export const qualityGrade = sql`json_extract(${results.quality}, '$.grade')`;

export async function resultAnswers(db: import("../../../db/client").Db, resultId: string) {
  return (
    await db
      .select({
        _id: answers.id,
        position: questions.position,
        code: questions.code,
        value: answers.value,
        elapsedMs: answers.elapsedMs,
        answeredAt: answers.answeredAt,
      })
      .from(answers)
      .innerJoin(questions, eq(questions.id, answers.questionId))
      .where(eq(answers.resultId, resultId))
      .orderBy(asc(questions.position))
  ).map((a) => ({ ...a, seconds: a.elapsedMs == null ? null : Math.round(a.elapsedMs / 100) / 10 }));
}

export const resultResource = defineResource({
  name: "results",
  access: { write: ["content"] },
  pagePath: "results",
  apiPath: "/results",
  menu: { label: "cabinet.nav.manager.results", icon: "☰", order: 20 },
  exportKind: "results",
  // what the results export holds: the person's e-mail, the format's name and every indicator
  exportColumns: [
    { key: "_id", label: "manager.exports.columns._id", kind: "text" },
    { key: "user", label: "manager.fields.user", kind: "text" },
    { key: "email", label: "manager.fields.email", kind: "text" },
    { key: "isCompleted", label: "manager.fields.isCompleted", kind: "bool" },
    { key: "fm", label: "manager.fields.format", kind: "text" },
    { key: "formatName", label: "manager.exports.columns.formatName", kind: "localized" },
    { key: "probability", label: "manager.fields.probability", kind: "number" },
    { key: "runnerUp", label: "manager.fields.runnerUp", kind: "text" },
    { key: "isCorrect", label: "manager.fields.isCorrect", kind: "bool" },
    { key: "isDoubt", label: "manager.fields.isDoubt", kind: "bool" },
    { key: "grade", label: "manager.fields.grade", kind: "text", valueLabels: "manager.values.grades" },
    { key: "modelVersion", label: "manager.fields.modelVersion", kind: "text" },
    { key: "data.indicators.system", label: "manager.exports.columns.system", kind: "number" },
    { key: "data.indicators.analytics", label: "manager.exports.columns.analytics", kind: "number" },
    { key: "data.indicators.volume", label: "manager.fields.volume", kind: "number" },
    { key: "data.indicators.presentation", label: "manager.fields.presentation", kind: "number" },
    { key: "data.indicators.harmony", label: "manager.exports.columns.harmony", kind: "number" },
    { key: "data.indicators.anxiety", label: "manager.exports.columns.anxiety", kind: "number" },
    { key: "data.indicators.ME_SYSTEM", label: "manager.exports.columns.ME_SYSTEM", kind: "number" },
    { key: "data.indicators.ME_ANALYT", label: "manager.exports.columns.ME_ANALYT", kind: "number" },
    { key: "data.indicators.WE_SYSTEM", label: "manager.exports.columns.WE_SYSTEM", kind: "number" },
    { key: "data.indicators.WE_ANALYT", label: "manager.exports.columns.WE_ANALYT", kind: "number" },
    { key: "data.indicators.WR_SYSTEM", label: "manager.exports.columns.WR_SYSTEM", kind: "number" },
    { key: "data.indicators.WR_ANALYT", label: "manager.exports.columns.WR_ANALYT", kind: "number" },
    { key: "createdAt", label: "manager.fields.createdAt", kind: "date" },
    { key: "completedAt", label: "manager.exports.columns.completedAt", kind: "date" },
  ],
  exportPopulate: ["email", "formatName"],
  listPopulate: ["user", "fm"],
  table: results,
  id: results.id,
  // the person it belongs to (populated on the detail page)
  recordRepresentation: (d) => (d.user && typeof d.user === "object" ? ((d.user as { email?: string }).email ?? null) : null),
  toDoc: (r) => ({
    _id: r.id,
    user: r.userId as unknown,
    test: r.testId as unknown,
    fm: r.formatCode as unknown,
    probability: r.probability,
    runnerUp: r.runnerUpCode,
    runnerUpProbability: r.runnerUpProbability,
    isCompleted: r.isCompleted,
    isCorrect: r.isCorrect,
    isDoubt: r.isDoubt,
    grade: r.quality?.grade ?? null,
    flags: r.quality?.flags ?? [],
    modelVersion: r.modelVersion,
    data: { indicators: r.indicators, scoringVersion: r.scoringVersion } as unknown,
    answers: undefined as unknown,
    // populated for the export only
    email: undefined as unknown,
    formatName: undefined as unknown,
    createdAt: r.createdAt,
    lastAnswerAt: r.lastAnswerAt,
    completedAt: r.completedAt,
  }),
  sortable: { createdAt: results.createdAt, probability: results.probability, completedAt: results.completedAt },
  defaultSort: "-createdAt",
  filters: {
    format: { kind: "enum", column: results.formatCode, values: FORMAT_CODES },
    isDoubt: { kind: "bool", column: results.isDoubt },
    isCorrect: { kind: "bool", column: results.isCorrect },
    isCompleted: { kind: "bool", column: results.isCompleted },
    grade: { kind: "enum", column: qualityGrade, values: ["good", "fair", "poor"] },
    modelVersion: { kind: "text", column: results.modelVersion },
    createdAt: { kind: "date", column: results.createdAt },
    user: { kind: "id", column: results.userId },
    probability: { kind: "number", column: results.probability },
  },
  filterForm: ["format", "isDoubt", "isCorrect", "isCompleted", "grade", "modelVersion", "createdAt"],
  search: [byUserEmail(results.userId)],
  populate: {
    fm: (db, docs) => populateFormats(db, docs, "fm"),
    user: (db, docs) => populateUsers(db, docs, "user"),
    test: (db, docs) => populateTests(db, docs, "test"),
    email: (db, docs) => populateEmails(db, docs, "user", "email"),
    formatName: (db, docs) => populateFormatNames(db, docs, "fm", "formatName"),
    answers: async (db, docs) => {
      for (const d of docs) d.answers = await resultAnswers(db, d._id as string);
    },
  },
  exclude: ["answers", "data", "flags", "runnerUp", "runnerUpProbability", "lastAnswerAt"],
  columns: [
    { key: "_id", label: "manager.fields.result", link: true },
    { key: "user", kind: "user" },
    { key: "fm", label: "manager.fields.format", kind: "format" },
    { key: "probability", kind: "percent" },
    { key: "grade", valueLabels: "manager.values.grades" },
    { key: "isCompleted", kind: "bool" },
    { key: "isCorrect", kind: "bool" },
    { key: "isDoubt", kind: "bool" },
    { key: "createdAt", kind: "date" },
  ],
  fields: [
    { key: "user", kind: "user" },
    { key: "test", kind: "json" },
    { key: "fm", label: "manager.fields.format", kind: "format" },
    { key: "probability", kind: "percent" },
    { key: "runnerUp" },
    { key: "runnerUpProbability", kind: "percent" },
    { key: "grade", valueLabels: "manager.values.grades" },
    { key: "flags", kind: "json", valueLabels: "manager.values.flags" },
    { key: "modelVersion" },
    { key: "isCompleted", kind: "bool" },
    { key: "isCorrect", kind: "bool" },
    { key: "isDoubt", kind: "bool" },
    { key: "data", kind: "json" },
    { key: "createdAt", kind: "date" },
    { key: "completedAt", kind: "date" },
  ],
  detailPopulate: ["fm", "user", "test"],
  form: {
    schema: z.object({
      format: z.enum(FORMAT_CODES).optional(),
      isCorrect: z.boolean().optional(),
      isDoubt: z.boolean().optional(),
    }),
    fields: [
      { name: "format", kind: "select", options: FORMAT_CODES, optionLabel: formatOption, hint: "manager.results.formatHint" },
      { name: "isCorrect", kind: "checkbox" },
      { name: "isDoubt", kind: "checkbox" },
    ],
    toValues: (row) => ({ ...row, format: row.formatCode }),
    // a format set here is a correction like the rechecker's: the person's format follows
    save: (scope, id, input) => saveResultForm(scope, id, input),
  },
  actions: {
    confirm: {
      label: "manager.results.confirm",
      // only a finished attempt has a format to confirm
      when: (d) => Boolean(d.isCompleted && d.fm),
      run: async (scope, id) => void (await confirmResult(scope, id)),
    },
    reset: {
      label: "manager.results.reset",
      danger: true,
      confirm: "manager.results.resetConfirm",
      run: async (scope, id) => {
        const r = await resetResultOf(scope, id);
        return { redirect: `/manager/results/${r.id}` };
      },
    },
    // undo where the action allows it: while the retake is not completed
    restore: {
      label: "manager.results.restore",
      danger: true,
      confirm: "manager.results.restoreConfirm",
      when: async (d, db) => (await undoableReset(db, d._id as string)) !== null,
      confirmVars: async (db, id) => ({ answers: (await undoableReset(db, id))?.answers ?? 0 }),
      run: async (scope, id) => ({ redirect: `/manager/results/${await restoreResetResult(scope, id)}?done=restore` }),
    },
  },
  bulkActions: {
    confirm: { label: "manager.results.confirm", confirm: "manager.bulk.confirmResults", run: (scope, id) => confirmResult(scope, id) },
    export: { label: "manager.bulk.export", confirm: "manager.bulk.exportConfirm", export: true },
  },
  sections: [
    {
      key: "answers",
      title: "manager.results.answers",
      load: (db, id) => resultAnswers(db, id),
      columns: [
        { key: "position", kind: "number" },
        { key: "code" },
        { key: "value", kind: "number" },
        { key: "seconds", kind: "number" },
        { key: "answeredAt", kind: "date" },
      ],
    },
  ],
  links: (d) => [
    { label: "manager.results.recheck", href: `/manager/rechecker/${d._id}` },
    ...(d.isCompleted
      ? [
          { label: "manager.results.baseReport", href: `/manager/public/base/${d._id}` },
          { label: "manager.results.fullReport", href: `/manager/public/full/${d._id}` },
        ]
      : []),
  ],
  subjectOf: (r) => r.userId,
});
