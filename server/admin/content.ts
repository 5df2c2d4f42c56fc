// The back-office's content writes: report texts, format names and descriptions, questions (text
// and keying). Each is one unit of work with its audit entry (a save that changes nothing writes
// neither); report and format writes then drop the cached pages and names that show them, so the
// edit is what the next reader sees (report pages and the PDF read the database on every request).
// Rich text is sanitised here, at write (and again at read, server/lib/report-text.ts).
import { and, asc, count, eq, inArray, ne } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import type { Locale } from "../../locales";
import { formats, questions, reports, results, tests } from "../../db/schema";
import { SCALES } from "../../model/items";
import { badRequest, conflict, notFound } from "../lib/errors";
import { createId } from "../lib/ids";
import { sanitizeReportText } from "../lib/report-text";
import { transaction, type ManagerScope } from "../scope";
import { invalidateItemAnalysis } from "../services/item-analysis";
import { appendScoringVersion } from "../services/scoring-versions";
import { auditBy, diff } from "./audit";
import { expectVersion } from "../lib/versions";
import { reportTextChanges } from "./text-diff";

export const REPORT_TYPES = ["short", "business", "full", "base", "couple", "chief", "career"] as const;
export const REPORT_LANGS = ["ru", "en", "ch"] as const;
/** The tabs a section may be on: the consumer report's three, and `business` (the business and chief
 * reports' sections, which the reader sees without tabs). */
export const SECTION_TABS = ["general", "career", "personal", "business"] as const;

const text = (max: number) => z.string().max(max, "common.validation.tooLong");
export const sectionSchema = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, "common.validation.invalid"),
  tab: z.string().trim().min(1, "common.validation.required").max(40, "common.validation.tooLong"),
  title: text(300).trim().min(1, "common.validation.required"),
  text: text(20_000),
  teaser: text(2_000).default(""),
  locked: z.boolean().default(false),
});
/** The full report body (PUT replaces the texts; format, type and language name the report). */
export const reportBodySchema = z.object({
  title: text(300).trim().min(1, "common.validation.required"),
  text: text(20_000).default(""),
  sections: z.array(sectionSchema).max(40),
});
export const reportCreateSchema = reportBodySchema.partial({ sections: true, title: true }).extend({
  fm: z.string().trim().toUpperCase().min(1, "common.validation.required"),
  type: z.enum(REPORT_TYPES),
  language: z.enum(REPORT_LANGS),
});

type ReportBody = z.infer<typeof reportBodySchema>;
const clean = (b: ReportBody): ReportBody => ({
  title: sanitizeReportText(b.title).replace(/<[^>]+>/g, ""),
  text: sanitizeReportText(b.text),
  sections: b.sections.map((s) => ({
    ...s,
    title: sanitizeReportText(s.title).replace(/<[^>]+>/g, ""),
    text: sanitizeReportText(s.text),
    teaser: sanitizeReportText(s.teaser),
  })),
});

function forgetRendered(scope: ManagerScope) {
  scope.deps.pageCache.clear();
}

/** The report's format by name and its versions in the other languages (the editor's tabs). */
export async function reportSiblings(db: Db, row: { formatCode: string; type: string }, locale: Locale) {
  const [f] = await db.select({ name: formats.name }).from(formats).where(eq(formats.code, row.formatCode));
  const siblings = await db
    .select({ id: reports.id, language: reports.language })
    .from(reports)
    .where(and(eq(reports.formatCode, row.formatCode), eq(reports.type, row.type as (typeof REPORT_TYPES)[number])));
  const languages = REPORT_LANGS.map((language) => ({ language, id: siblings.find((s) => s.language === language)?.id ?? null }));
  return { formatName: f?.name[locale] ?? row.formatCode, languages };
}

/** The formats a new report text may be for, by name in the manager's language. */
export async function formatChoices(db: Db, locale: Locale) {
  return (await db.select({ code: formats.code, name: formats.name }).from(formats).orderBy(asc(formats.position))).map((f) => ({
    code: f.code,
    name: f.name[locale] ?? f.code,
  }));
}

export async function requireReport(db: Db, id: string) {
  const [row] = await db.select().from(reports).where(eq(reports.id, id)).limit(1);
  if (!row) throw notFound();
  return row;
}

/** Replaces a report's texts (refused with 409 when `version` is given and the report changed since). */
export async function updateReport(scope: ManagerScope, id: string, body: ReportBody, opts: { version?: string | null } = {}) {
  const after = await transaction(scope, async (tx) => {
    const before = await requireReport(tx.db, id);
    expectVersion(before, opts.version);
    const next = clean(body);
    if (!Object.keys(diff(before, { ...before, ...next }, ["title", "text", "sections"])).length) return before;
    const changes = reportTextChanges(before, next);
    await tx.db
      .update(reports)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(reports.id, id));
    await auditBy(tx, { action: "reports.update", entity: "reports", entityId: id, changes });
    return requireReport(tx.db, id);
  });
  forgetRendered(scope);
  return after;
}

/** A new report text; with no sections given it starts from the same format and type in another language. */
export async function createReport(scope: ManagerScope, input: z.infer<typeof reportCreateSchema>) {
  const row = await transaction(scope, (tx) => insertReport(tx, input));
  forgetRendered(scope);
  return row;
}

async function insertReport(tx: ManagerScope, input: z.infer<typeof reportCreateSchema>) {
  const db = tx.db;
  const [format] = await db.select({ code: formats.code, name: formats.name }).from(formats).where(eq(formats.code, input.fm));
  if (!format) throw badRequest("errors.badRequest", { fm: "common.validation.invalid" });
  const [exists] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.formatCode, format.code), eq(reports.type, input.type), eq(reports.language, input.language)));
  if (exists) throw conflict("manager.content.reportExists", { language: "manager.content.reportExists" });
  const [template] = input.sections
    ? []
    : await db
        .select()
        .from(reports)
        .where(and(eq(reports.formatCode, format.code), eq(reports.type, input.type)))
        .orderBy(asc(reports.language))
        .limit(1);
  const body = clean({
    title: input.title ?? template?.title ?? format.name[input.language === "ch" ? "en" : input.language] ?? format.code,
    text: input.text ?? template?.text ?? "",
    sections: input.sections ?? template?.sections ?? [],
  });
  const id = createId();
  await db.insert(reports).values({ id, formatCode: format.code, type: input.type, language: input.language, ...body, updatedAt: new Date() });
  await auditBy(tx, { action: "reports.create", entity: "reports", entityId: id, changes: { fm: format.code, type: input.type, language: input.language } });
  return requireReport(db, id);
}

// ---------------------------------------------------------------- formats
const localized = (max: number) =>
  z.object({
    ru: text(max).trim().min(1, "common.validation.required"),
    en: text(max).trim().min(1, "common.validation.required"),
    ch: text(max).trim().optional(),
  });
export const formatEditSchema = z.object({ name: localized(200), description: localized(4_000) });
/** POST /api/format: the format is named by its code (the 27 are fixed: the classifier's classes). */
export const formatPostSchema = formatEditSchema.extend({ _id: z.string().trim().toUpperCase().min(1, "common.validation.required") });

export async function updateFormat(scope: ManagerScope, code: string, input: z.infer<typeof formatEditSchema>) {
  const plain = (l: { ru: string; en: string; ch?: string }) => ({ ru: stripTags(l.ru), en: stripTags(l.en), ...(l.ch ? { ch: stripTags(l.ch) } : {}) });
  const after = await transaction(scope, async (tx) => {
    const [before] = await tx.db.select().from(formats).where(eq(formats.code, code));
    if (!before) throw notFound();
    const next = { name: plain(input.name), description: plain(input.description) };
    const changes = diff(before, { ...before, ...next }, ["name", "description"]);
    if (!Object.keys(changes).length) return before;
    await tx.db.update(formats).set(next).where(eq(formats.code, code));
    await auditBy(tx, { action: "formats.update", entity: "formats", entityId: code, changes });
    const [row] = await tx.db.select().from(formats).where(eq(formats.code, code));
    return row!;
  });
  forgetRendered(scope);
  return after;
}
const stripTags = (s: string) => sanitizeReportText(s).replace(/<[^>]+>/g, "");

/** How many completed results each format has (one grouped read over results_format_idx). */
export async function resultCounts(db: Db, codes: string[]) {
  if (!codes.length) return new Map<string, number>();
  const rows = await db.select({ code: results.formatCode, n: count() }).from(results).where(inArray(results.formatCode, codes)).groupBy(results.formatCode);
  return new Map(rows.map((r) => [r.code!, r.n]));
}

// ---------------------------------------------------------------- questions
export const keySchema = z.object({ scale: z.enum(SCALES), sign: z.union([z.literal(1), z.literal(-1)]), weight: z.number().min(0.1).max(5).optional() });
export const questionEditSchema = z.object({
  text: z
    .object({
      ru: text(1_000).trim().min(1, "common.validation.required").optional(),
      en: text(1_000).trim().min(1, "common.validation.required").optional(),
      ch: text(1_000).trim().optional(),
    })
    .optional(),
  keys: z.array(keySchema).min(1).max(3).optional(),
});
type QuestionEdit = z.infer<typeof questionEditSchema>;

export const sameKeys = (a: readonly { scale: string; sign: number; weight?: number }[], b: readonly { scale: string; sign: number; weight?: number }[]) =>
  JSON.stringify(a.map((k) => [k.scale, k.sign, k.weight ?? 1])) === JSON.stringify(b.map((k) => [k.scale, k.sign, k.weight ?? 1]));

/**
 * Edits a question. A new text is saved as it is; a new keying makes a new scoring version of the
 * test (the whole keying with this change), so results scored before keep their scores.
 */
export async function updateQuestion(scope: ManagerScope, id: string, input: QuestionEdit, opts: { version?: string | null } = {}) {
  const out = await transaction(scope, (tx) => saveQuestion(tx, id, input, opts.version));
  if (out.scoringVersion) invalidateItemAnalysis(out.question.testId);
  return out;
}

async function saveQuestion(tx: ManagerScope, id: string, input: QuestionEdit, version0: string | null | undefined) {
  const db = tx.db;
  const [before] = await db.select().from(questions).where(eq(questions.id, id));
  if (!before) throw notFound();
  expectVersion(before, version0);
  const set: Partial<typeof questions.$inferInsert> = {};
  if (input.text) {
    const next = {
      ...before.text,
      ...Object.fromEntries(
        Object.entries(input.text)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, stripTags(v!)]),
      ),
    } as typeof before.text;
    if (!next.ch) delete next.ch;
    set.text = next;
  }
  let version: string | null = null;
  if (input.keys && !sameKeys(before.keys, input.keys)) {
    const keys = input.keys.map((k) => ({ scale: k.scale, sign: k.sign, ...(k.weight !== undefined && k.weight !== 1 ? { weight: k.weight } : {}) }));
    set.keys = keys;
    const all = await db
      .select({ id: questions.id, position: questions.position, keys: questions.keys })
      .from(questions)
      .where(eq(questions.testId, before.testId))
      .orderBy(asc(questions.position));
    const keying = all.map((q) => ({ position: q.position, keys: q.id === id ? keys : q.keys }));
    await db.update(questions).set(set).where(eq(questions.id, id));
    version = await appendScoringVersion(db, before.testId, keying, { question: id, code: before.code, from: before.keys, to: keys }, tx.actor.realActorId);
  } else if (set.text && JSON.stringify(set.text) !== JSON.stringify(before.text)) {
    await db.update(questions).set({ text: set.text }).where(eq(questions.id, id));
  }
  const [after] = await db.select().from(questions).where(eq(questions.id, id));
  const changes = diff(before, after!, ["text", "keys"]);
  if (Object.keys(changes).length)
    await auditBy(tx, {
      action: "questions.update",
      entity: "questions",
      entityId: id,
      changes: { ...changes, ...(version ? { scoringVersion: version } : {}) },
    });
  return { question: after!, scoringVersion: version };
}

/** Results started on a test and not finished: what its switch-off question names. */
export async function openResults(db: Db, testId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(results)
    .where(and(eq(results.testId, testId), eq(results.isCompleted, false)));
  return row?.n ?? 0;
}

/** Switches a test off (new people cannot start it, the test list leaves it out) or back on; the
 * last active test is never switched off, or nobody could take the test at all. */
export async function setTestActive(scope: ManagerScope, id: string, isActive: boolean) {
  await transaction(scope, async (tx) => {
    const [before] = await tx.db.select().from(tests).where(eq(tests.id, id));
    if (!before) throw notFound();
    if (before.isActive === isActive) return;
    if (!isActive) {
      const [others] = await tx.db
        .select({ n: count() })
        .from(tests)
        .where(and(eq(tests.isActive, true), ne(tests.id, id)));
      if (!others?.n) throw conflict("manager.tests.lastActive");
    }
    await tx.db.update(tests).set({ isActive }).where(eq(tests.id, id));
    await auditBy(tx, {
      action: isActive ? "tests.switchOn" : "tests.switchOff",
      entity: "tests",
      entityId: id,
      changes: { isActive: { from: before.isActive, to: isActive } },
    });
  });
}
