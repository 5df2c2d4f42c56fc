// Consent and the log: the joining page and the account list everything the company gets (fit, the 41
// skills, the answer-quality verdict); an e-mail invitation (a candidate's too) no longer says the
// e-mail is not shared; every export and PDF that carries a person's results is one row per export in
// their "who viewed" log, and the page says what is logged.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invites, projects, resultExports } from "../../db/schema";
import { businessProject, completedResult, type Person, type ProjectFixture, user } from "../fixtures";
import { createTestApp, type TestApp } from "../helpers";

let t: TestApp;
let p: ProjectFixture;
let code: string;
let anna: { person: Person; emp: string };
let egor: { person: Person; emp: string };

const rowsOf = (emp: string, kind?: string) =>
  t.deps.db
    .select()
    .from(resultExports)
    .where(kind ? and(eq(resultExports.employeeId, emp), eq(resultExports.kind, kind)) : eq(resultExports.employeeId, emp));

beforeAll(async () => {
  t = await createTestApp();
  const owner = await user(t, { confirmed: true, locale: "en" });
  p = await businessProject(t, {
    owner,
    name: "Log Co",
    positions: [{ name: "Analyst", tasks: [{ name: "Analysis", communication: "individual", decision: "moderate" }] }],
  });
  await t.deps.db.update(projects).set({ inviteBalance: 20 }).where(eq(projects.id, p.id));
  code = (await t.deps.db.select().from(projects).where(eq(projects.id, p.id)))[0]!.inviteCode!;
  const join = async (name: string) => {
    const person = await user(t, { name, locale: "en" });
    const res = await t.call<{ employee: string }>("POST", `/api/business/join/${code}`, { agree: true, name }, person.h);
    await completedResult(t, person);
    return { person, emp: res.json.employee };
  };
  anna = await join("Anna");
  egor = await join("Egor");
  // Egor stops sharing: his results leave in no export, so nothing is logged for him
  await t.json("POST", `/api/business/consent/${p.id}`, { consent: false }, egor.person.h);
}, 120_000);
afterAll(() => t.close());

describe("what the company gets", () => {
  it("the joining page lists fit, the 41 skills and the answer-quality verdict, and says where the log is", async () => {
    const html = await (await t.page(`/invite/${code}`, "i18n_locale=en")).text();
    const shares = html.slice(html.indexOf('data-testid="join-shares"'), html.indexOf("</ul>", html.indexOf('data-testid="join-shares"')));
    expect(shares).toContain("your fit for each of the company");
    expect(shares).toContain("41 soft skills");
    expect(shares).toContain("whether your answers look careless");
    expect(html).toContain("Not shared: your answers, your e-mail and your full report.");
    expect(html).toContain("every export or PDF that includes them");
    const ru = await (await t.page(`/invite/${code}`, "i18n_locale=ru")).text();
    expect(ru).toContain("41 гибкий навык");
  });

  it("the account page lists the same", async () => {
    const html = (await (await t.page("/account/data", `token=${anna.person.token}; i18n_locale=en`)).text()).replace(/&#x27;/g, "'");
    expect(html).toContain("41 soft skills computed from your result");
    expect(html).toContain("your fit for each of the company's positions");
  });

  it("a candidate's invitation page no longer says the e-mail is not shared", async () => {
    const candidate = await user(t, { locale: "en" });
    expect((await t.call("POST", "/api/business/candidates", { position: p.pos.Analyst, email: candidate.email }, { ...p.h, locale: "en" })).status).toBe(201);
    const link = (await t.deps.db.select().from(invites).where(eq(invites.kind, "candidate")))[0]!.link;
    const html = (await (await t.page(`/invite/${link}`, `token=${candidate.token}; i18n_locale=en`)).text()).replace(/&#x27;/g, "'");
    expect(html).not.toContain("your e-mail and your full report");
    expect(html).toContain("The company already has your e-mail: it sent you this invitation.");
    expect(html).toContain("and your e-mail, to which it sent the invitation");
  });
});

describe("the log of exports", () => {
  it("each CSV/XLSX export, the team PDF and the person's PDF is one row per export for each person who shares", async () => {
    for (const format of ["csv", "csv", "xlsx"]) {
      const res = await t.app.request(`/api/business/employees/export?format=${format}`, { headers: { ...p.h, locale: "en" } });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    expect(await rowsOf(anna.emp, "csv")).toHaveLength(2);
    expect(await rowsOf(anna.emp, "xlsx")).toHaveLength(1);
    const team = await t.app.request(`/api/report/business?format=pdf&team=1&project=${p.id}`, { headers: { ...p.h, locale: "en" } });
    expect(team.status).toBe(200);
    expect(await rowsOf(anna.emp, "teamPdf")).toHaveLength(1);
    const pdf = await t.app.request(`/api/report/business?format=pdf&employee=${anna.emp}&project=${p.id}`, { headers: { ...p.h, locale: "en" } });
    expect(pdf.status).toBe(200);
    expect(await rowsOf(anna.emp, "pdf")).toHaveLength(1);
    // the JSON report is a view, not an export
    await t.app.request(`/api/report/business?format=json&employee=${anna.emp}&project=${p.id}`, { headers: { ...p.h, locale: "en" } });
    expect(await rowsOf(anna.emp, "pdf")).toHaveLength(1);
    expect(await rowsOf(egor.emp)).toEqual([]);
  });

  it("the person's page lists every export with the role and says what is logged", async () => {
    const html = await (await t.page("/account/data", `token=${anna.person.token}; i18n_locale=en`)).text();
    const log = html.slice(html.indexOf('data-testid="who-viewed"'));
    expect(log).toContain("What is logged:");
    expect(log.match(/data-view-kind="csv"/g)).toHaveLength(2);
    expect(log).toContain("exported the list with your results (XLSX)");
    expect(log).toContain("downloaded the team report with your format (PDF)");
    expect(log).toContain("downloaded your business report (PDF)");
    expect(log).toContain("Company owner");
  });
});
