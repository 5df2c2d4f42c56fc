// A cabinet a company can trust: real names instead of e-mails, role changes that are
// confirmed and announced, invitation dead ends that speak to the right person.
import { eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { departments, employees, formats, invites, projects, results } from "../../db/schema";
import { createId } from "../../server/lib/ids";
import { businessProject, completedResult, type Person, user } from "../fixtures";
import { lastMailTo, outbox } from "../mail";
import { bodyOf, createTestApp, fillSellerDetails, type TestApp } from "../helpers";

let t: TestApp;
let owner: Person;
let cookie: string;
let project: string;
let code: string;
let research: string;

const get = (path: string, c = cookie) => t.page(path, c);
const post = (path: string, fields: Record<string, string>, c = cookie) => t.form(path, fields, c);
const employeeRow = async (id: string) => (await t.deps.db.select().from(employees).where(eq(employees.id, id)))[0]!;
const decoded = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");

beforeAll(async () => {
  t = await createTestApp();
  owner = await user(t, { confirmed: true });
  cookie = `token=${owner.token}; i18n_locale=en`;
  const made = await businessProject(t, { owner, name: "Trust Co", departments: ["Research"] });
  project = made.id;
  research = made.dep.Research!;
  await t.deps.db.update(projects).set({ inviteBalance: 10 }).where(eq(projects.id, project));
  code = (await t.deps.db.select().from(projects).where(eq(projects.id, project)))[0]!.inviteCode!;
});
afterAll(() => t.close());

describe("names the company sees", () => {
  it("asks a name at join, prefilled from the profile, and never shows the e-mail instead", async () => {
    const named = await user(t, { name: "Anna Petrova" });
    const page = await (await get(`/invite/${code}`, `token=${named.token}; i18n_locale=en`)).text();
    expect(page).toContain('name="name"');
    expect(page).toContain('value="Anna Petrova"');

    // the form refuses an empty name with a field message
    const empty = await post(`/invite/${code}`, { _form: "join", consent: "on", name: " " }, `token=${named.token}; i18n_locale=en`);
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Required");

    const ok = await post(`/invite/${code}`, { _form: "join", consent: "on", name: "Anna P." }, `token=${named.token}; i18n_locale=en`);
    expect(ok.status).toBe(303);
    const [row] = await t.deps.db.select().from(employees).where(eq(employees.userId, named._id));
    expect(row!.name).toBe("Anna P.");

    // a person with no name who joins by the API: no e-mail as the name, anywhere the company looks
    const anon = await user(t);
    const joined = await bodyOf<{ employee: string }>(await t.json("POST", `/api/business/join/${code}`, { agree: true }, anon.h));
    expect((await employeeRow(joined.employee)).name).not.toContain("@");
    const list = await (await get("/business/employees")).text();
    expect(list).not.toContain(anon.email);
    expect(list).toContain("(no name given)");
    const invitesPage = await (await get("/business/invite")).text();
    expect(invitesPage).not.toContain(anon.email);
    const api = await bodyOf<{ docs: { email: string | null }[] }>(await t.json("GET", "/api/business/invites", undefined, owner.h));
    expect(api.docs.map((d) => d.email)).not.toContain(anon.email);
  });

  it("keeps the name in step with the profile until the owner renames the person", async () => {
    const p = await user(t);
    const joined = await bodyOf<{ employee: string }>(await t.json("POST", `/api/business/join/${code}`, { agree: true, name: "Boris" }, p.h));
    const set = await t.json("PUT", "/api/passport", { name: "Boris Ivanov" }, p.h);
    expect(set.status).toBe(200);
    expect((await employeeRow(joined.employee)).name).toBe("Boris Ivanov");

    // the owner renames and numbers the person: their own later renames no longer overwrite it
    const renamed = await post(`/business/employees/${joined.employee}`, { _form: "identity", name: "B. Ivanov (sales)", personnelNumber: "T-0042" });
    expect(renamed.status).toBe(303);
    await t.json("PUT", "/api/passport", { name: "Bob" }, p.h);
    const row = await employeeRow(joined.employee);
    expect([row.name, row.personnelNumber]).toEqual(["B. Ivanov (sales)", "T-0042"]);
    const page = await (await get(`/business/employees/${joined.employee}`)).text();
    expect(page).toContain("T-0042");

    const bad = await post(`/business/employees/${joined.employee}`, { _form: "identity", name: "", personnelNumber: "" });
    expect(bad.status).toBe(400);
  });

  it("shows the e-mail only to the company that invited that address", async () => {
    const invited = await user(t);
    await t.json("POST", "/api/business/invites", { emails: [invited.email] }, owner.h);
    const [inv] = await t.deps.db.select().from(invites).where(eq(invites.email, invited.email));
    const joined = await bodyOf<{ employee: string }>(await t.json("POST", `/api/business/join/${inv!.link}`, { agree: true }, invited.h));
    expect((await employeeRow(joined.employee)).name).toBe(invited.email);
  });
});

describe("role changes", () => {
  let emp: string;
  let person: Person;
  beforeAll(async () => {
    person = await user(t, { name: "Vera", locale: "en" });
    emp = (await bodyOf<{ employee: string }>(await t.json("POST", `/api/business/join/${code}`, { agree: true }, person.h))).employee;
  });

  it("has no default role: Apply without a choice appoints nobody", async () => {
    const page = await (await get(`/business/employees/${emp}`)).text();
    expect(page).toContain("— choose —");
    const res = await post(`/business/employees/${emp}`, { _form: "control", type: "", department: "" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Choose what to appoint the person as");
    expect((await employeeRow(emp)).isProjectManager).toBe(false);
  });

  it("refuses a head of department without a department, with a message", async () => {
    const res = await post(`/business/employees/${emp}`, { _form: "control", type: "department", department: "" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Choose the department this person will head");
    const api = await t.json("POST", "/api/business/employees/activate-manager", { employee: emp, type: "department" }, owner.h);
    expect(api.status).toBe(400);
  });

  it("asks for a confirmation naming what the person will see, then mails the appointee", async () => {
    const first = await post(`/business/employees/${emp}`, { _form: "control", type: "project", department: "" });
    expect(first.status).toBe(303);
    expect((await employeeRow(emp)).isProjectManager).toBe(false);
    const confirmPage = decoded(await (await get(first.headers.get("location")!)).text());
    expect(confirmPage).toContain("Vera becomes project manager.");
    expect(confirmPage).toContain("They will see every employee of the project");

    const second = await post(`/business/employees/${emp}`, { _form: "control", type: "project", department: "", confirm: "1" });
    expect(second.status).toBe(303);
    expect((await employeeRow(emp)).isProjectManager).toBe(true);
    const mail = lastMailTo(outbox(t.dir), person.email);
    expect(mail?.subject).toContain("Trust Co");
    expect(mail?.text).toContain("project manager");

    await post(`/business/employees/${emp}`, { _form: "control", type: "department", department: research, confirm: "1" });
    expect(lastMailTo(outbox(t.dir), person.email)?.text).toContain("head of the department «Research»");
  });
});

describe("invitation dead ends", () => {
  it("tells an employee joining a full company that it has no places left, not to buy invites", async () => {
    const full = await businessProject(t, { owner: await user(t, { confirmed: true }), name: "Full Co" });
    await t.deps.db.update(projects).set({ inviteBalance: 0 }).where(eq(projects.id, full.id));
    const fullCode = (await t.deps.db.select().from(projects).where(eq(projects.id, full.id)))[0]!.inviteCode!;
    const p = await user(t, { name: "Gleb" });
    const res = await post(`/invite/${fullCode}`, { _form: "join", consent: "on", name: "Gleb" }, `token=${p.token}; i18n_locale=en`);
    const html = await res.text();
    expect(html).toContain("no places left");
    expect(html).not.toMatch(/Buy more/i);
  });

  it("answers an old (refreshed) link with a localized page that says what to do", async () => {
    const before = (await t.deps.db.select().from(projects).where(eq(projects.id, project)))[0]!.inviteCode!;
    // the refresh is behind a warning
    const invitesPage = await (await get("/business/invite")).text();
    expect(invitesPage).toContain('data-testid="confirm-refresh"');
    expect(invitesPage).toContain("The current link stops working at once");
    expect((await post("/business/invite", { _form: "refresh" })).status).toBe(303);
    expect((await t.deps.db.select().from(projects).where(eq(projects.id, project)))[0]!.inviteCode).not.toBe(before);
    for (const [lang, heading] of [
      ["ru", "Эта ссылка-приглашение больше не действует"],
      ["en", "This invitation link no longer works"],
    ] as const) {
      const res = await t.app.request(`/invite/${before}`, { headers: { Cookie: `i18n_locale=${lang}` } });
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain(heading);
      expect(html).not.toContain("This page could not be found");
    }
    code = (await t.deps.db.select().from(projects).where(eq(projects.id, project)))[0]!.inviteCode!;
  });
});

describe("the invite balance beside what pending invitations hold", () => {
  it("shows the balance, the reserved and the free count with labels, and labels the header and menu counters", async () => {
    const o = await user(t, { confirmed: true });
    const p = await businessProject(t, { owner: o, name: "Counting Co" });
    await t.deps.db.update(projects).set({ inviteBalance: 4 }).where(eq(projects.id, p.id));
    const sent = await t.json("POST", "/api/business/invites", { emails: ["r1@example.com", "r2@example.com"] }, { ...o.h, Project: p.id });
    expect(sent.status).toBe(201);
    const c = `token=${o.token}; i18n_locale=en`;
    const html = await (await get(`/business/invite?project=${p.id}`, c)).text();
    expect(html).toMatch(/data-testid="invite-balance">4</);
    expect(html).toMatch(/data-testid="invite-reserved">2</);
    expect(html).toMatch(/data-testid="invite-free">2</);
    expect(html).toContain("Held by invitations waiting for an answer");
    // the header counts what new invitations may use, and says so
    expect(html).toMatch(/data-testid="invite-counter"[^>]*>.*?2.*?free/s);
    expect(decoded(html)).toContain("Invites free for new people: 2 (2 held by invitations waiting for an answer)");
    const dash = await (await get(`/dashboard/invites?project=${p.id}`, c)).text();
    expect(dash).toMatch(/aria-label="2 waiting" data-testid="menu-invites-count">2</);
    // three more are refused: the page said only two were free
    const over = await t.json("POST", "/api/business/invites", { emails: ["r3@example.com", "r4@example.com", "r5@example.com"] }, { ...o.h, Project: p.id });
    expect(over.status).toBe(402);
  });
});

describe("result reliability and asking to retake", () => {
  it("shows the facts of the person's own report beside the result, and asks to retake by mail with the request's state", async () => {
    const p = await user(t, { name: "Dina", locale: "en" });
    const emp = (await bodyOf<{ employee: string }>(await t.json("POST", `/api/business/join/${code}`, { agree: true }, p.h))).employee;
    const resultId = await completedResult(t, p);
    const [own] = await t.deps.db.select().from(results).where(eq(results.id, resultId));
    const [other] = await t.deps.db.select({ code: formats.code, name: formats.name }).from(formats).where(ne(formats.code, own!.formatCode!)).limit(1);
    await t.deps.db
      .update(results)
      .set({ probability: 0.23, runnerUpCode: other!.code, runnerUpProbability: 0.21, quality: { grade: "poor", flags: ["misfit"] } })
      .where(eq(results.id, resultId));

    const list = await (await get("/business/employees?sort=name")).text();
    expect(list).toMatch(/data-testid="mark-careless"/);
    expect(list).toMatch(/data-testid="mark-between"/);
    const html = decoded(await (await get(`/business/employees/${emp}`)).text());
    expect(html).toContain("Model confidence: 23 %");
    expect(html).toContain(`Between two formats: the second is ${(other!.name as { en: string }).en}`);
    expect(html).toContain("The answers look hurried or contradictory");
    expect(html).toContain("Some answers do not fit the pattern");
    const api = await bodyOf<{ reliability: { probability: number; between: boolean; grade: string } }>(
      await t.json("GET", `/api/business/employees/${emp}`, undefined, owner.h),
    );
    expect(api.reliability).toMatchObject({ probability: 23, between: true, grade: "poor" });

    expect(html).toContain('data-testid="confirm-retake"');
    expect((await post(`/business/employees/${emp}`, { _form: "retake" })).status).toBe(303);
    const mail = lastMailTo(outbox(t.dir), p.email);
    expect(mail?.subject).toBe("Please retake the Thinking Format test: a request from «Trust Co»");
    expect(mail?.text).toContain("/test/start");
    const asked = await (await get(`/business/employees/${emp}`)).text();
    expect(asked).toMatch(/data-state="asked"/);
    expect(asked).not.toContain('data-testid="confirm-retake"');
    // a second request the same day is refused with a message, and sends nothing
    const again = await post(`/business/employees/${emp}`, { _form: "retake" });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(await again.text()).toContain("already asked in the last 24 hours");

    // a newer result: the state says it was retaken
    await t.deps.db
      .update(results)
      .set({ completedAt: new Date(Date.now() + 60_000) })
      .where(eq(results.id, resultId));
    expect(await (await get(`/business/employees/${emp}`)).text()).toMatch(/data-state="retaken"/);
  });

  it("says nothing of reliability for a person who withdrew consent, and cannot ask them", async () => {
    const p = await user(t, { name: "Egor" });
    const emp = (await bodyOf<{ employee: string }>(await t.json("POST", `/api/business/join/${code}`, { agree: true }, p.h))).employee;
    await completedResult(t, p);
    await t.json("POST", `/api/business/consent/${project}`, { consent: false }, p.h);
    const html = await (await get(`/business/employees/${emp}`)).text();
    expect(html).not.toContain('data-testid="reliability"');
    expect((await post(`/business/employees/${emp}`, { _form: "retake" })).status).toBe(400);
  });
});

describe("the list at scale", () => {
  let o: Person;
  let p: Awaited<ReturnType<typeof businessProject>>;
  let c: string;
  beforeAll(async () => {
    o = await user(t, { confirmed: true });
    c = `token=${o.token}; i18n_locale=en`;
    p = await businessProject(t, { owner: o, name: "Scale Co", departments: ["Logistics", "Warehouse"] });
    await t.deps.db.update(departments).set({ parentId: p.dep.Logistics! }).where(eq(departments.id, p.dep.Warehouse!));
    await t.deps.db.update(projects).set({ inviteBalance: 10 }).where(eq(projects.id, p.id));
    const rows = Array.from({ length: 2_950 }, (_, i) => ({
      id: createId(),
      projectId: p.id,
      name: `Person ${String(i).padStart(4, "0")}`,
      departmentId: i === 0 ? p.dep.Logistics! : i === 1 ? p.dep.Warehouse! : null,
    }));
    for (let i = 0; i < rows.length; i += 500) await t.deps.db.insert(employees).values(rows.slice(i, i + 500));
  });

  it("pages with prev/next and the range shown instead of a button per page", async () => {
    const html = await (await get(`/business/employees?project=${p.id}&page=57`, c)).text();
    expect(html).toMatch(/data-testid="pager-range">2,801–2,850 of 2,950</);
    expect(html).toContain('data-testid="pager-prev"');
    expect(html).toContain('data-testid="pager-next"');
    const buttons = html.slice(html.indexOf('data-testid="pager"')).match(/aria-current|class="rounded-lg border px-3 py-1 text-sm border-slate-300"/g) ?? [];
    expect(buttons.length).toBeLessThan(10);
    const ru = await (await get(`/business/employees?project=${p.id}&page=57`, `token=${o.token}; i18n_locale=ru`)).text();
    expect(ru).toMatch(/data-testid="pager-range">2\u00a0801–2\u00a0850 из 2\u00a0950</);
  });

  it("filters a department with its sub-departments, as the statistics count it", async () => {
    const html = await (await get(`/business/employees?project=${p.id}&department=${p.dep.Logistics}`, c)).text();
    expect(html).toContain("Person 0000");
    expect(html).toContain("Person 0001");
    const api = await bodyOf<{ total: number }>(await t.json("POST", "/api/business/employees", { filter: { department: p.dep.Logistics }, limit: 10 }, p.h));
    expect(api.total).toBe(2);
  });

  it("finds people by name, and by e-mail only where the company sent that invitation", async () => {
    expect(await (await get(`/business/employees?project=${p.id}&q=Person%201234`, c)).text()).toMatch(/Employees: 1\b/);
    const invited = await user(t, { name: "Zoe Invited" });
    await t.json("POST", "/api/business/invites", { emails: [invited.email] }, p.h);
    const [inv] = await t.deps.db.select().from(invites).where(eq(invites.email, invited.email));
    await t.json("POST", `/api/business/join/${inv!.link}`, { agree: true }, invited.h);
    const byLink = await user(t, { name: "Yuri Linked" });
    const projectCode = (await t.deps.db.select().from(projects).where(eq(projects.id, p.id)))[0]!.inviteCode!;
    await t.json("POST", `/api/business/join/${projectCode}`, { agree: true }, byLink.h);
    expect(await (await get(`/business/employees?project=${p.id}&q=${encodeURIComponent(invited.email)}`, c)).text()).toContain("Zoe Invited");
    const own = await (await get(`/business/employees?project=${p.id}&q=${encodeURIComponent(byLink.email)}`, c)).text();
    expect(own).not.toContain("Yuri Linked");
  });
});

describe("numbers with their scale and meaning", () => {
  it("gives each number its range and a line of meaning, and shows the fit's base of 50 and the terms adding up", async () => {
    const o = await user(t, { confirmed: true });
    const p = await businessProject(t, {
      owner: o,
      name: "Scales Co",
      departments: ["Research"],
      positions: [{ name: "Analyst", department: "Research", tasks: [{ name: "Modelling", communication: "individual", decision: "moderate" }] }],
    });
    await t.deps.db.update(projects).set({ inviteBalance: 3 }).where(eq(projects.id, p.id));
    const projectCode = (await t.deps.db.select().from(projects).where(eq(projects.id, p.id)))[0]!.inviteCode!;
    const w = await user(t, { name: "Fedor" });
    const emp = (await bodyOf<{ employee: string }>(await t.json("POST", `/api/business/join/${projectCode}`, { agree: true }, w.h))).employee;
    await completedResult(t, w);
    await t.json("POST", "/api/business/employees/change-position", { employee: emp, position: p.pos.Analyst }, p.h);
    const html = decoded(await (await get(`/business/employees/${emp}?project=${p.id}`, `token=${o.token}; i18n_locale=en`)).text());
    expect(html).toContain("0–100. Below 40: crisis; 40–59: norm; 60 and above: comfort.");
    expect(html).toContain("−10…10. Below 0: confident; above 0: anxious.");
    expect(html).toContain("0–100. 50 is a typical person; 60 and above is a good fit");
    expect(html).toContain("Each skill is 0–100");
    expect(html).toContain("Every position starts from 50: the fit of a typical person");
    const fit = await bodyOf<{
      docs: { efficiency: number; explanation: { base: number; bounded: number; activities: { reasons: { points: number }[] }[] } }[];
    }>(await t.json("GET", `/api/business/employees/efficiency/${emp}`, undefined, p.h));
    const doc = fit.docs[0]!;
    const pts = doc.explanation.activities.flatMap((a) => a.reasons.map((r) => r.points));
    const plus = pts.filter((x) => x > 0).reduce((s, x) => s + x, 0);
    const minus = pts.filter((x) => x < 0).reduce((s, x) => s + x, 0);
    expect(Math.abs(doc.explanation.base + plus + minus + doc.explanation.bounded - doc.efficiency)).toBeLessThanOrEqual(1);
    expect(html).toContain(`50 + ${plus.toFixed(1)} − ${Math.abs(minus).toFixed(1)} = ${doc.efficiency}`);
  });
});

describe("the funnel", () => {
  it("names an unnamed company in the language of the page that activated it", async () => {
    for (const [lang, name] of [
      ["ru", "Моя компания"],
      ["en", "My company"],
    ] as const) {
      const o = await user(t, { confirmed: true, locale: "ru" });
      const res = await t.json("POST", "/api/business", {}, { ...o.h, Cookie: `i18n_locale=${lang}` });
      expect(res.status).toBeLessThan(300);
      const [row] = await t.deps.db.select().from(projects).where(eq(projects.ownerId, o._id));
      expect(row!.name).toBe(name);
    }
  });
});

describe("an appointed head", () => {
  it("is told by mail and gets an entry page for the company instead of 'activate a business account'", async () => {
    const o = await user(t, { confirmed: true });
    const p = await businessProject(t, { owner: o, name: "Heads Co", departments: ["Ops"] });
    await t.deps.db.update(projects).set({ inviteBalance: 3 }).where(eq(projects.id, p.id));
    const projectCode = (await t.deps.db.select().from(projects).where(eq(projects.id, p.id)))[0]!.inviteCode!;
    const head = await user(t, { name: "Galina", locale: "en" });
    const emp = (await bodyOf<{ employee: string }>(await t.json("POST", `/api/business/join/${projectCode}`, { agree: true }, head.h))).employee;
    expect((await t.json("POST", "/api/business/employees/activate-manager", { employee: emp, type: "department", department: p.dep.Ops }, p.h)).status).toBe(
      200,
    );
    expect(lastMailTo(outbox(t.dir), head.email)?.text).toContain("head of the department «Ops»");
    const c = `token=${head.token}; i18n_locale=en`;
    const begin = decoded(await (await get("/business", c)).text());
    expect(begin).toContain('data-testid="managed-entry"');
    expect(begin).toContain("You are head of a department in «Heads Co»");
    expect(begin).toContain(`/dashboard?project=${p.id}`);
    const dash = await (await get(`/dashboard?project=${p.id}`, c)).text();
    expect(dash).not.toContain("Buy invites");
    expect(dash).not.toContain('data-testid="menu-invites-count"');
  });
});

describe("paying by invoice", () => {
  it("is offered only once the seller's details are set", async () => {
    const o = await user(t, { confirmed: true });
    await businessProject(t, { owner: o, name: "Invoice Co" });
    const c = `token=${o.token}; i18n_locale=en`;
    const before = await (await get("/business", c)).text();
    expect(before).not.toContain('value="invoice"');
    expect(before).toContain('value="card"');
    await fillSellerDetails(t);
    expect(await (await get("/business", c)).text()).toContain('value="invoice"');
  });
});

describe("the business page's plans", () => {
  it("each plan has a Start/Buy button that leads to the business cabinet, through sign-in for a visitor", async () => {
    for (const lang of ["ru", "en"]) {
      const html = await (await t.app.request(`/salles?lang=${lang}`)).text();
      for (const key of ["base", "norma", "full"]) expect(html).toMatch(new RegExp(`href="/business"[^>]*data-testid="plan-buy-${key}"`));
    }
    const visitor = await t.app.request("/business");
    expect([302, 303]).toContain(visitor.status);
    expect(visitor.headers.get("location")).toContain("fallback=%2Fbusiness");
  });
});
