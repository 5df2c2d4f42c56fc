// UI strings live in locales/<lang>/<namespace>.json; a key is "<namespace>.<path>".
// Russian is the fallback for any key a language lacks.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import rosetta from "rosetta";

export const UI_LOCALES = ["ru", "en"] as const;
export type Locale = (typeof UI_LOCALES)[number];
export const FALLBACK_LOCALE: Locale = "ru";
/** Every language the product knows; `ch` is a report language only (its texts fall back to English). */
export const LOCALE_LIST = [
  { code: "ru", label: "RU", name: "Русский", ui: true },
  { code: "en", label: "EN", name: "English", ui: true },
  { code: "ch", label: "CH", name: "中文", ui: false },
] as const;
export type ReportLanguage = (typeof LOCALE_LIST)[number]["code"];

/** The Intl locale for dates in a UI language (day-month order in both). */
export const intlLocale = (locale: Locale) => (locale === "en" ? "en-GB" : "ru-RU");

export function isLocale(v: unknown): v is Locale {
  return v === "ru" || v === "en";
}

type Tree = Record<string, unknown>;
const root = dirname(fileURLToPath(import.meta.url));

function loadLocale(locale: Locale): Tree {
  const dir = join(root, locale);
  const tree: Tree = {};
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    tree[file.replace(/\.json$/, "")] = JSON.parse(readFileSync(join(dir, file), "utf8"));
  }
  return tree;
}

export const dictionaries: Record<Locale, Tree> = { ru: loadLocale("ru"), en: loadLocale("en") };
const i18n = rosetta<Tree>(dictionaries);

export type Params = Record<string, string | number>;
export type T = ((key: string, params?: Params) => string) & {
  /** Structured values (lists, objects) for content blocks. */
  raw: <V = unknown>(key: string) => V;
  locale: Locale;
};

/** More than every key the dictionaries hold. */
const PLAIN_MEMO_MAX = 20_000;

export function translator(locale: Locale): T {
  // The dictionaries never change while running, so a string asked for without parameters is
  // looked up once: a page asks for a few hundred, and each lookup walks the key and runs the
  // template engine (a tenth of a report page's render).
  const plain = new Map<string, string>();
  const translate = (key: string, params: Params) => {
    const value = i18n.t(key, params, locale);
    if (typeof value === "string" && value !== "") return value;
    const fallback = i18n.t(key, params, FALLBACK_LOCALE);
    return typeof fallback === "string" && fallback !== "" ? fallback : key;
  };
  const t = ((key: string, params?: Params) => {
    if (params) return translate(key, params);
    let value = plain.get(key);
    if (value === undefined) {
      value = translate(key, {});
      // bounded, in case a key is ever built from input
      if (plain.size < PLAIN_MEMO_MAX) plain.set(key, value);
    }
    return value;
  }) as T;
  t.raw = <V>(key: string) => {
    const value = i18n.t(key, {}, locale) as unknown;
    return (value === "" || value == null ? i18n.t(key, {}, FALLBACK_LOCALE) : value) as V;
  };
  t.locale = locale;
  return t;
}

const translators = { ru: translator("ru"), en: translator("en") };
export const tFor = (locale: Locale): T => translators[locale];
