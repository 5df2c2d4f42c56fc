// UI strings for islands that fill their own {{placeholders}} (locales/interpolate.ts), because the
// values change in the browser. They must leave the server raw: t(key) without values, and t.raw
// as well (rosetta fills every string it returns), would turn each placeholder into "".
import { dictionaries, FALLBACK_LOCALE, type T } from "../../locales";

/** The untouched string of `key` in t's language; Russian, then the key, when missing, as t() does. */
export function template(t: T, key: string): string {
  for (const locale of [t.locale, FALLBACK_LOCALE]) {
    const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dictionaries[locale]);
    if (typeof value === "string" && value !== "") return value;
  }
  return key;
}
