import { describe, expect, it } from "vitest";
import { dictionaries, translator } from "../../locales";

function paths(node: unknown, prefix = ""): string[] {
  if (Array.isArray(node)) return [`${prefix}[${node.length}]`, ...node.flatMap((v, i) => paths(v, `${prefix}[${i}]`))];
  if (node && typeof node === "object") return Object.entries(node).flatMap(([k, v]) => paths(v, prefix ? `${prefix}.${k}` : k));
  return [prefix];
}

describe("locales", () => {
  it("Russian and English carry exactly the same keys", () => {
    const ru = paths(dictionaries.ru).sort();
    const en = paths(dictionaries.en).sort();
    expect(en.filter((k) => !ru.includes(k))).toEqual([]);
    expect(ru.filter((k) => !en.includes(k))).toEqual([]);
  });

  it("has no empty strings", () => {
    const empty = (node: unknown, p: string): string[] =>
      typeof node === "string"
        ? node.trim()
          ? []
          : [p]
        : node && typeof node === "object"
          ? Object.entries(node).flatMap(([k, v]) => empty(v, `${p}.${k}`))
          : [];
    expect(empty(dictionaries, "")).toEqual([]);
  });

  it("interpolates parameters and falls back to Russian, then to the key", () => {
    const en = translator("en");
    expect(en("common.footer.copyright", { year: 2026 })).toContain("2026");
    expect(en("common.no.such.key")).toBe("common.no.such.key");
  });
});
