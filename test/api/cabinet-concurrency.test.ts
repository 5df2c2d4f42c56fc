// Optimistic edits in the business cabinet (with the back-office's rule in
// server/lib/versions.ts): every edit form kind — a department, a position, an employee's name,
// place and role, the project's settings — answers its version as ETag; a change naming an older
// version (If-Match) is refused with 409 in the request's language and writes nothing; the current
// version saves; no version saves as the spec's clients expect. The pages carry `_version` and show
// a stale save's message with the record's current values (409).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { departments, employees, positions, projects, tasks } from "../../db/schema";
import { createId } from "../../server/lib/ids";
import { businessProject, type Person, user } from "../fixtures";
import { createTestApp, type TestApp } from "../helpers";

let t: TestApp;
let owner: Person;
let p: Awaited<ReturnType<typeof businessProject>>;
let cookie: string;

const STALE_EN = "Someone changed this record after you opened the form";
const STALE_RU = "Эту запись изменили после того, как вы открыли форму";
const TASK = { name: "Calls", communication: "team", decision: "balanced" } as const;

beforeAll(async () => {
  t = await createTestApp();
  owner = await user(t, { confirmed: true });
  cookie = `token=${owner.token}; i18n_locale=en`;
  p = await businessProject(t, { owner, name: "Race Co", departments: ["Sales", "Ops"], positions: [{ name: "Seller", tasks: [TASK] }] });
});
afterAll(() => t.close());

const get = (path: string, c = cookie) => t.page(path, c);
const post = (path: string, fields: Record<string, string>, c = cookie) => t.form(path, fields, c);
const etag = async (path: string) => {
  const res = await t.json("GET", path, undefined, p.h);
  expect(res.status, path).toBe(200);
  const tag = res.headers.get("etag");
  expect(tag, path).toMatch(/^"[0-9a-f]{16}"$/);
  return tag!;
};
const decoded = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");
/** The `_version` a page's form (the n-th) carries. */
const formVersion = (html: string, n = 0) => [...html.matchAll(/name="_version" value="([0-9a-f]{16})"/g)][n]?.[1];

async function newEmployee(name: string) {
  const id = createId();
  await t.deps.db.insert(employees).values({ id, projectId: p.id, name });
  return id;
}
const employee = async (id: string) => (await t.deps.db.select().from(employees).where(eq(employees.id, id)))[0]!;

/**
 * The API's three answers for one kind: with the version read before someone else's change, 409
 * and nothing written (in both languages); with the current one, 200; without one, 200.
 */
async function threeWays(opts: {
  read: string;
  change: () => Promise<unknown>;
  write: (headers: Record<string, string>, n: number) => Promise<Response>;
  unchanged: () => Promise<void>;
}) {
  const before = await etag(opts.read);
  await opts.change();
  const stale = await opts.write({ ...p.h, "If-Match": before, locale: "en" }, 1);
  expect(stale.status).toBe(409);
  expect(await stale.json()).toMatchObject({ error: { code: "stale_version", message: expect.stringContaining(STALE_EN) } });
  const ru = await opts.write({ ...p.h, "If-Match": before, locale: "ru" }, 1);
  expect(ru.status).toBe(409);
  expect((await ru.json()).error.message).toContain(STALE_RU);
  await opts.unchanged();

  const fresh = await opts.write({ ...p.h, "If-Match": await etag(opts.read) }, 2);
  expect(fresh.status).toBe(200);
  // the answer carries the new version, which the next conditional change may name
  expect(fresh.headers.get("etag")).toBe(await etag(opts.read));
  expect((await opts.write(p.h, 3)).status).toBe(200);
}

describe("the API: stale → 409, current → 200, no version → 200", () => {
  it("a department (PUT /api/business/departments/{id})", async () => {
    const id = p.dep.Sales!;
    await threeWays({
      read: `/api/business/departments/${id}`,
      change: () => t.json("PUT", `/api/business/departments/${id}`, { name: "Sales EMEA" }, p.h),
      write: (h, n) => t.json("PUT", `/api/business/departments/${id}`, { name: `Sales ${n}` }, h),
      unchanged: async () => expect((await t.deps.db.select().from(departments).where(eq(departments.id, id)))[0]!.name).toBe("Sales EMEA"),
    });
    expect((await t.deps.db.select().from(departments).where(eq(departments.id, id)))[0]!.name).toBe("Sales 3");
  });

  it("a position, whose activities count as well (PUT /api/business/positions/{id})", async () => {
    const id = p.pos.Seller!;
    await threeWays({
      read: `/api/business/positions/${id}`,
      // someone else changes only an activity: the position's own row stays as it was
      change: () => t.json("PUT", `/api/business/positions/${id}`, { tasks: [{ ...TASK, name: "Cold calls" }] }, p.h),
      write: (h, n) => t.json("PUT", `/api/business/positions/${id}`, { name: `Seller ${n}` }, h),
      unchanged: async () => {
        expect((await t.deps.db.select().from(positions).where(eq(positions.id, id)))[0]!.name).toBe("Seller");
        expect((await t.deps.db.select().from(tasks).where(eq(tasks.positionId, id))).map((a) => a.name)).toEqual(["Cold calls"]);
      },
    });
  });

  it("an employee's name and personnel number (POST /api/business/employees/rename, If-Match of GET /employees/{id})", async () => {
    const id = await newEmployee("Ivan");
    await threeWays({
      read: `/api/business/employees/${id}`,
      change: () => t.json("POST", "/api/business/employees/rename", { employee: id, name: "Ivan Petrov" }, p.h),
      write: (h, n) => t.json("POST", "/api/business/employees/rename", { employee: id, name: `Ivan ${n}`, personnelNumber: `T-${n}` }, h),
      unchanged: async () => expect(await employee(id)).toMatchObject({ name: "Ivan Petrov", personnelNumber: null }),
    });
  });

  it.each([
    ["change-department", (id: string, n: number) => ({ employee: id, department: n % 2 ? p.dep.Ops! : p.dep.Sales! })],
    ["change-position", (id: string, n: number) => ({ employee: id, position: n % 2 ? p.pos.Seller! : null })],
    ["change-supervisor", (id: string) => ({ employee: id, supervisor: null })],
  ] as const)("an employee's place (POST /api/business/employees/%s)", async (call, body) => {
    const id = await newEmployee(`Mover ${call}`);
    const boss = await newEmployee(`Boss ${call}`);
    await threeWays({
      read: `/api/business/employees/${id}`,
      // someone else moves the person to Sales meanwhile
      change: () => t.json("POST", "/api/business/employees/change-department", { employee: id, department: p.dep.Sales! }, p.h),
      write: (h, n) =>
        t.json("POST", `/api/business/employees/${call}`, call === "change-supervisor" ? { employee: id, supervisor: n === 1 ? boss : null } : body(id, n), h),
      unchanged: async () => expect(await employee(id)).toMatchObject({ departmentId: p.dep.Sales!, positionId: null, supervisorId: null }),
    });
  });

  it("an employee's role (POST /api/business/employees/activate-manager): heading a department counts as the person's change", async () => {
    const id = await newEmployee("Olga");
    await threeWays({
      read: `/api/business/employees/${id}`,
      // someone else makes her head of Ops (a departments row, not hers)
      change: () => t.json("POST", "/api/business/employees/activate-manager", { employee: id, type: "department", department: p.dep.Ops! }, p.h),
      write: (h, n) =>
        t.json("POST", "/api/business/employees/activate-manager", { employee: id, type: n === 1 ? "none" : "department", department: p.dep.Ops! }, h),
      unchanged: async () => expect((await t.deps.db.select().from(departments).where(eq(departments.id, p.dep.Ops!)))[0]!.supervisorId).toBe(id),
    });
  });

  it.each([
    ["PUT /api/business/projects", "/api/business/projects", (n: number) => ({ name: `Race Co ${n}` })],
    ["PUT /api/business/projects/details", "/api/business/projects/details", (n: number) => ({ company: `Race LLC ${n}` })],
    ["PUT /api/business/projects/notify", "/api/business/projects/notify", (n: number) => ({ notify: n === 2 ? "digest" : "off" })],
  ] as const)("the project's settings (%s, If-Match of GET /projects/{id})", async (_name, path, body) => {
    const before = (await t.deps.db.select().from(projects).where(eq(projects.id, p.id)))[0]!;
    await threeWays({
      read: `/api/business/projects/${p.id}`,
      change: () => t.json("PUT", "/api/business/projects", { description: `changed for ${path}` }, p.h),
      write: (h, n) => t.json("PUT", path, body(n), h),
      unchanged: async () => {
        const now = (await t.deps.db.select().from(projects).where(eq(projects.id, p.id)))[0]!;
        expect({ name: now.name, details: now.details, notify: now.notify }).toEqual({ name: before.name, details: before.details, notify: before.notify });
      },
    });
  });

  it("an invite spent meanwhile does not make the settings stale (a counter, not an edited field)", async () => {
    const tag = await etag(`/api/business/projects/${p.id}`);
    await t.deps.db.update(projects).set({ inviteBalance: 42 }).where(eq(projects.id, p.id));
    expect((await t.json("PUT", "/api/business/projects", { name: "Race Co" }, { ...p.h, "If-Match": tag })).status).toBe(200);
  });
});

describe("the pages: a stale form says so and shows the current values", () => {
  it("a department's edit form: 409 with the message and the name as it is now; a refused input keeps the version it was made from", async () => {
    const id = p.dep.Ops!;
    const page = `/business/departments/${id}`;
    const old = formVersion(await (await get(page)).text())!;
    expect(old).toBeTruthy();
    // a refused input: 400, and the form still carries the old version (never silently the newest)
    const refused = await post(page, { _form: "department", _version: old, name: "" });
    expect(refused.status).toBe(400);
    expect(formVersion(await refused.text())).toBe(old);

    await t.json("PUT", `/api/business/departments/${id}`, { name: "Operations" }, p.h);
    const stale = await post(page, { _form: "department", _version: old, name: "Ops Team", parent: "", supervisor: "" });
    expect(stale.status).toBe(409);
    const html = decoded(await stale.text());
    expect(html).toContain(STALE_EN);
    expect(html).toContain('value="Operations"');
    expect((await t.deps.db.select().from(departments).where(eq(departments.id, id)))[0]!.name).toBe("Operations");
    // saving again from that form goes through
    const again = await post(page, { _form: "department", _version: formVersion(html)!, name: "Ops Team", parent: "", supervisor: "" });
    expect(again.status).toBe(303);
    expect((await t.deps.db.select().from(departments).where(eq(departments.id, id)))[0]!.name).toBe("Ops Team");
  });

  it("an employee's forms (move, name, role) in both languages", async () => {
    const id = await newEmployee("Pavel");
    const page = `/business/employees/${id}`;
    const old = formVersion(await (await get(page)).text())!;
    await t.json("POST", "/api/business/employees/rename", { employee: id, name: "Pavel Orlov", personnelNumber: "77" }, p.h);

    const move = await post(page, { _form: "move", _version: old, department: p.dep.Sales!, position: "", supervisor: "" });
    expect(move.status).toBe(409);
    expect(decoded(await move.text())).toContain(STALE_EN);
    expect((await employee(id)).departmentId).toBeNull();

    const rename = await post(page, { _form: "identity", _version: old, name: "Pasha", personnelNumber: "" }, `token=${owner.token}; i18n_locale=ru`);
    expect(rename.status).toBe(409);
    const ru = decoded(await rename.text());
    expect(ru).toContain(STALE_RU);
    // the name field shows the name as it is now, not the one typed over it
    expect(ru).toMatch(/name="name"[^>]*value="Pavel Orlov"|value="Pavel Orlov"[^>]*name="name"/);
    expect(await employee(id)).toMatchObject({ name: "Pavel Orlov", personnelNumber: "77" });

    const role = await post(page, { _form: "control", _version: old, type: "project", department: "" });
    expect(role.status).toBe(409);
    // with the page's current version the move goes through
    const fresh = formVersion(await (await get(page)).text())!;
    expect((await post(page, { _form: "move", _version: fresh, department: p.dep.Sales!, position: "", supervisor: "" })).status).toBe(303);
    expect((await employee(id)).departmentId).toBe(p.dep.Sales!);
    // a form without a version (an old tab from before this change) saves as before
    expect((await post(page, { _form: "identity", name: "Pavel O.", personnelNumber: "" })).status).toBe(303);
  });

  it("a position's wizard: 409 with the activities as they are now", async () => {
    const made = await t.json("POST", "/api/business/positions", { name: "Analyst", tasks: [{ ...TASK, name: "Reports" }] }, p.h);
    const id = (await made.json())._id as string;
    const page = `/business/positions/${id}`;
    const old = formVersion(await (await get(page)).text())!;
    await t.json("PUT", `/api/business/positions/${id}`, { tasks: [{ ...TASK, name: "Dashboards" }] }, p.h);
    const stale = await post(page, {
      _form: "position",
      _version: old,
      name: "Analyst",
      department: "",
      "tasks.0.name": "Reports v2",
      "tasks.0.communication": "team",
      "tasks.0.decision": "balanced",
    });
    expect(stale.status).toBe(409);
    const html = decoded(await stale.text());
    expect(html).toContain(STALE_EN);
    expect(html).toContain("Dashboards");
    expect((await t.deps.db.select().from(tasks).where(eq(tasks.positionId, id))).map((a) => a.name)).toEqual(["Dashboards"]);
  });

  it("the settings' three forms carry the project's version; a stale one shows the current name", async () => {
    const html = await (await get("/business/settings")).text();
    const old = formVersion(html)!;
    expect(formVersion(html, 2)).toBe(old);
    await t.json("PUT", "/api/business/projects", { name: "Race Company" }, p.h);
    const stale = await post("/business/settings", { _form: "project", _version: old, name: "Race Inc", description: "" });
    expect(stale.status).toBe(409);
    const page = decoded(await stale.text());
    expect(page).toContain(STALE_EN);
    expect(page).toContain('value="Race Company"');
    expect((await t.deps.db.select().from(projects).where(eq(projects.id, p.id)))[0]!.name).toBe("Race Company");
    const details = await post("/business/settings", { _form: "details", _version: old, company: "Other LLC" });
    expect(details.status).toBe(409);
    const notify = await post("/business/settings", { _form: "notify", _version: old, notify: "off" });
    expect(notify.status).toBe(409);
  });
});

describe("the cabinet on the shared kit", () => {
  it("the role's second step is the kit's confirmation, open, with the version and a way back", async () => {
    // a project manager needs an account of their own
    const id = await newEmployee("Kira");
    await t.deps.db
      .update(employees)
      .set({ userId: (await user(t, { name: "Kira" }))._id })
      .where(eq(employees.id, id));
    const html = decoded(await (await get(`/business/employees/${id}?appoint=project`)).text());
    const box = /<details[^>]*data-confirm="control"[^>]*open[^>]*>(.*?)<\/details>/s.exec(html)?.[1] ?? "";
    expect(box).toContain("Kira becomes project manager.");
    expect(box).toMatch(/name="_version" value="[0-9a-f]{16}"/);
    expect(box).toContain('data-testid="confirm-control-submit"');
    expect(box).toContain(`href="/business/employees/${id}"`);
  });

  it("the invites page's empty balance is the kit's warning notice", async () => {
    const empty = await businessProject(t, { owner, name: "Empty Co" });
    await t.deps.db.update(projects).set({ inviteBalance: 0 }).where(eq(projects.id, empty.id));
    const html = await (await get(`/business/invite?project=${empty.id}`)).text();
    expect(html).toMatch(/<p role="alert" class="mt-3 rounded-lg p-3 bg-amber-50 text-amber-900" data-testid="no-invites">/);
  });

  it("the employee list offers the kit's page sizes and shows the range for the size picked", async () => {
    for (let i = 0; i < 30; i++) await newEmployee(`Listed ${String(i).padStart(2, "0")}`);
    const html = await (await get(`/business/employees?project=${p.id}&limit=25&page=2`)).text();
    const total = Number(/data-testid="pager-range">26–(\d+) of (\d+)</.exec(html)?.[2]);
    expect(total).toBeGreaterThan(30);
    expect(html).toContain('data-testid="page-sizes"');
    expect(html).toMatch(/aria-current="true"[^>]*>25</);
    // the links keep the size
    expect(decoded(html)).toMatch(/href="\/business\/employees\?[^"]*limit=25[^"]*page=1"/);
    // a size the kit does not offer falls back to 50
    expect(await (await get(`/business/employees?project=${p.id}&limit=7`)).text()).toMatch(/data-testid="pager-range">1–\d+ of \d+</);
  });
});
