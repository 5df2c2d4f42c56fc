// Public pages name their address in each language (hreflang), so a search engine shows an English
// speaker the English page; pages behind a sign-in name none. The landing's e-mail field has a
// label a sighted reader sees, not only a placeholder.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers";
import { completedResult, user, type Person } from "../fixtures";

let t: TestApp;
let person: Person;
beforeAll(async () => {
  t = await createTestApp();
  person = await user(t, { confirmed: true });
  await completedResult(t, person);
});
afterAll(() => t.close());

const alternates = (html: string) =>
  Object.fromEntries([...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [m[1], m[2]!.replace(/&#38;/g, "&")]));

describe("hreflang alternates", () => {
  it("lists a public page in Russian, English and by default, as absolute addresses that keep the query", async () => {
    for (const lang of ["ru", "en"]) {
      const html = await (await t.page("/product?utm_source=x&lang=" + lang, "")).text();
      expect(alternates(html)).toEqual({
        ru: "http://localhost/product?utm_source=x&lang=ru",
        en: "http://localhost/product?utm_source=x&lang=en",
        "x-default": "http://localhost/product?utm_source=x",
      });
    }
    const home = await (await t.page("/", "i18n_locale=en")).text();
    expect(alternates(home)).toEqual({ ru: "http://localhost/?lang=ru", en: "http://localhost/?lang=en", "x-default": "http://localhost/" });
  });

  it("is left out of pages behind a sign-in", async () => {
    const html = await (await t.page("/report/base", `token=${person.token}`)).text();
    expect(html).toContain('data-testid="report"');
    expect(html).not.toContain('rel="alternate"');
  });
});

describe("the landing's e-mail field", () => {
  it("has a visible label in the page's language", async () => {
    for (const [lang, text] of [
      ["ru", "Ваш e-mail"],
      ["en", "Your e-mail"],
    ]) {
      const html = await (await t.page("/", `i18n_locale=${lang}`)).text();
      const label = /<label for="([^"]+-email)" class="([^"]*)">([^<]*)<\/label>/.exec(html);
      expect(label, lang).not.toBeNull();
      expect(label![2]).not.toContain("sr-only");
      expect(label![3]).toBe(text);
      expect(html).toContain(`id="${label![1]}"`);
    }
  });
});
