// Team statistics, the communication balance and the employee exports on a project small enough to
// count by hand (test/analytics-seed.ts): every expected number below is worked out in comments.
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { communicationBalance, teamStats } from "../../server/services/business";
import { type ApiError, createTestApp, type Reply, type TestApp } from "../helpers";
import { seedAnalytics, type AnalyticsSeed } from "../analytics-seed";

let t: TestApp;
let s: AnalyticsSeed;
type Stats = Reply<typeof teamStats>;
type Balance = Reply<typeof communicationBalance>;
const get = <T>(path: string, headers = s.h) => t.call<T>("GET", path, undefined, headers);

beforeAll(async () => {
  t = await createTestApp();
  s = await seedAnalytics(t);
});
afterAll(() => t.close());

describe("GET /api/business/stats", () => {
  it("counts people, formats, spreads, alerts and completion as by hand", async () => {
    const { status, json } = await get<Stats>("/api/business/stats");
    expect(status).toBe(200);
    // five people; four completed the test (Gleb too); three share (Gleb withdrew consent)
    expect(json).toMatchObject({ total: 5, tested: 4, shared: 3 });
    expect(json.formats).toEqual([
      { code: "SYS-MID-FAST", count: 2 },
      { code: "ANL-HIGH-SLOW", count: 1 },
    ]);
    // the map: all 27 cells, the people in theirs, never Gleb's withdrawn format
    expect(json.map).toHaveLength(27);
    const cell = (code: string) => json.map.find((c) => c.code === code)!;
    expect(cell("SYS-MID-FAST")).toMatchObject({ structure: "system", volume: "middle", presentation: "fast", count: 2 });
    expect(cell("SYS-MID-FAST").people.map((p) => p.name)).toEqual(["Anna Antonova", "Boris Borisov"]);
    expect(cell("BAL-LOW-MID").count).toBe(0);
    expect(json.map.reduce((n: number, c) => n + c.count, 0)).toBe(3);
    // harmony over Anna 30, Boris 50, Vera 80: mean 53.3, sd √((23.3² + 3.3² + 26.7²)/3) = 20.5
    expect(json.overall.harmony).toEqual({ n: 3, mean: 53.3, sd: 20.5, min: 30, max: 80 });
    expect(json.harmony).toBe(53.3);
    // anxiety 7, 2, −5: mean 1.3, sd √((5.67² + 0.67² + 6.33²)/3) = 4.9
    expect(json.overall.anxiety).toEqual({ n: 3, mean: 1.3, sd: 4.9, min: -5, max: 7 });
    const dep = (name: string | null) => json.departments.find((d) => d.name === name)!;
    // Lab before Sales (by name); Dina, in no department, last
    expect(json.departments.map((d) => d.name)).toEqual(["Lab", "Sales", null]);
    expect(dep("Sales")).toMatchObject({ employees: 2, tested: 2 });
    expect(dep("Sales").indicators.harmony).toEqual({ n: 2, mean: 40, sd: 10, min: 30, max: 50 });
    expect(dep("Sales").indicators.system).toEqual({ n: 2, mean: 65, sd: 5, min: 60, max: 70 });
    // Lab: Vera alone is measured (Gleb withdrew), but both are tested
    expect(dep("Lab")).toMatchObject({ employees: 2, tested: 2 });
    expect(dep("Lab").indicators.harmony).toEqual({ n: 1, mean: 80, sd: 0, min: 80, max: 80 });
    expect(dep(null)).toMatchObject({ _id: null, employees: 1, tested: 0 });
    expect(dep(null).indicators.harmony.n).toBe(0);
    // Anna: harmony 30 < 40 (crisis) and anxiety 7 ≥ 6; Gleb (10, 9) is not shown: no consent
    expect(json.alerts).toEqual([{ _id: s.emp.anna, name: "Anna Antonova", department: "Sales", harmony: 30, anxiety: 7, reasons: ["crisis", "anxiety"] }]);
    expect(json.alertCount).toBe(1);
    // completed 1 March (Anna, Boris), 2 March (Gleb), 3 March (Vera)
    expect(json.completion).toEqual({
      unit: "day",
      points: [
        { date: "2026-03-01", count: 2, total: 2 },
        { date: "2026-03-02", count: 1, total: 3 },
        { date: "2026-03-03", count: 1, total: 4 },
      ],
    });
  });

  it("narrows to a department, and answers the same for /projects/stats/{id}", async () => {
    const sales = await get<Stats>(`/api/business/stats?department=${s.dep.sales}`);
    expect(sales.json).toMatchObject({ total: 2, tested: 2, shared: 2, formats: [{ code: "SYS-MID-FAST", count: 2 }] });
    expect(sales.json.departments.map((d) => d.name)).toEqual(["Sales"]);
    expect((await get("/api/business/stats?department=000000000000000000000000")).status).toBe(404);
    expect((await get("/api/business/stats?department=nope")).status).toBe(404);
    const byId = await get<Stats>(`/api/business/projects/stats/${s.project}`, s.owner.h);
    const own = await get<Stats>("/api/business/stats");
    expect(byId.json).toEqual(own.json);
  });
});

describe("GET /api/business/communication", () => {
  it("weighs what positions ask of ME/WE/WR against the people's structure, as by hand", async () => {
    const { status, json } = await get<Balance>("/api/business/communication");
    expect(status).toBe(200);
    // needs: Seller = WE 1/3, WR 2/3 (weights 1 and 2), held by Anna and Boris; Researcher = ME 1,
    // held by Vera → ME 1, WE 2/3, WR 4/3 of 3 → 33.3 / 22.2 / 44.4
    // brings: each person's strongest structure per sphere as shares — Anna 60/80/60 → .3/.4/.3,
    // Boris 50/50/100 → .25/.25/.5, Vera 80/40/80 → .4/.2/.4 → .95/.85/1.2 of 3 → 31.7 / 28.3 / 40
    expect(json).toMatchObject({ basis: "people", positions: 2, activities: 3, holders: 3, measured: 3 });
    expect(json.demand).toEqual({ ME: 33.3, WE: 22.2, WR: 44.4 });
    expect(json.supply).toEqual({ ME: 31.7, WE: 28.3, WR: 40 });
    expect(json.balance).toEqual([
      { sphere: "ME", demand: 33.3, supply: 31.7, gap: -1.6, status: "balanced" },
      { sphere: "WE", demand: 22.2, supply: 28.3, gap: 6.1, status: "balanced" },
      { sphere: "WR", demand: 44.4, supply: 40, gap: -4.4, status: "balanced" },
    ]);
  });

  it("narrows to a department: the Lab alone (Researcher, held by Vera)", async () => {
    const lab = await get<Balance>(`/api/business/communication?department=${s.dep.lab}`);
    // Vera holds Researcher: ME 1 → 100; she brings .4/.2/.4 → gaps −60 / +20 / +40
    expect(lab.json.demand).toEqual({ ME: 100, WE: 0, WR: 0 });
    expect(lab.json.balance.map((b) => b.status)).toEqual(["short", "surplus", "surplus"]);
  });
});

describe("GET /api/business/communication with nobody placed", () => {
  it("counts each position once, and brings nothing without measured people", async () => {
    const ops = await t.json("POST", "/api/business/departments", { name: "Ops" }, s.h);
    const dep = ((await ops.json()) as { _id: string })._id;
    const tasks = [
      { name: "Dispatch", communication: "team", decision: "balanced", priority: 2 },
      { name: "Reports", communication: "individual", decision: "moderate" },
    ];
    expect((await t.json("POST", "/api/business/positions", { name: "Dispatcher", department: dep, tasks }, s.h)).status).toBe(201);
    const { json } = await get(`/api/business/communication?department=${dep}`);
    // weights: team 3, individual 1 → WE 75, ME 25; nobody in Ops, so nothing to compare
    expect(json).toMatchObject({
      basis: "positions",
      positions: 1,
      activities: 2,
      holders: 0,
      measured: 0,
      demand: { ME: 25, WE: 75, WR: 0 },
      supply: null,
      balance: [],
    });
    const html = await (
      await t.app.request(`/business/statistics?project=${s.project}&department=${dep}`, { headers: { Cookie: `token=${s.owner.token}; i18n_locale=en` } })
    ).text();
    expect(html).toContain("sphere indicators");
  });
});

describe("GET /api/business/employees/export", () => {
  const filter = () => encodeURIComponent(JSON.stringify({ department: s.dep.sales }));

  it("writes CSV with a BOM holding the filtered rows, in the list's order", async () => {
    const res = await t.app.request(`/api/business/employees/export?format=csv&filter=${filter()}&sortType=name&sortDirection=desc`, { headers: s.h });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="employees-\d{4}-\d{2}-\d{2}\.csv"/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder()
      .decode(bytes.slice(3))
      .trim()
      .split("\r\n")
      .map((l) => l.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/).map((c) => c.replace(/^"|"$/g, "")));
    // the export's wider columns are in test/api/cabinet-data-export.test.ts
    expect(lines[0]!.slice(0, 7)).toEqual(["Name", "Personnel number", "Department", "Position", "Supervisor", "Format code", "Format"]);
    const col = (name: string) => lines[0]!.indexOf(name);
    expect(lines.slice(1).map((l) => [l[0], l[col("Department")], l[col("Position")], l[col("Format code")], l[col("Harmony")], l[col("Anxiety")]])).toEqual([
      ["Boris Borisov", "Sales", "Seller", "SYS-MID-FAST", "50", "2"],
      ["Anna Antonova", "Sales", "Seller", "SYS-MID-FAST", "30", "7"],
    ]);
  });

  it("writes an XLSX that exceljs opens, with every row of the list and no withdrawn data", async () => {
    const res = await t.app.request("/api/business/employees/export?format=xlsx", { headers: { ...s.h, locale: "ru" } });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe("Сотрудники");
    const rows = sheet
      .getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).slice(1));
    expect(rows[0]!.slice(0, 7)).toEqual(["Имя", "Табельный номер", "Отдел", "Должность", "Руководитель", "Код формата", "Формат"]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(["Anna Antonova", "Boris Borisov", "Dina Dmitrieva", "Gleb Glebov", "Vera Vasilyeva"]);
    const gleb = rows.find((r) => r[0] === "Gleb Glebov")!;
    expect(gleb[rows[0]!.indexOf("Код формата")]).toBeUndefined(); // no format code: consent withdrawn
    expect(gleb[rows[0]!.indexOf("Гармония")]).toBeUndefined();
  });

  it("refuses a bad format or filter with 400 on the field", async () => {
    const bad = await get<ApiError>("/api/business/employees/export?format=pdf");
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields).toHaveProperty("format");
    const broken = await get<ApiError>("/api/business/employees/export?format=csv&filter=%7Bnot-json");
    expect(broken.status).toBe(400);
    expect(broken.json.error.fields).toHaveProperty("filter");
    const wrongId = await get(`/api/business/employees/export?format=csv&filter=${encodeURIComponent(JSON.stringify({ department: "x" }))}`);
    expect(wrongId.status).toBe(400);
  });
});

describe("the team report", () => {
  it("averages each department's indicators as the statistics do (one decimal)", async () => {
    const { teamReport } = await import("../../server/services/business/report");
    const { scopeFor } = await import("../../server/services/business/access");
    const { projects, users } = await import("../../db/schema");
    const { eq } = await import("drizzle-orm");
    const [owner] = await t.deps.db.select().from(users).where(eq(users.id, s.owner._id));
    const [project] = await t.deps.db.select().from(projects).where(eq(projects.id, s.project));
    const report = await teamReport(await scopeFor((await import("../../server/scope")).userScopeOf(t.deps, owner!), project!, "owner"), "en");
    const sales = report.departments.find((d) => d.name === "Sales")!;
    // Anna and Boris: system 70 and 60, harmony 30 and 50, anxiety 7 and 2, presentation 20 and 10
    expect(sales.people).toBe(2);
    expect(sales.averages).toMatchObject({ system: 65, analytics: 35, volume: 45, presentation: 15, harmony: 40, anxiety: 4.5 });
  });
});
