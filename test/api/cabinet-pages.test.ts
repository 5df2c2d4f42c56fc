// The business cabinet's pages: every screen answers in both shells (/business/* and
// /dashboard/*) for an owner and a manager, sends others away, never shows another project, and
// its plain forms work without script (posted to the page, shown again with field messages).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { employees, projects } from "../../db/schema";
import { createId } from "../../server/lib/ids";
import type { EmployeeDoc } from "../../server/services/business/employees";
import { businessProject, completedResult, manager, type Person, user } from "../fixtures";
import { bodyOf, cookiesOf, createTestApp, type List, type TestApp } from "../helpers";

/** POST /api/business/join/{code}: the employee the caller became. */
type Joined = { employee: string };

let t: TestApp;
let owner: Person;
let cookie: string;
let adminCookie: string;
let project: string;
let dep: string, pos: string, emp: string;

const get = (path: string, c = cookie) => t.page(path, c);
const post = (path: string, fields: Record<string, string>, c = cookie) => t.form(path, fields, c);

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = `token=${(await manager(t)).token}; i18n_locale=en`;
  owner = await user(t, { confirmed: true }); // invitations need a confirmed address
  cookie = `token=${owner.token}; i18n_locale=en`;
  const made = await businessProject(t, {
    owner,
    name: "Pages Co",
    departments: ["Research"],
    positions: [{ name: "Analyst", department: "Research", tasks: [{ name: "Modelling", communication: "individual", decision: "moderate" }] }],
  });
  [project, dep, pos] = [made.id, made.dep.Research!, made.pos.Analyst!];
  await t.deps.db.update(projects).set({ inviteBalance: 5 }).where(eq(projects.id, project));
  const code = (await t.deps.db.select().from(projects).where(eq(projects.id, project)))[0]!.inviteCode;
  const worker = await user(t, { confirmed: false });
  emp = (await bodyOf<Joined>(await t.json("POST", `/api/business/join/${code}`, { agree: true }, worker.h))).employee;
  await completedResult(t, worker);
});
afterAll(() => t.close());

const SCREENS = () => [
  ["/business/dashboard", "/dashboard"],
  ["/business/departments", "/dashboard/departments"],
  [`/business/departments/${dep}`, `/dashboard/departments/${dep}`],
  ["/business/employees", "/dashboard/employees"],
  [`/business/employees/${emp}`, `/dashboard/employees/${emp}`],
  ["/business/positions", "/dashboard/positions"],
  [`/business/positions/${pos}`],
  ["/business/invite", "/dashboard/invites"],
  ["/business/settings"],
  ["/business/settings/projects", "/dashboard/project"],
  ["/dashboard/project/create"],
  ["/business/support"],
  ["/business/reports"],
  ["/business/statistics"],
  ["/dashboard/employees/compare"],
];

describe("the cabinet's screens", () => {
  it("answer in both shells for the owner and for a manager", async () => {
    for (const paths of SCREENS()) {
      for (const path of paths) {
        const res = await get(path);
        expect(res.status, path).toBe(200);
        const html = await res.text();
        // one shell for both route families
        expect(html, path).toContain('data-cabinet="business"');
        expect(html, path).toContain('data-testid="project-switcher"');
        const admin = await get(`${path}?project=${project}`, adminCookie);
        expect(admin.status, `admin ${path}`).toBe(200);
      }
    }
  });

  it("show the employee with a format in both lists and the detail", async () => {
    for (const path of ["/business/employees", "/dashboard/employees"]) {
      const html = await (await get(path)).text();
      expect(html).toContain(`data-employee="${emp}"`);
      expect(html).toContain("Completed test");
    }
    const detail = await (await get(`/business/employees/${emp}`)).text();
    expect(detail).toContain('data-indicator="harmony"');
  });

  it("send a guest to log in, and a signed-in user without a business account to the activation, saying what is needed", async () => {
    expect((await t.app.request("/business/employees")).headers.get("location")).toBe("/login?fallback=%2Fbusiness%2Femployees");
    const plain = await user(t, { confirmed: false });
    const res = await get("/dashboard/employees", `token=${plain.token}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/business?need=employees");
  });

  it("never show another project: a foreign ?project= goes to the business index, foreign ids are 404", async () => {
    const other = await user(t, { confirmed: false });
    await businessProject(t, { owner: other, name: "Other Co" });
    const oc = `token=${other.token}; i18n_locale=en`;
    const foreign = await get(`/business/employees?project=${project}`, oc);
    expect(foreign.status).toBe(302);
    expect(foreign.headers.get("location")).toBe("/business");
    for (const path of [`/business/employees/${emp}`, `/dashboard/departments/${dep}`, `/business/positions/${pos}`]) {
      const res = await get(path, oc);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain("Research");
    }
    const del = await post(`/business/employees/${emp}`, { _form: "delete" }, oc);
    expect(del.status).toBe(404);
    expect((await t.deps.db.select().from(employees).where(eq(employees.id, emp))).length).toBe(1);
  });
});

describe("statistics and comparison", () => {
  it("counts formats and compares the picked employees of this project only", async () => {
    const stats = await (await get("/business/statistics")).text();
    expect(stats).toMatch(/data-format="[A-Z]+-[A-Z]+-[A-Z]+"/);
    const list = await (await get("/dashboard/employees")).text();
    expect(list).toContain('form="compare-form"');
    const other = await user(t, { confirmed: false });
    const theirs = (await businessProject(t, { owner: other, name: "Stranger" })).id;
    const code = (await t.deps.db.select().from(projects).where(eq(projects.id, theirs)))[0]!.inviteCode;
    const outsider = await user(t, { confirmed: false });
    const foreign = (await bodyOf<Joined>(await t.json("POST", `/api/business/join/${code}`, { agree: true }, outsider.h))).employee;
    const second = createId();
    await t.deps.db.insert(employees).values({ id: second, projectId: project, name: "Second Person" });
    const html = await (await get(`/dashboard/employees/compare?ids=${emp}&ids=${second}&ids=${foreign}`)).text();
    expect(html).toContain('data-testid="compare-table"');
    expect(html).toContain("Second Person");
    expect(html).not.toContain(outsider.email);
    const one = await (await get(`/dashboard/employees/compare?ids=${emp}`)).text();
    expect(one).toContain("Pick two or more employees");
  });
});

describe("forms without script", () => {
  it("create a department, and show a missing name on the field", async () => {
    const bad = await post("/business/departments", { _form: "department", name: "" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('id="department-name-error"');
    const ok = await post("/dashboard/departments", { _form: "department", name: "Support desk", parent: dep });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toContain("/dashboard/departments?project=");
    expect(await (await get("/dashboard/departments")).text()).toContain("Support desk");
  });

  it("create a position with the wizard's plain form; six activities is a field error", async () => {
    const six: Record<string, string> = { _form: "position", name: "Too busy" };
    for (let i = 0; i < 6; i++) Object.assign(six, { [`tasks.${i}.name`]: `A${i}`, [`tasks.${i}.communication`]: "team", [`tasks.${i}.decision`]: "balanced" });
    const bad = await post("/business/positions", six);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("A position has one to five activities.");
    const ok = await post("/business/positions", {
      _form: "position",
      name: "Engineer",
      department: dep,
      "tasks.0.name": "Build",
      "tasks.0.communication": "team",
      "tasks.0.decision": "improvisation",
      "tasks.0.content": "Code",
      "tasks.0.priority": "2",
      "tasks.1.name": "",
    });
    expect(ok.status).toBe(303);
    const html = await (await get("/business/positions")).text();
    expect(html).toContain("Engineer");
    expect(html).toContain("Work with people");
  });

  it("move and appoint an employee, and delete a department after saying where its people go", async () => {
    const sub = (await bodyOf<{ _id: string }>(await t.json("POST", "/api/business/departments", { name: "Temp" }, { ...owner.h, Project: project })))._id;
    // Analyst belongs to Research: moving the person to Temp with it is refused, without a position it is fine
    expect((await post(`/business/employees/${emp}`, { _form: "move", department: sub, position: pos, supervisor: "" })).status).toBe(400);
    expect((await post(`/business/employees/${emp}`, { _form: "move", department: sub, position: "", supervisor: "" })).status).toBe(303);
    const page = await (await get(`/business/departments/${sub}`)).text();
    expect(page).toContain("will be left without a department");
    // confirmed appointments only: the first submit asks, the second appoints
    expect((await post(`/business/employees/${emp}`, { _form: "control", type: "project", department: "", confirm: "1" })).status).toBe(303);
    expect(await (await get(`/business/employees/${emp}`)).text()).toMatch(/data-testid="employee-control">Project manager/);
    expect((await post(`/business/departments/${sub}`, { _form: "delete" })).headers.get("location")).toContain("/business/departments?");
  });

  it("invite by e-mail, refuse when the balance is spent, and offer Buy", async () => {
    const ok = await post("/business/invite", { _form: "emails", emails: "p1@example.com p2@example.com" });
    expect(ok.status).toBe(303);
    const html = await (await get("/business/invite")).text();
    expect(html).toMatch(/data-count="Sent"[^>]*>[^<]*\(2\)/);
    await t.deps.db.update(projects).set({ inviteBalance: 0 }).where(eq(projects.id, project));
    const refused = await post("/business/invite", { _form: "emails", emails: "p3@example.com" });
    expect(refused.status).toBe(400);
    const text = await refused.text();
    expect(text).toContain("The project has no invites left");
    expect(text).toContain('data-testid="buy-invites"');
    await t.deps.db.update(projects).set({ inviteBalance: 5 }).where(eq(projects.id, project));
  });
});

describe("joining through the invitation page", () => {
  it("shows the company and what it sees, signs up with consent, and lists the person", async () => {
    const code = (await t.deps.db.select().from(projects).where(eq(projects.id, project)))[0]!.inviteCode;
    const page = await (await t.app.request(`/invite/${code}?lang=en`)).text();
    expect(page).toContain("Pages Co invites you");
    expect(page).toContain("your thinking format");
    const noConsent = await t.app.request(`/invite/${code}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost", Host: "localhost", Cookie: "i18n_locale=en" },
      body: new URLSearchParams({ _form: "join-signup", email: "joiner@example.com", policy: "on", terms: "on", offer: "on" }).toString(),
    });
    expect(noConsent.status).toBe(400);
    const res = await t.app.request(`/invite/business/${code}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost", Host: "localhost" },
      body: new URLSearchParams({
        _form: "join-signup",
        name: "Joiner Jones",
        email: "joiner@example.com",
        policy: "on",
        terms: "on",
        offer: "on",
        consent: "on",
      }).toString(),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toMatch(/^\/test\/start\?joined=[0-9a-f]{24}$/);
    const token = cookiesOf(res).token!;
    const member = await (await t.app.request(`/activate/business/${code}?lang=en`, { headers: { Cookie: `token=${token}` } })).text();
    expect(member).toContain('data-testid="join-member"');
    // withdrawing consent from the page
    expect(
      (
        await t.app.request(`/invite/${code}`, {
          method: "POST",
          headers: { Cookie: `token=${token}`, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost", Host: "localhost" },
          body: "_form=consent&consent=0&confirm=1", // a withdrawal is confirmed
        })
      ).status,
    ).toBe(303);
    const list = await (await get("/business/employees?sort=name")).text();
    // the name given at join, never the address
    expect(list).toContain("Joiner Jones");
    expect(list).not.toContain("joiner@example.com");
    expect(list).toContain("Stopped sharing results");
    // and giving it back from the account's data section, where every company joined is listed
    const form = { Cookie: `token=${token}`, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost", Host: "localhost" };
    const account = await (await t.app.request("/account/data?lang=en", { headers: { Cookie: `token=${token}` } })).text();
    expect(account).toContain('data-testid="companies"');
    expect(account).toContain("Pages Co");
    expect(account).toContain("Share my results again");
    const back = await t.app.request("/account/data", { method: "POST", headers: form, body: `_form=consent&project=${project}&consent=1` });
    expect(back.status).toBe(303);
    expect(await (await get("/business/employees?sort=name")).text()).not.toContain("Stopped sharing results");
    const shared = await (await t.app.request("/account/data?lang=en", { headers: { Cookie: `token=${token}` } })).text();
    expect(shared).toContain("The company sees your name, whether you have taken the test, your thinking format");
    const foreign = await t.app.request("/account/data", { method: "POST", headers: form, body: "_form=consent&project=ffffffffffffffffffffffff&consent=0" });
    expect(foreign.status).toBe(404);
    expect((await t.app.request("/invite/nope-not-a-code-1")).status).toBe(404);
  });
});

describe("the demo company", () => {
  it("is entered from /business_demo by a POST button, never from another site", async () => {
    const page = await (await t.app.request("/business_demo?lang=en")).text();
    expect(page).toContain('action="/api/business/masq"');
    const res = await t.app.request("/api/business/masq", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost", Host: "localhost" },
      body: "",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/business/dashboard");
    expect(cookiesOf(res).masqDemoToken).toBeTruthy();
    const foreign = await t.app.request("/api/business/masq", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example", Host: "localhost" },
      body: "",
    });
    expect(foreign.status).toBe(403);
    expect(cookiesOf(foreign).masqDemoToken).toBeUndefined();
  });

  it("opens every screen read-only with the banner, and refuses a form", async () => {
    const demo = cookiesOf(await t.app.request("/api/business/masq-no-auth", { headers: { "Sec-Fetch-Site": "same-origin" } })).masqDemoToken!;
    const dc = `masqDemoToken=${demo}; i18n_locale=en`;
    for (const path of ["/business/employees", "/dashboard", "/dashboard/positions", "/business/departments"]) {
      const html = await (await get(path, dc)).text();
      expect(html, path).toContain('data-testid="demo-banner"');
      expect(html, path).not.toContain('data-testid="form-department"');
    }
    expect((await post("/business/departments", { _form: "department", name: "Hack" }, dc)).status).toBe(403);
    // realistic seeded people with completed results
    const list = await (await get("/business/employees", dc)).text();
    expect(list.match(/data-employee="/g)?.length).toBe(12);
    expect(list.match(/Completed test/g)!.length).toBeGreaterThanOrEqual(12);
    const api = await bodyOf<List<EmployeeDoc>>(await t.json("POST", "/api/business/employees", {}, { Authorization: `Bearer ${demo}` }));
    expect(api.docs.every((d) => d.format && typeof d.harmony === "number")).toBe(true);
    // leaving the business area drops the demo token
    expect((await get("/", dc)).headers.getSetCookie().join(";")).toContain("masqDemoToken=;");
  });
});
