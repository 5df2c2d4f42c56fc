// Business analytics through the API: fit for every position of a project with explanations,
// recomputed after a position edit and after a retake; the employee list's analytics filters and
// sorting; the project's own skills and acquired values (CRUD, validation, tenancy); the business
// report as JSON and PDF, for one employee and for the team, in both languages.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { employeeAnalytics, employeeFits, projects, skills } from "../../db/schema";
import { FIT_VERSION, GOOD_FIT } from "../../model/fit";
import type { z } from "zod";
import type * as A from "../../server/api/business/answer-schemas";
import { type ApiError, bodyOf, createTestApp, type TestApp } from "../helpers";
import { businessProject, completedResult, type Person, user } from "../fixtures";

let t: TestApp;
let owner: Person;
let project: string;
let h: Record<string, string>;
const positions: Record<string, string> = {};
const people: { r: Person; employee: string }[] = [];

const call = async <T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = h) => {
  const res = await t.json(method, path, body, headers);
  const json = (await res.json().catch(() => null)) as T;
  return { status: res.status, json };
};
type Employees = z.infer<typeof A.employees>;
/** A person's fit for each position, as the tests read it (the answer declares the explanation's activities loosely). */
interface Efficiency {
  efficiency: number | null;
  diff: number | null;
  best: { _id: string } | null;
  shared: boolean;
  docs: {
    position: { _id: string };
    efficiency: number | null;
    isCurrent: boolean;
    flags: string[];
    activities: { name: string }[];
    explanation: { headline: string; activities: { reasons: { text: string }[] }[] } | null;
  }[];
}
/** The project's skills, and one person's values when asked (the answer declares the families loosely). */
interface Skills {
  builtIn: unknown[];
  docs: { name: string }[];
  employee?: { custom: unknown[]; natural: unknown[]; families: { manager: { type: string } }; acquired: { value: number }[] };
}
/** The business report as JSON: what the tests read of it. */
interface BusinessReport {
  sections: unknown[];
  efficiency: { docs: unknown[] };
  skills: { natural: unknown[] };
  format: { code: string };
}
const fitsOf = (employee: string) => t.deps.db.select().from(employeeFits).where(eq(employeeFits.employeeId, employee));
const analyticsOf = async (employee: string) => (await t.deps.db.select().from(employeeAnalytics).where(eq(employeeAnalytics.employeeId, employee)))[0];

// three answer patterns → three different people
const patterns = [(p: number) => (p % 2 === 0 ? 2 : -2), (p: number) => (p % 3 === 0 ? -1 : 2), (p: number) => (p % 5 === 0 ? 1 : -2)];

beforeAll(async () => {
  t = await createTestApp();
  owner = await user(t, { confirmed: false });
  project = (await businessProject(t, { owner, name: "Fit Co" })).id;
  h = { ...owner.h, Project: project, locale: "en" };
  await t.deps.db.update(projects).set({ inviteBalance: 10 }).where(eq(projects.id, project));
  const act = (name: string, communication: string, decision: string, priority = 0) => ({ name, communication, decision, priority });
  for (const [key, tasks] of [
    ["sales", [act("Client calls", "team", "improvisation", 50), act("Reports", "individual", "moderate")]],
    ["analyst", [act("Research", "individual", "moderate", 60)]],
    ["strategy", [act("Planning", "global", "balanced"), act("Pitching", "global", "improvisation")]],
  ] as const) {
    const p = await call<{ _id: string }>("POST", "/api/business/positions", { name: `Position ${key}`, tasks });
    expect(p.status).toBe(201);
    positions[key] = p.json._id;
  }
  const code = (await t.deps.db.select().from(projects).where(eq(projects.id, project)))[0]!.inviteCode;
  for (const [_i, pattern] of patterns.entries()) {
    const r = await user(t, { confirmed: false });
    const joined = await t.json("POST", `/api/business/join/${code}`, { agree: true }, r.h);
    expect(joined.status).toBe(201);
    const employee = (await bodyOf<{ employee: string }>(joined)).employee;
    await completedResult(t, r, pattern);
    people.push({ r, employee });
  }
  await call("POST", "/api/business/employees/change-position", { employee: people[0]!.employee, position: positions.sales });
  await call("POST", "/api/business/employees/change-position", { employee: people[1]!.employee, position: positions.analyst });
}, 120_000);
afterAll(() => t.close());

describe("fit for a position", () => {
  it("is stored for every employee × position once their test completes", async () => {
    for (const p of people) {
      const rows = await fitsOf(p.employee);
      expect(rows).toHaveLength(3);
      expect(rows.every((r) => r.version === FIT_VERSION && typeof r.efficiency === "number")).toBe(true);
    }
  });

  it("answers every position best first with explanations in the reader's language, and diff = best − current", async () => {
    const e = people[0]!.employee;
    const en = await call<Efficiency>("GET", `/api/business/employees/efficiency/${e}`);
    expect(en.status).toBe(200);
    expect(en.json.docs).toHaveLength(3);
    const effs = en.json.docs.map((d) => d.efficiency);
    expect(effs).toEqual([...effs].sort((a, b) => b! - a!));
    const current = en.json.docs.find((d) => d.isCurrent)!;
    expect(current.position._id).toBe(positions.sales);
    expect(en.json.diff).toBe(en.json.docs[0]!.efficiency! - current.efficiency!);
    for (const d of en.json.docs) {
      expect(d.explanation!.headline).toMatch(/Fit for the position: \d+ of 100/);
      expect(d.explanation!.activities.length).toBeGreaterThan(0);
      for (const a of d.explanation!.activities) expect(a.reasons.every((r) => /points|neither/.test(r.text))).toBe(true);
    }
    // the stored numbers are the ones explained
    const stored = await fitsOf(e);
    for (const d of en.json.docs) expect(stored.find((s) => s.positionId === d.position._id)!.efficiency).toBe(d.efficiency);
    expect((await analyticsOf(e))!.diff).toBe(en.json.diff);
    const ru = await call<Efficiency>("GET", `/api/business/employees/efficiency/${e}?position=${positions.analyst}`, undefined, { ...h, locale: "ru" });
    expect(ru.json.docs).toHaveLength(1);
    expect(ru.json.docs[0]!.explanation!.headline).toMatch(/Соответствие должности: \d+ из 100/);
    expect((await call("GET", `/api/business/employees/efficiency/${"0".repeat(24)}`)).status).toBe(404);
  });

  it("is recomputed when a position's activities change", async () => {
    const e = people[0]!.employee;
    const before = (await fitsOf(e)).find((r) => r.positionId === positions.analyst)!;
    await new Promise((r) => setTimeout(r, 5));
    const put = await call("PUT", `/api/business/positions/${positions.analyst}`, {
      tasks: [{ name: "Cold calls", communication: "team", decision: "improvisation", priority: 0 }],
    });
    expect(put.status).toBe(200);
    const after = (await fitsOf(e)).find((r) => r.positionId === positions.analyst)!;
    expect(after.computedAt.getTime()).toBeGreaterThan(before.computedAt.getTime());
    const fresh = await call<Efficiency>("GET", `/api/business/employees/efficiency/${e}?position=${positions.analyst}`);
    expect(fresh.json.docs[0].efficiency).toBe(after.efficiency);
    expect(fresh.json.docs[0].activities[0].name).toBe("Cold calls");
    // the other positions' stored fits are kept, and best and diff follow the new one
    for (const p of people) {
      const all = await call<Efficiency>("GET", `/api/business/employees/efficiency/${p.employee}`);
      const stored = await fitsOf(p.employee);
      for (const d of all.json.docs) expect(stored.find((s) => s.positionId === d.position._id)!.efficiency).toBe(d.efficiency);
      expect((await analyticsOf(p.employee))!).toMatchObject({ diff: all.json.diff, bestPositionId: all.json.best?._id ?? null });
    }
  });

  it("is recomputed after a retake", async () => {
    const { r, employee } = people[2]!;
    const before = await analyticsOf(employee);
    const retake = await t.json("GET", "/api/order/reset_result", undefined, r.h);
    expect(retake.status).toBe(200);
    await completedResult(t, r, (p) => (p % 2 === 0 ? -2 : 2));
    const after = await analyticsOf(employee);
    expect(after!.resultId).not.toBe(before!.resultId);
    const res = await call<Efficiency>("GET", `/api/business/employees/efficiency/${employee}`);
    const stored = await fitsOf(employee);
    for (const d of res.json.docs) expect(stored.find((s) => s.positionId === d.position._id)!.efficiency).toBe(d.efficiency);
  });

  it("reset-efficiency recomputes the whole project; another formula version is recomputed on reading", async () => {
    await t.deps.db.update(employeeFits).set({ version: "fit-v0", efficiency: -1 }).where(eq(employeeFits.projectId, project));
    const read = await call("GET", `/api/business/employees/efficiency/${people[1]!.employee}`);
    expect(read.status).toBe(200);
    expect(
      (
        await t.deps.db
          .select()
          .from(employeeFits)
          .where(and(eq(employeeFits.projectId, project), eq(employeeFits.version, "fit-v0")))
      ).length,
    ).toBe(0);
    // people never computed (e.g. a project from before the analytics tables) are computed on reading the list
    await t.deps.db.delete(employeeAnalytics).where(eq(employeeAnalytics.projectId, project));
    await call("POST", "/api/business/employees", {});
    expect((await t.deps.db.select().from(employeeAnalytics).where(eq(employeeAnalytics.projectId, project))).length).toBe(3);
    const reset = await call("POST", "/api/business/projects/reset-efficiency", {});
    expect(reset.status).toBe(200);
    expect(reset.json).toMatchObject({ ok: true, version: FIT_VERSION, employees: 3, fits: 9 });
  });

  it("who fits a position: the project's people best first", async () => {
    const res = await call<z.infer<typeof A.positionCandidates>>("GET", `/api/business/positions/${positions.strategy}/candidates`);
    expect(res.status).toBe(200);
    expect(res.json.docs).toHaveLength(3);
    const effs = res.json.docs.map((d) => d.efficiency);
    expect(effs).toEqual([...effs].sort((a: number, b: number) => b - a));
  });
});

describe("consent", () => {
  it("a withdrawn consent hides the person's fit and analytics; given back, they return", async () => {
    const { r, employee } = people[1]!;
    expect((await t.json("POST", `/api/business/consent/${project}`, { consent: false }, r.h)).status).toBe(200);
    expect(await fitsOf(employee)).toEqual([]);
    expect(await analyticsOf(employee)).toBeUndefined();
    const hidden = await call<Efficiency>("GET", `/api/business/employees/efficiency/${employee}`);
    expect(hidden.json).toMatchObject({ shared: false, efficiency: null, diff: null });
    expect(hidden.json.docs.every((d) => d.efficiency === null && d.flags.includes("noResult"))).toBe(true);
    const listed = (await call<Employees>("POST", "/api/business/employees", { filter: { efficiency: { min: 0 } } })).json.docs.map((d) => d._id);
    expect(listed).not.toContain(employee);
    expect((await t.json("POST", `/api/business/consent/${project}`, { consent: true }, r.h)).status).toBe(200);
    expect(await fitsOf(employee)).toHaveLength(3);
  });
});

describe("the employee list's analytics fields", () => {
  it("sorts by efficiency and diff and filters on every spec field", async () => {
    const all = await call<Employees>("POST", "/api/business/employees", { sortType: "efficiency", sortDirection: "desc" });
    expect(all.status).toBe(200);
    const docs = all.json.docs.filter((d) => d.efficiency !== null);
    expect(docs.map((d) => d.efficiency)).toEqual([...docs.map((d) => d.efficiency)].sort((a, b) => b! - a!));
    const one = all.json.docs.find((d) => d._id === people[0]!.employee)!;
    expect(one).toMatchObject({
      manager: { type: expect.any(String) },
      leader: { type: expect.any(String) },
      researcher: { min: expect.any(Number) },
      seller: { percent: expect.any(Number) },
      businessman: { system: expect.any(Number) },
    });
    const ids = (r: { json: Employees }) => r.json.docs.map((d) => d._id).sort();
    const expectFilter = async (filter: object, keep: (d: Employees["docs"][number]) => boolean) => {
      const res = await call<Employees>("POST", "/api/business/employees", { filter });
      expect(res.status, JSON.stringify(filter)).toBe(200);
      expect(ids(res), JSON.stringify(filter)).toEqual(
        all.json.docs
          .filter(keep)
          .map((d) => d._id)
          .sort(),
      );
    };
    await expectFilter({ manager: { type: one.manager!.type } }, (d) => d.manager?.type === one.manager!.type);
    await expectFilter({ manager: { resource: { min: one.manager!.resource } } }, (d) => d.manager !== null && d.manager.resource! >= one.manager!.resource!);
    await expectFilter({ leader: { type: one.leader!.type } }, (d) => d.leader?.type === one.leader!.type);
    await expectFilter(
      { researcher: { min: one.researcher!.potential, max: one.researcher!.potential } },
      (d) => d.researcher?.potential === one.researcher!.potential,
    );
    await expectFilter({ researcher: { min: 0, max: 100, basis: "actual" } }, (d) => d.researcher !== null);
    await expectFilter({ seller: { min: one.seller!.percent } }, (d) => d.seller !== null && d.seller.percent >= one.seller!.percent);
    await expectFilter(
      { businessman: { system: { max: one.businessman!.system }, energy: { min: 0 } } },
      (d) => d.businessman !== null && d.businessman.system <= one.businessman!.system,
    );
    await expectFilter({ harmony: { min: one.harmony, max: one.harmony } }, (d) => d.harmony === one.harmony);
    await expectFilter({ anxiety: { min: -10, max: 10 } }, (d) => d.anxiety !== null);
    await expectFilter({ efficiency: { min: one.efficiency } }, (d) => d.efficiency !== null && d.efficiency >= one.efficiency!);
    await expectFilter({ diff: { min: 0, max: 0 } }, (d) => d.diff === 0);
    expect((await call("POST", "/api/business/employees", { sortType: "diff", sortDirection: "asc" })).status).toBe(200);
    const bad = await call<ApiError>("POST", "/api/business/employees", { filter: { manager: { type: "boss" }, efficiency: { min: 500 } } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.error.fields!).sort()).toEqual(["filter.efficiency.min", "filter.manager.type"]);
  });
});

describe("skills", () => {
  let custom: string;
  let acquired: string;

  it("lists 30+ built-in types and the company's own; creates a definition that everyone gets a value for", async () => {
    const list = await call<Skills>("GET", "/api/business/skills");
    expect(list.status).toBe(200);
    expect(list.json.builtIn.length).toBeGreaterThanOrEqual(30);
    const created = await call<{ _id: string }>("POST", "/api/business/skills", {
      kind: "definition",
      name: "Negotiation",
      description: "Holding a line with people",
      weights: { WE_ANALYT: 2, confidence: 1 },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ kind: "definition", name: "Negotiation", weights: { WE_ANALYT: 2, confidence: 1 } });
    custom = created.json._id;
    const mine = await call<Skills>("GET", `/api/business/skills?employee=${people[0]!.employee}`);
    expect(mine.json.docs.map((d) => d.name)).toEqual(["Negotiation"]);
    expect(mine.json.employee!.custom[0]).toMatchObject({ _id: custom, value: expect.any(Number) });
    expect(mine.json.employee!.natural.length).toBeGreaterThanOrEqual(30);
    expect(mine.json.employee!.families.manager.type).toBeTruthy();
  });

  it("records an acquired value with who and when; updates and deletes", async () => {
    const e = people[0]!.employee;
    const created = await call<{ _id: string }>("POST", "/api/business/skills", {
      kind: "acquired",
      employee: e,
      skill: "manager.strategic",
      value: 80,
      note: "Ran the 2026 plan",
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      kind: "acquired",
      skill: "manager.strategic",
      type: "manager",
      subtype: "strategic",
      value: 80,
      enteredBy: { _id: owner._id },
    });
    acquired = created.json._id;
    expect((await call("POST", "/api/business/skills", { kind: "acquired", employee: e, skill: custom, value: 55 })).status).toBe(201);
    const put = await call<{ value: number }>("PUT", `/api/business/skills/${acquired}`, { value: 85 });
    expect(put.json.value).toBe(85);
    const renamed = await call("PUT", `/api/business/skills/${custom}`, { name: "Negotiations", weights: { WE_ANALYT: 1 } });
    expect(renamed.json).toMatchObject({ name: "Negotiations", weights: { WE_ANALYT: 1 } });
    const mine = await call<Skills>("GET", `/api/business/skills?employee=${e}`);
    expect(mine.json.employee!.acquired.map((a) => a.value).sort()).toEqual([55, 85]);
    expect((await call<{ ok: boolean }>("DELETE", `/api/business/skills/${acquired}`)).json.ok).toBe(true);
    // deleting a definition takes the values entered for it
    expect((await call<{ ok: boolean }>("DELETE", `/api/business/skills/${custom}`)).json.ok).toBe(true);
    expect((await call<Skills>("GET", `/api/business/skills?employee=${e}`)).json.employee!.acquired).toEqual([]);
    expect((await call("PUT", `/api/business/skills/${custom}`, { name: "x" })).status).toBe(404);
  });

  it("refuses bad input with per-field messages", async () => {
    const cases: [unknown, string][] = [
      [{ kind: "definition", name: "", weights: { WE_ANALYT: 1 } }, "name"],
      [{ kind: "definition", name: "X", weights: { shoeSize: 1 } }, "weights"],
      [{ kind: "definition", name: "X", weights: { WE_ANALYT: 0 } }, "weights"],
      [{ kind: "acquired", employee: people[0]!.employee, skill: "flying", value: 50 }, "skill"],
      [{ kind: "acquired", employee: people[0]!.employee, skill: "seller", value: 500 }, "value"],
      [{ kind: "other" }, "kind"],
    ];
    for (const [body, field] of cases) {
      const res = await call<ApiError>("POST", "/api/business/skills", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json.error.fields!), JSON.stringify(body)).toContain(field);
    }
  });

  it("another owner can neither see nor change this project's skills", async () => {
    const def = await call<{ _id: string }>("POST", "/api/business/skills", { kind: "definition", name: "Secret skill", weights: { system: 1 } });
    const stranger = await user(t, { confirmed: false });
    const theirs = (await businessProject(t, { owner: stranger, name: "Other Co" })).id;
    const before = JSON.stringify(await t.deps.db.select().from(skills).where(eq(skills.projectId, project)));
    const table: [string, string, unknown?][] = [
      ["GET", "/api/business/skills"],
      ["GET", `/api/business/skills?employee=${people[0]!.employee}`],
      ["POST", "/api/business/skills", { kind: "acquired", employee: people[0]!.employee, skill: "seller", value: 1 }],
      ["PUT", `/api/business/skills/${def.json._id}`, { name: "Pwned" }],
      ["DELETE", `/api/business/skills/${def.json._id}`],
      ["GET", `/api/business/employees/efficiency/${people[0]!.employee}`],
      ["GET", `/api/business/positions/${positions.sales}/candidates`],
      ["POST", "/api/business/projects/reset-efficiency", {}],
      ["GET", `/api/report/business?format=json&employee=${people[0]!.employee}`],
    ];
    for (const [method, path, body] of table) {
      for (const Project of [project, theirs]) {
        const res = await t.json(method, path, body, { ...stranger.h, Project });
        const text = await res.text();
        if (Project === theirs && (path === "/api/business/skills" || path.includes("reset-efficiency"))) {
          expect(text, path).not.toMatch(/Secret/);
          continue;
        }
        expect([403, 404], `${method} ${path} ${Project === project ? "their project" : "own project"}`).toContain(res.status);
      }
    }
    expect(JSON.stringify(await t.deps.db.select().from(skills).where(eq(skills.projectId, project)))).toBe(before);
  });
});

describe("position coverage and the comparison", () => {
  it("lists every position with the best fit anyone reaches, uncovered (below a good fit) first", async () => {
    const { status, json } = await call<z.infer<typeof A.teamStats>>("GET", "/api/business/stats");
    expect(status).toBe(200);
    expect(json.coverage).toHaveLength(3);
    for (const row of json.coverage) {
      const who = await call<z.infer<typeof A.positionCandidates>>("GET", `/api/business/positions/${row.position._id}/candidates`);
      const best = who.json.docs[0];
      expect(row.best).toBe(Math.round(best.efficiency));
      expect(row.bestEmployee!._id).toBe(best._id);
      expect(row.uncovered).toBe(row.best! < GOOD_FIT);
    }
    const flags = json.coverage.map((r) => r.uncovered);
    expect(flags).toEqual([...flags].sort((a: boolean, b: boolean) => Number(b) - Number(a)));
  });

  it("compares people's fit for a chosen position and their skills, widest spread first", async () => {
    const ids = people.map((p) => `ids=${p.employee}`).join("&");
    const html = await (
      await t.app.request(`/dashboard/employees/compare?${ids}&position=${positions.analyst}&project=${project}`, {
        headers: { Cookie: `token=${owner.token}; i18n_locale=en` },
      })
    ).text();
    expect(html).toContain("Fit for «Position analyst»");
    for (const p of people) {
      const fit = (await call<Efficiency>("GET", `/api/business/employees/efficiency/${p.employee}`)).json.docs.find(
        (d) => d.position._id === positions.analyst,
      )!;
      expect(html).toMatch(new RegExp(`data-fit="${p.employee}".*?>${Math.round(fit.efficiency!)}<`, "s"));
    }
    const skillRows = [...html.matchAll(/data-skill="([^"]+)"/g)].map((m) => m[1]);
    expect(skillRows.length).toBeGreaterThanOrEqual(30);
  });
});

describe("the business report", () => {
  it("answers an employee's report with the business sections, fit and skills", async () => {
    const res = await call<BusinessReport>("GET", `/api/report/business?format=json&employee=${people[0]!.employee}`);
    expect(res.status).toBe(200);
    expect(res.json.sections.length).toBe(6);
    expect(res.json.efficiency.docs).toHaveLength(3);
    expect(res.json.skills.natural.length).toBeGreaterThanOrEqual(30);
    // a format's business texts, as before
    const byFormat = await call<{ sections: unknown[] }>("GET", `/api/report/business?format=${res.json.format.code}`);
    expect(byFormat.json.sections).toHaveLength(6);
  });

  it("makes the employee PDF and the team PDF in both languages", async () => {
    for (const locale of ["ru", "en"]) {
      for (const q of [`employee=${people[0]!.employee}`, "team=1"]) {
        const res = await t.app.request(`/api/report/business?format=pdf&${q}`, { headers: { ...h, locale } });
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toBe("application/pdf");
        const bytes = Buffer.from(await res.arrayBuffer());
        expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
        expect(bytes.length).toBeGreaterThan(20_000); // the embedded Cyrillic font alone is larger
      }
    }
    expect((await call("GET", "/api/report/business?format=pdf")).status).toBe(400);
  });
});

describe("the pages", () => {
  const page = (path: string, locale = "en") => t.app.request(path, { headers: { Cookie: `token=${owner.token}; i18n_locale=${locale}` } });
  const post = (path: string, fields: Record<string, string>) =>
    t.app.request(path, {
      method: "POST",
      headers: {
        Cookie: `token=${owner.token}; i18n_locale=en`,
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "http://localhost",
        Host: "localhost",
      },
      body: new URLSearchParams(fields).toString(),
    });

  it("the employee detail shows 20+ metrics, fit for every position with reasons, and skills; a skill value can be entered", async () => {
    const e = people[0]!.employee;
    const html = await (await page(`/dashboard/employees/${e}?project=${project}`)).text();
    expect((html.match(/data-metric=/g) ?? []).length).toBeGreaterThanOrEqual(20);
    expect((html.match(/data-fit=/g) ?? []).length).toBe(3);
    expect(html).toMatch(/points/);
    expect((html.match(/data-skill=/g) ?? []).length).toBeGreaterThanOrEqual(30);
    const saved = await post(`/dashboard/employees/${e}?project=${project}`, { _form: "skill", skill: "teamwork", value: "66", note: "Led the offsite" });
    expect(saved.status).toBe(303);
    const after = await (await page(`/business/employees/${e}?project=${project}`)).text();
    expect(after).toContain('data-testid="skills-acquired"');
    const bad = await post(`/dashboard/employees/${e}?project=${project}`, { _form: "skill", skill: "teamwork", value: "300" });
    expect(bad.status).toBe(400);
  });

  it("a position shows who fits it, best first; the list links to it", async () => {
    const list = await (await page(`/dashboard/positions?project=${project}`)).text();
    expect(list).toContain(`data-who-fits="${positions.sales}"`);
    const html = await (await page(`/dashboard/positions/${positions.sales}?project=${project}`)).text();
    expect((html.match(/data-candidate=/g) ?? []).length).toBe(3);
  });

  it("the employee list filters on the analytics fields and sorts by efficiency", async () => {
    const html = await (await page(`/dashboard/employees?project=${project}&sort=efficiency&dir=desc&efficiencyMin=0&harmony=norm`)).text();
    expect(html).toContain('data-testid="analytics-filters"');
    expect(html).toMatch(/data-col="efficiency"/);
  });

  it("/dashboard/report/base shows an employee's business report in both languages", async () => {
    for (const [locale, word] of [
      ["en", "Business report"],
      ["ru", "Бизнес-отчёт"],
    ] as const) {
      const res = await page(`/dashboard/report/base?project=${project}&employee=${people[1]!.employee}`, locale);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(word);
      expect(html).toContain('data-testid="business-report"');
      expect(html).toContain('data-testid="employee-pdf"');
    }
  });
});
