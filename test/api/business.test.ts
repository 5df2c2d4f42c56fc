// The business cabinet's API: the owner's whole path (project → department → position with
// activities → invite by e-mail through a real SMTP server → the employee joins and takes the
// test → listed with a format and "completed test" → moved, appointed, removed), the list's
// filter, sort and pages, the invite balance, consent withdrawal, the roles, and tenant isolation.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { departments, employees, invites, positions, projects, skills, users } from "../../db/schema";
import { createId } from "../../server/lib/ids";
import type { z } from "zod";
import type * as A from "../../server/api/business/answer-schemas";
import { type ApiError, bodyOf, cookiesOf, createTestApp, type TestApp } from "../helpers";
import { startSmtpSink } from "../mail";
import { completedResult, manager, type Person, user } from "../fixtures";

let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let owner: Person;
let project: string;
let h: Record<string, string>;

const call = async <T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = h) => {
  const res = await t.json(method, path, body, headers);
  const json = (await res.json().catch(() => null)) as T;
  return { status: res.status, json };
};
type Docs<T> = { docs: T[] };
type Department = z.infer<typeof A.department>;
type Position = z.infer<typeof A.position>;
type Employee = z.infer<typeof A.employee>;
type Employees = z.infer<typeof A.employees>;
type EmployeeDetail = z.infer<typeof A.employeeDetail>;
const setBalance = (id: string, n: number) => t.deps.db.update(projects).set({ inviteBalance: n }).where(eq(projects.id, id));
const balanceOf = async (id: string) => (await t.deps.db.select().from(projects).where(eq(projects.id, id)))[0]!.inviteBalance;

async function activate(r: Person, name: string) {
  const res = await t.json("POST", "/api/business", { name }, r.h);
  return ((await res.json()) as { project: { _id: string } }).project._id;
}

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url });
  await manager(t); // a manager exists, to be told of business events
  // a project mails invitations only from a confirmed address
  owner = await user(t, { confirmed: true });
  project = await activate(owner, "Acme");
  h = { ...owner.h, Project: project, locale: "en" };
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

describe("the owner's path", () => {
  let sales: string, inside: string, position: string, employee: string, worker: Person, inviteLink: string;

  it("creates, renames and lists projects; refreshes the invite code", async () => {
    const created = await call("POST", "/api/business/projects", { name: "Second", description: "Another team" });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: "Second", inviteBalance: 0 });
    const list = await call<Docs<{ name: string }>>("GET", "/api/business/projects");
    expect(list.json.docs.map((p) => p.name)).toEqual(["Acme", "Second"]);
    const renamed = await call("PUT", "/api/business/projects", { name: "Acme Ltd", description: "Our company" });
    expect(renamed.json).toMatchObject({ _id: project, name: "Acme Ltd" });
    const one = await call<z.infer<typeof A.projectDetail>>("GET", `/api/business/projects/${project}`);
    expect(one.json).toMatchObject({ name: "Acme Ltd", role: "owner", inviteBalance: 1 });
    const before = one.json.inviteCode;
    const refreshed = await call<z.infer<typeof A.inviteCode>>("PUT", "/api/business/projects/refresh-invite-code", {});
    expect(refreshed.json.inviteCode).not.toBe(before);
    expect((await call("GET", `/api/business/project-form-info/${before}`)).status).toBe(404);
    const info = await call<z.infer<typeof A.formInfo>>("GET", `/api/business/project-form-info/${refreshed.json.inviteCode}`);
    expect(info.json.project.name).toBe("Acme Ltd");
    expect(info.json.shares).toContain("format");
  });

  it("builds a department tree and refuses a cycle", async () => {
    const a = await call<Department>("POST", "/api/business/departments", { name: "Sales" });
    expect(a.status).toBe(201);
    sales = a.json._id;
    const b = await call<Department>("POST", "/api/business/departments", { name: "Inside sales", parent: sales });
    inside = b.json._id;
    expect(b.json.parent).toMatchObject({ _id: sales, name: "Sales" });
    const cycle = await call<ApiError>("PUT", `/api/business/departments/${sales}`, { parent: inside });
    expect(cycle.status).toBe(400);
    expect(cycle.json.error.fields!.parent).toBe("A department cannot sit inside itself.");
    const list = await call<Docs<{ name: string }>>("GET", "/api/business/departments");
    expect(list.json.docs.map((d) => d.name)).toEqual(["Inside sales", "Sales"]);
    const one = await call<Department>("GET", `/api/business/departments/${sales}`);
    expect(one.json.children).toEqual([{ _id: inside, name: "Inside sales" }]);
  });

  it("creates a position with one to five activities; six or none is a field error", async () => {
    const activity = (n: number) => ({ name: `Activity ${n}`, communication: "team", decision: "balanced", content: "Calls", priority: n });
    const ok = await call<Position>("POST", "/api/business/positions", {
      name: "Account manager",
      department: sales,
      tasks: [activity(1), { ...activity(2), communication: "global", decision: "improvisation" }],
    });
    expect(ok.status).toBe(201);
    position = ok.json._id;
    expect(ok.json.tasks).toHaveLength(2);
    expect(ok.json.tasks[1]).toMatchObject({ communication: "global", decision: "improvisation", priority: 2 });
    for (const tasks of [[], [1, 2, 3, 4, 5, 6].map(activity)]) {
      const bad = await call<ApiError>("POST", "/api/business/positions", { name: "Too many", tasks });
      expect(bad.status).toBe(400);
      expect(bad.json.error.fields!.tasks).toBe("A position has one to five activities.");
    }
    const badLevel = await call<ApiError>("POST", "/api/business/positions", { name: "X", tasks: [{ ...activity(1), communication: "loud" }] });
    expect(badLevel.json.error.fields!["tasks.0.communication"]).toBe("Choose whose work the activity organises.");
    const put = await call("PUT", `/api/business/positions/${position}`, { name: "Key account manager" });
    expect(put.json).toMatchObject({ name: "Key account manager", department: { _id: sales } });
    expect((await call<Position>("GET", `/api/business/positions/${position}`)).json.tasks).toHaveLength(2);
  });

  it("invites by e-mail through the SMTP server, in the recipient's language, within the balance", async () => {
    await setBalance(project, 3);
    const res = await call<Docs<unknown>>("POST", "/api/business/invites", { emails: "worker-a@example.com, worker-b@example.com" });
    expect(res.status).toBe(201);
    expect(res.json.docs).toHaveLength(2);
    const mails = sink.received.filter((m) => m.to.includes("worker-a@example.com"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Invitation to «Acme Ltd»: the Thinking Format test");
    inviteLink = mails[0]!.text.match(/http:\/\/localhost\/invite\/([0-9a-f]+)/)![1]!;
    const list = await call<z.infer<typeof A.invites>>("GET", "/api/business/invites");
    expect(list.json.counts.Sent).toBe(2);
    expect(list.json.total).toBe(2);
    // 3 invites left, 2 reserved by open invitations: two more addresses do not fit
    const over = await call<ApiError>("POST", "/api/business/invites", { emails: ["c@example.com", "d@example.com"] });
    expect(over.status).toBe(402);
    expect(over.json.error.message).toBe("The project has no invites left. Buy more to invite people.");
    expect((await call("GET", "/api/business/invites/get-count")).json).toMatchObject({ count: 3, pending: 2 });
    // a Russian address book: an existing Russian-speaking user gets a Russian e-mail
    const ru = await user(t, { confirmed: false });
    await t.deps.db.update(users).set({ locale: "ru" }).where(eq(users.id, ru._id));
    await call("PUT", "/api/business/invites/createOrUpdateInvite", { email: ru.email });
    expect(sink.received.filter((m) => m.to.includes(ru.email)).at(-1)!.subject).toContain("Приглашение в «Acme Ltd»");
  });

  it("lets the invitee join with consent, take the test and appear with a format and 'completed test'", async () => {
    worker = await user(t, { confirmed: false });
    await t.deps.db.update(users).set({ name: "Walter Worker" }).where(eq(users.id, worker._id));
    const refused = await t.json("POST", `/api/business/join/${inviteLink}`, {}, worker.h);
    expect(refused.status).toBe(400);
    const before = await balanceOf(project);
    const joined = await t.json("POST", `/api/business/join/${inviteLink}`, { agree: true }, worker.h);
    expect(joined.status).toBe(201);
    employee = (await bodyOf<z.infer<typeof A.joined>>(joined)).employee!;
    expect(await balanceOf(project)).toBe(before - 1);
    // someone else cannot take over the accepted invitation
    const thief = await user(t, { confirmed: false });
    expect((await t.json("POST", `/api/business/join/${inviteLink}`, { agree: true }, thief.h)).status).toBe(409);
    await completedResult(t, worker);
    const list = await call<Employees>("POST", "/api/business/employees", {});
    expect(list.json).toMatchObject({ page: 1, limit: 500, total: 1, pages: 1 });
    const doc = list.json.docs[0];
    expect(doc).toMatchObject({ _id: employee, name: "Walter Worker", status: "completed", consent: true });
    expect(doc.format!.code).toMatch(/^[A-Z]+-[A-Z]+-[A-Z]+$/);
    expect(typeof doc.harmony).toBe("number");
    const invitesNow = await call<Docs<{ email: string | null }>>("GET", "/api/business/invites?status=completed test");
    expect(invitesNow.json.docs.map((i) => i.email)).toEqual(["worker-a@example.com"]);
    const detail = await call<EmployeeDetail>("GET", `/api/business/employees/${employee}`);
    expect(detail.json.indicators).toHaveProperty("harmony");
    expect(detail.json.invite).toBe("completed test");
  });

  it("moves the employee, appoints a supervisor and a project manager, and removes control", async () => {
    expect((await call<Employee>("POST", "/api/business/employees/change-department", { employee, department: inside })).json.department!._id).toBe(inside);
    expect((await call<Employee>("POST", "/api/business/employees/change-position", { employee, position })).json.position!._id).toBe(position);
    const boss = createId();
    await t.deps.db.insert(employees).values({ id: boss, projectId: project, name: "Bea Boss", departmentId: sales });
    expect((await call<Employee>("POST", "/api/business/employees/change-supervisor", { employee, supervisor: boss })).json.supervisor).toBe(boss);
    expect((await call("POST", "/api/business/employees/change-supervisor", { employee, supervisor: employee })).status).toBe(400);

    // supervisor of Inside sales: sees that subtree only, positions read-only, no invites
    const sup = await call<Pick<EmployeeDetail, "supervises">>("POST", "/api/business/employees/activate-manager", {
      employee,
      type: "department",
      department: inside,
    });
    expect(sup.json.supervises).toEqual([{ _id: inside, name: "Inside sales" }]);
    const wh = { ...worker.h, Project: project };
    expect((await call<Docs<{ name: string }>>("GET", "/api/business/departments", undefined, wh)).json.docs.map((d) => d.name)).toEqual(["Inside sales"]);
    expect((await call<Employees>("POST", "/api/business/employees", {}, wh)).json.docs.map((d) => d.name)).toEqual(["Walter Worker"]);
    expect((await call("GET", "/api/business/positions", undefined, wh)).status).toBe(200);
    expect((await call("POST", "/api/business/positions", { name: "P", tasks: [{ name: "a", communication: "team", decision: "balanced" }] }, wh)).status).toBe(
      403,
    );
    expect((await call("GET", "/api/business/invites", undefined, wh)).status).toBe(403);
    expect((await call("GET", `/api/business/departments/${sales}`, undefined, wh)).status).toBe(404);

    // project manager: everything in the project but billing
    await call("POST", "/api/business/employees/activate-manager", { employee, type: "project" });
    expect((await call("GET", "/api/business/invites", undefined, wh)).status).toBe(200);
    expect((await call<Docs<unknown>>("GET", "/api/business/departments", undefined, wh)).json.docs).toHaveLength(2);
    expect((await call("PUT", "/api/business/projects/details", { company: "Acme LLC" }, wh)).status).toBe(403);
    expect((await call("PUT", "/api/business/projects/details", { company: "Acme LLC", inn: "7701234567" })).status).toBe(200);
    expect((await call<z.infer<typeof A.managers>>("GET", "/api/business/employees/managers")).json.docs.map((m) => m.name)).toEqual(["Walter Worker"]);

    // removing control: the worker is an employee again, with no access to the cabinet
    await call("POST", "/api/business/employees/activate-manager", { employee, type: "none" });
    expect((await call("GET", "/api/business/departments", undefined, wh)).status).toBe(403);
    expect((await t.app.request("/business/employees", { headers: { Cookie: `token=${worker.token}` } })).headers.get("location")).toBe(
      "/business?need=employees",
    );
  });

  it("deletes a department after saying what happens to its employees", async () => {
    const extra = await call<Department>("POST", "/api/business/departments", { name: "Temp", parent: sales });
    await call("POST", "/api/business/employees/change-department", { employee, department: extra.json._id });
    const del = await call("DELETE", `/api/business/departments/${extra.json._id}`);
    expect(del.json).toMatchObject({ moved: 1, movedTo: { _id: sales, name: "Sales" } });
    expect((await call<EmployeeDetail>("GET", `/api/business/employees/${employee}`)).json.department!._id).toBe(sales);
  });

  it("lets the employee withdraw consent: the company sees name and status only", async () => {
    const mine = await t.json("GET", "/api/business/consent", undefined, worker.h);
    expect((await bodyOf<z.infer<typeof A.myCompanies>>(mine)).docs).toEqual([{ _id: employee, project: { _id: project, name: "Acme Ltd" }, consent: true }]);
    await t.json("POST", `/api/business/consent/${project}`, { consent: false }, worker.h);
    const doc = (await call("GET", `/api/business/employees/${employee}`)).json;
    expect(doc).toMatchObject({ name: "Walter Worker", status: "completed", format: null, harmony: null, anxiety: null, indicators: null, consent: false });
    const filtered = await call<Employees>("POST", "/api/business/employees", { filter: { status: "completed" } });
    expect(filtered.json.docs.map((d) => d.name)).toContain("Walter Worker");
    await t.json("POST", `/api/business/consent/${project}`, { consent: true }, worker.h);
    expect((await call<EmployeeDetail>("GET", `/api/business/employees/${employee}`)).json.format).not.toBeNull();
  });

  it("removes the employee; the person's account and results stay theirs", async () => {
    expect((await call("DELETE", `/api/business/employees/${employee}`)).status).toBe(200);
    expect((await call("GET", `/api/business/employees/${employee}`)).status).toBe(404);
    const result = await t.json("GET", "/api/result", undefined, worker.h);
    expect(result.status).toBe(200);
    expect(JSON.stringify(await result.json())).toContain("format");
  });

  it("deletes a position and an invite", async () => {
    const list = await call<z.infer<typeof A.invites>>("GET", "/api/business/invites?status=Sent");
    const id = list.json.docs[0]._id;
    expect((await call<z.infer<typeof A.invite>>("GET", `/api/invite/${id}`)).json._id).toBe(id);
    expect((await call("DELETE", `/api/business/invites/${id}`)).status).toBe(200);
    expect((await call("GET", `/api/invite/${id}`)).status).toBe(404);
    expect((await call<z.infer<typeof A.ok>>("DELETE", `/api/business/positions/${position}`)).json.ok).toBe(true);
  });
});

describe("the employee list", () => {
  let p: string;
  let hp: Record<string, string>;
  const deps: string[] = [];
  beforeAll(async () => {
    const o = await user(t, { confirmed: false });
    p = await activate(o, "Listers");
    hp = { ...o.h, Project: p };
    for (const name of ["Alpha", "Beta"]) {
      const id = createId();
      deps.push(id);
      await t.deps.db.insert(departments).values({ id, projectId: p, name });
    }
    const people = Array.from({ length: 25 }, (_, i) => ({
      id: createId(),
      projectId: p,
      name: `Person ${String(i).padStart(2, "0")}`,
      departmentId: deps[i % 2]!,
    }));
    await t.deps.db.insert(employees).values(people);
  });

  it("defaults to page 1, limit 500, by name ascending", async () => {
    const r = await call<Employees>("POST", "/api/business/employees", {}, hp);
    expect(r.json).toMatchObject({ page: 1, limit: 500, total: 25, pages: 1 });
    expect(r.json.docs[0].name).toBe("Person 00");
    expect(r.json.docs[0].status).toBe("notStarted");
  });

  it("pages, sorts by any column in either direction, and filters", async () => {
    const page2 = await call<Employees>("POST", "/api/business/employees", { page: 2, limit: 10, sortType: "name", sortDirection: "desc" }, hp);
    expect(page2.json).toMatchObject({ page: 2, limit: 10, total: 25, pages: 3 });
    expect(page2.json.docs[0].name).toBe("Person 14");
    const byDep = await call<Employees>("POST", "/api/business/employees", { sortType: "department", sortDirection: -1, limit: 1 }, hp);
    expect(byDep.json.docs[0].department!.name).toBe("Beta");
    const filtered = await call<Employees>("POST", "/api/business/employees", { filter: { department: deps[0] } }, hp);
    expect(filtered.json.total).toBe(13);
    expect(filtered.json.docs.every((d) => d.department!.name === "Alpha")).toBe(true);
    expect((await call<Employees>("POST", "/api/business/employees", { filter: { status: "completed" } }, hp)).json.total).toBe(0);
    expect((await call<Employees>("POST", "/api/business/employees", { filter: { name: "son 2" } }, hp)).json.total).toBe(5);
    for (const sortType of ["position", "format", "harmony", "anxiety", "status", "createdAt"]) {
      expect((await call("POST", "/api/business/employees", { sortType }, hp)).status).toBe(200);
    }
    expect((await call("POST", "/api/business/employees", { limit: 501 }, hp)).status).toBe(400);
    expect((await call("POST", "/api/business/employees", { sortType: "password" }, hp)).status).toBe(400);
  });
});

describe("the invite balance", () => {
  it("spends one per accepted invite and stops at zero with a clear message", async () => {
    const o = await user(t, { confirmed: true });
    const p = await activate(o, "One Free Test");
    const code = (await t.deps.db.select().from(projects).where(eq(projects.id, p)))[0]!.inviteCode;
    const first = await user(t, { confirmed: false });
    expect((await t.json("POST", `/api/business/join/${code}`, { agree: true }, first.h)).status).toBe(201);
    expect(await balanceOf(p)).toBe(0);
    const second = await user(t, { confirmed: false });
    const refused = await t.json("POST", `/api/business/join/${code}`, { agree: true }, { ...second.h, locale: "en" });
    expect(refused.status).toBe(402);
    // the joining person cannot buy invites: they are told the company is full
    expect((await bodyOf<ApiError>(refused)).error.message).toContain("no places left");
    const email = await t.json("POST", "/api/business/invites", { email: "x@example.com" }, { ...o.h, Project: p, locale: "en" });
    expect(email.status).toBe(402);
    // joining again is free and keeps the one membership
    expect((await t.json("POST", `/api/business/join/${code}`, { agree: true }, first.h)).status).toBe(201);
    const rows = await t.deps.db.select().from(invites).where(eq(invites.projectId, p));
    expect(rows.map((r) => r.status)).toEqual(["Accepted"]);
  });

  it("lets a person already tested join with their existing result", async () => {
    const o = await user(t, { confirmed: false });
    const p = await activate(o, "Tested");
    const code = (await t.deps.db.select().from(projects).where(eq(projects.id, p)))[0]!.inviteCode;
    const done = await user(t, { confirmed: false });
    await completedResult(t, done);
    const r = await bodyOf<z.infer<typeof A.joined>>(await t.json("POST", `/api/business/join/${code}`, { agree: true }, done.h));
    expect(r.status).toBe("completed test");
    const list = await call<Employees>("POST", "/api/business/employees", {}, { ...o.h, Project: p });
    expect(list.json.docs[0].format).not.toBeNull();
  });
});

describe("the demo company", () => {
  it("reads everything and refuses every write with a clear message", async () => {
    const demo = cookiesOf(await t.app.request("/api/business/masq-no-auth", { headers: { "Sec-Fetch-Site": "same-origin" } })).masqDemoToken!;
    const dh = { Authorization: `Bearer ${demo}`, locale: "en" };
    expect((await call("GET", "/api/business/departments", undefined, dh)).status).toBe(200);
    expect((await call("POST", "/api/business/employees", {}, dh)).status).toBe(200);
    const w = await call<ApiError>("POST", "/api/business/departments", { name: "Hack" }, dh);
    expect(w.status).toBe(403);
    expect(w.json.error.code).toBe("demo_read_only");
    expect((await call("DELETE", "/api/business/departments/0000000000000000000000d3", undefined, dh)).status).toBe(403);
  });
});

describe("tenant isolation: another owner's ids and Project header", () => {
  it("refuses every business call with 403/404 and changes nothing", async () => {
    // Acme's (the first owner's) rows, and a stranger with their own project
    const stranger = await user(t, { confirmed: false });
    const theirs = await activate(stranger, "Stranger Inc");
    const dep = createId();
    const pos = createId();
    const emp = createId();
    const inv = createId();
    await t.deps.db.insert(departments).values({ id: dep, projectId: project, name: "Secret dept" });
    await t.deps.db.insert(positions).values({ id: pos, projectId: project, name: "Secret position" });
    await t.deps.db.insert(employees).values({ id: emp, projectId: project, name: "Secret person", departmentId: dep });
    await t.deps.db.insert(invites).values({ id: inv, projectId: project, email: "secret@example.com", link: createId() + "ab", status: "Sent" });
    const skill = createId();
    await t.deps.db.insert(skills).values({ id: skill, projectId: project, type: "custom", name: "Secret skill", weights: { system: 1 } });
    const snapshot = async () =>
      JSON.stringify([
        await t.deps.db.select().from(projects).where(eq(projects.id, project)),
        await t.deps.db.select().from(departments).where(eq(departments.projectId, project)),
        await t.deps.db.select().from(positions).where(eq(positions.projectId, project)),
        await t.deps.db.select().from(employees).where(eq(employees.projectId, project)),
        await t.deps.db.select().from(invites).where(eq(invites.projectId, project)),
        await t.deps.db.select().from(skills).where(eq(skills.projectId, project)),
      ]);
    const before = await snapshot();
    const task = [{ name: "a", communication: "team", decision: "balanced" }];
    const table: [string, string, unknown?][] = [
      ["GET", `/api/business/projects/${project}`],
      ["PUT", "/api/business/projects", { name: "Pwned" }],
      ["PUT", "/api/business/projects/refresh-invite-code", {}],
      ["PUT", "/api/business/projects/details", { company: "Pwned" }],
      ["GET", "/api/business/departments"],
      ["POST", "/api/business/departments", { name: "Pwned" }],
      ["GET", `/api/business/departments/${dep}`],
      ["PUT", `/api/business/departments/${dep}`, { name: "Pwned" }],
      ["DELETE", `/api/business/departments/${dep}`],
      ["GET", "/api/business/positions"],
      ["POST", "/api/business/positions", { name: "Pwned", tasks: task }],
      ["GET", `/api/business/positions/${pos}`],
      ["PUT", `/api/business/positions/${pos}`, { name: "Pwned" }],
      ["DELETE", `/api/business/positions/${pos}`],
      ["POST", "/api/business/employees", {}],
      ["GET", "/api/business/employees/managers"],
      ["GET", `/api/business/employees/${emp}`],
      ["DELETE", `/api/business/employees/${emp}`],
      ["POST", "/api/business/employees/change-department", { employee: emp, department: null }],
      ["POST", "/api/business/employees/change-position", { employee: emp, position: null }],
      ["POST", "/api/business/employees/change-supervisor", { employee: emp, supervisor: null }],
      ["POST", "/api/business/employees/activate-manager", { employee: emp, type: "none" }],
      ["GET", "/api/business/invites"],
      ["POST", "/api/business/invites", { email: "x@example.com" }],
      ["PUT", "/api/business/invites/createOrUpdateInvite", { email: "secret@example.com", resend: true }],
      ["GET", "/api/business/invites/get-count"],
      ["DELETE", `/api/business/invites/${inv}`],
      ["GET", `/api/invite?projectId=${project}`],
      ["POST", "/api/invite", { email: "x@example.com" }],
      ["GET", `/api/invite/${inv}`],
      ["PUT", `/api/invite/${inv}`, { isActive: false }],
      ["DELETE", `/api/invite/${inv}`],
      ["GET", "/api/business/dashboard"],
      ["GET", `/api/business/dashboard?department=${dep}`],
      ["POST", "/api/business/support", { subject: "s", message: "m" }],
      ["GET", "/api/business/reports"],
      ["GET", "/api/business/stats"],
      ["GET", `/api/business/projects/stats/${project}`],
      ["GET", `/api/business/stats?department=${dep}`],
      ["GET", "/api/business/communication"],
      ["GET", `/api/business/communication?department=${dep}`],
      ["GET", "/api/business/employees/export?format=csv"],
      ["GET", "/api/business/employees/export?format=xlsx"],
      ["POST", `/api/business/consent/${project}`, { consent: false }],
      // business analytics
      ["GET", `/api/business/employees/efficiency/${emp}`],
      ["GET", `/api/business/positions/${pos}/candidates`],
      ["POST", "/api/business/projects/reset-efficiency", {}],
      ["GET", "/api/business/skills"],
      ["POST", "/api/business/skills", { kind: "definition", name: "Pwned", weights: { system: 1 } }],
      ["POST", "/api/business/skills", { kind: "acquired", employee: emp, skill: "seller", value: 1 }],
      ["PUT", `/api/business/skills/${skill}`, { name: "Pwned" }],
      ["DELETE", `/api/business/skills/${skill}`],
      ["GET", `/api/report/business?format=json&employee=${emp}`],
      ["GET", `/api/report/business?format=pdf&team=1`],
    ];
    const leaks: string[] = [];
    for (const [method, path, body] of table) {
      // with Acme's project named in the header, in the query, and with their own project but Acme's ids
      for (const headers of [
        { ...stranger.h, Project: project },
        { ...stranger.h, Project: theirs },
      ]) {
        const withQuery = headers.Project === theirs && !path.includes("?") ? path : path;
        const res = await t.json(method, withQuery, body, headers);
        const text = await res.text();
        const ownProjectRead = headers.Project === theirs && !/[0-9a-f]{24}/.test(path.replace(theirs, ""));
        if (ownProjectRead) {
          // a call on the stranger's own project must not show any of Acme's rows
          if (/Secret|Acme/.test(text)) leaks.push(`${method} ${path} (own project) leaked`);
          continue;
        }
        if (![403, 404].includes(res.status)) leaks.push(`${method} ${path} Project=${headers.Project === project ? "theirs" : "own"} → ${res.status}`);
        if (/Secret|Acme/.test(text)) leaks.push(`${method} ${path} leaked`);
      }
      const q = await t.json(method, `${path}${path.includes("?") ? "&" : "?"}project=${project}`, body, stranger.h);
      if (![403, 404].includes(q.status)) leaks.push(`${method} ${path}?project= → ${q.status}`);
    }
    expect(leaks).toEqual([]);
    expect(await snapshot()).toBe(before);
    console.log(`tenant isolation: ${table.length} calls × 3 ways, all refused`);
  });
});
