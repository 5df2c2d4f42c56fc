// Fit that measures what the words say: an activity is asked whose work it organises, client contact,
// breadth, the way of working and the pace (through the API and the wizard's form), older activities
// without the new answers read as before, a wrong answer is a field error in the request's language,
// stored fits of an older formula version are recomputed, and the position page warns when two
// positions rank the team nearly the same.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { employeeFits, projects, tasks } from "../../db/schema";
import { FIT_VERSION } from "../../model/fit";
import { businessProject, completedResult, type ProjectFixture, user } from "../fixtures";
import { type ApiError, createTestApp, type List, type TestApp } from "../helpers";

let t: TestApp;
let p: ProjectFixture;
let cookie: string;

const call = async <T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = { ...p.h, locale: "en" }) => {
  const res = await t.json(method, path, body, headers);
  return { status: res.status, json: (await res.json().catch(() => null)) as T };
};
/** A position's tasks with the five questions' answers, as the API lists them. */
interface PositionDoc {
  _id: string;
  name: string;
  tasks: Record<string, unknown>[];
}
const STORE = [{ name: "Receiving goods", communication: "individual", decision: "moderate", breadth: "depth", method: "order", priority: 80 }] as const;
const SALES = [
  { name: "Client meetings", communication: "team", client: true, decision: "improvisation", breadth: "broad", method: "either", priority: 80 },
] as const;
const patterns = [
  (q: number) => (q % 2 === 0 ? 2 : -2),
  (q: number) => (q % 3 === 0 ? -1 : 2),
  (q: number) => (q % 5 === 0 ? 1 : -2),
  (q: number) => (q % 4 === 0 ? 2 : -1),
  (q: number) => (q % 7 < 3 ? 2 : -2),
  (q: number) => ((q * 5) % 11 < 5 ? 1 : -2),
];

beforeAll(async () => {
  t = await createTestApp();
  const owner = await user(t, { confirmed: true, locale: "en" });
  cookie = `token=${owner.token}; i18n_locale=en`;
  p = await businessProject(t, {
    owner,
    name: "Questions Co",
    positions: [
      { name: "Storekeeper", tasks: [...STORE] },
      { name: "Storekeeper (copy)", tasks: [{ ...STORE[0], name: "Issuing goods" }] },
      { name: "Sales", tasks: [...SALES] },
      { name: "Old style", tasks: [{ name: "Old", communication: "individual", decision: "balanced", priority: 10 }] },
    ],
  });
  await t.deps.db.update(projects).set({ inviteBalance: 20 }).where(eq(projects.id, p.id));
  const code = (await t.deps.db.select().from(projects).where(eq(projects.id, p.id)))[0]!.inviteCode!;
  for (const [i, pattern] of patterns.entries()) {
    const person = await user(t, { name: `Staff ${i + 1}` });
    expect((await call("POST", `/api/business/join/${code}`, { agree: true, name: `Staff ${i + 1}` }, person.h)).status).toBe(201);
    await completedResult(t, person, pattern);
  }
}, 120_000);
afterAll(() => t.close());

describe("the activity's questions", () => {
  it("are stored and answered by the API; left out, client is no and breadth/method stay unasked", async () => {
    const created = await call<PositionDoc>("POST", "/api/business/positions", {
      name: "Support",
      tasks: [
        { name: "Calls", communication: "team", client: true, breadth: "depth", method: "inquiry", decision: "improvisation", priority: 90 },
        { name: "Tickets", communication: "individual", decision: "balanced" },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.json.tasks[0]).toMatchObject({ client: true, breadth: "depth", method: "inquiry", communication: "team", decision: "improvisation" });
    expect(created.json.tasks[1]).toMatchObject({ client: false, breadth: null, method: null });
  });

  it("a wrong answer is a field error in the request's language, and nothing is saved", async () => {
    const before = (await t.deps.db.select().from(tasks)).length;
    const bad = await call<ApiError>("POST", "/api/business/positions", {
      name: "X",
      tasks: [{ name: "A", communication: "team", decision: "balanced", breadth: "wide" }],
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields!["tasks.0.breadth"]).toBe("Choose depth or breadth.");
    const ru = await call<ApiError>(
      "POST",
      "/api/business/positions",
      { name: "X", tasks: [{ name: "A", communication: "team", decision: "balanced", method: "magic" }] },
      {
        ...p.h,
        locale: "ru",
      },
    );
    expect(ru.json.error.fields!["tasks.0.method"]).toBe("Выберите, как делается работа.");
    expect((await t.deps.db.select().from(tasks)).length).toBe(before);
  });

  it("the wizard's form asks them with labels that say what they compute, and saves them", async () => {
    const page = await (await t.page(`/business/positions?project=${p.id}`, cookie)).text();
    for (const label of ["Whose work it organises", "Contact with clients or the public", "Depth or breadth", "How the work is done", "Pace of decisions"])
      expect(page).toContain(label);
    expect(page).toContain("work with people: together with colleagues or clients; organising others");
    expect(page).not.toContain("Individual: direct interaction");
    const res = await t.form(
      `/business/positions?project=${p.id}`,
      {
        _form: "position",
        name: "Courier",
        department: "",
        "tasks.0.name": "Deliveries",
        "tasks.0.communication": "team",
        "tasks.0.client": "yes",
        "tasks.0.breadth": "mixed",
        "tasks.0.method": "order",
        "tasks.0.decision": "improvisation",
        "tasks.0.priority": "50",
      },
      cookie,
    );
    expect(res.status).toBe(303);
    const list = await call<List<PositionDoc> | PositionDoc[]>("GET", "/api/business/positions");
    const courier = ("docs" in list.json ? list.json.docs : list.json).find((x) => x.name === "Courier");
    expect(courier!.tasks[0]).toMatchObject({ client: true, breadth: "mixed", method: "order" });
  });
});

describe("fits", () => {
  it("storekeeper and sales rank the team differently; a stored fit of an older version is recomputed", async () => {
    await t.deps.db.update(employeeFits).set({ version: "fit-v2", efficiency: 1 }).where(eq(employeeFits.projectId, p.id));
    expect((await t.page(`/business/employees?project=${p.id}`, cookie)).status).toBe(200);
    const rows = await t.deps.db.select().from(employeeFits).where(eq(employeeFits.projectId, p.id));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.version)).toEqual(rows.map(() => FIT_VERSION));
    const store = rows.filter((r) => r.positionId === p.pos.Storekeeper).map((r) => r.efficiency);
    expect(new Set(store).size).toBeGreaterThan(1);
  });

  it("the position page warns when another position ranks people nearly the same, and not for a different job", async () => {
    const store = await (await t.page(`/business/positions/${p.pos.Storekeeper}?project=${p.id}`, cookie)).text();
    expect(store).toContain('data-testid="alike-positions"');
    expect(store).toContain("This position ranks people almost like another one");
    expect(store).toContain("“Storekeeper (copy)” (r = 1.00)");
    const sales = await (await t.page(`/business/positions/${p.pos.Sales}?project=${p.id}`, cookie)).text();
    expect(sales).not.toContain('data-testid="alike-positions"');
  });
});

describe("one name for the fit score", () => {
  it("is “Fit for the position” / «Соответствие должности» on the list, a person's page and the position, never “Efficiency”", async () => {
    const emp = (await call<List<{ _id: string }> | { _id: string }[]>("POST", "/api/business/employees", {})).json;
    const someone = ("docs" in emp ? emp.docs : emp)[0]!._id;
    for (const [lang, name, banned] of [
      ["en", "Fit for the position", /Efficiency|Eff\./],
      ["ru", "Соответствие должности", /Эффективност|Эфф\./],
    ] as const) {
      const c = `${cookie.split(";")[0]}; i18n_locale=${lang}`;
      for (const path of [`/business/employees?project=${p.id}`, `/business/employees/${someone}?project=${p.id}`]) {
        const html = await (await t.page(path, c)).text();
        expect(html, `${lang} ${path}`).toContain(name);
        expect(html, `${lang} ${path}`).not.toMatch(banned);
      }
    }
  });
});
