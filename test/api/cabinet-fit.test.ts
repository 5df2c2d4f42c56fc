// Fit that decides: the position as a job target (what it needs, on its page, and
// the wizard's live preview of the team's fit), the candidate flow (invite against a position → join →
// test → ranked among the team → hire or remove), `efficiency?position=P` answering that position at
// the top level, and a position of another department refused with a field error.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { candidates, employees, invites, projects, results } from "../../db/schema";
import { fitFor, type IndicatorValues } from "../../model/fit";
import { businessProject, completedResult, type Person, type ProjectFixture, user } from "../fixtures";
import type { z } from "zod";
import type * as A from "../../server/api/business/answer-schemas";
import { type ApiError, createTestApp, type TestApp } from "../helpers";
import { lastMailTo, outbox } from "../mail";

let t: TestApp;
let p: ProjectFixture;
let cookie: string;
const staff: { person: Person; employee: string }[] = [];

const call = async <T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = { ...p.h, locale: "en" }) => {
  const res = await t.json(method, path, body, headers);
  return { status: res.status, json: (await res.json().catch(() => null)) as T };
};
type Joined = z.infer<typeof A.joined>;
type Efficiency = z.infer<typeof A.efficiency>;
type Preview = z.infer<typeof A.positionPreview>;
type Invites = z.infer<typeof A.invites>;
type Invited = z.infer<typeof A.candidateInvited>;
type Candidates = z.infer<typeof A.candidates>;
type Employees = z.infer<typeof A.employees>;
const get = (path: string, c = cookie) => t.page(path, c);
const post = (path: string, fields: Record<string, string>, c = cookie) => t.form(path, fields, c);
const text = async (res: Response) =>
  (await res.text())
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");
const indicatorsOf = async (userId: string) =>
  (
    await t.deps.db
      .select({ i: results.indicators })
      .from(results)
      .where(and(eq(results.userId, userId), eq(results.isCompleted, true)))
  )[0]!.i as IndicatorValues;

const SALES_TASKS = [
  { name: "Client meetings", communication: "team", decision: "improvisation", priority: 80 },
  { name: "CRM notes", communication: "individual", decision: "moderate", priority: 10 },
] as const;
const patterns = [(q: number) => (q % 2 === 0 ? 2 : -2), (q: number) => (q % 3 === 0 ? -1 : 2), (q: number) => (q % 5 === 0 ? 1 : -2)];

beforeAll(async () => {
  t = await createTestApp();
  const owner = await user(t, { confirmed: true, locale: "en" });
  cookie = `token=${owner.token}; i18n_locale=en`;
  p = await businessProject(t, {
    owner,
    name: "Fit Co",
    departments: ["Sales", "Logistics"],
    positions: [
      { name: "Sales manager", department: "Sales", tasks: [...SALES_TASKS] },
      { name: "Logist", department: "Logistics", tasks: [{ name: "Routes", communication: "individual", decision: "moderate", priority: 50 }] },
    ],
  });
  await t.deps.db.update(projects).set({ inviteBalance: 20 }).where(eq(projects.id, p.id));
  const code = (await t.deps.db.select().from(projects).where(eq(projects.id, p.id)))[0]!.inviteCode!;
  for (const [i, pattern] of patterns.entries()) {
    const person = await user(t, { name: `Staff ${i + 1}` });
    const joined = await call<Joined>("POST", `/api/business/join/${code}`, { agree: true, name: `Staff ${i + 1}` }, person.h);
    expect(joined.status).toBe(201);
    await completedResult(t, person, pattern);
    staff.push({ person, employee: joined.json.employee! });
  }
  // two in Sales (one a sales manager), one with no department or position
  for (const s of staff.slice(0, 2)) await call("POST", "/api/business/employees/change-department", { employee: s.employee, department: p.dep.Sales });
  expect((await call("POST", "/api/business/employees/change-position", { employee: staff[0]!.employee, position: p.pos["Sales manager"] })).status).toBe(200);
}, 120_000);
afterAll(() => t.close());

describe("efficiency?position=P", () => {
  it("answers that position's fit at the top level, also for a person holding no position", async () => {
    const nobody = staff[2]!;
    const all = await call<Efficiency>("GET", `/api/business/employees/efficiency/${nobody.employee}`);
    expect(all.json.efficiency).toBeNull(); // no current position
    const one = await call<Efficiency>("GET", `/api/business/employees/efficiency/${nobody.employee}?position=${p.pos["Sales manager"]}`);
    expect(one.status).toBe(200);
    expect(one.json.docs).toHaveLength(1);
    expect(typeof one.json.efficiency).toBe("number");
    expect(one.json.efficiency).toBe(one.json.docs[0].efficiency);
    expect(one.json.position).toEqual({ _id: p.pos["Sales manager"], name: "Sales manager", isCurrent: false });
    expect(one.json.currentEfficiency).toBeNull();
    // the holder: the asked position is the current one
    const holder = await call<Efficiency>("GET", `/api/business/employees/efficiency/${staff[0]!.employee}?position=${p.pos["Sales manager"]}`);
    expect(holder.json.position!.isCurrent).toBe(true);
    expect(holder.json.efficiency).toBe(holder.json.currentEfficiency);
    // another position than the current one
    const other = await call<Efficiency>("GET", `/api/business/employees/efficiency/${staff[0]!.employee}?position=${p.pos.Logist}`);
    expect(other.json.efficiency).toBe(other.json.docs[0].efficiency);
    expect(other.json.currentEfficiency).toBe(holder.json.efficiency);
  });
});

describe("a position of another department", () => {
  it("is refused through the API with a field error naming the position's department", async () => {
    const res = await call<ApiError>("POST", "/api/business/employees/change-position", { employee: staff[1]!.employee, position: p.pos.Logist });
    expect(res.status).toBe(400);
    expect(res.json.error.fields!.position).toContain("“Logistics”");
    const row = (await t.deps.db.select().from(employees).where(eq(employees.id, staff[1]!.employee)))[0]!;
    expect(row.positionId).toBeNull();
    // in its own department it is accepted
    expect((await call("POST", "/api/business/employees/change-position", { employee: staff[1]!.employee, position: p.pos["Sales manager"] })).status).toBe(
      200,
    );
  });

  it("is refused on the employee page's move form, and nothing moves", async () => {
    const id = staff[1]!.employee;
    const res = await post(`/business/employees/${id}?project=${p.id}`, { _form: "move", department: p.dep.Sales!, position: p.pos.Logist!, supervisor: "" });
    expect(res.status).toBe(400);
    const html = await text(res);
    expect(html).toContain("This position belongs to the department “Logistics”");
    // moving the person to Logistics together with the position is fine
    const ok = await post(`/business/employees/${id}?project=${p.id}`, {
      _form: "move",
      department: p.dep.Logistics!,
      position: p.pos.Logist!,
      supervisor: "",
    });
    expect(ok.status).toBe(303);
    const row = (await t.deps.db.select().from(employees).where(eq(employees.id, id)))[0]!;
    expect([row.departmentId, row.positionId]).toEqual([p.dep.Logistics, p.pos.Logist]);
  });
});

describe("the position as a job target", () => {
  it("the position page says what the position needs, in words and scales, with the closest formats and the team", async () => {
    const en = await text(await get(`/business/positions/${p.pos["Sales manager"]}?project=${p.id}`));
    expect(en).toContain("What this position needs");
    expect(en).toMatch(/A person who decides quickly, on the spot, works between depth and breadth, with structure in work with people and their own work\./);
    expect(en).toContain('data-testid="target-pace"');
    expect(en).toContain("Formats that fit best");
    expect(en).toMatch(/data-testid="target-team"[\s\S]*3 people measured/);
    const ru = await text(await get(`/business/positions/${p.pos["Sales manager"]}?project=${p.id}`, `token=${p.owner.token}; i18n_locale=ru`));
    expect(ru).toContain("Что нужно этой должности");
    expect(ru).toContain("Человек, который решает быстро, на ходу");
  });

  it("the preview gives the team's fit for activities as typed, the same numbers saving gives", async () => {
    const res = await call<Preview>("POST", "/api/business/positions/preview", { tasks: SALES_TASKS });
    expect(res.status).toBe(200);
    const { team, target } = res.json;
    expect(team.measured).toBe(3);
    expect(team.min!).toBeLessThanOrEqual(team.median!);
    expect(team.median!).toBeLessThanOrEqual(team.max!);
    expect(team.top.map((x) => x.efficiency)).toEqual([...team.top.map((x) => x.efficiency)].sort((a, b) => b - a));
    // each equals the formula on the person's result, and the stored fit for the saved position
    for (const row of team.top) {
      const s = staff.find((x) => x.employee === row._id)!;
      expect(row.efficiency).toBe(fitFor(await indicatorsOf(s.person._id), SALES_TASKS).efficiency);
    }
    const stored = await call<Efficiency>("GET", `/api/business/employees/efficiency/${team.top[0]._id}?position=${p.pos["Sales manager"]}`);
    expect(stored.json.efficiency).toBe(team.top[0].efficiency);
    expect(target.formats).toHaveLength(27);
    expect(target.presentation).toBeGreaterThan(0);
    // a different profile ranks differently: an analyst's deep, slow work
    const slow = await call<Preview>("POST", "/api/business/positions/preview", {
      tasks: [{ name: "Analysis", communication: "individual", decision: "moderate" }],
    });
    expect(slow.json.target.presentation).toBeLessThan(0);
    // bad input: per-field messages, never a 500
    const bad = await call<ApiError>("POST", "/api/business/positions/preview", { tasks: [{ name: "", communication: "loud", decision: "balanced" }] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.error.fields!).sort()).toEqual(["tasks.0.communication", "tasks.0.name"]);
  });
});

describe("the candidate flow", () => {
  let candidate: Person;
  let candidateId: string;

  it("invites a candidate against a position by e-mail, reserving an invite", async () => {
    candidate = await user(t, { locale: "en" });
    const before = (await call<Invites>("GET", "/api/business/invites")).json.reserved;
    const res = await call<Invited>("POST", "/api/business/candidates", { position: p.pos["Sales manager"], email: candidate.email, name: "Cora Candidate" });
    expect(res.status).toBe(201);
    candidateId = res.json._id;
    const mail = lastMailTo(outbox(t.dir), candidate.email)!;
    expect(mail.subject).toContain("candidate for “Sales manager”");
    // the link went to the candidate's mailbox only: the owner's answer never carries it
    expect(res.json.invite).not.toHaveProperty("link");
    const [row] = await t.deps.db.select().from(invites).where(eq(invites.id, res.json.invite._id));
    expect(mail.text).toContain(`/invite/${row!.link}`);
    expect((await call<Invites>("GET", "/api/business/invites")).json.reserved).toBe(before + 1);
    // the same address twice for one position: a field error
    const again = await call<ApiError>("POST", "/api/business/candidates", { position: p.pos["Sales manager"], email: candidate.email });
    expect(again.status).toBe(400);
    expect(again.json.error.fields!.email).toBe("This address is already a candidate for this position.");
    const list = (await call<Candidates>("GET", `/api/business/candidates?position=${p.pos["Sales manager"]}`)).json;
    expect(list.candidates).toEqual([expect.objectContaining({ _id: candidateId, status: "invited", efficiency: null, rank: null })]);
  });

  it("the candidate joins as a candidate (not an employee), sees so on the invitation page, takes the test and is ranked among the team", async () => {
    const link = (await t.deps.db.select().from(invites).where(eq(invites.kind, "candidate")))[0]!.link;
    const page = await text(await get(`/invite/${link}`, `token=${candidate.token}; i18n_locale=en`));
    expect(page).toContain("You are invited as a candidate for the position “Sales manager”");
    const balance = (await t.deps.db.select().from(projects).where(eq(projects.id, p.id)))[0]!.inviteBalance;
    const joined = await call<Joined>("POST", `/api/business/join/${link}`, { agree: true, name: "Cora Candidate" }, candidate.h);
    expect(joined.status).toBe(201);
    expect(joined.json).toMatchObject({ employee: null, candidate: candidateId });
    expect((await t.deps.db.select().from(projects).where(eq(projects.id, p.id)))[0]!.inviteBalance).toBe(balance - 1);
    expect(await t.deps.db.select().from(employees).where(eq(employees.userId, candidate._id))).toHaveLength(0);
    expect((await call<Candidates>("GET", `/api/business/candidates?position=${p.pos["Sales manager"]}`)).json.candidates[0].status).toBe("joined");
    await completedResult(t, candidate, (q) => (q % 4 === 0 ? -2 : 2));
    const list = (await call<Candidates>("GET", `/api/business/candidates?position=${p.pos["Sales manager"]}`)).json;
    const mine = list.candidates[0];
    expect(mine.status).toBe("tested");
    expect(mine.efficiency).toBe(fitFor(await indicatorsOf(candidate._id), SALES_TASKS).efficiency);
    expect(typeof mine.formatCode).toBe("string");
    // one ranking with the team's three people, best first, the candidate at their place
    expect(list.ranked).toHaveLength(4);
    expect(list.ranked.map((r) => r.efficiency)).toEqual([...list.ranked.map((r) => r.efficiency)].sort((a, b) => b! - a!));
    expect(list.ranked[mine.rank! - 1]).toMatchObject({ kind: "candidate", _id: candidateId });
    expect(list.team.measured).toBe(3);
    expect(list.team.min!).toBeLessThanOrEqual(list.team.max!);
    // the company's lists of employees never show the candidate
    const people = (await call<Employees>("POST", "/api/business/employees", {})).json.docs.map((d) => d.name);
    expect(people).not.toContain("Cora Candidate");
    // the candidate view on the position page
    const html = await text(await get(`/business/positions/${p.pos["Sales manager"]}?project=${p.id}`));
    expect(html).toMatch(/data-testid="position-candidates"[\s\S]*Cora Candidate[\s\S]*candidate/);
    expect(html).toMatch(/Team: \d+–\d+, median \d+ \(3 people\)/);
    // the positions list leads to each position's candidates
    const list2 = await text(await get(`/business/positions?project=${p.id}`));
    expect(list2).toMatch(new RegExp(`data-candidates="${p.pos["Sales manager"]}"[^>]*>Candidates: 1`));
  });

  it("the candidate may stop sharing their result from the invitation page, and give it back", async () => {
    const link = (await t.deps.db.select().from(invites).where(eq(invites.kind, "candidate")))[0]!.link;
    const c = `token=${candidate.token}; i18n_locale=en`;
    expect(await text(await get(`/invite/${link}`, c))).toContain('data-testid="consent-toggle"');
    expect((await post(`/invite/${link}`, { _form: "consent", consent: "0", confirm: "1" }, c)).status).toBe(303);
    const hidden = (await call<Candidates>("GET", `/api/business/candidates?position=${p.pos["Sales manager"]}`)).json.candidates[0];
    expect(hidden).toMatchObject({ status: "withdrawn", efficiency: null, formatCode: null });
    expect((await post(`/invite/${link}`, { _form: "consent", consent: "1" }, c)).status).toBe(303);
    expect((await call<Candidates>("GET", `/api/business/candidates?position=${p.pos["Sales manager"]}`)).json.candidates[0].status).toBe("tested");
  });

  it("hiring makes the candidate an employee in the position and its department", async () => {
    const hired = await call<z.infer<typeof A.hired>>("POST", `/api/business/candidates/${candidateId}/hire`, {});
    expect(hired.status).toBe(200);
    const [row] = await t.deps.db.select().from(employees).where(eq(employees.userId, candidate._id));
    expect(row).toMatchObject({ name: "Cora Candidate", positionId: p.pos["Sales manager"], departmentId: p.dep.Sales });
    expect(await t.deps.db.select().from(candidates).where(eq(candidates.id, candidateId))).toHaveLength(0);
    const fit = await call<Efficiency>("GET", `/api/business/employees/efficiency/${row!.id}`);
    expect(fit.json.efficiency).toBe(fitFor(await indicatorsOf(candidate._id), SALES_TASKS).efficiency);
    expect((await call("POST", `/api/business/candidates/${candidateId}/hire`, {})).status).toBe(404);
  });

  it("a candidate who has not joined cannot be hired; removing withdraws the invitation and frees its invite", async () => {
    const res = await call<Invited>("POST", "/api/business/candidates", { position: p.pos.Logist, email: "later@example.com" });
    // resending it keeps the candidate's text
    const resent = await call<z.infer<typeof A.invitesResent>>("PUT", "/api/business/invites/createOrUpdateInvite", {
      email: "later@example.com",
      resend: true,
    });
    expect(resent.status).toBe(200);
    const mails = outbox(t.dir).filter((m) => m.to.includes("later@example.com"));
    expect(mails).toHaveLength(2);
    expect(mails.every((m) => m.subject.includes("candidate for “Logist”"))).toBe(true);
    const reserved = (await call<Invites>("GET", "/api/business/invites")).json.reserved;
    const early = await call<ApiError>("POST", `/api/business/candidates/${res.json._id}/hire`, {});
    expect(early.status).toBe(400);
    expect(early.json.error.message).toBe("The candidate has not joined yet.");
    expect((await call("DELETE", `/api/business/candidates/${res.json._id}`)).status).toBe(200);
    expect((await call<Invites>("GET", "/api/business/invites")).json.reserved).toBe(reserved - 1);
    expect(await t.deps.db.select().from(invites).where(eq(invites.id, res.json.invite._id))).toHaveLength(0);
  });

  it("is the company's: another project and an employee are refused, a bad address gets a field error", async () => {
    const other = await businessProject(t, { name: "Other" });
    expect((await call("GET", `/api/business/candidates?position=${p.pos.Logist}`, undefined, other.h)).status).toBe(404);
    expect((await call("GET", `/api/business/candidates?position=${p.pos.Logist}`, undefined, { ...staff[0]!.person.h, Project: p.id })).status).toBe(403);
    const bad = await call<ApiError>("POST", "/api/business/candidates", { position: p.pos.Logist, email: "nope" });
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields!.email).toBeTruthy();
  });
});
