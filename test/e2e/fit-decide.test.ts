// Numbers a company can decide on, in a real browser: the wizard asks the five questions with labels
// that say what they compute, the position page warns when another position ranks the team nearly the
// same, "who fits", the candidates' ranking, the list and compare show the two reliability marks, and
// the joining and data pages list what is shared and logged; a candidate is shortlisted, noted and
// declined on their page, the ranking filtered by stage. No horizontal overflow and no script error
// at 360 and 1280 px in ru and en (screenshots with SHOTS=<folder>).
import { eq, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { formats, projects, results, users } from "../../db/schema";
import { joinProject } from "../../server/services/business";
import { userScopeOf } from "../../server/scope";
import { businessProject, completedResult, joinedCandidate, type Person, type ProjectFixture, user } from "../fixtures";
import { shot, e2eApp } from "./browser";

const e = e2eApp();
let p: ProjectFixture;
let code: string;
const staff: { person: Person; name: string }[] = [];
const STORE = { name: "Receiving goods", communication: "individual", decision: "moderate", breadth: "depth", method: "order", priority: 80 } as const;

beforeAll(async () => {
  const owner: Person = await user(e.t, { confirmed: true, name: "Olga Owner" });
  p = await businessProject(e.t, {
    owner,
    name: "Northwind",
    departments: ["Sales", "Warehouse"],
    positions: [
      {
        name: "Sales manager",
        department: "Sales",
        tasks: [
          { name: "Client meetings", communication: "team", client: true, breadth: "broad", method: "either", decision: "improvisation", priority: 80 },
          { name: "CRM notes", communication: "individual", breadth: "mixed", method: "either", decision: "balanced", priority: 10 },
        ],
      },
      { name: "Storekeeper", department: "Warehouse", tasks: [STORE] },
      { name: "Stock controller", department: "Warehouse", tasks: [{ ...STORE, name: "Stock counts" }] },
    ],
  });
  await e.t.deps.db.update(projects).set({ inviteBalance: 30 }).where(eq(projects.id, p.id));
  code = (await e.t.deps.db.select().from(projects).where(eq(projects.id, p.id)))[0]!.inviteCode!;
  const patterns = [
    (q: number) => (q % 2 === 0 ? 2 : -2),
    (q: number) => (q % 3 === 0 ? -1 : 2),
    (q: number) => (q % 5 === 0 ? 1 : -2),
    (q: number) => (q % 7 < 3 ? 2 : -1),
    (q: number) => (q % 4 === 0 ? 2 : -1),
    (q: number) => ((q * 5) % 11 < 5 ? 1 : -2),
  ];
  const names = ["Anna Sokolova", "Boris Ivanov", "Clara Novak", "Dmitry Orlov", "Elena Petrova", "Fedor Smirnov"];
  for (const [i, pattern] of patterns.entries()) {
    const person = await user(e.t, { name: names[i] });
    const [row] = await e.t.deps.db.select().from(users).where(eq(users.id, person._id));
    await joinProject(userScopeOf(e.t.deps, row!), row!, code, { name: names[i] });
    const resultId = await completedResult(e.t, person, pattern);
    staff.push({ person, name: names[i]! });
    // the fixture's patterned answers read as careless: a clean result for most, one careless, one between two formats
    await e.t.deps.db
      .update(results)
      .set({ quality: { grade: "good", flags: [] }, probability: 0.86, runnerUpCode: null, runnerUpProbability: null })
      .where(eq(results.id, resultId));
    if (i === 1)
      await e.t.deps.db
        .update(results)
        .set({ quality: { grade: "poor", flags: ["tooFast"] } })
        .where(eq(results.id, resultId));
    if (i === 2) {
      const [own] = await e.t.deps.db.select().from(results).where(eq(results.id, resultId));
      const [other] = await e.t.deps.db.select({ code: formats.code }).from(formats).where(ne(formats.code, own!.formatCode!)).limit(1);
      await e.t.deps.db.update(results).set({ probability: 0.42, runnerUpCode: other!.code, runnerUpProbability: 0.36 }).where(eq(results.id, resultId));
    }
  }
  const { person: cand } = await joinedCandidate(e.t, owner, p, p.pos["Sales manager"]!, "Cora Candidate");
  const cr = await completedResult(e.t, cand, (q) => (q % 4 === 0 ? -2 : 2));
  await e.t.deps.db
    .update(results)
    .set({ quality: { grade: "poor", flags: ["straightLine"] } })
    .where(eq(results.id, cr));
}, 120_000);

async function open(token: string | null, width: number, lang: "ru" | "en", path: string) {
  const opened = await e.open({ token: token ?? undefined, width, lang, path });
  return { ...opened, overflow: await opened.overflow() };
}

describe("pages a company decides on", () => {
  it("shows the questions, the warning, the marks and the one name without overflow, at 360 and 1280, ru and en", async () => {
    const anna = (await e.t.call<{ docs: { _id: string; name: string }[] }>("POST", "/api/business/employees", {}, { ...p.h })).json.docs;
    const boris = anna.find((d) => d.name === "Boris Ivanov")!._id;
    const clara = anna.find((d) => d.name === "Clara Novak")!._id;
    const cand = (await e.t.call<{ candidates: { _id: string }[] }>("GET", `/api/business/candidates?position=${p.pos["Sales manager"]}`, undefined, p.h)).json
      .candidates[0]!._id;
    const elena = anna.find((d) => d.name === "Elena Petrova")!._id;
    await e.t.call("POST", "/api/business/employees/change-department", { employee: elena, department: p.dep.Sales }, p.h);
    expect((await e.t.call("POST", "/api/business/employees/change-position", { employee: elena, position: p.pos["Sales manager"] }, p.h)).status).toBe(200);
    const pages: [string, string][] = [
      ["candidate", `/business/candidates/${cand}`],
      ["positions", "/business/positions"],
      ["position-sales", `/business/positions/${p.pos["Sales manager"]}`],
      ["position-store", `/business/positions/${p.pos.Storekeeper}`],
      ["employees", "/business/employees"],
      ["employee", `/business/employees/${boris}`],
      ["compare", `/dashboard/employees/compare?ids=${boris}&ids=${clara}`],
    ];
    for (const lang of ["ru", "en"] as const)
      for (const width of [360, 1280])
        for (const [name, path] of pages) {
          const { close, page, errors, overflow } = await open(p.owner.token, width, lang, path);
          if (overflow > 0)
            console.log(
              await page.evaluate(() =>
                [...document.querySelectorAll("body *")]
                  .filter(
                    (el) => el.getBoundingClientRect().right > window.innerWidth + 1 || (el as HTMLElement).scrollWidth > document.documentElement.clientWidth,
                  )
                  .slice(0, 8)
                  .map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`)
                  .join("\n"),
              ),
            );
          expect(overflow, `${name} ${lang} ${width}`).toBeLessThanOrEqual(0);
          const text = (await page.textContent("main")) ?? "";
          expect(text).not.toMatch(lang === "en" ? /Efficiency/ : /Эффективност/);
          if (name === "position-store") expect(await page.locator("[data-testid=alike-positions]").count()).toBe(1);
          if (name === "position-sales") {
            expect(await page.locator("[data-testid=alike-positions]").count()).toBe(0);
            expect(await page.locator("[data-testid=who-fits] [data-testid=mark-careless]").count()).toBeGreaterThan(0);
            expect(await page.locator("[data-testid=ranked] [data-kind=candidate] [data-testid=mark-careless]").count()).toBe(1);
          }
          if (name === "candidate") {
            expect(await page.locator("[data-testid=candidate-profile] [data-testid=mark-careless]").count()).toBe(1);
            expect(await page.locator("[data-testid=side-holder]").count()).toBe(1);
            // the decision's mail, read before confirming
            await page.click("[data-testid=confirm-hire] summary");
            expect(await page.locator("[data-testid=confirm-hire] [data-testid=decision-mail]").isVisible()).toBe(true);
            expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
          }
          if (name === "employees") {
            expect(await page.locator("[data-testid=mark-careless]").count()).toBeGreaterThan(0);
            expect(await page.locator("[data-testid=mark-between]").count()).toBeGreaterThan(0);
          }
          if (name === "positions") {
            await page.fill("#position-name", lang === "en" ? "Support" : "Поддержка");
            await page.click("[data-testid=wizard-next]");
            await expect.poll(() => page.locator("[data-testid=position-wizard]").getAttribute("data-step")).toBe("2");
            for (const q of ["communication", "client", "breadth", "method", "decision"]) expect(await page.locator(`#position-t0-${q}`).count(), q).toBe(1);
          }
          await shot(page, `fit-decide-${name}-${lang}-${width}`);
          expect(errors, `${name} ${lang} ${width}`).toEqual([]);
          await close();
        }
  }, 240_000);

  it("the joining page lists what is shared and where the log is; the data page lists exports and what is logged", async () => {
    const exported = await e.t.app.request("/api/business/employees/export?format=csv", { headers: { ...p.h, locale: "en" } });
    await exported.arrayBuffer();
    for (const lang of ["ru", "en"] as const)
      for (const width of [360, 1280]) {
        const join = await open(null, width, lang, `/invite/${code}`);
        expect(join.overflow).toBeLessThanOrEqual(0);
        expect(await join.page.locator("[data-testid=join-shares] li").count()).toBe(9);
        await shot(join.page, `fit-decide-join-${lang}-${width}`);
        expect(join.errors).toEqual([]);
        await join.close();
        const data = await open(staff[0]!.person.token, width, lang, "/account/data");
        expect(data.overflow).toBeLessThanOrEqual(0);
        expect(await data.page.locator("[data-view-kind=csv]").count()).toBe(1);
        await shot(data.page, `fit-decide-account-data-${lang}-${width}`);
        expect(data.errors).toEqual([]);
        await data.close();
      }
  }, 120_000);

  it("a candidate is shortlisted, gets notes and is declined on their page; the ranking shows the stage and filters by it", async () => {
    const cand = (await e.t.call<{ candidates: { _id: string }[] }>("GET", `/api/business/candidates?position=${p.pos["Sales manager"]}`, undefined, p.h)).json
      .candidates[0]!._id;
    const path = `/business/candidates/${cand}?project=${p.id}`;
    // the owner's steps, in a browser (en, 1280)
    const { close, page, errors } = await open(p.owner.token, 1280, "en", path);
    await page.click("[data-testid=shortlist]");
    await page.waitForURL(/done=candidateShortlisted/);
    expect(await page.locator("[data-testid=candidate-stage] [data-stage=shortlisted]").count()).toBe(1);
    await page.fill("#note-text", "Strong with clients; ask about weekend shifts.");
    await page.click("[data-testid=note-form] button[type=submit]");
    await page.waitForURL(/done=noteAdded/);
    expect(await page.locator("[data-testid=candidate-notes] [data-note]").count()).toBe(1);
    expect(await page.textContent("[data-testid=candidate-notes]")).toContain("Olga Owner");
    expect(errors).toEqual([]);
    await close();
    const shoot = async (name: string, to: string, check: (page: import("playwright-core").Page) => Promise<void>) => {
      for (const lang of ["ru", "en"] as const)
        for (const width of [360, 1280]) {
          const o = await open(p.owner.token, width, lang, to);
          expect(o.overflow, `${name} ${lang} ${width}`).toBeLessThanOrEqual(0);
          await check(o.page);
          await shot(o.page, `fit-decide-${name}-${lang}-${width}`);
          expect(o.errors).toEqual([]);
          await o.close();
        }
    };
    await shoot("candidate-shortlisted", path, async (pg) => {
      await pg.click("[data-testid=confirm-decline] summary");
      expect(await pg.locator("[data-testid=confirm-decline] [data-testid=decision-mail]").isVisible()).toBe(true);
      expect(await pg.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    });
    await shoot("position-shortlisted", `/business/positions/${p.pos["Sales manager"]}?project=${p.id}&stage=shortlisted#candidates`, async (pg) => {
      expect(await pg.locator("[data-testid=ranked] [data-kind=candidate] [data-stage=shortlisted]").count()).toBe(1);
      expect(await pg.locator("[data-testid=stage-filter] [aria-current=true]").count()).toBe(1);
    });
    // declining, with the mail kept
    const d = await open(p.owner.token, 360, "ru", path);
    await d.page.click("[data-testid=confirm-decline] summary");
    await d.page.click("[data-testid=confirm-decline-submit]");
    await d.page.waitForURL(/done=candidateDeclined/);
    expect(await d.page.locator("[data-testid=candidate-stage] [data-stage=declined]").count()).toBe(1);
    expect(await d.page.locator("[data-testid=confirm-decline]").count()).toBe(0);
    expect(d.errors).toEqual([]);
    await d.close();
    await shoot("candidate-declined", path, async (pg) => {
      expect(await pg.locator("[data-testid=candidate-notes] [data-note]").count()).toBe(1);
    });
  }, 180_000);
});
