// "Model after top performers" through the API: the owner marks tested people as doing a position's
// job well (audited), reads the target calibrated from them with the ranking's change and where the
// marked people rank, adopts it on the version read (a stale one is 409 and writes nothing) and can
// undo it by an ordinary edit; another company's people and positions, project managers, untested
// people and bad input are refused with field messages in the request's language.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logs, projects, tasks } from "../../db/schema";
import { businessProject, type Person, type ProjectFixture, resultRow, user } from "../fixtures";
import { type ApiError, createTestApp, type TestApp } from "../helpers";
import { flatIndicators } from "../fixtures/indicators";

let t: TestApp;
let p: ProjectFixture;
let other: ProjectFixture;
const id: Record<string, string> = {};
const who: Record<string, Person> = {};
let stranger: string;

const call = async <T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = { ...p.h, locale: "en" }) => {
  const res = await t.json(method, path, body, headers);
  return { status: res.status, json: (await res.json().catch(() => null)) as T, etag: res.headers.get("ETag") };
};
// slow, deep and orderly: the position as described; fast and broad: the people who actually do it well
const indicators = (presentation: number, volume: number, system = 70, analytics = 40) => flatIndicators(presentation, volume, system, analytics);
const PEOPLE: [string, ReturnType<typeof indicators> | null][] = [
  ["Anna", indicators(-40, 25)],
  ["Boris", indicators(-35, 20)],
  ["Vera", indicators(-45, 30)],
  ["Gleb", indicators(-30, 25)],
  ["Inna", indicators(-40, 35)],
  ["Kira", indicators(-25, 30)],
  ["Dmitry", indicators(25, 60, 55, 50)],
  ["Elena", indicators(30, 65, 50, 55)],
  ["Ivan", null],
];
const SALES = [
  { name: "Client meetings", communication: "team", client: true, decision: "moderate", breadth: "depth", method: "order", priority: 80 },
  { name: "Reports", communication: "individual", decision: "moderate", breadth: "depth", method: "order", priority: 0 },
] as const;
/** The people marked as a position's top performers. */
interface Performers {
  docs: { _id: string; name: string; counted: boolean }[];
}
/** A person's place in the ranking before and after the calibrated target, and why it moved. */
interface Ranked {
  name: string;
  before: { rank: number };
  after: { rank: number };
  reason: { text: string } | null;
}
/** GET …/calibration: what the tests read of it. */
interface Calibration {
  status: string;
  message: string;
  counted: number;
  dissimilar: string[];
  suggestion: string | null;
  pace: { mean: number } | null;
  calibrated: { activities: { decision: string; breadth?: string | null }[] };
  changes: { text: string }[];
  ranking: { measured: number; performers: Ranked[]; movedIn: Ranked[]; movedOut: Ranked[]; after: Ranked[] };
}
/** A position as adopting or editing answers it. */
interface AdoptedPosition {
  tasks: { name: string; decision: string; breadth?: string | null; client?: boolean | null; priority?: number | null }[];
}
const calibration = (locale = "en") => call<Calibration>("GET", `/api/business/positions/${p.pos.Sales}/calibration`, undefined, { ...p.h, locale });
const mark = (employees: unknown, headers?: Record<string, string>) =>
  call<Partial<Performers & ApiError>>("PUT", `/api/business/positions/${p.pos.Sales}/performers`, { employees }, headers);

async function join(project: ProjectFixture, name: string, values: ReturnType<typeof indicators> | null): Promise<string> {
  await t.deps.db.update(projects).set({ inviteBalance: 50 }).where(eq(projects.id, project.id));
  const code = (await t.deps.db.select().from(projects).where(eq(projects.id, project.id)))[0]!.inviteCode!;
  const person: Person = await user(t, { name });
  const joined = await call<{ employee: string }>("POST", `/api/business/join/${code}`, { agree: true, name }, person.h);
  expect(joined.status).toBe(201);
  who[name] = person;
  if (values) await resultRow(t, person, { format: "SYS-MID-MID", indicators: values });
  return joined.json.employee;
}

beforeAll(async () => {
  t = await createTestApp();
  const owner = await user(t, { confirmed: true, locale: "en", name: "Olga Owner" });
  p = await businessProject(t, { owner, name: "Calibrate Co", positions: [{ name: "Sales", tasks: [...SALES] }] });
  for (const [name, values] of PEOPLE) id[name] = await join(p, name, values);
  other = await businessProject(t, { name: "Other Co", positions: [{ name: "Elsewhere", tasks: [...SALES] }] });
  stranger = await join(other, "Xena", indicators(40, 75));
}, 120_000);
afterAll(() => t.close());

describe("marking top performers", () => {
  it("with fewer than two marked there is no suggestion, and the page's words say why", async () => {
    const one = await mark([id.Dmitry]);
    expect(one.status).toBe(200);
    expect(one.json.docs).toEqual([expect.objectContaining({ _id: id.Dmitry, name: "Dmitry", counted: true })]);
    const c = await calibration();
    expect(c.json).toMatchObject({ status: "tooFew", suggestion: null, changes: [] });
    expect(c.json.message).toContain("at least two");
  });

  it("marks two people, audited with who was added and removed", async () => {
    const res = await mark([id.Dmitry, id.Elena]);
    expect(res.status).toBe(200);
    expect(res.json.docs!.map((d) => d.name).sort()).toEqual(["Dmitry", "Elena"]);
    expect((await call<Performers>("GET", `/api/business/positions/${p.pos.Sales}/performers`)).json.docs).toHaveLength(2);
    const rows = await t.deps.db.select().from(logs).where(eq(logs.action, "business.position.performersMarked"));
    expect(rows).toHaveLength(2);
    expect(rows.at(-1)!.data).toMatchObject({ project: p.id, position: p.pos.Sales, added: [id.Elena], removed: [] });
    expect(rows.at(-1)!.userId).toBe(p.owner._id);
  });

  it("refuses bad input with a message per field, an untested person, and more than twenty", async () => {
    const bad = await mark(["nope", id.Anna]);
    expect(bad.status).toBe(400);
    expect(bad.json.error!.fields).toEqual({ "employees.0": "Not a valid id." });
    const notList = await mark("x");
    expect(notList.status).toBe(400);
    expect(notList.json.error!.fields!.employees).toBe("Send the list of marked people.");
    const untested = await mark([id.Dmitry, id.Ivan], { ...p.h, locale: "ru" });
    expect(untested.status).toBe(400);
    expect(untested.json.error!.fields).toEqual({ "employees.1": "У этого человека нет открытого результата теста: его нельзя отметить." });
    const many = await mark(Array.from({ length: 21 }, () => id.Anna));
    expect(many.status).toBe(400);
    expect(many.json.error!.fields!.employees).toBe("Mark at most 20 people.");
    // nothing changed
    expect((await call<Performers>("GET", `/api/business/positions/${p.pos.Sales}/performers`)).json.docs).toHaveLength(2);
  });

  it("another company's person is not found, another company cannot read or mark, a project manager may not", async () => {
    expect((await mark([id.Dmitry, stranger])).status).toBe(404);
    // the other owner naming our project, and naming our position inside their own
    expect((await call("GET", `/api/business/positions/${p.pos.Sales}/calibration`, undefined, { ...other.owner.h, Project: p.id })).status).toBe(403);
    expect((await call("GET", `/api/business/positions/${p.pos.Sales}/calibration`, undefined, other.h)).status).toBe(404);
    expect((await call("PUT", `/api/business/positions/${p.pos.Sales}/performers`, { employees: [stranger] }, other.h)).status).toBe(404);
    // a project manager edits positions but does not mark who is good
    const pm = await user(t, { name: "Pavel PM" });
    const code = (await t.deps.db.select().from(projects).where(eq(projects.id, p.id)))[0]!.inviteCode!;
    const joined = await call<{ employee: string }>("POST", `/api/business/join/${code}`, { agree: true, name: "Pavel PM" }, pm.h);
    expect((await call("POST", "/api/business/employees/activate-manager", { employee: joined.json.employee, type: "project" })).status).toBe(200);
    const asPm = { ...pm.h, Project: p.id, locale: "en" };
    expect((await call("GET", `/api/business/positions/${p.pos.Sales}/calibration`, undefined, asPm)).status).toBe(403);
    expect((await mark([id.Anna, id.Boris], asPm)).status).toBe(403);
    expect((await call<Performers>("GET", `/api/business/positions/${p.pos.Sales}/performers`)).json.docs).toHaveLength(2);
  });
});

describe("the calibrated target", () => {
  it("moves the target toward the marked people and shows who enters and leaves the top, with reasons", async () => {
    const c = await calibration();
    expect(c.status).toBe(200);
    expect(c.etag).toBeTruthy();
    const s = c.json;
    expect(s.status).toBe("ready");
    expect(s.suggestion).toMatch(/^[0-9a-f]{16}$/);
    expect(s.pace!.mean).toBe(27.5);
    // one level at most per activity: unhurried → depends, not on the spot
    expect(s.calibrated.activities.map((a) => a.decision)).toEqual(["balanced", "balanced"]);
    expect(s.calibrated.activities.map((a) => a.breadth)).toEqual(["mixed", "mixed"]);
    expect(s.changes.map((ch) => ch.text)).toContain("“Client meetings”: pace of decisions “Unhurried, after weighing” → “Depends on the case”");
    // the marked people are not in the top five now, and enter it with the calibrated target
    expect(s.ranking.measured).toBe(8);
    const performers = Object.fromEntries(s.ranking.performers.map((r) => [r.name, r]));
    expect(performers.Dmitry.before.rank).toBeGreaterThan(5);
    expect(performers.Dmitry.after.rank).toBeLessThan(performers.Dmitry.before.rank);
    expect(s.ranking.movedIn.map((r) => r.name)).toEqual(expect.arrayContaining(["Dmitry", "Elena"]));
    expect(s.ranking.movedOut).toHaveLength(s.ranking.movedIn.length);
    expect(s.ranking.movedIn[0]!.reason!.text).toMatch(/^the new (pace|breadth) suits them \(\+\d+\.\d points\)$/);
    expect(s.ranking.movedOut[0]!.reason!.text).toMatch(/suits them less/);
    expect(
      s.ranking.after
        .slice(0, 2)
        .map((r) => r.name)
        .sort(),
    ).toEqual(["Dmitry", "Elena"]);
    // in Russian too
    const ru = (await calibration("ru")).json;
    expect(ru.message).toContain("Отмеченные люди подсказывают");
    expect(ru.changes[0].text).toMatch(/^«Client meetings»: темп решений/);
  });

  it("says the marked people are too different instead of suggesting", async () => {
    await mark([id.Anna, id.Elena]);
    const c = (await calibration()).json;
    expect(c).toMatchObject({ status: "dissimilar", suggestion: null, changes: [] });
    expect(c.dissimilar).toEqual(["pace"]);
    expect(c.message).toContain("differ too much in pace to suggest one target");
    await mark([id.Dmitry, id.Elena]);
  });
});

describe("the page's forms", () => {
  const cookie = () => `token=${p.owner.token}; i18n_locale=en`;
  const page = () => `/business/positions/${p.pos.Sales}`;
  const decoded = (html: string) =>
    html
      .replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&amp;/g, "&");

  it("an untested person is a message on the form; a stale or malformed adopt is refused with a message and writes nothing", async () => {
    const html = decoded(await (await t.page(page(), cookie())).text());
    expect(html).toContain("Model after top performers");
    const version = html.match(/name="_version" value="([0-9a-f]+)"/)![1]!;
    const suggestion = html.match(/name="suggestion" value="([0-9a-f]+)"/)![1]!;
    const untested = await t.form(page(), { _form: "performers", [`performer.${id.Dmitry}`]: "on", [`performer.${id.Ivan}`]: "on" }, cookie());
    expect(untested.status).toBe(400);
    expect(decoded(await untested.text())).toContain("This person has no shared test result: they cannot be marked.");
    const malformed = await t.form(page(), { _form: "adopt-calibration", _version: version, suggestion: "x" }, cookie());
    expect(malformed.status).toBe(400);
    expect(decoded(await malformed.text())).toContain("The suggestion is missing or malformed.");
    await t.json("PUT", `/api/business/positions/${p.pos.Sales}`, { name: "Sales (renamed)" }, p.h);
    const stale = await t.form(page(), { _form: "adopt-calibration", _version: version, suggestion }, cookie());
    expect(stale.status).toBe(409);
    expect(decoded(await stale.text())).toContain("Someone changed this record after you opened the form.");
    expect((await t.deps.db.select().from(tasks).where(eq(tasks.positionId, p.pos.Sales))).map((a) => a.decision)).toEqual(["moderate", "moderate"]);
    // keeping writes nothing and says so
    const keep = await t.form(page(), { _form: "keep-calibration" }, cookie());
    expect(keep.status).toBe(303);
    expect(keep.headers.get("location")).toContain("done=calibrationKept");
  });
});

describe("consent", () => {
  it("a marked person who stops sharing stays marked but no longer counts, until they share again", async () => {
    const consent = (value: boolean) => call("POST", `/api/business/consent/${p.id}`, { consent: value }, who.Elena!.h);
    expect((await consent(false)).status).toBe(200);
    const list = (await call<Performers>("GET", `/api/business/positions/${p.pos.Sales}/performers`)).json.docs;
    expect(list.find((d) => d._id === id.Elena)).toMatchObject({ counted: false });
    const c = (await calibration()).json;
    expect(c).toMatchObject({ status: "tooFew", counted: 1 });
    // nor is anyone who stopped sharing among the people ranked
    expect(c.ranking.measured).toBe(7);
    expect((await mark([id.Dmitry, id.Elena])).json.error?.fields).toEqual({ "employees.1": "This person has no shared test result: they cannot be marked." });
    expect((await consent(true)).status).toBe(200);
    expect((await calibration()).json.status).toBe("ready");
  });
});

describe("adopting", () => {
  it("refuses bad input, a stale version and a suggestion that changed; then writes it once, audited, and an edit undoes it", async () => {
    const read = await calibration();
    const { suggestion } = read.json;
    const url = `/api/business/positions/${p.pos.Sales}/calibration/adopt`;
    const missing = await call<ApiError>("POST", url, {});
    expect(missing.status).toBe(400);
    expect(missing.json.error.fields).toEqual({ suggestion: "Required" });
    // someone edits the position after the owner read the suggestion: their version is stale
    const edited = await call("PUT", `/api/business/positions/${p.pos.Sales}`, { name: "Sales manager" }, { ...p.h, "If-Match": read.etag! });
    expect(edited.status).toBe(200);
    const stale = await call("POST", url, { suggestion }, { ...p.h, "If-Match": read.etag!, locale: "en" });
    expect(stale.status).toBe(409);
    expect((await t.deps.db.select().from(tasks).where(eq(tasks.positionId, p.pos.Sales))).map((a) => a.decision)).toEqual(["moderate", "moderate"]);
    const fresh = await calibration();
    expect(fresh.json.suggestion).toBe(suggestion);
    const wrong = await call<ApiError>("POST", url, { suggestion: "0123456789abcdef" }, { ...p.h, "If-Match": fresh.etag!, locale: "en" });
    expect(wrong.status).toBe(409);
    expect(wrong.json.error.message).toContain("The suggestion changed");

    const adopted = await call<AdoptedPosition>("POST", url, { suggestion }, { ...p.h, "If-Match": fresh.etag!, locale: "en" });
    expect(adopted.status).toBe(200);
    expect(adopted.etag).toBeTruthy();
    expect(adopted.json.tasks.map((a) => [a.name, a.decision, a.breadth, a.client, a.priority])).toEqual([
      ["Client meetings", "balanced", "mixed", true, 80],
      ["Reports", "balanced", "mixed", false, 0],
    ]);
    const log = await t.deps.db.select().from(logs).where(eq(logs.action, "business.position.calibrationAdopted"));
    expect(log).toHaveLength(1);
    expect(log[0]!.data).toMatchObject({ project: p.id, position: p.pos.Sales });
    // the marked people now rank higher under the position's own target
    const after = (await calibration()).json;
    const dmitry = after.ranking.performers.find((r) => r.name === "Dmitry")!;
    expect(dmitry.before.rank).toBeLessThanOrEqual(3);
    // adopting the same suggestion again: it is gone (the target moved), so it is refused
    expect((await call("POST", url, { suggestion })).status).toBe(409);

    // undo: an ordinary edit of the position
    const undo = await call<AdoptedPosition>("PUT", `/api/business/positions/${p.pos.Sales}`, { tasks: [...SALES] }, { ...p.h, "If-Match": adopted.etag! });
    expect(undo.status).toBe(200);
    expect(undo.json.tasks.map((a) => a.decision)).toEqual(["moderate", "moderate"]);
  });
});
