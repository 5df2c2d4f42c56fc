// A report read in the other language (`?report_lang=`) marks its own words with their language
// (WCAG 3.1.2), so a screen reader reads the English report on the Russian page with an English voice;
// the page's own words (badges, buttons) stay in the page's language.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completedResult, user } from "../fixtures";
import { createTestApp, type TestApp } from "../helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("a report in the other language", () => {
  it("marks the format's name, the summary and every section's title and text with the report's language", async () => {
    const person = await user(t, { locale: "ru" });
    await completedResult(t, person);
    const html = (await (await t.page("/report/base?report_lang=en", `token=${person.token}; i18n_locale=ru`)).text()).replace(/<!-- -->/g, "");
    expect(html).toMatch(/<html lang="ru"/);
    expect(html).toMatch(/<h1[^>]*data-testid="format-name"[^>]*lang="en"/);
    const summary = html.match(/data-testid="summary">([\s\S]*?)<\/div>/)![1]!;
    expect(summary).toMatch(/^<p[^>]*lang="en"/);
    const sections = html.match(/<article[^>]*data-section=[\s\S]*?<\/article>/g) ?? [];
    expect(sections.length).toBeGreaterThan(3);
    for (const s of sections) {
      expect(s).toMatch(/<h3[^>]*lang="en"/);
      expect(s).toMatch(/<p[^>]*lang="en"/);
      // the locked block's call to action is the page's own words: no lang of its own
      expect(s).not.toMatch(/<a[^>]*data-testid="buy"[^>]*lang=/);
    }
    // the contents' links name the sections in the report's language, the parts in the page's
    expect(html).toMatch(/<a href="#section-[^"]+" lang="en"/);
    expect(html).not.toMatch(/<a href="#part-[^"]+"[^>]*lang=/);

    // in the page's language the marks agree with the page
    const ru = (await (await t.page("/report/base", `token=${person.token}; i18n_locale=ru`)).text()).replace(/<!-- -->/g, "");
    expect(ru).toMatch(/<h1[^>]*data-testid="format-name"[^>]*lang="ru"/);
    const body = ru.slice(ru.indexOf('data-testid="report"'));
    expect(body).toMatch(/<article[^>]*data-section=[^>]*>\s*<h3[^>]*lang="ru"/);
    expect(body).not.toContain('lang="en"');
  });
});
