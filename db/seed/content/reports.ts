// Seeds the `reports` table: every format × type × language, composed from ./en.ts and ./ru.ts.
//
// What each report type holds (spec §3 lists the types; the contents are our decision):
//   full     — the 12 consumer blocks in three tabs, all open; the paid report (web and PDF).
//   base     — the same 12 blocks; the first three open, the other nine locked: title and teaser
//              only (their text stays empty so nothing paid is stored twice).
//   short    — one block (superpower) and the format's summary: share cards, e-mails, lists.
//   career   — the career tab plus motivation: for a career-guidance product.
//   couple   — the personal-life tab: for a relationships product.
//   business — six blocks about an employee, for the employer (third person): the business cabinet.
//   chief    — the three business blocks a line manager needs: drivers, risks, how to manage.
import type { FormatInfo } from "../../../model/formats";
import { en } from "./en";
import { ru } from "./ru";
import { BUSINESS_SECTIONS, CONSUMER_SECTIONS, type BusinessSection, type ConsumerSection, type LanguageContent } from "./types";

export const CONTENT: Record<"ru" | "en", LanguageContent> = { ru, en };
export const SEEDED_TYPES = ["full", "base", "short", "career", "couple", "business", "chief"] as const;
export type SeededType = (typeof SEEDED_TYPES)[number];

type AnySection = ConsumerSection | BusinessSection;
const consumerTab = new Map<string, string>(CONSUMER_SECTIONS.map((s) => [s.key, s.tab]));
const allConsumer = CONSUMER_SECTIONS.map((s) => s.key);

/** The blocks each type must have, in order: the content test checks every seeded row against this. */
export const SECTIONS_BY_TYPE: Record<SeededType, readonly AnySection[]> = {
  full: allConsumer,
  base: allConsumer,
  short: ["superpower"],
  career: ["motivation", "effectiveActivity", "productiveEnvironment", "professions"],
  couple: ["relationships", "partner", "family"],
  business: BUSINESS_SECTIONS,
  chief: ["drivers", "risks", "management"],
};
/** The format whose base report the /demo page shows. */
export const DEMO_FORMAT_CODE = "BAL-MID-MID";
/** How many blocks the free base report opens (spec §1: three shown first). */
export const BASE_OPEN_SECTIONS = 3;

export interface FormatNames {
  code: string;
  name: { ru: string; en: string };
  description: { ru: string; en: string };
}

const firstSentence = (text: string) => /^.+?[.!?…](?=\s|$)/su.exec(text)?.[0] ?? text;

function compose(c: LanguageContent, f: FormatInfo, key: AnySection) {
  if (consumerTab.has(key)) {
    const k = key as ConsumerSection;
    const lead = c.consumer.structure[f.structure][k];
    // structure carries the block; volume and presentation colour it in a second paragraph
    return { text: `${lead}\n\n${c.consumer.volume[f.volume][k]} ${c.consumer.presentation[f.presentation][k]}`, teaser: firstSentence(lead) };
  }
  const k = key as BusinessSection;
  const lead = c.business.structure[f.structure][k];
  return { text: `${lead} ${c.business.volume[f.volume][k]} ${c.business.presentation[f.presentation][k]}`, teaser: firstSentence(lead) };
}

export function buildReport(f: FormatInfo & FormatNames, type: SeededType, language: "ru" | "en") {
  const c = CONTENT[language];
  const sections = SECTIONS_BY_TYPE[type].map((key, i) => {
    const { text, teaser } = compose(c, f, key);
    const locked = type === "base" && i >= BASE_OPEN_SECTIONS;
    return { key, tab: consumerTab.get(key) ?? "business", title: c.titles[key], text: locked ? "" : text, teaser, locked };
  });
  return {
    formatCode: f.code,
    type,
    language,
    title: c.reportTitle[type].replace("{name}", f.name[language]),
    text: f.description[language],
    sections,
  };
}

export function buildReports(formats: (FormatInfo & FormatNames)[]) {
  return formats.flatMap((f) => SEEDED_TYPES.flatMap((type) => (["ru", "en"] as const).map((lang) => buildReport(f, type, lang))));
}
