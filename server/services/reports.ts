// Report content: the `reports` table holds, per format, type and language, the title, summary
// and sections (seeded from db/seed/content, edited by managers). The report pages, the report
// API, the PDF and the manager's views all assemble a report here, with the same rules.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { formats, reports, results, users } from "../../db/schema";
import { intlLocale, translator, type Locale, type ReportLanguage } from "../../locales";
import { bands, BETWEEN_CONFIDENCE, type Indicators } from "../../model";
import { AppError, notFound } from "../lib/errors";
import type { FormatRow } from "./formats";
import { renderReportPdf } from "./pdf";
import { plainReportText, sanitizeReportText } from "../lib/report-text";
import { latestCompleted, requireOwnResult, type ResultRow } from "./testing";
import { isEmailConfirmed, type UserRow } from "./users";
import { formatIn } from "../lib/time-zone";

export type ReportType = (typeof reports.$inferSelect)["type"];
export type ReportRow = typeof reports.$inferSelect;
export const REPORT_LANGUAGES: ReportLanguage[] = ["ru", "en", "ch"];

/** Content in the asked language; `ch` falls back to English, anything else to Russian. */
export async function reportContent(db: Db, formatCode: string, type: ReportType, language: ReportLanguage) {
  for (const lang of language === "ch" ? (["ch", "en", "ru"] as const) : language === "en" ? (["en", "ru"] as const) : (["ru"] as const)) {
    const stamp = await contentStamp(db).get({ format: formatCode, type, lang });
    if (stamp) return contentRow(db, stamp);
  }
  return null;
}

/**
 * Rows every report page reads but that rarely change, kept parsed per process: a report's text
 * (its sections are a large JSON) and a format (names and descriptions in three languages). Any
 * change raises a row's `revision` (triggers, migrations 0013 and 0015, whoever writes), so a page
 * reads the revision (an index lookup) and reads and parses the row again only when it moved.
 * Rows are shared: read-only.
 */
function keptByRevision<R extends { revision: number }>(max: number) {
  // per database: a process with two (the tests) must not serve one's row for the other's
  const byDb = new WeakMap<Db, Map<string, R>>();
  return async (db: Db, id: string, revision: number, read: () => R | undefined | Promise<R | undefined>): Promise<R | null> => {
    const kept = byDb.get(db) ?? byDb.set(db, new Map()).get(db)!;
    const cached = kept.get(id);
    if (cached && cached.revision === revision) return cached;
    const row = await read();
    if (row && (kept.has(id) || kept.size < max)) kept.set(id, row);
    return row ?? null;
  };
}
// more than there can be: report texts 27 formats × 7 types × 3 languages (567); formats 27
const keptContent = keptByRevision<ReportRow>(1000);
const keptFormat = keptByRevision<FormatRow>(100);

const contentRow = (db: Db, stamp: { id: string; revision: number }) => keptContent(db, stamp.id, stamp.revision, () => contentById(db).get({ id: stamp.id }));

export async function formatOf(db: Db, code: string) {
  const stamp = await formatStamp(db).get({ code });
  const row = stamp && (await keptFormat(db, code, stamp.revision, () => formatQuery(db).get({ code })));
  if (!row) throw notFound();
  return row;
}

// every report page reads these
const contentStamp = prepared((db) =>
  db
    .select({ id: reports.id, revision: reports.revision })
    .from(reports)
    .where(and(eq(reports.formatCode, sql.placeholder("format")), eq(reports.type, sql.placeholder("type")), eq(reports.language, sql.placeholder("lang"))))
    .prepare(),
);
const contentById = prepared((db) =>
  db
    .select()
    .from(reports)
    .where(eq(reports.id, sql.placeholder("id")))
    .prepare(),
);
const formatStamp = prepared((db) =>
  db
    .select({ revision: formats.revision })
    .from(formats)
    .where(eq(formats.code, sql.placeholder("code")))
    .prepare(),
);
const formatQuery = prepared((db) =>
  db
    .select()
    .from(formats)
    .where(eq(formats.code, sql.placeholder("code")))
    .prepare(),
);

/**
 * How sure the classification is, in terms a reader can use. `between`: the top probability is below
 * BETWEEN_CONFIDENCE, so the report names both neighbouring formats instead of one (model/between.ts).
 * `rulesLead`: between two formats the rule-based format was named first although the network put the
 * other one slightly ahead (productChoice decidedBy "rules"): the stored format is then the less probable.
 */
export function certainty(r: Pick<ResultRow, "probability" | "runnerUpCode" | "runnerUpProbability"> & { isCorrect?: boolean | null }) {
  const p = r.probability ?? 0;
  // confirmed or set by a specialist: the model's confidence and runner-up no longer describe the
  // format the person is given (after a correction they describe another one), so none is shown
  if (r.isCorrect) return { probability: Math.round(p * 100), runnerUp: null, runnerUpProbability: 0, between: false, rulesLead: false, confirmed: true };
  const q = r.runnerUpProbability ?? 0;
  const between = Boolean(r.runnerUpCode) && p < BETWEEN_CONFIDENCE;
  // "close" when the runner-up has at least a fifth of the mass or is within 25 points of the top
  const close = between || (Boolean(r.runnerUpCode) && (q >= 0.2 || p - q < 0.25));
  return {
    probability: Math.round(p * 100),
    runnerUp: close ? r.runnerUpCode : null,
    runnerUpProbability: Math.round(q * 100),
    between,
    rulesLead: between && q > p,
    confirmed: false,
  };
}

/** The advice blocks that apply to these indicators (keys into locales/<lang>/advice.json). */
export function adviceKeys(ind: Indicators) {
  const b = bands(ind);
  return {
    harmony: `advice.harmony.${b.harmony}`,
    system: `advice.system.${b.system}`,
    analytics: `advice.analytics.${b.analytics}`,
    anxiety: `advice.anxiety.${b.anxiety}`,
    presentation: `advice.presentation.${b.presentation}`,
    volume: `advice.volume.${b.volume}`,
  } as const;
}

export interface ReportView {
  result: ResultRow;
  owner: Pick<UserRow, "id" | "name" | "email" | "isFull" | "emailConfirmedAt">;
  format: FormatRow;
  runnerUp: FormatRow | null;
  /** What is served: the full report only to those who bought it. */
  type: "base" | "full";
  language: ReportLanguage;
  content: ReportRow | null;
}

/** The language of a report's own texts, for the format's name and summary beside them. */
export function contentLanguage(v: Pick<ReportView, "content">, fallback: Locale): Locale {
  const l = v.content?.language;
  return l === "ru" || l === "en" ? l : fallback;
}

/** The summary under the format's name: the report's text (managers edit it), else the format's description. */
export const reportSummary = (v: Pick<ReportView, "content" | "format">, lang: Locale) => v.content?.text || v.format.description[lang] || "";

/** A report language as an HTML `lang` (BCP 47): the texts' own code for Chinese is "ch". */
export const htmlLang = (l: string) => (l === "ch" ? "zh" : l);

export const isReportLanguage = (v: unknown): v is ReportLanguage => REPORT_LANGUAGES.includes(v as ReportLanguage);

async function assemble(
  db: Db,
  result: ResultRow,
  owner: ReportView["owner"],
  wanted: "base" | "full",
  language: ReportLanguage,
  entitled: boolean,
): Promise<ReportView> {
  if (!result.isCompleted || !result.formatCode) throw notFound();
  const type = wanted === "full" && entitled ? "full" : "base";
  return {
    result,
    owner,
    format: await formatOf(db, result.formatCode),
    runnerUp: result.runnerUpCode ? await formatOf(db, result.runnerUpCode) : null,
    type,
    language,
    content: await reportContent(db, result.formatCode, type, language),
  };
}

/**
 * The signed-in user's report: their latest complete result, or a given one they own (another
 * user's is 404). Null when they have not completed a test yet. Callers apply the e-mail gate.
 */
export async function userReport(db: Db, user: UserRow, opts: { resultId?: string; wanted: "base" | "full"; language: ReportLanguage }) {
  const result = opts.resultId ? await requireOwnResult(db, user.id, opts.resultId) : await latestCompleted(db, user.id);
  if (!result) return null;
  return assemble(db, result, user, opts.wanted, opts.language, user.isFull);
}

/** Spec §5: a report needs a confirmed mailbox. The pages show the confirmation gate instead; the API refuses. */
export const canReadReport = (user: Pick<UserRow, "emailConfirmedAt">) => isEmailConfirmed(user);

export function requireConfirmed(user: Pick<UserRow, "emailConfirmedAt">) {
  if (!canReadReport(user)) throw new AppError(403, "email_not_confirmed", "report.errors.unconfirmed");
}

/** A manager's view of any complete result, whatever the owner has bought or confirmed. */
export async function managerReport(db: Db, resultId: string, wanted: "base" | "full", language: ReportLanguage) {
  const [row] = await db.select().from(results).innerJoin(users, eq(users.id, results.userId)).where(eq(results.id, resultId));
  if (!row) throw notFound();
  return assemble(db, row.results, row.users, wanted, language, true);
}

/** The business-type text for a format (the business cabinet shows it for any employee's format). */
export async function businessReport(db: Db, formatCode: string, language: ReportLanguage) {
  const format = await formatOf(db, formatCode.toUpperCase());
  const content = await reportContent(db, format.code, "business", language);
  if (!content) throw notFound();
  return { format, content };
}

/** The JSON shape of a report for the API. Locked sections carry only their teaser. */
export function toReportDoc(v: ReportView, locale: Locale) {
  return {
    type: v.type,
    language: v.content?.language ?? v.language,
    result: v.result.id,
    format: { code: v.format.code, name: v.format.name[locale] ?? v.format.name.ru, description: v.format.description[locale] ?? v.format.description.ru },
    certainty: certainty(v.result),
    quality: v.result.quality,
    isDoubt: v.result.isDoubt,
    indicators: v.result.indicators,
    advice: v.result.indicators ? adviceKeys(v.result.indicators as unknown as Indicators) : null,
    title: v.content?.title ?? null,
    text: v.content ? sanitizeReportText(v.content.text) : null,
    sections: (v.content?.sections ?? []).map((s) => ({ ...s, teaser: sanitizeReportText(s.teaser), text: s.locked ? "" : sanitizeReportText(s.text) })),
  };
}

const clamp = (v: number) => Math.max(0, Math.min(100, Math.round(v)));

/** The full report as a PDF in the reader's language (UI strings) and the report's language. */
export function reportPdf(v: ReportView, locale: Locale, zone: string, now = new Date()) {
  const t = translator(locale);
  const ind = (v.result.indicators ?? {}) as Record<string, number>;
  const c = certainty(v.result);
  const label = (k: string) => t(`report.indicators.${k}`);
  const bars = [
    ...(["ME", "WE", "WR"] as const).flatMap((s) => [
      { label: `${t(`report.spheres.${s}`)} — ${label("system")}`, value: clamp(ind[`${s}_SYSTEM`] ?? 0) },
      { label: `${t(`report.spheres.${s}`)} — ${label("analytics")}`, value: clamp(ind[`${s}_ANALYT`] ?? 0) },
    ]),
    { label: label("volume"), value: clamp(ind.volume ?? 0) },
    { label: label("presentation"), value: clamp(((ind.presentation ?? 0) + 100) / 2) },
    { label: label("harmony"), value: clamp(ind.harmony ?? 0) },
    { label: label("system"), value: clamp(ind.system ?? 0) },
    { label: label("analytics"), value: clamp(ind.analytics ?? 0) },
    // the scale runs from confident (−10) to anxious (10); the bar shows confidence
    { label: label("anxiety"), value: clamp((10 - (ind.anxiety ?? 0)) * 5) },
  ];
  const advice = v.result.indicators ? Object.values(adviceKeys(v.result.indicators as unknown as Indicators)) : [];
  const lang = contentLanguage(v, locale);
  return renderReportPdf({
    title: t("report.pdf.title"),
    language: lang === "en" ? "en-US" : "ru",
    reader: v.owner.name || null,
    date: formatIn(now, zone, intlLocale(locale), { dateStyle: "long" }),
    formatName: v.format.name[lang] || v.format.code,
    formatDescription: plainReportText(reportSummary(v, lang)),
    certainty:
      t(c.confirmed ? "test.result.confirmedBySpecialist" : "test.result.probability", { p: c.probability }) +
      (c.between && v.runnerUp
        ? ` · ${t("test.result.between", { a: v.format.name[lang] || v.format.code, b: v.runnerUp.name[lang] || v.runnerUp.code })}`
        : c.runnerUp
          ? ` · ${t("report.pdf.runnerUp", { code: c.runnerUp, p: c.runnerUpProbability })}`
          : "") +
      ` · ${t(`test.result.quality.${v.result.quality?.grade ?? "good"}`)}`,
    indicatorsTitle: t("test.result.indicators"),
    bars,
    sections: [
      ...advice.map((k) => ({ group: t("report.pdf.advice"), title: t(`${k}.title`), text: t(`${k}.text`) })),
      ...(v.content?.sections ?? [])
        .filter((s) => !s.locked)
        .map((s) => ({ group: t(`report.tabs.${s.tab}`), title: plainReportText(s.title), text: plainReportText(s.text) })),
    ],
    pageLabel: (n, of) => t("report.pdf.page", { n, of }),
    footer: t("report.pdf.footer"),
  });
}
