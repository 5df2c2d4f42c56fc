// Two reliability marks, distinct, wherever a person's fit or format is shown: "careless answers" (too
// fast, patterned or contradictory: ask for a retake) and "between two formats" (information: read
// both). A careful person between two formats is not asked to retake; both marks are in "who fits", the
// candidates' ranking (page and GET /api/business/candidates) and the employee list.
import { eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formats, invites, projects, results } from "../../db/schema";
import { marksOf } from "../../server/services/business";
import { businessProject, completedResult, type Person, type ProjectFixture, user } from "../fixtures";
import { createTestApp, type List, type TestApp } from "../helpers";
import { lastMailTo, outbox } from "../mail";

let t: TestApp;
let p: ProjectFixture;
let cookie: string;
const people: Record<string, { person: Person; employee: string; result: string }> = {};

const call = async <T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = { ...p.h, locale: "en" }) => {
  const res = await t.json(method, path, body, headers);
  return { status: res.status, json: (await res.json().catch(() => null)) as T };
};
/** The two marks as the API gives them beside a person. */
type Marks = Record<string, unknown>;
interface Marked {
  _id: string;
  name: string;
  kind?: string;
  efficiency?: number | null;
  reliability: Marks;
}
interface CandidatesList {
  candidates: Marked[];
  ranked: Marked[];
}
/** Sets a result's reliability as the scorer would have stored it. */
async function setReliability(resultId: string, between: boolean, grade: "good" | "fair" | "poor", flags: string[] = []) {
  const [own] = await t.deps.db.select().from(results).where(eq(results.id, resultId));
  const [other] = await t.deps.db.select({ code: formats.code }).from(formats).where(ne(formats.code, own!.formatCode!)).limit(1);
  await t.deps.db
    .update(results)
    .set(
      between
        ? { probability: 0.4, runnerUpCode: other!.code, runnerUpProbability: 0.35, quality: { grade, flags: [...flags, "lowConfidence"] } }
        : { probability: 0.9, runnerUpCode: null, runnerUpProbability: null, quality: { grade, flags } },
    )
    .where(eq(results.id, resultId));
}

beforeAll(async () => {
  t = await createTestApp();
  const owner = await user(t, { confirmed: true, locale: "en" });
  cookie = `token=${owner.token}; i18n_locale=en`;
  p = await businessProject(t, {
    owner,
    name: "Marks Co",
    positions: [
      { name: "Sales", tasks: [{ name: "Clients", communication: "team", client: true, breadth: "broad", decision: "improvisation", priority: 80 }] },
    ],
  });
  await t.deps.db.update(projects).set({ inviteBalance: 20 }).where(eq(projects.id, p.id));
  const code = (await t.deps.db.select().from(projects).where(eq(projects.id, p.id)))[0]!.inviteCode!;
  for (const [i, name] of ["Careful", "Between", "Careless"].entries()) {
    const person = await user(t, { name });
    const joined = await call<{ employee: string }>("POST", `/api/business/join/${code}`, { agree: true, name }, person.h);
    const result = await completedResult(t, person, (q) => ((q + i) % 3 === 0 ? 2 : -1));
    people[name] = { person, employee: joined.json.employee, result };
  }
  await setReliability(people.Careful!.result, false, "good");
  await setReliability(people.Between!.result, true, "good");
  await setReliability(people.Careless!.result, false, "poor", ["tooFast", "straightLine"]);
}, 120_000);
afterAll(() => t.close());

describe("marksOf", () => {
  it("names careless answers and between two formats separately, none for a clean result", () => {
    expect(marksOf({ careless: false, between: false })).toEqual([]);
    expect(marksOf({ careless: false, between: true })).toEqual(["between"]);
    expect(marksOf({ careless: true, between: true })).toEqual(["careless", "between"]);
    expect(marksOf(null)).toEqual([]);
  });
});

describe("the two marks", () => {
  it("a careful person between two formats is not 'doubtful' (no retake asked); careless answers are", async () => {
    const between = (await call<Marked>("GET", `/api/business/employees/${people.Between!.employee}`)).json.reliability;
    expect(between).toMatchObject({ between: true, careless: false, doubtful: false });
    const careless = (await call<Marked>("GET", `/api/business/employees/${people.Careless!.employee}`)).json.reliability;
    expect(careless).toMatchObject({ between: false, careless: true, grade: "poor" });
  });

  it("are in the employee list, distinct", async () => {
    const html = await (await t.page(`/business/employees?project=${p.id}&sort=name`, cookie)).text();
    // sorted by name: Between, Careful, Careless; each row runs to the next name
    const order = ["Between", "Careful", "Careless"];
    const row = (name: string) => {
      const start = html.indexOf(`>${name}<`);
      const next = order[order.indexOf(name) + 1];
      return html.slice(start, next ? html.indexOf(`>${next}<`, start) : html.indexOf("</tr>", start));
    };
    expect(row("Careless")).toContain('data-testid="mark-careless"');
    expect(row("Careless")).not.toContain('data-testid="mark-between"');
    expect(row("Between")).toContain('data-testid="mark-between"');
    expect(row("Between")).not.toContain('data-testid="mark-careless"');
    expect(row("Careful")).not.toContain('data-testid="mark-');
  });

  it("are in 'who fits this position' (page and API)", async () => {
    const api = (await call<List<Marked>>("GET", `/api/business/positions/${p.pos.Sales}/candidates`)).json;
    const byName = Object.fromEntries(api.docs.map((d) => [d.name, d.reliability]));
    expect(byName.Careless).toMatchObject({ careless: true });
    expect(byName.Between).toMatchObject({ between: true, careless: false });
    const html = await (await t.page(`/business/positions/${p.pos.Sales}?project=${p.id}`, cookie)).text();
    const whoFits = html.slice(html.indexOf('data-testid="who-fits"'));
    expect(whoFits).toContain('data-testid="mark-careless"');
    expect(whoFits).toContain('data-testid="mark-between"');
    expect(whoFits).toContain("careless answers");
  });

  it("are on a candidate in the ranking and in GET /api/business/candidates", async () => {
    const candidate = await user(t, { locale: "en" });
    const invited = await call("POST", "/api/business/candidates", { position: p.pos.Sales, email: candidate.email, name: "Hasty Candidate" });
    expect(invited.status).toBe(201);
    const link = (await t.deps.db.select().from(invites).where(eq(invites.kind, "candidate")))[0]!.link;
    expect((await call("POST", `/api/business/join/${link}`, { agree: true, name: "Hasty Candidate" }, candidate.h)).status).toBe(201);
    const result = await completedResult(t, candidate, (q) => (q % 2 ? 2 : 1));
    await setReliability(result, false, "poor", ["tooFast"]);
    const list = (await call<CandidatesList>("GET", `/api/business/candidates?position=${p.pos.Sales}`)).json;
    expect(list.candidates[0]!.reliability).toMatchObject({ careless: true, grade: "poor" });
    const ranked = list.ranked.find((r) => r.kind === "candidate");
    expect(ranked!.reliability).toMatchObject({ careless: true });
    expect(list.ranked.find((r) => r.name === "Between")!.reliability).toMatchObject({ between: true });
    const html = await (await t.page(`/business/positions/${p.pos.Sales}?project=${p.id}`, cookie)).text();
    const card = html.slice(html.indexOf('data-testid="position-candidates"'));
    const candidateRow = card.slice(card.indexOf('data-kind="candidate"'), card.indexOf("</li>", card.indexOf('data-kind="candidate"')));
    expect(candidateRow).toContain('data-testid="mark-careless"');
    // hiring and removing look different: removal is the red one
    const box = (kind: string) =>
      candidateRow.slice(
        candidateRow.lastIndexOf("<details", candidateRow.indexOf(`data-testid="confirm-${kind}"`)),
        candidateRow.indexOf(`data-testid="confirm-${kind}"`),
      );
    expect(box("hire")).not.toContain("rose");
    expect(box("remove-candidate")).toContain("border-rose-200");
  });
});

describe("the candidate's page", () => {
  it("shows the profile, reliability, fit per activity with reasons and the holders side by side; the API answers the same", async () => {
    const list = (await call<CandidatesList>("GET", `/api/business/candidates?position=${p.pos.Sales}`)).json;
    const id = list.candidates[0]!._id;
    // Careful holds the position: the side by side has someone to compare with
    await call("POST", "/api/business/employees/change-position", { employee: people.Careful!.employee, position: p.pos.Sales });
    const api = (
      await call<{
        candidate: Marked;
        efficiency: number | null;
        reliability: Marks;
        explanation: { activities: { reasons: unknown[] }[] };
        holders: { name: string }[];
      }>("GET", `/api/business/candidates/${id}`)
    ).json;
    expect(api.candidate).toMatchObject({ _id: id, name: "Hasty Candidate", status: "tested" });
    expect(api.efficiency).toBe(list.candidates[0]!.efficiency);
    expect(api.reliability).toMatchObject({ careless: true });
    expect(api.explanation.activities[0]!.reasons.length).toBeGreaterThan(0);
    expect(api.holders.map((h) => h.name)).toEqual(["Careful"]);
    const html = await (await t.page(`/business/candidates/${id}?project=${p.id}`, cookie)).text();
    expect(html).toContain('data-testid="candidate-profile"');
    expect(html).toContain('data-testid="mark-careless"');
    expect(html).toContain("Fit for the position “Sales”");
    expect(html).toContain('data-testid="side-holder"');
    expect(html).toContain('data-testid="confirm-hire"');
    // the decision posts to the position's page
    expect(html).toContain(`action="/business/positions/${p.pos.Sales}"`);
    // another project's candidate, or a bad id: not found
    expect((await call("GET", "/api/business/candidates/0123456789abcdef01234567")).status).toBe(404);
    expect((await t.page(`/business/candidates/0123456789abcdef01234567?project=${p.id}`, cookie)).status).toBe(404);
  });
});

describe("the decision's mail", () => {
  async function joinedCandidate(name: string) {
    const person = await user(t, { locale: "en" });
    const invited = await call<{ _id: string }>("POST", "/api/business/candidates", { position: p.pos.Sales, email: person.email, name });
    const [row] = await t.deps.db.select().from(invites).where(eq(invites.email, person.email));
    expect((await call("POST", `/api/business/join/${row!.link}`, { agree: true, name }, person.h)).status).toBe(201);
    return { person, id: invited.json._id };
  }

  it("is shown in full before hiring and leaves only when the owner keeps “send”", async () => {
    const { person, id } = await joinedCandidate("Mail Candidate");
    const html = await (await t.page(`/business/candidates/${id}?project=${p.id}`, cookie)).text();
    expect(html).toContain('data-testid="decision-mail"');
    expect(html).toContain("The mail to " + person.email);
    expect(html).toContain("Marks Co: you are hired as “Sales”");
    expect(html).toContain("has decided not to take your application further");
    const before = outbox(t.dir).length;
    const hired = await t.form(`/business/positions/${p.pos.Sales}?project=${p.id}`, { _form: "hire", candidate: id, notify: "on" }, cookie);
    expect(hired.status).toBe(303);
    const mail = lastMailTo(outbox(t.dir), person.email)!;
    expect(mail.subject).toContain("you are hired as “Sales”");
    expect(mail.text).toContain("Hello, Mail Candidate!");
    expect(outbox(t.dir).length).toBe(before + 1);
  });

  it("is not sent when unticked, and the API sends it only with ?notify=1", async () => {
    const quiet = await joinedCandidate("Quiet Candidate");
    const before = outbox(t.dir).length;
    expect((await t.form(`/business/positions/${p.pos.Sales}?project=${p.id}`, { _form: "remove-candidate", candidate: quiet.id }, cookie)).status).toBe(303);
    expect(outbox(t.dir).length).toBe(before);
    const told = await joinedCandidate("Told Candidate");
    expect((await call("DELETE", `/api/business/candidates/${told.id}?notify=1`)).status).toBe(200);
    expect(lastMailTo(outbox(t.dir), told.person.email)?.subject).toContain("about the position “Sales”");
  });
});
