// What the company takes away and reads about people: the export's columns, separator
// and dates, the team PDF with the map, the people and the balance, the result's
// reliability on compare and the business report (web and PDF), and a withdrawn consent said as
// such everywhere.
import ExcelJS from "exceljs";
import { eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { employees, formats, projects, results } from "../../db/schema";
import { businessProject, completedResult, pdfText, type Person, type ProjectFixture, user } from "../fixtures";
import { bodyOf, createTestApp, type TestApp } from "../helpers";

let t: TestApp;
let co: ProjectFixture;
let code: string;
let anna: { p: Person; emp: string };
let boris: { p: Person; emp: string };
let gleb: { p: Person; emp: string };
let runnerUp: { code: string; name: { en: string; ru: string } };

const page = (path: string, locale = "en") => t.app.request(path, { headers: { Cookie: `token=${co.owner.token}; i18n_locale=${locale}` } });
const decoded = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");

async function person(name: string, opts: { department?: string; position?: string } = {}) {
  const p = await user(t, { name });
  const res = await t.json("POST", `/api/business/join/${code}`, { agree: true, name }, p.h);
  const emp = (await bodyOf<{ employee: string }>(res)).employee;
  await t.deps.db
    .update(employees)
    .set({ departmentId: opts.department ?? null, positionId: opts.position ?? null })
    .where(eq(employees.id, emp));
  return { p, emp };
}

/** CSV lines split on the separator outside quotes. */
function csv(text: string, sep: string) {
  const re = new RegExp(`${sep}(?=(?:[^"]*"[^"]*")*[^"]*$)`);
  return text
    .trim()
    .split("\r\n")
    .map((l) => l.split(re).map((c) => c.replace(/^"|"$/g, "")));
}

beforeAll(async () => {
  t = await createTestApp();
  const owner = await user(t, { name: "Olga", confirmed: true });
  co = await businessProject(t, {
    owner,
    name: "Export Co",
    departments: ["Sales", "Logistics"],
    positions: [
      { name: "Seller", department: "Sales", tasks: [{ name: "Calls", communication: "team", decision: "improvisation", priority: 2 }] },
      { name: "Storekeeper", department: "Logistics", tasks: [{ name: "Count", communication: "individual", decision: "balanced" }] },
    ],
  });
  await t.deps.db.update(projects).set({ inviteBalance: 20 }).where(eq(projects.id, co.id));
  code = (await t.deps.db.select().from(projects).where(eq(projects.id, co.id)))[0]!.inviteCode!;
  anna = await person("Анна Антонова", { department: co.dep.Sales, position: co.pos.Seller });
  boris = await person("Boris Borisov", { department: co.dep.Sales, position: co.pos.Seller });
  gleb = await person("Gleb Glebov", { department: co.dep.Logistics, position: co.pos.Storekeeper });
  await completedResult(t, anna.p);
  const borisResult = await completedResult(t, boris.p, (i) => (i % 3 === 0 ? 2 : -1));
  await completedResult(t, gleb.p);
  // Boris's result is doubtful: between two formats, hurried answers
  const [own] = await t.deps.db.select().from(results).where(eq(results.id, borisResult));
  const [other] = await t.deps.db.select({ code: formats.code, name: formats.name }).from(formats).where(ne(formats.code, own!.formatCode!)).limit(1);
  runnerUp = other as typeof runnerUp;
  await t.deps.db
    .update(results)
    .set({ probability: 0.31, runnerUpCode: other!.code, runnerUpProbability: 0.29, quality: { grade: "poor", flags: ["misfit"] } })
    .where(eq(results.id, borisResult));
  // Boris heads Sales: Anna's supervisor
  await t.json("POST", "/api/business/employees/activate-manager", { employee: boris.emp, type: "department", department: co.dep.Sales }, co.h);
  // Gleb stops sharing
  await t.json("POST", `/api/business/consent/${co.id}`, { consent: false }, gleb.p.h);
  await t.json("POST", "/api/business/projects/reset-efficiency", {}, co.h);
});
afterAll(() => t.close());

describe("the employee export", () => {
  it("writes a Russian CSV with ';', a BOM and decimal commas, with fit, indicators, skills and supervisor", async () => {
    const res = await t.app.request("/api/business/employees/export?format=csv&sortType=name", { headers: { ...co.h, locale: "ru" } });
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv(new TextDecoder().decode(bytes.slice(3)), ";");
    const head = lines[0]!;
    for (const col of [
      "Табельный номер",
      "Руководитель",
      "Уверенность модели, %",
      "Качество ответов",
      "Соответствие должности (0–100)",
      "Гармония",
      "Системность",
      "Исследователь (реализованный)",
      "Планирование",
    ])
      expect(head).toContain(col);
    expect(head.length).toBeGreaterThan(40);
    const row = (name: string) => lines.find((l) => l[0] === name)!;
    const at = (name: string, col: string) => row(name)[head.indexOf(col)];
    expect(at("Анна Антонова", "Руководитель")).toBe("Boris Borisov");
    expect(at("Boris Borisov", "Руководитель")).toBe(""); // a head is not their own supervisor
    expect(at("Boris Borisov", "Уверенность модели, %")).toBe("31");
    // the second format by its name, not its code; the marks in words
    expect(at("Boris Borisov", "Второй формат (между двумя)")).toBe(runnerUp.name.ru);
    expect(at("Boris Borisov", "Отметки надёжности")).toBe("небрежные ответы; между двумя форматами");
    expect(at("Anna Антонова".replace("Anna", "Анна"), "Соответствие должности (0–100)")).toMatch(/^\d+(,\d)?$/);
    expect(at("Анна Антонова", "Системность")).toMatch(/^\d+(,\d)?$/);
    expect(at("Анна Антонова", "Добавлен")).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    // the withdrawn person: name and status only
    expect(at("Gleb Glebov", "Код формата")).toBe("");
    expect(at("Gleb Glebov", "Системность")).toBe("");
    expect(at("Gleb Glebov", "Соответствие должности (0–100)")).toBe("");
  });

  it("writes an English CSV with ','", async () => {
    const res = await t.app.request("/api/business/employees/export?format=csv", { headers: { ...co.h, locale: "en" } });
    const text = new TextDecoder().decode(new Uint8Array(await res.arrayBuffer()).slice(3));
    const lines = csv(text, ",");
    expect(lines[0]!.slice(0, 5)).toEqual(["Name", "Personnel number", "Department", "Position", "Supervisor"]);
    expect(lines[0]!.indexOf("Added")).toBe(lines[0]!.length - 1);
    expect(lines.find((l) => l[0] === "Boris Borisov")![lines[0]!.indexOf("Added")]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("writes real dates into the XLSX", async () => {
    const res = await t.app.request("/api/business/employees/export?format=xlsx", { headers: { ...co.h, locale: "ru" } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const head = (sheet.getRow(1).values as unknown[]).slice(1);
    const added = head.indexOf("Добавлен") + 1;
    const cell = sheet.getRow(2).getCell(added);
    expect(cell.value).toBeInstanceOf(Date);
    expect(cell.numFmt).toBe("dd.mm.yyyy");
    expect(Math.abs((cell.value as Date).getTime() - Date.now())).toBeLessThan(86_400_000);
    const confidence = sheet.getRow(2).getCell(head.indexOf("Уверенность модели, %") + 1).value;
    expect(typeof confidence).toBe("number");
  });
});

describe("the team PDF", () => {
  it("holds the 27-format map, the people with format and reliability, and the communication balance", async () => {
    const res = await t.app.request(`/api/report/business?format=pdf&team=1&project=${co.id}`, { headers: { ...co.h, locale: "en" } });
    expect(res.status).toBe(200);
    const text = pdfText(await res.arrayBuffer());
    expect(text).toContain("Thinking formats: the 27");
    // every one of the 27 names is on the map
    const names = (await t.deps.db.select({ name: formats.name }).from(formats)).map((f) => (f.name as { en: string }).en);
    expect(names).toHaveLength(27);
    for (const n of names) expect(text).toContain(n.replace(/^The /, "").slice(0, 8));
    expect(text).toContain("People");
    for (const n of ["Анна Антонова", "Boris Borisov", "Gleb Glebov"]) expect(text).toContain(n);
    expect(text).toContain("Seller");
    expect(text).toContain("Storekeeper");
    expect(text.replace(/\s+/g, " ")).toMatch(/31 % · careless answers · between two formats/);
    expect(text).toContain("Stopped sharing results");
    expect(text).toContain("Team communication balance");
    expect(text).toMatch(/\(WE\)[^%]*\d+(\.\d)? %/);

    const ru = pdfText(
      await (await t.app.request(`/api/report/business?format=pdf&team=1&project=${co.id}`, { headers: { ...co.h, locale: "ru" } })).arrayBuffer(),
    );
    expect(ru).toContain("Анна Антонова");
    expect(ru).toContain("Баланс коммуникации команды");
    expect(ru).toContain("Перестал делиться результатами");
  });
});

describe("reliability beside the result", () => {
  it("shows on compare, for each person", async () => {
    const html = decoded(await (await page(`/dashboard/employees/compare?ids=${anna.emp}&ids=${boris.emp}`)).text());
    const lines = [...html.matchAll(/data-testid="reliability-line"[^>]*>([^<]*(?:<!-- -->[^<]*)*)</g)].map((m) => m[1]!.replace(/<!-- -->/g, ""));
    expect(lines).toHaveLength(2);
    expect(lines.join("|")).toContain("Model confidence: 31 % · hurried or contradictory answers");
    expect(html).toMatch(/data-testid="reliability-line" data-doubtful="1"/);
    // the two marks, distinct: careless answers (retake) and between two formats (read both)
    expect(html).toMatch(/data-testid="mark-careless"[^>]*>⚠ <!-- -->careless answers/);
    expect(html).toMatch(/data-testid="mark-between"[^>]*>↔ <!-- -->between two formats/);
  });

  it("shows on the business report, on the page and in its PDF", async () => {
    const html = decoded(await (await page(`/dashboard/report/base?employee=${boris.emp}`)).text());
    expect(html).toContain('data-testid="reliability"');
    expect(html).toContain("Model confidence: 31 %");
    expect(html).toContain(`Between two formats: the second is ${runnerUp.name.en}`);
    expect(html).toContain("The answers look hurried or contradictory");
    const pdf = pdfText(
      await (
        await t.app.request(`/api/report/business?format=pdf&employee=${boris.emp}&project=${co.id}`, { headers: { ...co.h, locale: "en" } })
      ).arrayBuffer(),
    );
    expect(pdf).toContain("How reliable the result is");
    expect(pdf).toContain("Model confidence: 31 %");
    expect(pdf).toContain(`the second is ${runnerUp.name.en}`);
    const json = await bodyOf<{ reliability: { probability: number; between: boolean } }>(
      await t.json("GET", `/api/report/business?format=json&employee=${boris.emp}`, undefined, co.h),
    );
    expect(json.reliability).toMatchObject({ probability: 31, between: true });
  });
});

describe("a person who stopped sharing", () => {
  it("is said so on the employee page and the business report, without a 'no test' message or rows of dashes", async () => {
    const html = decoded(await (await page(`/business/employees/${gleb.emp}`)).text());
    expect(html).toContain('data-testid="stopped-sharing"');
    expect(html).toContain("The person stopped sharing their results");
    expect(html).not.toContain("no completed test");
    expect(html).not.toContain('data-testid="employee-analytics"');
    expect((html.match(/>—</g) ?? []).length).toBeLessThan(8);
    const report = decoded(await (await page(`/dashboard/report/base?employee=${gleb.emp}`)).text());
    expect(report).toContain("The person stopped sharing their results");
    expect(report).not.toContain("This employee has no completed test yet");
    const ru = await (await page(`/business/employees/${gleb.emp}`, "ru")).text();
    expect(ru).toContain("Сотрудник перестал делиться результатами");
    expect(ru).not.toContain("не из чего считать");
    const pdf = pdfText(
      await (
        await t.app.request(`/api/report/business?format=pdf&employee=${gleb.emp}&project=${co.id}`, { headers: { ...co.h, locale: "en" } })
      ).arrayBuffer(),
    );
    expect(pdf).toContain("The person stopped sharing their results");
  });
});
