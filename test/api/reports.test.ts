import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formats, reports, results, users } from "../../db/schema";
import { FORMATS } from "../../model";
import { canReadReport, requireConfirmed } from "../../server/services/reports";
import { createTestApp, type TestApp } from "../helpers";
import { businessProject, completedResult, manager, pdfText, user, type Person } from "../fixtures";

let t: TestApp;
let alice: Person;
let aliceResult: string;
beforeAll(async () => {
  t = await createTestApp();
  alice = await user(t, { confirmed: false });
  aliceResult = await completedResult(t, alice);
});
afterAll(() => t.close());

const db = () => t.deps.db;
const confirm = (id: string) => db().update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, id));
const page = (path: string, r: Person, lang = "ru") => t.app.request(path, { headers: { Cookie: `token=${r.token}; i18n_locale=${lang}` } });

describe("the e-mail gate", () => {
  it("hides the report until the e-mail is confirmed, on the page and in the API", async () => {
    const html = await (await page("/report/base", alice)).text();
    expect(html).toContain('data-testid="confirm-gate"');
    expect(html).not.toContain('data-testid="report"');
    const api = await t.json("GET", "/api/report/base", undefined, alice.h);
    expect(api.status).toBe(403);
    expect((await api.json()).error.code).toBe("email_not_confirmed");
    const pdf = await page("/report/pdf/full", alice);
    expect(pdf.headers.get("location")).toBe("/report/base");
    await confirm(alice._id);
    const after = await (await page("/report/base", alice)).text();
    expect(after).toContain('data-testid="report"');
    expect((await t.json("GET", "/api/report/base", undefined, alice.h)).status).toBe(200);
  });

  it("is one rule: a confirmed mailbox", () => {
    expect(canReadReport({ emailConfirmedAt: null })).toBe(false);
    expect(canReadReport({ emailConfirmedAt: new Date() })).toBe(true);
    expect(() => requireConfirmed({ emailConfirmedAt: null })).toThrow(expect.objectContaining({ status: 403, code: "email_not_confirmed" }));
  });
});

describe("base and full report", () => {
  it("shows the base report with three open blocks and the rest locked with a teaser and the buy button", async () => {
    const html = await (await page("/report/base", alice, "en")).text();
    const [result] = await db().select().from(results).where(eq(results.id, aliceResult));
    expect(html).toContain(`data-format="${result!.formatCode}"`);
    expect(html.match(/data-locked="true"/g)).toHaveLength(9);
    expect(html.match(/data-testid="buy"/g)).toHaveLength(9);
    expect(html).toContain("Match with this format:");
    expect(html).toMatch(/data-testid="quality" data-grade="(good|fair|poor)"/);
    expect(html).not.toContain("<script"); // reads fully without JavaScript
    // /report/full before purchase goes to the base report
    const full = await page("/report/full", alice);
    expect(full.status).toBe(302);
    expect(full.headers.get("location")).toBe("/report/base");
    // the API sends locked sections without their text
    const doc = await (await t.json("GET", "/api/report/full", undefined, { ...alice.h, locale: "en" })).json();
    expect(doc.type).toBe("base");
    expect(doc.sections.filter((s: { locked: boolean; text: string }) => s.locked && s.text === "")).toHaveLength(9);
  });

  it("opens with its words: the summary, then a table of contents of all twelve sections (the paid ones marked), then the sections, the bars last", async () => {
    for (const lang of ["ru", "en"]) {
      const html = await (await page("/report/base", alice, lang)).text();
      const toc = html.slice(html.indexOf('data-testid="report-contents"'), html.indexOf("</nav>", html.indexOf('data-testid="report-contents"')));
      const entries = [...toc.matchAll(/data-toc="([^"]+)"/g)].map((m) => m[1]!);
      expect(entries).toHaveLength(12);
      // every entry leads to its section on the page, with no script
      for (const key of entries) {
        expect(toc).toContain(`href="#section-${key}"`);
        expect(html).toContain(`id="section-${key}"`);
      }
      expect(toc.match(/data-toc-locked="true"/g)).toHaveLength(9);
      expect(toc).toContain(lang === "en" ? "in the full report" : "в полном отчёте");
      expect(toc).toContain('href="#indicators"');
      const at = (needle: string) => {
        const i = html.indexOf(needle);
        expect(i, needle).toBeGreaterThan(-1);
        return i;
      };
      expect(at('data-testid="summary"')).toBeLessThan(at('data-testid="report-contents"'));
      expect(at('data-testid="report-contents"')).toBeLessThan(at('id="part-general"'));
      expect(at('id="part-personal"')).toBeLessThan(at('data-testid="indicators"'));
      // the three spheres' meters are told apart by name, and the model's figure is not called "confidence" like the bar
      expect(html).toContain(lang === "en" ? 'aria-label="System: world"' : 'aria-label="Системность: мир"');
      expect(html).not.toContain(lang === "en" ? "Model confidence" : "Уверенность модели");
    }
  });

  it("unlocks every block after purchase and offers the PDF", async () => {
    await db().update(users).set({ isFull: true }).where(eq(users.id, alice._id));
    const html = await (await page("/report/full", alice)).text();
    expect(html).toContain('data-type="full"');
    expect(html).not.toContain('data-locked="true"');
    expect(html).toContain('data-testid="pdf"');
    const doc = await (await t.json("GET", `/api/result/${aliceResult}/report`, undefined, alice.h)).json();
    expect(doc.type).toBe("full");
    expect(doc.sections).toHaveLength(12);
    expect(doc.sections.every((s: { text: string }) => s.text.length > 50)).toBe(true);
    const review = await (await t.json("GET", `/api/result/${aliceResult}/review`, undefined, alice.h)).json();
    expect(review.type).toBe("base");
    expect(Object.keys(doc.advice)).toEqual(["harmony", "system", "analytics", "anxiety", "presentation", "volume"]);
  });

  it("can be read in the other language whatever the test was taken in", async () => {
    const en = await (await page("/report/full?report_lang=en", alice, "ru")).text();
    const ru = await (await page("/report/full?report_lang=ru", alice, "ru")).text();
    const [result] = await db().select().from(results).where(eq(results.id, aliceResult));
    const [enRow] = await db().select().from(reports).where(eq(reports.formatCode, result!.formatCode!));
    expect(enRow).toBeDefined();
    expect(en).not.toEqual(ru);
    expect(en).toMatch(/aria-current="true"[^>]*>EN|>EN<\/a>/);
    // the same English text under either interface language: the parts' headings follow the interface
    // (the sections' markup is shared between readers, per interface language)
    expect(en).toContain(">Общая характеристика</h2>");
    const enUi = await (await page("/report/full?report_lang=en", alice, "en")).text();
    expect(enUi).toContain(">General characteristics</h2>");
    expect(enUi).not.toContain("Общая характеристика");
  });

  it("renders every format in both languages with all twelve blocks", async () => {
    for (const f of FORMATS) {
      await db().update(results).set({ formatCode: f.code }).where(eq(results.id, aliceResult));
      for (const lang of ["ru", "en"]) {
        const html = await (await page(`/report/full?report_lang=${lang}`, alice, lang)).text();
        expect(html, `${f.code} ${lang}`).toContain(`data-format="${f.code}"`);
        expect(html.match(/data-section="/g), `${f.code} ${lang}`).toHaveLength(12);
        expect(html).not.toMatch(/>advice\.|>report\.|>test\./); // no untranslated keys
      }
    }
  });
});

describe("a reader's report body, kept rendered for the next visit", () => {
  it("shows at once any change to the result, its format's name or the address's language", async () => {
    const [result] = await db().select().from(results).where(eq(results.id, aliceResult));
    const code = result!.formatCode!;
    const first = await (await page("/report/full", alice, "en")).text();
    expect(await (await page("/report/full", alice, "en")).text()).toEqual(first); // the same page again
    // a manager renames the format: the next visit says the new name
    const [format] = await db().select().from(formats).where(eq(formats.code, code));
    await db()
      .update(formats)
      .set({ name: { ...format!.name, en: "The Renamed" } })
      .where(eq(formats.code, code));
    const renamed = await (await page("/report/full", alice, "en")).text();
    expect(renamed).toContain(">The Renamed</h1>");
    await db().update(formats).set({ name: format!.name }).where(eq(formats.code, code));
    // a recheck marks the result doubtful and lowers its quality grade
    await db()
      .update(results)
      .set({ quality: { grade: "poor", flags: ["tooFast"] } })
      .where(eq(results.id, aliceResult));
    expect(await (await page("/report/full", alice, "en")).text()).toContain('data-grade="poor"');
    await db().update(results).set({ quality: result!.quality }).where(eq(results.id, aliceResult));
    // gzipped, the kept body and sections are spliced in precompressed: the bytes still unzip
    // (checksum and length checked) to exactly the page as sent plain
    const plain = await (await page("/report/full", alice, "en")).text();
    const zipped = await t.app.request("/report/full", { headers: { Cookie: `token=${alice.token}; i18n_locale=en`, "Accept-Encoding": "gzip" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(gunzipSync(bytes).toString("utf8")).toEqual(plain);
    expect(bytes.length).toBeLessThan(Buffer.byteLength(plain) / 3);
    // another user with a result never sees Alice's body
    const bob = await user(t, { confirmed: false });
    await completedResult(t, bob);
    await confirm(bob._id);
    const bobs = await (await page("/report/base", bob, "en")).text();
    expect(bobs).toContain('data-type="base"');
    expect(bobs).not.toContain(`/report/pdf/full?result=${aliceResult}`);
  });
});

describe("the header, kept rendered per reader and address", () => {
  it("shows at once a new name, a new role and the address's language links, and adds no element of its own", async () => {
    const header = async (path: string) => /<header[\s\S]*?<\/header>/.exec(await (await page(path, alice, "en")).text())![0];
    const before = await header("/report/full");
    await db().update(users).set({ name: "Alice Renamed" }).where(eq(users.id, alice._id));
    const renamed = await header("/report/full");
    expect(renamed).toContain('data-testid="menu-account">Alice Renamed</a>');
    expect(renamed).not.toContain("/manager");
    await db().update(users).set({ role: "admin" }).where(eq(users.id, alice._id));
    expect(await header("/report/full")).toContain('href="/manager"');
    await db().update(users).set({ role: "user", name: null }).where(eq(users.id, alice._id));
    expect(await header("/report/full")).toEqual(before);
    // the language links keep the address they are on
    expect(await header("/report/full?report_lang=ru")).toContain('href="/report/full?report_lang=ru&amp;lang=ru"');
    // the kept header is the page's own element (a wrapper would break its position: sticky)
    const html = await (await page("/report/full", alice, "en")).text();
    expect(html).toMatch(/<\/a><header class="[^"]*\bsticky /);
    expect(html).not.toContain("tf-fragment");
  });
});

describe("ownership", () => {
  it("gives 404 for another user's report, on pages and in the API", async () => {
    const bob = await user(t, { confirmed: false });
    await confirm(bob._id);
    expect((await page(`/report/${aliceResult}`, bob)).status).toBe(404);
    expect((await page(`/report/${aliceResult}/full`, bob)).status).toBe(404);
    expect((await t.json("GET", `/api/result/${aliceResult}/report`, undefined, bob.h)).status).toBe(404);
    expect((await page(`/report/not-an-id`, bob)).status).toBe(404);
    // and a user without a result is sent to the test
    const r = await page("/report/base", bob);
    expect(r.status).toBe(302);
    expect(r.headers.get("location")).toBe("/test/start");
  });

  it("lets only a manager open anyone's report in the back-office views", async () => {
    const bob = await user(t, { confirmed: false });
    expect((await page(`/manager/public/full/${aliceResult}`, bob)).status).toBe(302);
    const { token } = await manager(t);
    const html = await (await t.app.request(`/manager/public/full/${aliceResult}`, { headers: { Cookie: `token=${token}` } })).text();
    expect(html).toContain(alice.email);
    expect(html).toContain('data-type="full"');
  });
});

describe("business report", () => {
  it("gives a business user the six business sections of any format, in the asked language, and nobody else", async () => {
    const owner = await user(t, { confirmed: false });
    expect((await t.json("GET", "/api/report/business?format=SYS-MID-MID", undefined, owner.h)).status).toBe(403);
    await businessProject(t, { owner: owner, name: "HR Co" });
    const en = await (await t.json("GET", "/api/report/business?format=SYS-MID-MID&lang=en", undefined, owner.h)).json();
    expect(en).toMatchObject({ type: "business", language: "en", format: { code: "SYS-MID-MID" } });
    expect(en.sections.map((s: { key: string }) => s.key)).toEqual(["teamRole", "strengths", "drivers", "risks", "management", "positions"]);
    for (const s of en.sections) expect(s.text.length).toBeGreaterThan(80);
    const ru = await (await t.json("GET", "/api/report/business?format=SYS-MID-MID&lang=ru", undefined, owner.h)).json();
    expect(ru.sections[0].text).toMatch(/[а-яё]/i);
    expect((await t.json("GET", "/api/report/business?format=NOPE-NOPE", undefined, owner.h)).status).toBe(404);
  });
});

describe("PDF", () => {
  it("downloads the full report as a PDF with real text in Russian and in English", async () => {
    await db().update(users).set({ name: "Алиса Тестова" }).where(eq(users.id, alice._id));
    const [result] = await db().select().from(results).where(eq(results.id, aliceResult));
    const format = FORMATS.find((f) => f.code === result!.formatCode)!;
    for (const lang of ["ru", "en"] as const) {
      const res = await page(`/report/pdf/full?report_lang=${lang}`, alice, lang);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(res.headers.get("content-disposition")).toContain(`thinking-format-${format.code}.pdf`);
      const text = pdfText(await res.arrayBuffer());
      const [row] = await db().select().from(reports).where(eq(reports.formatCode, format.code));
      expect(row).toBeDefined();
      expect(text).toContain("Алиса Тестова");
      expect(text).toContain(lang === "ru" ? "Формат мышления — полный отчёт" : "Thinking Format — full report");
      expect(text).toContain(lang === "ru" ? "Общая характеристика" : "General characteristics");
      expect(text).toMatch(lang === "ru" ? /Страница 1 из \d+/ : /Page 1 of \d+/);
    }
  });

  it("sends a buyer-to-be to checkout instead of the PDF", async () => {
    const carol = await user(t, { confirmed: false });
    await completedResult(t, carol);
    await confirm(carol._id);
    const res = await page("/report/pdf/full", carol);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/payment/report");
  });
});
