// Questions in the back-office: /manager/questions (with each item's analysis figures and flags),
// /manager/questions/{id} (text per language, keying, the item analysis overall and per language)
// and /api/manager/question/{id}. A change of keying makes a new scoring version (server/admin/content.ts).
import { eq } from "drizzle-orm";
import { z } from "zod";
import { questions } from "../../../db/schema";
import { SCALES } from "../../../model/items";
import type { ItemStats } from "../../../model/item-analysis";
import { validationFailed } from "../../lib/errors";
import { parseInput } from "../../lib/validate";
import { itemAnalysis } from "../../services/item-analysis";
import { questionEditSchema, sameKeys, updateQuestion } from "../content";
import { populateTests } from "../populate";
import { defineResource, type Doc } from "../resource";

/** Flags as a short line in any language: "r<0" a negative corrected correlation, "α↑" alpha rises
 * without the item; overall first, then per language ("r<0 α↑ · en: r<0"). */
export function flagLine(overall: ItemStats["flags"], byLocale: [string, ItemStats["flags"]][], n?: number) {
  const short = (f: ItemStats["flags"]) => f.map((x) => (x === "negative-correlation" ? "r<0" : "α↑")).join(" ");
  const parts = [short(overall), ...byLocale.filter(([, f]) => f.length).map(([l, f]) => `${l}: ${short(f)}`)].filter(Boolean);
  // under ~30 people the figures swing wildly (α = −10.9 from 4 people): said first
  if (n !== undefined && n < SMALL_SAMPLE) parts.unshift(`n<${SMALL_SAMPLE}`);
  return parts.length ? parts.join(" · ") : null;
}

/** Fewer respondents than this and an item's figures are not to be trusted. */
export const SMALL_SAMPLE = 30;

/** One item's figures as a row (overall or one language). */
export function analysisRow(label: string, s: ItemStats | undefined): Doc {
  const sc = s?.scales[0];
  return {
    group: label,
    n: s?.n ?? 0,
    distribution: s ? s.distribution.join(" / ") : null,
    mean: s?.mean ?? null,
    dontKnow: s?.dontKnow ?? null,
    medianSeconds: s?.medianMs == null ? null : Math.round(s.medianMs / 100) / 10,
    corrected: sc?.corrected ?? null,
    alpha: sc?.alpha ?? null,
    alphaWithout: sc?.alphaWithout ?? null,
    flags: s ? flagLine(s.flags, [], s.n) : null,
  };
}

export const questionResource = defineResource({
  name: "questions",
  access: { write: ["content"] },
  pagePath: "questions",
  apiPath: "/question",
  menu: { label: "cabinet.nav.manager.questions", icon: "?", order: 130 },
  listPopulate: ["analysis"],
  table: questions,
  id: questions.id,
  recordRepresentation: (d) => d.code as string,
  toDoc: (q) => ({
    _id: q.id,
    test: q.testId,
    /** the test's name in both languages (populated on the page) */
    testName: null as unknown,
    position: q.position,
    code: q.code,
    text: q.text as unknown,
    keys: q.keys as unknown,
    scale: q.keys[0]?.scale ?? null,
    sign: q.keys[0]?.sign ?? null,
    pairWith: q.pairWith,
    analysis: null as unknown,
    corrected: null as unknown,
    alphaWithout: null as unknown,
    dontKnow: null as unknown,
    flags: null as unknown,
  }),
  sortable: { position: questions.position, code: questions.code },
  defaultSort: "position",
  filters: {
    test: { kind: "id", column: questions.testId },
    code: { kind: "text", column: questions.code },
  },
  search: [questions.code, questions.text],
  populate: {
    testName: async (db, docs) => {
      const named = docs.map((d) => ({ t: d.test }));
      await populateTests(db, named, "t");
      docs.forEach((d, i) => {
        const test = named[i]!.t as { name?: unknown } | string;
        d.testName = typeof test === "object" ? (test.name ?? null) : null;
      });
    },
    /** the item analysis from the real answers: overall, and `byLocale` per respondent language */
    analysis: async (db, docs) => {
      for (const testId of new Set(docs.map((d) => d.test as string))) {
        const a = await itemAnalysis(db, testId);
        for (const d of docs.filter((x) => x.test === testId)) {
          const i = (d.position as number) - 1;
          const s = a.items[i];
          d.analysis = { ...s, byLocale: Object.fromEntries(Object.entries(a.byLocale).map(([l, g]) => [l, g.items[i]])), scoringVersion: a.version };
          d.corrected = s?.scales[0]?.corrected ?? null;
          d.alphaWithout = s?.scales[0]?.alphaWithout ?? null;
          d.dontKnow = s?.dontKnow ?? null;
          // flagged overall, or in one language only (a translation that works against its scale)
          d.flags = flagLine(
            s?.flags ?? [],
            Object.entries(a.byLocale).map(([l, g]) => [l, g.items[i]?.flags ?? []]),
            s?.n ?? 0,
          );
        }
      }
    },
  },
  exclude: ["analysis", "text", "keys", "testName"],
  columns: [
    { key: "position", kind: "number" },
    { key: "code", label: "manager.fields.itemCode", link: true },
    { key: "text", kind: "localized", label: "manager.fields.questionText" },
    { key: "scale" },
    { key: "sign", kind: "number" },
    { key: "corrected", kind: "number" },
    { key: "alphaWithout", kind: "number" },
    { key: "dontKnow", kind: "percent" },
    { key: "flags", label: "manager.items.flags" },
  ],
  fields: [
    // by its name (the link to it is above the page), never its id
    { key: "testName", label: "manager.fields.test", kind: "localized" },
    { key: "position", kind: "number" },
    { key: "code", label: "manager.fields.itemCode" },
    { key: "text", kind: "localized", label: "manager.fields.questionText" },
    { key: "keys", kind: "json" },
    { key: "pairWith", kind: "number" },
    { key: "flags", label: "manager.items.flags" },
  ],
  detailPopulate: ["testName", "analysis"],
  form: {
    schema: z.object({
      textRu: z.string().trim().min(1, "common.validation.required").max(1_000, "common.validation.tooLong"),
      textEn: z.string().trim().min(1, "common.validation.required").max(1_000, "common.validation.tooLong"),
      textCh: z.string().trim().max(1_000, "common.validation.tooLong").optional(),
      scale: z.enum(SCALES),
      sign: z.enum(["1", "-1"]),
      weight: z.number().min(0.1).max(5).optional(),
      /** the page's "yes, change the key": asked only when the keying changes */
      confirmKey: z.boolean().optional(),
    }),
    fields: [
      { name: "textRu", kind: "textarea" },
      { name: "textEn", kind: "textarea" },
      { name: "textCh", kind: "textarea" },
      { name: "scale", kind: "select", options: SCALES },
      { name: "sign", kind: "select", options: ["1", "-1"] },
      { name: "weight", kind: "number" },
      { name: "confirmKey", kind: "confirm", label: "manager.items.confirmKey" },
    ],
    toValues: (r) => {
      const text = r.text as Record<string, string>;
      const key = (r.keys as { scale: string; sign: number; weight?: number }[])[0];
      return { textRu: text.ru, textEn: text.en, textCh: text.ch ?? "", scale: key?.scale, sign: key ? String(key.sign) : "", weight: key?.weight ?? 1 };
    },
    save: async (scope, id, input) => {
      const [row] = await scope.db.select({ keys: questions.keys }).from(questions).where(eq(questions.id, id));
      // the form edits the first key; further keys (none in items-v1) stay as they are
      const keys = [
        { scale: input.scale, sign: Number(input.sign), ...(input.weight !== undefined && input.weight !== 1 ? { weight: input.weight } : {}) },
        ...(row?.keys.slice(1) ?? []),
      ];
      // a new keying scores every later result differently: the page asks first (an API client sends no such field)
      if (row && !sameKeys(row.keys, keys as typeof row.keys) && input.confirmKey === false) throw validationFailed({ confirmKey: "manager.items.keyAsk" });
      return updateQuestion(scope, id, parseInput(scope.t, questionEditSchema, { text: { ru: input.textRu, en: input.textEn, ch: input.textCh ?? "" }, keys }));
    },
  },
  sections: [
    {
      key: "analysis",
      title: "manager.items.analysis",
      load: async (_db, _id, doc) => {
        const a = doc.analysis as (ItemStats & { byLocale: Record<string, ItemStats> }) | null;
        if (!a) return [];
        return [analysisRow("Σ", a), ...Object.entries(a.byLocale).map(([l, s]) => analysisRow(l, s))];
      },
      columns: [
        { key: "group", label: "manager.items.group" },
        { key: "n", kind: "number", label: "manager.items.n" },
        { key: "distribution", label: "manager.items.distribution" },
        { key: "mean", kind: "number", label: "manager.items.mean" },
        { key: "dontKnow", kind: "percent", label: "manager.fields.dontKnow" },
        { key: "medianSeconds", kind: "number", label: "manager.items.medianSeconds" },
        { key: "corrected", kind: "number", label: "manager.fields.corrected" },
        { key: "alpha", kind: "number", label: "manager.items.alpha" },
        { key: "alphaWithout", kind: "number", label: "manager.fields.alphaWithout" },
        { key: "flags", label: "manager.items.flags" },
      ],
    },
  ],
  links: (d) => [{ label: "manager.res.tests.detail", href: `/manager/tests/${String(d.test)}` }],
});
