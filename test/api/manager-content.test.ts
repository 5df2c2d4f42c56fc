import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, questions, reports, results, scoringVersions, users } from "../../db/schema";
import { FORMATS } from "../../model";
import { createTestApp, type TestApp } from "../helpers";
import { completedResult, manager, pdfText, type Person, user } from "../fixtures";

let t: TestApp;
let M: Record<string, string>;
let managerCookie: string;
let alice: Person;
let aliceResult: string;
let testId: string;
/** answer patterns of the seeded respondents: a small deterministic spread over −2..2 */
const pattern = (seed: number) => (p: number) => ((p * (seed + 3) + seed * seed) % 5) - 2;
const patterns = [1, 2, 3, 4].map(pattern);
const people: Person[] = [];

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: "false" });
  const login = await manager(t);
  M = { Authorization: `Bearer ${login.token}` };
  managerCookie = `token=${login.token}; i18n_locale=en`;
  for (const [i, answer] of patterns.entries()) {
    const r = await user(t, { confirmed: false });
    const result = await completedResult(t, r, answer);
    people.push(r);
    if (i === 0) [alice, aliceResult] = [r, result];
  }
  // two of them answered in English
  for (const r of people.slice(2)) await t.deps.db.update(users).set({ locale: "en" }).where(eq(users.id, r._id));
  await t.deps.db.update(users).set({ emailConfirmedAt: new Date(), isFull: true }).where(eq(users.id, alice._id));
  testId = (await t.deps.db.select().from(results).where(eq(results.id, aliceResult)))[0]!.testId;
}, 120_000);
afterAll(() => t.close());

const get = (path: string, h = M) => t.json("GET", path, undefined, h);
const page = (path: string, cookie: string) => t.app.request(path, { headers: { Cookie: cookie } });
const post = (path: string, form: Record<string, string>, cookie = managerCookie) =>
  t.app.request(path, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
    body: new URLSearchParams(form).toString(),
  });
const q = (o: unknown) => encodeURIComponent(JSON.stringify(o));
async function aliceFormat() {
  return (await t.deps.db.select().from(results).where(eq(results.id, aliceResult)))[0]!.formatCode!;
}
async function reportRow(type: "full" | "base", language = "ru") {
  const [row] = await t.deps.db
    .select()
    .from(reports)
    .where(and(eq(reports.formatCode, await aliceFormat()), eq(reports.type, type), eq(reports.language, language as "ru")));
  return row!;
}

describe("report texts", () => {
  it("lists by type and locale with the format populated, and shows one by type and format number", async () => {
    const list = await (await get(`/api/manager/reports?match=${q({ type: "full", locale: "en" })}&populate=fm&limit=5`)).json();
    expect(list).toMatchObject({ page: 1, limit: 5, total: 27, pages: 6 });
    expect(list.docs[0].fm).toHaveProperty("name");
    expect(list.docs.every((d: { type: string; language: string }) => d.type === "full" && d.language === "en")).toBe(true);
    const first = await (await get(`/api/manager/reports/full/1?language=en`)).json();
    expect(first.fm).toMatchObject({ code: FORMATS[0]!.code });
    expect((await get(`/api/manager/reports/full/${FORMATS[1]!.code}?language=ru`)).status).toBe(200);
    expect((await get(`/api/manager/reports/full/99`)).status).toBe(404);
    expect((await get(`/api/manager/reports?match=${q({ locale: "xx" })}`)).status).toBe(400);
  });

  it("an edit shows on the report page and in the PDF at once, sanitised", async () => {
    const row = await reportRow("full");
    const sections = row.sections.map((s, i) =>
      i === 0
        ? {
            ...s,
            text: `Edited by the manager <b onclick="steal()">bold</b> <script>alert('x')</script><img src=x onerror="alert(2)"> <a href="javascript:alert(3)">bad link</a> <a href="https://example.com/read">good link</a>`,
          }
        : s,
    );
    const res = await t.json("PUT", `/api/manager/reports/${row.id}`, { title: row.title, text: "Summary <i>edited</i>", sections }, M);
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.sections[0].text).toBe(`Edited by the manager <b>bold</b>  <a>bad link</a> <a href="https://example.com/read">good link</a>`);
    // stored sanitised
    const stored = await reportRow("full");
    expect(stored.sections[0]!.text).not.toMatch(/script|onerror|onclick|javascript:/);
    // the report page, at once
    const html = await (await page("/report/full?report_lang=ru", `token=${alice.token}`)).text();
    expect(html.replace(/<!-- -->/g, "")).toContain("Edited by the manager <strong>bold</strong>");
    expect(html).toContain('<a href="https://example.com/read" rel="noopener nofollow"');
    expect(html.replace(/<!-- -->/g, "")).toContain("Summary <em>edited</em>");
    expect(html).not.toMatch(/alert\(|onerror|onclick|javascript:/);
    // the PDF, at once (markup dropped)
    const pdf = await page("/report/pdf/full?report_lang=ru", `token=${alice.token}`);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const text = pdfText(await pdf.arrayBuffer());
    expect(text).toContain("Edited by the manager bold bad link good link");
    expect(text).not.toContain("alert");
    // audited
    expect((await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, row.id))).map((a) => a.action)).toContain("reports.update");
  });

  it("sanitises at read too: markup that reached the database another way never reaches a reader", async () => {
    const row = await reportRow("full");
    const sections = row.sections.map((s, i) =>
      i === 1 ? { ...s, text: `Raw <script>alert('raw')</script><a href=" jav&#x61;script:alert(4)" onmouseover="x()">trap</a>` } : s,
    );
    await t.deps.db.update(reports).set({ sections }).where(eq(reports.id, row.id));
    const html = await (await page("/report/full?report_lang=ru", `token=${alice.token}`)).text();
    expect(html.replace(/<!-- -->/g, "")).toContain("Raw trap");
    expect(html).not.toMatch(/alert\(|onmouseover|javascript:|jav&#x61;/);
    const api = await (await t.json("GET", `/api/result/${aliceResult}/report`, undefined, alice.h)).json();
    expect(JSON.stringify(api)).not.toMatch(/<script|onmouseover|alert\(/);
  });

  it("creates a text for a new language from the same format's, refuses a second one", async () => {
    const code = FORMATS[0]!.code;
    const res = await t.json("POST", "/api/manager/reports", { fm: code, type: "full", language: "ch" }, M);
    expect(res.status).toBe(201);
    const doc = await res.json();
    expect(doc).toMatchObject({ type: "full", language: "ch", fm: { code } });
    expect(doc.sections.length).toBe(12);
    const again = await t.json("POST", "/api/manager/reports", { fm: code, type: "full", language: "ch" }, M);
    expect(again.status).toBe(409);
    const bad = await t.json("POST", "/api/manager/reports", { fm: "NOPE", type: "odd", language: "ch" }, { ...M, locale: "en" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields).toHaveProperty("type");
  });

  it("the editor previews with the report's own components, then saves", async () => {
    const row = await reportRow("base", "en");
    const edit = await (await page(`/manager/reports/${row.id}/edit`, managerCookie)).text();
    expect(edit).toContain('data-testid="report-form"');
    expect(edit).toContain('data-testid="preview"');
    // the other languages of the same format and type: links, and a button to start a missing one
    expect(edit).toMatch(/data-testid="report-languages"[\s\S]*href="\/manager\/reports\/[0-9a-f]{24}\/edit"[\s\S]*name="language" value="ch"/);
    const form: Record<string, string> = { title: row.title, text: row.text, sectionCount: String(row.sections.length) };
    row.sections.forEach((s, i) => {
      Object.assign(form, {
        [`sections.${i}.key`]: s.key,
        [`sections.${i}.tab`]: s.tab,
        [`sections.${i}.title`]: s.title,
        [`sections.${i}.text`]: s.text,
        [`sections.${i}.teaser`]: s.teaser,
      });
      if (s.locked) form[`sections.${i}.locked`] = "on";
    });
    form["sections.0.text"] = "Previewed <b>text</b><script>alert(5)</script>";
    const preview = await post(`/manager/reports/${row.id}/edit`, { ...form, _form: "preview" });
    expect(preview.status).toBe(200);
    const html = await preview.text();
    expect(html.replace(/<!-- -->/g, "")).toMatch(/data-testid="preview"[\s\S]*data-section="[^"]+"[\s\S]*Previewed <strong>text<\/strong>/);
    expect(html).not.toContain("alert(5)</script>");
    expect((await reportRow("base", "en")).sections[0]!.text).toBe(row.sections[0]!.text); // a preview saves nothing
    const saved = await post(`/manager/reports/${row.id}/edit`, { ...form, _form: "save" });
    expect(saved.status).toBe(303);
    expect((await reportRow("base", "en")).sections[0]!.text).toBe("Previewed <b>text</b>");
    // a section without a title is refused with its field's message
    const bad = await post(`/manager/reports/${row.id}/edit`, { ...form, "sections.0.title": "", "sections.0.text": "x", _form: "save" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('id="f-sections-0-title-error"');
  });
});

describe("formats", () => {
  it("lists the 27 with how many results each has", async () => {
    const list = await (await get("/api/manager/formats?populate=results")).json();
    expect(list.total).toBe(27);
    expect(list.docs.reduce((s: number, d: { results: number }) => s + d.results, 0)).toBe(people.length);
    const html = await (await page("/manager/formats", managerCookie)).text();
    expect(html).toContain(FORMATS[0]!.code);
  });

  it("edits names and descriptions per language (POST /api/format and the page), managers only", async () => {
    const code = FORMATS[2]!.code;
    const body = { _id: code, name: { ru: "Новое имя", en: "New name", ch: "新名字" }, description: { ru: "Описание", en: "Description <script>x</script>" } };
    expect((await t.json("POST", "/api/format", body, alice.h)).status).toBe(403);
    const res = await t.json("POST", "/api/format", body, M);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ _id: code, name: { en: "New name", ch: "新名字" }, description: { en: "Description " } });
    expect((await (await t.app.request(`/api/format/${code}`)).json()).name.ru).toBe("Новое имя");
    const bad = await t.json("POST", "/api/format", { _id: code, name: { ru: "", en: "x" }, description: { ru: "x", en: "x" } }, { ...M, locale: "en" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields["name.ru"]).toBeTruthy();
    expect((await t.json("POST", "/api/format", { ...body, _id: "NOT-A-FORMAT" }, M)).status).toBe(404);
    const form = {
      _form: "edit",
      nameRu: "Имя со страницы",
      nameEn: "From the page",
      nameCh: "",
      descriptionRu: "Описание",
      descriptionEn: "Description",
      descriptionCh: "",
    };
    const saved = await post(`/manager/formats/${code}`, form);
    expect(saved.status).toBe(303);
    expect((await (await t.app.request(`/api/format/${code}`)).json()).name.en).toBe("From the page");
    expect((await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, code))).length).toBe(2);
  });
});

describe("item analysis", () => {
  it("equals the definitions computed here on the seeded answers, overall and per language", async () => {
    const test = await (await get(`/api/manager/tests/${testId}?populate=questions`)).json();
    const qs = test.questions as { _id: string; position: number; keys: { scale: string; sign: number }[] }[];
    expect(qs).toHaveLength(110);
    const item = qs[0]!;
    const scale = qs.filter((x) => x.keys[0]!.scale === item.keys[0]!.scale);
    const analysed = async (group: number[]) => {
      const y = (x: (typeof qs)[number], r: number) => x.keys[0]!.sign * patterns[r]!(x.position);
      const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
      const cov = (a: number[], b: number[]) => mean(a.map((v, i) => (v - mean(a)) * (b[i]! - mean(b))));
      const mine = group.map((r) => y(item, r));
      const rest = group.map((r) => scale.filter((x) => x !== item).reduce((s, x) => s + y(x, r), 0));
      const total = (items: typeof qs) => group.map((r) => items.reduce((s, x) => s + y(x, r), 0));
      const alpha = (items: typeof qs) =>
        (items.length / (items.length - 1)) *
        (1 -
          items.reduce(
            (s, x) =>
              s +
              cov(
                group.map((r) => y(x, r)),
                group.map((r) => y(x, r)),
              ),
            0,
          ) /
            cov(total(items), total(items)));
      return {
        corrected: cov(mine, rest) / Math.sqrt(cov(mine, mine) * cov(rest, rest)),
        alpha: alpha(scale),
        alphaWithout: alpha(scale.filter((x) => x !== item)),
        raw: group.map((r) => patterns[r]!(item.position)),
      };
    };
    const doc = await (await get(`/api/manager/question/${item._id}?populate=analysis`)).json();
    const a = doc.analysis;
    const want = await analysed([0, 1, 2, 3]);
    expect(a.n).toBe(4);
    expect(a.scales[0].corrected).toBeCloseTo(want.corrected, 3);
    expect(a.scales[0].alpha).toBeCloseTo(want.alpha, 3);
    expect(a.scales[0].alphaWithout).toBeCloseTo(want.alphaWithout, 3);
    expect(a.mean).toBeCloseTo(want.raw.reduce((s, v) => s + v, 0) / 4, 4);
    expect(a.dontKnow).toBe(want.raw.filter((v) => v === 0).length / 4);
    expect(a.distribution).toEqual([-2, -1, 0, 1, 2].map((v) => want.raw.filter((x) => x === v).length));
    expect(a.medianMs).toBe(6000);
    // the respondents' languages: two each
    expect(a.byLocale.ru.n).toBe(2);
    expect(a.byLocale.en.n).toBe(2);
    expect(a.byLocale.en.distribution).toEqual([-2, -1, 0, 1, 2].map((v) => want.raw.slice(2).filter((x) => x === v).length));
    // the pages: the list with the figures, the question with the table by language
    const list = await (await page("/manager/questions", managerCookie)).text();
    expect(list).toContain('data-testid="list-questions"');
    const detail = await (await page(`/manager/questions/${item._id}`, managerCookie)).text();
    expect(detail).toContain('data-section="analysis"');
    expect(detail).toMatch(/data-row="[^"]*"[\s\S]*>en</);
  });
});

describe("questions: a change of keying is a new scoring version", () => {
  it("keeps old results' scores and scores new ones with the new keying", async () => {
    const [first] = await t.deps.db
      .select()
      .from(questions)
      .where(and(eq(questions.testId, testId), eq(questions.position, 1)));
    const [before] = await t.deps.db.select().from(results).where(eq(results.id, aliceResult));
    expect(before!.scoringVersion).toBe("scoring-v2");
    // a text edit alone makes no version
    const textOnly = await t.json("PUT", `/api/manager/question/${first!.id}`, { text: { en: "My day goes by a plan." } }, M);
    expect(textOnly.status).toBe(200);
    expect((await textOnly.json()).scoringVersion).toBeNull();
    expect(await t.deps.db.select().from(scoringVersions)).toHaveLength(0);
    // reverse the item's keying
    const flipped = first!.keys.map((k) => ({ ...k, sign: -k.sign }));
    const res = await t.json("PUT", `/api/manager/question/${first!.id}`, { keys: flipped }, M);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.scoringVersion).toBe("scoring-v2.1");
    expect(body.keys).toEqual(flipped);
    const [version] = await t.deps.db.select().from(scoringVersions);
    expect(version!.keying.find((k) => k.position === 1)!.keys).toEqual(flipped);
    expect(version!.keying.find((k) => k.position === 2)!.keys).toEqual(
      first &&
        (
          await t.deps.db
            .select()
            .from(questions)
            .where(and(eq(questions.testId, testId), eq(questions.position, 2)))
        )[0]!.keys,
    );
    // the old result keeps its version and indicators
    const [after] = await t.deps.db.select().from(results).where(eq(results.id, aliceResult));
    expect(after!.scoringVersion).toBe("scoring-v2");
    expect(after!.indicators).toEqual(before!.indicators);
    // a new result with the same answers is scored with the new keying: item 1 (answer −2 → sign
    // reversed) moves its scale's raw score by 4 of ±20, i.e. 10 points
    const dave = await user(t, { confirmed: false });
    const daveResult = await completedResult(t, dave, patterns[0]);
    const [fresh] = await t.deps.db.select().from(results).where(eq(results.id, daveResult));
    expect(fresh!.scoringVersion).toBe("scoring-v2.1");
    const answer1 = patterns[0]!(1);
    const scale = first!.keys[0]!.scale as "ME_SYSTEM";
    expect(fresh!.indicators![scale]).toBe(before!.indicators![scale]! + (-2 * first!.keys[0]!.sign * answer1 * 100) / 40);
    // the page's form makes the next version; bad values are refused with field messages
    const page2 = await post(`/manager/questions/${first!.id}`, {
      _form: "edit",
      textRu: first!.text.ru,
      textEn: "My day",
      textCh: "",
      scale,
      sign: String(first!.keys[0]!.sign),
      weight: "",
      // a change of keying is asked again on the page
      confirmKey: "on",
    });
    expect(page2.status).toBe(303);
    expect((await t.deps.db.select().from(scoringVersions)).map((v) => v.version).sort()).toEqual(["scoring-v2.1", "scoring-v2.2"]);
    const bad = await t.json("PUT", `/api/manager/question/${first!.id}`, { keys: [{ scale: "NOPE", sign: 2 }] }, { ...M, locale: "en" });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).error.fields).join()).toMatch(/keys/);
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, first!.id));
    expect(audits.some((a) => (a.changes as Record<string, unknown>).scoringVersion === "scoring-v2.1")).toBe(true);
    // the test's page lists its versions
    const testPage = await (await page(`/manager/tests/${testId}`, managerCookie)).text();
    expect(testPage).toContain("scoring-v2.2");
  });
});
