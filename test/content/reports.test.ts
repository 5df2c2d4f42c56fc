// The seeded report content: every format × type × language is present, complete and its own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formats, reports } from "../../db/schema";
import { BASE_OPEN_SECTIONS, SECTIONS_BY_TYPE, SEEDED_TYPES } from "../../db/seed/content/reports";
import { dictionaries } from "../../locales";
import { FORMATS } from "../../model/formats";
import { createTestApp, type TestApp } from "../helpers";

let t: TestApp;
let rows: (typeof reports.$inferSelect)[];
beforeAll(async () => {
  t = await createTestApp();
  rows = await t.deps.database.db.select().from(reports);
});
afterAll(() => t.close());

const find = (code: string, type: string, lang: string) => rows.find((r) => r.formatCode === code && r.type === type && r.language === lang);

describe("report content", () => {
  it("has every section, non-empty, for every format × type × language", () => {
    expect(rows).toHaveLength(FORMATS.length * SEEDED_TYPES.length * 2);
    for (const f of FORMATS)
      for (const type of SEEDED_TYPES)
        for (const lang of ["ru", "en"]) {
          const row = find(f.code, type, lang);
          const where = `${f.code} ${type} ${lang}`;
          expect(row, where).toBeDefined();
          expect(row!.title.length, where).toBeGreaterThan(3);
          expect(row!.text.length, where).toBeGreaterThan(40);
          expect(
            row!.sections.map((s) => s.key),
            where,
          ).toEqual([...SECTIONS_BY_TYPE[type]]);
          row!.sections.forEach((s, i) => {
            const locked = type === "base" && i >= BASE_OPEN_SECTIONS;
            expect(s.locked, `${where} ${s.key}`).toBe(locked);
            expect(s.title.length, `${where} ${s.key}`).toBeGreaterThan(3);
            expect(s.teaser.length, `${where} ${s.key}`).toBeGreaterThan(20);
            // locked blocks keep only their teaser; everything else is substantive text
            if (locked) expect(s.text).toBe("");
            else expect(s.text.length, `${where} ${s.key}`).toBeGreaterThan(type === "business" || type === "chief" ? 80 : 250);
          });
        }
  });

  it("is written in the language of the row", () => {
    for (const row of rows) {
      const body = row.sections.map((s) => s.text + s.teaser).join(" ");
      const cyrillic = (body.match(/[а-яё]/gi) ?? []).length / body.length;
      if (row.language === "ru") expect(cyrillic, `${row.formatCode} ${row.type}`).toBeGreaterThan(0.5);
      else expect(cyrillic, `${row.formatCode} ${row.type}`).toBe(0);
    }
  });

  it("gives each of the 27 formats its own report and its own name", async () => {
    for (const lang of ["ru", "en"]) {
      const texts = FORMATS.map((f) =>
        find(f.code, "full", lang)!
          .sections.map((s) => s.text)
          .join("\n"),
      );
      expect(new Set(texts).size).toBe(27);
      // two formats differing in one dimension still differ in most blocks
      const a = find("SYS-MID-MID", "full", lang)!.sections;
      const b = find("SYS-MID-FAST", "full", lang)!.sections;
      expect(a.filter((s, i) => s.text !== b[i]!.text).length).toBe(12);
    }
    const names = await t.deps.database.db.select().from(formats);
    expect(names).toHaveLength(27);
    for (const lang of ["ru", "en"] as const) {
      expect(new Set(names.map((f) => f.name[lang])).size).toBe(27);
      expect(names.every((f) => f.description[lang].length > 40)).toBe(true);
    }
  });

  it("has advice for every band of every indicator in both languages", () => {
    const bands: Record<string, string[]> = {
      harmony: ["crisis", "norm", "comfort"],
      system: ["low", "middle", "high"],
      analytics: ["low", "middle", "high"],
      anxiety: ["confident", "rather-confident", "rather-anxious", "anxious"],
      presentation: ["slow", "middle", "fast"],
      volume: ["low", "middle", "high"],
    };
    for (const lang of ["ru", "en"] as const) {
      for (const [indicator, list] of Object.entries(bands))
        for (const band of list)
          for (const part of ["title", "text"]) {
            // read the language's own dictionary: the Russian fallback must not hide a gap
            const key = `advice.${indicator}.${band}.${part}`;
            const value = key.split(".").reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], dictionaries[lang]);
            expect(typeof value === "string" && value.length > 5, `${lang} ${key}`).toBe(true);
          }
    }
  });
});
