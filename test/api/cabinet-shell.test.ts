// One cabinet: one shell and one menu for the
// spec's /business/* and /dashboard/* families, the language switcher, the avatar's menu, the demo
// in the page's language with its way out, the activation funnel through sign-up and confirmation,
// sections that say what they need, the appointee's entry, and the shared page kit's notices.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { departments, projects } from "../../db/schema";
import { createId } from "../../server/lib/ids";
import { businessProject, completedResult, type Person, user } from "../fixtures";
import { lastMailTo, outbox } from "../mail";
import { bodyOf, cookiesOf, createTestApp, type TestApp } from "../helpers";

let t: TestApp;
let owner: Person;
let cookie: string;
let project: string;
let code: string;
let ops: string;

const get = (path: string, c = cookie) => t.page(path, c);
const post = (path: string, fields: Record<string, string>, c = cookie) => t.form(path, fields, c);
const decoded = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");
/** The menu as drawn: each item's key and link, in order. */
const menuOf = (html: string) => {
  const side = html.slice(html.indexOf('data-testid="cabinet-sidebar"'), html.indexOf("</aside>"));
  return [...side.matchAll(/data-nav="([a-z]+)"><a href="([^"]+)"/g)].map((m) => [m[1]!, m[2]!]);
};
const join = async (person: Person) =>
  (await bodyOf<{ employee: string }>(await t.json("POST", `/api/business/join/${code}`, { agree: true }, person.h))).employee;
const demoToken = async () => cookiesOf(await t.app.request("/api/business/masq-no-auth", { headers: { "Sec-Fetch-Site": "same-origin" } })).masqDemoToken!;

beforeAll(async () => {
  t = await createTestApp();
  owner = await user(t, { confirmed: true, name: "Olga Orlova" });
  cookie = `token=${owner.token}; i18n_locale=en`;
  const made = await businessProject(t, { owner, name: "Shell Co", departments: ["Ops"] });
  project = made.id;
  ops = made.dep.Ops!;
  await t.deps.db.update(projects).set({ inviteBalance: 10 }).where(eq(projects.id, project));
  code = (await t.deps.db.select().from(projects).where(eq(projects.id, project)))[0]!.inviteCode!;
});
afterAll(() => t.close());

describe("one shell", () => {
  it("draws the same menu on /business/* and /dashboard/* pages, its links staying in the family", async () => {
    const business = menuOf(await (await get(`/business/employees?project=${project}`)).text());
    const dashboard = menuOf(await (await get(`/dashboard/employees?project=${project}`)).text());
    expect(business.map(([k]) => k)).toEqual([
      "begin",
      "dashboard",
      "employees",
      "departments",
      "positions",
      "statistics",
      "reports",
      "invite",
      "integrations",
      "settings",
    ]);
    expect(dashboard.map(([k]) => k)).toEqual(business.map(([k]) => k));
    expect(Object.fromEntries(business).employees).toBe("/business/employees");
    expect(Object.fromEntries(dashboard).employees).toBe("/dashboard/employees");
    expect(Object.fromEntries(dashboard).invite).toBe("/dashboard/invites");
    for (const path of ["/business/dashboard", "/dashboard", "/business/reports", "/dashboard/report/base", "/business/settings", "/dashboard/project"]) {
      const html = await (await get(`${path}?project=${project}`)).text();
      expect(html, path).toContain('data-cabinet="business"');
      expect(
        menuOf(html).map(([k]) => k),
        path,
      ).toEqual(business.map(([k]) => k));
    }
  });

  it("offers the owner the API tokens and webhooks in the menu, named in the page's language, current on their pages", async () => {
    for (const [locale, label] of [
      ["en", "Integrations"],
      ["ru", "Интеграции"],
    ] as const) {
      const html = decoded(await (await get(`/business/settings?project=${project}`, `token=${owner.token}; i18n_locale=${locale}`)).text());
      expect(Object.fromEntries(menuOf(html)).integrations, locale).toBe("/business/integrations");
      const item = html.slice(html.indexOf('data-nav="integrations"'));
      expect(item.slice(0, item.indexOf("</li>")), locale).toContain(label);
    }
    const page = await (await get(`/business/integrations?project=${project}`)).text();
    expect(page).toMatch(/data-nav="integrations"><a href="\/business\/integrations" aria-current="page"/);
    expect(page).toContain('data-testid="form-token"');
  });

  it("keeps the owner in the business family on compare and the business report", async () => {
    const a = await user(t, { name: "Ada Adams" });
    const b = await user(t, { name: "Ben Brown" });
    await Promise.all([completedResult(t, a), completedResult(t, b)]);
    const [ea, eb] = [await join(a), await join(b)];
    const list = await (await get(`/business/employees?project=${project}`)).text();
    expect(list).toContain("/business/employees/compare");
    expect(list).not.toContain("/dashboard/employees/compare");
    const compare = await get(`/business/employees/compare?project=${project}&ids=${ea}&ids=${eb}`);
    expect(compare.status).toBe(200);
    const html = await compare.text();
    expect(html).toContain('data-testid="compare-bars"');
    expect(html).toMatch(/data-nav="employees"><a href="\/business\/employees" aria-current="page"/);
    expect(html).toContain(`href="/business/employees/${ea}"`);
    // the business report, reached from the person's page or the reports page, stays in /business too
    const detail = decoded(await (await get(`/business/employees/${ea}?project=${project}`)).text());
    expect(detail).toContain(`href="/business/report?employee=${ea}&project=${project}"`);
    expect(detail).not.toContain("/dashboard/report/base");
    const reports = await (await get(`/business/reports?project=${project}`)).text();
    expect(decoded(reports)).toContain(`/business/report?project=${project}&employee=${ea}`);
    const report = await (await get(`/business/report?project=${project}&employee=${ea}`)).text();
    expect(report).toContain('data-testid="business-report"');
    expect(report).toMatch(/data-nav="reports"><a href="\/business\/reports" aria-current="page"/);
  });

  it("offers RU/EN links that keep the page and its query", async () => {
    const html = decoded(await (await get(`/business/employees?project=${project}&page=1`)).text());
    const sw = html.slice(html.indexOf('data-testid="language-switch"'));
    expect(sw).toContain(`href="/business/employees?project=${project}&page=1&lang=ru"`);
    expect(sw).toContain(`href="/business/employees?project=${project}&page=1&lang=en"`);
    // and it works: the page answers in the language asked
    expect(await (await get(`/business/employees?project=${project}&lang=ru`, `token=${owner.token}`)).text()).toContain("<h1");
  });

  it("shows the start page with the project switcher, the invite counter and the avatar's menu to the owner's own account and report", async () => {
    const html = await (await get("/business")).text();
    expect(html).toContain('data-testid="project-switcher"');
    expect(html).toContain('data-testid="invite-counter"');
    const avatar = html.slice(html.indexOf('data-testid="avatar-menu"'));
    expect(avatar).toContain('aria-label="Olga Orlova: account menu"');
    expect(avatar).toContain('href="/account"');
    expect(avatar).toContain('href="/report"');
  });

  it("gives every side-bar item its name as a tooltip, and draws the bar collapsed when the cookie says so", async () => {
    const open = await (await get(`/business/positions?project=${project}`)).text();
    expect(open).toMatch(/<a href="\/business\/positions" aria-current="page" title="Positions"/);
    expect(open).not.toMatch(/id="cabinet-collapse"[^>]*checked/);
    const collapsed = await (await get(`/dashboard/positions?project=${project}`, `${cookie}; cabinet_nav=collapsed`)).text();
    expect(collapsed).toMatch(/id="cabinet-collapse"[^>]*checked/);
  });
});

describe("the demo", () => {
  it("is the company in the page's language, with no internal addresses", async () => {
    const demo = await demoToken();
    const ru = await (await get("/business/employees", `masqDemoToken=${demo}; i18n_locale=ru`)).text();
    expect(ru).toContain("Анна Соколова");
    expect(ru).toContain("Демо-проект");
    expect(ru).not.toContain("Anna Sokolova");
    const en = await (await get("/business/employees", `masqDemoToken=${demo}; i18n_locale=en`)).text();
    expect(en).toContain("Anna Sokolova");
    expect(en).not.toContain("Анна Соколова");
    // the language switch keeps any ?project= a link carried, and the company follows the language
    const switched = await (await get("/business/departments?project=0000000000000000000000d2&lang=ru", `masqDemoToken=${demo}`)).text();
    expect(switched).toContain("Продажи");
    for (const path of ["/business/invite", "/business/employees", "/dashboard"]) {
      for (const lang of ["ru", "en"])
        expect(await (await get(path, `masqDemoToken=${demo}; i18n_locale=${lang}`)).text(), path).not.toContain("thinking-format.local");
    }
  });

  it("offers a signed-in business owner only the way back to their projects, and a visitor the activation", async () => {
    const demo = await demoToken();
    const both = `masqDemoToken=${demo}; token=${owner.token}; i18n_locale=en`;
    const html = await (await get("/business/dashboard", both)).text();
    expect(html).toContain('data-testid="demo-banner"');
    expect(html).not.toContain('data-testid="demo-activate"');
    expect(html).toContain("Exit the demo: back to my projects");
    const exit = await post("/demo/exit", {}, both);
    expect(exit.status).toBe(303);
    expect(exit.headers.get("location")).toBe("/business");
    expect(exit.headers.getSetCookie().some((c) => c.startsWith("masqDemoToken=;") || /masqDemoToken=[^;]*;.*Max-Age=0/i.test(c))).toBe(true);
    // back in their own cabinet
    expect(await (await get("/business/dashboard", cookie)).text()).toContain("Shell Co");

    const visitor = await (await get("/business/dashboard", `masqDemoToken=${demo}; i18n_locale=en`)).text();
    expect(visitor).toContain('data-testid="demo-activate"');
  });

  it("takes a visitor from 'Activate' through sign-up and the confirmation to the business activation", async () => {
    const demo = await demoToken();
    const out = await post("/demo/exit", { to: "activate" }, `masqDemoToken=${demo}; i18n_locale=en`);
    expect(out.status).toBe(303);
    const signupAt = out.headers.get("location")!;
    expect(signupAt).toBe("/signup?fallback=%2Fbusiness");
    const email = `funnel-${createId()}@example.com`;
    const signed = await post(signupAt, { _form: "signup", email, password: "correct horse 42", policy: "on", terms: "on", offer: "on" }, "i18n_locale=en");
    expect(signed.status).toBe(303);
    expect(signed.headers.get("location")).toBe("/business");
    const session = `token=${cookiesOf(signed).token}; i18n_locale=en`;
    expect(await (await get("/business", session)).text()).toContain('data-testid="activate-business"');
    // the confirmation link carries the way on, and confirming lands on the activation, not the test
    const mail = lastMailTo(outbox(t.dir), email)!;
    const link = mail.text.match(/http:\/\/localhost(\/confirm\/[a-z2-7]+\?fallback=%2Fbusiness)/)?.[1];
    expect(link).toBeTruthy();
    const confirmed = await get(link!, session);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe("/business");
    expect(await (await get("/business", session)).text()).toContain('data-testid="activate-business"');
  });
});

describe("before a business account", () => {
  it("a side-bar section says what it needs beside the activation instead of bouncing to the landing", async () => {
    const plain = await user(t, { locale: "en" });
    const c = `token=${plain.token}; i18n_locale=en`;
    for (const [path, need] of [
      ["/business/employees", "employees"],
      ["/dashboard/invites", "invite"],
      ["/business/statistics", "statistics"],
    ] as const) {
      const res = await get(path, c);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toBe(`/business?need=${need}`);
    }
    const page = await (await get("/business?need=employees", c)).text();
    expect(page).toContain("Activate your business account to see employees.");
    expect(page).toContain('data-testid="activate-business"');
    // the same in Russian
    expect(await (await get("/business?need=employees", `token=${plain.token}; i18n_locale=ru`)).text()).toContain(
      "Активируйте бизнес-аккаунт, чтобы видеть сотрудников.",
    );
  });
});

describe("an appointed head", () => {
  it("is never told to activate, and the cabinet's entry says what they see and do", async () => {
    const head = await user(t, { name: "Galina Head", locale: "en" });
    const emp = await join(head);
    const appoint = await t.json(
      "POST",
      "/api/business/employees/activate-manager",
      { employee: emp, type: "department", department: ops },
      { ...owner.h, Project: project },
    );
    expect(appoint.status).toBe(200);
    const c = `token=${head.token}; i18n_locale=en`;
    const begin = await (await get("/business", c)).text();
    expect(begin).toContain('data-testid="managed-entry"');
    // starting a company of one's own is only offered, folded away
    expect(begin).toMatch(/<details[^>]*data-testid="own-company"/);
    expect(begin).not.toContain('data-testid="demo-banner"');
    const dash = decoded(await (await get(`/dashboard?project=${project}`, c)).text());
    expect(dash).toContain('data-testid="role-note"');
    expect(dash).toContain("You are head of a department in «Shell Co»");
    expect(dash).toContain("Your departments: Ops.");
    expect(dash).not.toContain("Activate");
    // a head sends no invitations: neither the menu nor the header offers them
    expect(menuOf(dash).map(([k]) => k)).not.toContain("invite");
    // nor the owner's API tokens and webhooks
    expect(menuOf(dash).map(([k]) => k)).not.toContain("integrations");
    expect(dash).not.toContain('data-testid="invite-counter"');
  });
});

describe("the dashboard", () => {
  it("links recent events to the person, and its next steps follow the project's state", async () => {
    const fresh = await user(t, { confirmed: true });
    const p = await businessProject(t, { owner: fresh, name: "Steps Co" });
    await t.deps.db.update(projects).set({ inviteBalance: 5 }).where(eq(projects.id, p.id));
    const c = `token=${fresh.token}; i18n_locale=en`;
    const empty = await (await get(`/business/dashboard?project=${p.id}`, c)).text();
    const steps = (html: string) => [...html.slice(html.indexOf('data-testid="next-steps"')).matchAll(/data-step="([a-z]+)"/g)].map((m) => m[1]);
    expect(steps(empty)).toEqual(["invite", "positions", "employees", "statistics"]);
    // someone joins by the link, finishes the test; a position is described
    const stepsCode = (await t.deps.db.select().from(projects).where(eq(projects.id, p.id)))[0]!.inviteCode!;
    const person = await user(t, { name: "Pavel Person" });
    await completedResult(t, person);
    const emp = (await bodyOf<{ employee: string }>(await t.json("POST", `/api/business/join/${stepsCode}`, { agree: true }, person.h))).employee;
    const made = await t.json(
      "POST",
      "/api/business/positions",
      { name: "Dispatcher", tasks: [{ name: "Routes", communication: "individual", decision: "moderate" }] },
      { ...fresh.h, Project: p.id },
    );
    expect(made.status).toBeLessThan(300);
    const html = await (await get(`/business/dashboard?project=${p.id}`, c)).text();
    expect(steps(html)).toEqual(["fit", "reports", "employees", "invite", "statistics"]);
    expect(html).toContain(`href="/business/employees/${emp}"`);
    expect(html).toContain("Pavel Person</a>");
  });
});

describe("the page kit", () => {
  it("never shows the last save's success notice above the next submit's errors", async () => {
    const saved = await post(`/business/settings?project=${project}`, { _form: "project", name: "Shell Co", description: "" });
    expect(saved.status).toBe(303);
    const after = saved.headers.get("location")!;
    expect(after).toContain("done=saved");
    expect(await (await get(after)).text()).toContain('data-testid="notice"');
    // the next form on that page posts without the flag, and its errors come alone
    const page = await (await get(after)).text();
    expect(decoded(page)).not.toMatch(/<form id="form-details"[^>]*action="[^"]*done=saved/);
    const bad = await post(after, { _form: "details", inn: "12345", email: "bad@" });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain('data-testid="form-error"');
    expect(html).not.toContain('data-testid="notice"');
  });

  it("fills the supervisor select with the managers and heads, not the whole staff", async () => {
    const people = await Promise.all(["Sam One", "Sam Two", "Sam Three"].map((name) => user(t, { name })));
    const ids = [];
    for (const p of people) ids.push(await join(p));
    await t.deps.db.update(departments).set({ supervisorId: ids[0]! }).where(eq(departments.id, ops));
    const html = await (await get(`/business/employees/${ids[2]}?project=${project}`)).text();
    const select = html.slice(html.indexOf('name="supervisor"'), html.indexOf("</select>", html.indexOf('name="supervisor"')));
    expect(select).toContain("Sam One");
    expect(select).not.toContain("Sam Two");
  });
});

describe("wording", () => {
  it("says the 404 in Russian on a Russian page, keeping the spec's English words beneath", async () => {
    const ru = await t.app.request("/no/such/page", { headers: { Cookie: "i18n_locale=ru" } });
    expect(ru.status).toBe(404);
    const html = await ru.text();
    expect(html).toMatch(/<h1[^>]*>Страница не найдена<\/h1>/);
    expect(html).toContain("This page could not be found");
    const en = await (await t.app.request("/no/such/page", { headers: { Cookie: "i18n_locale=en" } })).text();
    expect(en).toMatch(/<h1[^>]*>This page could not be found<\/h1>/);
  });

  it("counts people without an English plural slip, and spells out the sphere abbreviations", async () => {
    const html = await (await get(`/business/departments?project=${project}`)).text();
    expect(html).not.toMatch(/\b1 people\b/);
    expect(html).toMatch(/People: \d+/);
    const stats = await (await get(`/business/statistics?project=${project}`)).text();
    expect(stats).not.toContain("WR: the world");
  });
});
