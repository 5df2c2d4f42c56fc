// Islands fill {{placeholders}} with locales/interpolate.ts; the server's translator fills them
// with rosetta. The two must agree on every parameterised string, or a page would read
// differently before and after hydration.
import { describe, expect, it } from "vitest";
import { translator, UI_LOCALES } from "../../locales";
import { interpolate } from "../../locales/interpolate";
import { template } from "../../server/render/templates";
import { templateKeys } from "./string-defects";

describe("interpolate", () => {
  it("fills every locale template exactly as the server's translator does", () => {
    const keys = templateKeys();
    expect(keys.length).toBeGreaterThan(10);
    for (const locale of UI_LOCALES) {
      const t = translator(locale);
      for (const key of keys) {
        const raw = template(t, key);
        const names = [...raw.matchAll(/{{(.*?)}}/g)].map((m) => m[1]!.trim());
        const params = Object.fromEntries(names.map((name, i) => [name, i % 2 ? `v${i}` : i + 7]));
        expect(interpolate(raw, params), `${locale} ${key}`).toBe(t(key, params));
        expect(interpolate(raw, {}), `${locale} ${key} without values`).toBe(t(key));
      }
    }
  });

  it("trims names, reads dotted paths and empties what is missing, as rosetta's templite does", () => {
    expect(interpolate("{{ n }} of {{m}}", { n: 1, m: 0 })).toBe("1 of 0");
    expect(interpolate("{{a.b}}|{{missing}}", { a: 1 })).toBe("|");
  });
});

describe("template", () => {
  it("hands islands the raw string, falling back to Russian and then to the key like t()", () => {
    const en = translator("en");
    expect(template(en, "test.runner.progress")).toBe("You answered {{n}} of {{m}} questions");
    expect(template(en, "no.such.key")).toBe(en("no.such.key"));
  });
});
