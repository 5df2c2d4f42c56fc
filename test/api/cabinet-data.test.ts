// The employee data a company works with: the API beside the employee page (rename,
// ask to retake), search that folds Cyrillic case, invitations that place people, "who viewed my
// results", departments that refuse duplicates, and the invitation form's messages.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { employees, invites, projects, resultViews, users } from "../../db/schema";
import { businessProject, completedResult, type Person, type ProjectFixture, user } from "../fixtures";
import { lastMailTo, outbox } from "../mail";
import { bodyOf, createTestApp, type TestApp } from "../helpers";

let t: TestApp;
let co: ProjectFixture;
let other: ProjectFixture;
let code: string;

const page = (path: string, token: string, locale = "en") => t.app.request(path, { headers: { Cookie: `token=${token}; i18n_locale=${locale}` } });
const form = (path: string, token: string, fields: Record<string, string>) =>
  t.app.request(path, {
    method: "POST",
    headers: { Cookie: `token=${token}; i18n_locale=en`, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost", Host: "localhost" },
    body: new URLSearchParams(fields).toString(),
  });
const decoded = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");

async function join(p: Person, name?: string, link = code) {
  const res = await t.json("POST", `/api/business/join/${link}`, { agree: true, ...(name ? { name } : {}) }, p.h);
  expect(res.status).toBe(201);
  return (await bodyOf<{ employee: string }>(res)).employee;
}

beforeAll(async () => {
  t = await createTestApp();
  const owner = await user(t, { name: "Olga Owner", confirmed: true });
  co = await businessProject(t, {
    owner,
    name: "Data Co",
    departments: ["Logistics", "Sales"],
    positions: [{ name: "Storekeeper", department: "Logistics", tasks: [{ name: "Count", communication: "individual", decision: "balanced" }] }],
  });
  other = await businessProject(t, { name: "Other Co" });
  await t.deps.db.update(projects).set({ inviteBalance: 20 }).where(eq(projects.id, co.id));
  await t.deps.db.update(projects).set({ inviteBalance: 5 }).where(eq(projects.id, other.id));
  code = (await t.deps.db.select().from(projects).where(eq(projects.id, co.id)))[0]!.inviteCode!;
});
afterAll(() => t.close());

describe("the employee API beside the page", () => {
  it("renames a person and sets their personnel number, with a message per bad field", async () => {
    const p = await user(t, { name: "Ivan" });
    const emp = await join(p);
    const ok = await t.json("POST", "/api/business/employees/rename", { employee: emp, name: "Иван Петров", personnelNumber: "T-7" }, co.h);
    expect(ok.status).toBe(200);
    expect(await bodyOf<{ name: string; personnelNumber: string }>(ok)).toMatchObject({ name: "Иван Петров", personnelNumber: "T-7" });

    const bad = await t.json(
      "POST",
      "/api/business/employees/rename",
      { employee: emp, name: " ", personnelNumber: "x".repeat(61) },
      { ...co.h, locale: "en" },
    );
    expect(bad.status).toBe(400);
    const { error } = await bodyOf<{ error: { fields: Record<string, string> } }>(bad);
    expect(error.fields.name).toBe("Required");
    expect(error.fields.personnelNumber).toBe("Too long: at most 60 characters");

    // the person themselves, and another company's owner: 403; another company's person: 404
    expect((await t.json("POST", "/api/business/employees/rename", { employee: emp, name: "X" }, { ...p.h, Project: co.id })).status).toBe(403);
    expect((await t.json("POST", "/api/business/employees/rename", { employee: emp, name: "X" }, other.h)).status).toBe(404);
    expect((await t.deps.db.select().from(employees).where(eq(employees.id, emp)))[0]!.name).toBe("Иван Петров");
  });

  it("asks to retake by the API: mailed once, the state answered, a second ask refused", async () => {
    const p = await user(t, { name: "Rita", locale: "en" });
    const emp = await join(p);
    await completedResult(t, p);
    const asked = await t.json("POST", "/api/business/employees/ask-retake", { employee: emp }, co.h);
    expect(asked.status).toBe(200);
    expect(lastMailTo(outbox(t.dir), p.email)?.subject).toBe("Please retake the Thinking Format test: a request from «Data Co»");
    const detail = await bodyOf<{ retake: { state: string } }>(await t.json("GET", `/api/business/employees/${emp}`, undefined, co.h));
    expect(detail.retake.state).toBe("asked");
    expect((await t.json("POST", "/api/business/employees/ask-retake", { employee: emp }, co.h)).status).toBe(429);
    const bad = await t.json("POST", "/api/business/employees/ask-retake", { employee: "nope" }, { ...co.h, locale: "en" });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bodyOf<{ error: { fields: Record<string, string> } }>(bad)).error.fields)).toEqual(["employee"]);
    expect((await t.json("POST", "/api/business/employees/ask-retake", { employee: emp }, other.h)).status).toBe(404);
  });
});

describe("search by name", () => {
  it("finds Cyrillic names whatever their case, ё as е, on the page and in the API", async () => {
    await join(await user(t), "Анна Ёлкина");
    await join(await user(t), "АННА-МАРИЯ Сидорова");
    await join(await user(t), "Борис");
    const names = async (q: string) =>
      (await bodyOf<{ docs: { name: string }[] }>(await t.json("POST", "/api/business/employees", { filter: { q } }, co.h))).docs.map((d) => d.name).sort();
    expect(await names("анна")).toEqual(["Анна Ёлкина", "АННА-МАРИЯ Сидорова"].sort());
    expect(await names("ЕЛКИНА")).toEqual(["Анна Ёлкина"]);
    expect(await names("мария")).toEqual(["АННА-МАРИЯ Сидорова"]);
    const html = await (await page("/business/employees?q=%D0%B0%D0%BD%D0%BD%D0%B0", co.owner.token)).text();
    expect(html).toContain("Анна Ёлкина");
    expect(html).not.toContain("Борис");
    // a rename keeps the search key in step
    const [boris] = await t.deps.db.select().from(employees).where(eq(employees.name, "Борис"));
    await t.json("POST", "/api/business/employees/rename", { employee: boris!.id, name: "БОРИС Аннин" }, co.h);
    expect(await names("аннин")).toEqual(["БОРИС Аннин"]);
  });
});

describe("an invitation that names a department and a position", () => {
  it("places the person there when they join", async () => {
    const p = await user(t, { name: "Kira" });
    const sent = await t.json("POST", "/api/business/invites", { emails: [p.email], department: co.dep.Logistics, position: co.pos.Storekeeper }, co.h);
    expect(sent.status).toBe(201);
    const [inv] = await t.deps.db.select().from(invites).where(eq(invites.email, p.email));
    const emp = await join(p, undefined, inv!.link);
    const row = (await t.deps.db.select().from(employees).where(eq(employees.id, emp)))[0]!;
    expect([row.departmentId, row.positionId]).toEqual([co.dep.Logistics, co.pos.Storekeeper]);
    const detail = await bodyOf<{ department: { name: string }; position: { name: string } }>(
      await t.json("GET", `/api/business/employees/${emp}`, undefined, co.h),
    );
    expect([detail.department.name, detail.position.name]).toEqual(["Logistics", "Storekeeper"]);
  });

  it("refuses another project's department or position on its field, and the page offers both", async () => {
    const res = await t.json(
      "POST",
      "/api/business/invites",
      { emails: ["x1@example.com"], department: other.id, position: co.dep.Sales },
      { ...co.h, locale: "en" },
    );
    expect(res.status).toBe(400);
    expect(Object.keys((await bodyOf<{ error: { fields: Record<string, string> } }>(res)).error.fields).sort()).toEqual(["department", "position"]);
    const html = await (await page("/business/invite", co.owner.token)).text();
    expect(html).toMatch(/name="department"/);
    expect(html).toMatch(/name="position"/);
    expect(html).toContain("Storekeeper · Logistics");
  });

  it("says which address among good ones is wrong", async () => {
    const res = await t.json("POST", "/api/business/invites", { emails: "a1@example.com, not-an-address, b1@example.com" }, { ...co.h, locale: "en" });
    expect(res.status).toBe(400);
    expect((await bodyOf<{ error: { fields: Record<string, string> } }>(res)).error.fields.emails).toContain("“not-an-address” is not an e-mail address");
    const ru = await t.json("POST", "/api/business/invites", { emails: "a1@example.com, плохой" }, { ...co.h, locale: "ru" });
    expect((await bodyOf<{ error: { fields: Record<string, string> } }>(ru)).error.fields.emails).toContain("«плохой»");
  });
});

describe("who viewed my results", () => {
  it("lists the company roles that opened the results, by role and name, once a day; other employees see nothing of it", async () => {
    const p = await user(t, { name: "Vika", locale: "en" });
    const emp = await join(p);
    await completedResult(t, p);
    const before = decoded(await (await page("/account/data", p.token)).text());
    expect(before).toContain("Who viewed my results");
    expect(before).toContain("Nobody has opened your results yet.");

    // the owner opens the employee page twice, the business report and the API: one row today
    expect((await page(`/business/employees/${emp}`, co.owner.token)).status).toBe(200);
    await page(`/business/employees/${emp}`, co.owner.token);
    await page(`/dashboard/report/base?employee=${emp}`, co.owner.token);
    await t.json("GET", `/api/business/employees/${emp}`, undefined, co.h);
    const rows = await t.deps.db.select().from(resultViews).where(eq(resultViews.employeeId, emp));
    expect(rows.map((r) => r.role)).toEqual(["owner"]);

    // a project manager opens it too
    const pm = await user(t, { name: "Pavel Manager" });
    const pmEmp = await join(pm);
    await t.json("POST", "/api/business/employees/activate-manager", { employee: pmEmp, type: "project" }, co.h);
    expect((await page(`/business/employees/${emp}`, pm.token)).status).toBe(200);

    const after = decoded(await (await page("/account/data", p.token)).text());
    const list = after.slice(after.indexOf('data-testid="who-viewed"'));
    expect(list).toContain("Company owner");
    expect(list).toContain("Olga Owner");
    expect(list).toContain("Project manager");
    expect(list).toContain("Pavel Manager");
    expect(list).toContain("Data Co");
    expect(list).not.toContain(co.owner.email);

    // another employee of the company sees only their own (none), never Vika's
    const colleague = await user(t, { name: "Colleague" });
    await join(colleague);
    const theirs = decoded(await (await page("/account/data", colleague.token)).text());
    expect(theirs).toContain("Nobody has opened your results yet.");
    // nor are views recorded for a person who stopped sharing
    await t.json("POST", `/api/business/consent/${co.id}`, { consent: false }, colleague.h);
    const colleagueEmp = (await t.deps.db.select().from(employees).where(eq(employees.userId, colleague._id)))[0]!.id;
    await page(`/business/employees/${colleagueEmp}`, co.owner.token);
    expect(await t.deps.db.select().from(resultViews).where(eq(resultViews.employeeId, colleagueEmp))).toEqual([]);
  });
});

describe("consent from the person's side", () => {
  it("asks before withdrawing: an unconfirmed withdrawal changes nothing", async () => {
    const p = await user(t, { name: "Zoya", locale: "en" });
    const emp = await join(p);
    const html = decoded(await (await page("/account/data", p.token)).text());
    expect(html).toContain('data-testid="consent-withdraw"');
    expect(html).toContain("“Data Co” will no longer see your format");
    await form("/account/data", p.token, { _form: "consent", project: co.id, consent: "0" });
    expect((await t.deps.db.select().from(employees).where(eq(employees.id, emp)))[0]!.consentWithdrawnAt).toBeNull();
    await form("/account/data", p.token, { _form: "consent", project: co.id, consent: "0", confirm: "1" });
    expect((await t.deps.db.select().from(employees).where(eq(employees.id, emp)))[0]!.consentWithdrawnAt).not.toBeNull();
    // giving it back stays one click
    await form("/account/data", p.token, { _form: "consent", project: co.id, consent: "1" });
    expect((await t.deps.db.select().from(employees).where(eq(employees.id, emp)))[0]!.consentWithdrawnAt).toBeNull();
  });
});

describe("departments", () => {
  it("says a long name is too long, and refuses a duplicate name under one parent", async () => {
    const long = await t.json("POST", "/api/business/departments", { name: "y".repeat(121) }, { ...co.h, locale: "en" });
    expect(long.status).toBe(400);
    expect((await bodyOf<{ error: { fields: Record<string, string> } }>(long)).error.fields.name).toBe("Too long: at most 120 characters");
    const dup = await t.json("POST", "/api/business/departments", { name: " sales " }, { ...co.h, locale: "en" });
    expect(dup.status).toBe(400);
    expect((await bodyOf<{ error: { fields: Record<string, string> } }>(dup)).error.fields.name).toBe(
      "A department with this name already exists at this level",
    );
    // the same name under another parent is fine, and the parent select shows the tree
    expect((await t.json("POST", "/api/business/departments", { name: "Sales", parent: co.dep.Logistics }, co.h)).status).toBe(201);
    const html = await (await page("/business/departments", co.owner.token)).text();
    expect(html).toMatch(/maxLength="120"|maxlength="120"/);
    expect(html).toMatch(/>(&nbsp;|\u00a0){3}└ Sales</);
  });
});

describe("the list's empty states", () => {
  it("says nothing matches a filter (with a reset), and a page past the end says so; a department includes its sub-departments", async () => {
    const html = await (await page("/business/employees?format=ANL-HIGH-FAST&status=notStarted", co.owner.token)).text();
    expect(html).toContain('data-testid="employee-no-match"');
    expect(html).toContain("Nobody matches the filter");
    expect(html).toContain('data-testid="employee-reset"');
    expect(html).not.toContain("Invite people to the project");
    const past = decoded(await (await page("/business/employees?page=99", co.owner.token)).text());
    expect(past).toContain('data-testid="employee-past-end"');
    expect(past).toMatch(/There is no such page: the list has 1 page/);
    expect(past).not.toContain("Invite people to the project");

    // a sub-department's people are in its parent's list, as statistics count them
    const sub = await bodyOf<{ _id: string }>(await t.json("POST", "/api/business/departments", { name: "Warehouse", parent: co.dep.Logistics }, co.h));
    const p = await user(t, { name: "Stas Sklad" });
    const emp = await join(p);
    await t.json("POST", "/api/business/employees/change-department", { employee: emp, department: sub._id }, co.h);
    const list = await (await page(`/business/employees?department=${co.dep.Logistics}`, co.owner.token)).text();
    expect(list).toContain("Stas Sklad");
    // the move form's selects show the tree and each position's department
    const detail = await (await page(`/business/employees/${emp}`, co.owner.token)).text();
    expect(detail).toMatch(/>(&nbsp;|\u00a0){3}└ Warehouse</);
    expect(detail).toContain(">Storekeeper · Logistics<");
  });
});

describe("invites to buy", () => {
  it("says the allowed range for 2.5 or 1,000,000, on the API and the page", async () => {
    for (const quantity of [2.5, 1_000_000]) {
      const res = await t.json("POST", "/api/business/refill", { project: co.id, quantity }, { ...co.owner.h, locale: "en" });
      expect(res.status).toBe(400);
      expect((await bodyOf<{ error: { fields: Record<string, string> } }>(res)).error.fields.quantity).toBe(
        "Enter a whole number of invites: from 5 to 100,000 (500 and more are priced by request)",
      );
    }
    const ru = await form("/business", co.owner.token, { _form: "refill", project: co.id, quantity: "2,5", method: "card" });
    expect(ru.status).toBe(400);
    expect(decoded(await ru.text())).toContain("Enter a whole number of invites");
  });
});

describe("an e-mail invitation's link proves the address", () => {
  it("confirms the invited address of a person who joins with that invitation's link", async () => {
    const p = await user(t, { confirmed: false, name: "Maria" });
    await t.json("POST", "/api/business/invites", { emails: [p.email] }, co.h);
    const [inv] = await t.deps.db.select().from(invites).where(eq(invites.email, p.email));
    await join(p, undefined, inv!.link);
    const row = (await t.deps.db.select().from(users).where(eq(users.id, p._id)))[0]!;
    expect(row.emailConfirmedAt).not.toBeNull();
    // the project's shared link proves nothing about anyone's mailbox
    const q = await user(t, { confirmed: false, name: "Quinn" });
    await join(q);
    expect((await t.deps.db.select().from(users).where(eq(users.id, q._id)))[0]!.emailConfirmedAt).toBeNull();
  });
});

describe("who pays for an employee's report", () => {
  it("tells an employee once that the company does not pay for the full report, without a Buy button on every section", async () => {
    const solo = await user(t, { name: "Solo", locale: "en" });
    await completedResult(t, solo);
    const soloHtml = await (await page("/report/base", solo.token)).text();
    expect((soloHtml.match(/data-testid="buy"/g) ?? []).length).toBeGreaterThan(3);

    const p = await user(t, { name: "Worker", locale: "en" });
    await join(p);
    await completedResult(t, p);
    const html = decoded(await (await page("/report/base", p.token)).text());
    expect(html).not.toContain('data-testid="buy"');
    expect(html).toContain('data-testid="employer-pays"');
    expect(html).toContain("You were invited by “Data Co”. The company paid for your test");
    expect(html).toContain("A full report for yourself");
  });
});
