// Saving a report text from the editor as a browser does (textareas post CRLF line breaks): an
// unchanged save leaves the stored text byte-identical and records nothing; an edit of one paragraph
// keeps every paragraph for the reader and records only that paragraph.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, reports } from "../../db/schema";
import { createTestApp, type TestApp } from "../helpers";
import { completedResult, manager, type Person, user } from "../fixtures";
import { results } from "../../db/schema";

let t: TestApp;
let cookie: string;
let reader: Person;
let formatCode: string;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: "false" });
  cookie = `token=${(await manager(t)).token}; i18n_locale=en`;
  reader = await user(t, { isBusiness: false });
  const id = await completedResult(t, reader);
  formatCode = (await t.deps.db.select().from(results).where(eq(results.id, id)))[0]!.formatCode!;
}, 120_000);
afterAll(() => t.close());

const fullText = async () =>
  (
    await t.deps.db
      .select()
      .from(reports)
      .where(and(eq(reports.formatCode, formatCode), eq(reports.type, "base"), eq(reports.language, "ru")))
  )[0]!;
const crlf = (s: string) => s.replace(/\n/g, "\r\n");
/** The editor's fields as the browser posts them: every textarea with CRLF, one blank section more. */
function posted(row: Awaited<ReturnType<typeof fullText>>, version: string) {
  const form: Record<string, string> = {
    _form: "save",
    _version: version,
    title: row.title,
    text: crlf(row.text),
    sectionCount: String(row.sections.length + 1),
  };
  row.sections.forEach((s, i) => {
    Object.assign(form, {
      [`sections.${i}.key`]: s.key,
      [`sections.${i}.tab`]: s.tab,
      [`sections.${i}.title`]: s.title,
      [`sections.${i}.text`]: crlf(s.text),
      [`sections.${i}.teaser`]: crlf(s.teaser),
      ...(s.locked ? { [`sections.${i}.locked`]: "on" } : {}),
    });
  });
  return form;
}
const versionOf = async (id: string) => /name="_version" value="([^"]+)"/.exec(await (await t.page(`/manager/reports/${id}/edit`, cookie)).text())![1]!;
const paragraphsOnReport = async () => ((await (await t.page("/report/base?report_lang=ru", `token=${reader.token}`)).text()).match(/<p[ >]/g) ?? []).length;

describe("a report text saved from the editor", () => {
  it("unchanged, with CRLF line breaks: byte-identical, nothing audited, the reader's paragraphs kept", async () => {
    const before = await fullText();
    // the seeded texts have paragraphs: make sure one section has several
    const sections = before.sections.map((s, i) => (i === 0 ? { ...s, text: "First paragraph.\n\nSecond paragraph.\n\nThird paragraph." } : s));
    await t.deps.db.update(reports).set({ sections }).where(eq(reports.id, before.id));
    const row = await fullText();
    const paragraphs = await paragraphsOnReport();
    const res = await t.form(`/manager/reports/${row.id}/edit`, posted(row, await versionOf(row.id)), cookie);
    expect(res.status).toBe(303);
    const after = await fullText();
    expect(JSON.stringify(after.sections)).toBe(JSON.stringify(row.sections));
    expect(after.text).toBe(row.text);
    expect(after.updatedAt?.getTime()).toBe(row.updatedAt?.getTime());
    expect(await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, row.id))).toHaveLength(0);
    expect(await paragraphsOnReport()).toBe(paragraphs);
  });

  it("one paragraph edited: stored with LF, the reader sees every paragraph, the audit names only that paragraph", async () => {
    const row = await fullText();
    const form = posted(row, await versionOf(row.id));
    form["sections.0.text"] = "First paragraph.\r\n\r\nSecond paragraph, edited.\r\n\r\nThird paragraph.";
    const paragraphs = await paragraphsOnReport();
    expect((await t.form(`/manager/reports/${row.id}/edit`, form, cookie)).status).toBe(303);
    const after = await fullText();
    expect(after.sections[0]!.text).toBe("First paragraph.\n\nSecond paragraph, edited.\n\nThird paragraph.");
    expect(JSON.stringify(after.sections.slice(1))).toBe(JSON.stringify(row.sections.slice(1)));
    expect(await paragraphsOnReport()).toBe(paragraphs);
    const [entry] = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, row.id));
    expect(entry!.changes).toEqual({ [`sections.${row.sections[0]!.key}.text`]: { from: "Second paragraph.", to: "Second paragraph, edited." } });
    // the history says which section, in words
    const history = await (await t.page(`/manager/reports/${row.id}`, cookie)).text();
    expect(history).toContain(`Section «${row.sections[0]!.key}» · Text`);
    expect(history).toContain("Second paragraph, edited.");
  });

  it("a text stored with CRLF another way still reads as paragraphs", async () => {
    const row = await fullText();
    const sections = row.sections.map((s, i) => (i === 0 ? { ...s, text: "One.\r\n\r\nTwo.\r\n\r\nThree." } : s));
    await t.deps.db.update(reports).set({ sections }).where(eq(reports.id, row.id));
    const html = (await (await t.page("/report/base?report_lang=ru", `token=${reader.token}`)).text()).replace(/<!-- -->/g, "");
    expect(html).toMatch(/<p[^>]*>One\.<\/p><p[^>]*>Two\.<\/p>/);
  });
});
