// Fit that decides in a real browser: the position wizard explains its fields,
// "Next" checks the name, server errors open the step they belong to, the communication select is
// not clipped at 1280, and the live preview shows the team's fit while editing; the position page
// shows its target profile and candidates ranked among the team. Screenshots at 360 and 1280 px in
// ru and en with SHOTS=<folder>.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { projects } from "../../db/schema";
import { inviteCandidate, joinProject } from "../../server/services/business";
import { businessProject, completedResult, joinedCandidate, type Person, type ProjectFixture, user } from "../fixtures";
import { shot, e2eApp } from "./browser";
import { users } from "../../db/schema";
import { userScopeOf } from "../../server/scope";

const e = e2eApp();
let p: ProjectFixture;
let candidate: { person: Person; link: string };

beforeAll(async () => {
  const owner: Person = await user(e.t, { confirmed: true, name: "Olga Owner" });
  p = await businessProject(e.t, {
    owner,
    name: "Northwind",
    departments: ["Sales"],
    positions: [
      {
        name: "Sales manager",
        department: "Sales",
        tasks: [
          { name: "Client meetings", communication: "team", decision: "improvisation", priority: 80 },
          { name: "CRM notes", communication: "individual", decision: "moderate", priority: 10 },
        ],
      },
    ],
  });
  await e.t.deps.db.update(projects).set({ inviteBalance: 20 }).where(eq(projects.id, p.id));
  const code = (await e.t.deps.db.select().from(projects).where(eq(projects.id, p.id)))[0]!.inviteCode!;
  const patterns = [
    (q: number) => (q % 2 === 0 ? 2 : -2),
    (q: number) => (q % 3 === 0 ? -1 : 2),
    (q: number) => (q % 5 === 0 ? 1 : -2),
    (q: number) => (q % 7 < 3 ? 2 : -1),
  ];
  const names = ["Anna Sokolova", "Boris Ivanov", "Clara Novak", "Dmitry Orlov"];
  for (const [i, pattern] of patterns.entries()) {
    const person = await user(e.t, { name: names[i] });
    const [row] = await e.t.deps.db.select().from(users).where(eq(users.id, person._id));
    await joinProject(userScopeOf(e.t.deps, row!), row!, code, { name: names[i] });
    await completedResult(e.t, person, pattern);
  }
  // a candidate who has taken the test, and one still invited
  const { person: cand, link, scope } = await joinedCandidate(e.t, owner, p, p.pos["Sales manager"]!, "Cora Candidate");
  await completedResult(e.t, cand, (q) => (q % 4 === 0 ? -2 : 2));
  candidate = { person: cand, link };
  await inviteCandidate({ ...scope, locale: "en" }, p.pos["Sales manager"]!, { email: "later@example.com", name: "Lev Later" });
}, 120_000);

const ownerPage = (width: number, lang: "ru" | "en") => e.open({ token: p.owner.token, lang, width });

describe("the position wizard", () => {
  it("checks the name before Next, explains each field, previews the team live, and keeps selects readable at 1280", async () => {
    const { close, page, errors } = await ownerPage(1280, "en");
    await page.goto(`${e.base}/business/positions`);
    const wizard = page.locator("[data-testid=position-wizard]");
    await expect.poll(() => wizard.getAttribute("data-step")).toBe("1");
    await page.click("[data-testid=wizard-next]");
    expect(await wizard.getAttribute("data-step")).toBe("1");
    expect(await wizard.textContent()).toContain("Enter the position's name before going on.");
    expect(await wizard.textContent()).toContain("As the company calls it");
    await page.fill("#position-name", "Support agent");
    await page.click("[data-testid=wizard-next]");
    await expect.poll(() => wizard.getAttribute("data-step")).toBe("2");
    expect(await wizard.textContent()).toContain("Whose work it organises");
    await page.fill("#position-t0-name", "Calls");
    await page.selectOption("#position-t0-communication", "team");
    await page.selectOption("#position-t0-decision", "improvisation");
    const line = page.locator("[data-testid=wizard-preview-line]");
    await expect.poll(() => line.textContent(), { timeout: 10_000 }).toMatch(/4 people measured: from \d+ to \d+/);
    const fast = await line.textContent();
    await page.selectOption("#position-t0-decision", "moderate");
    await expect.poll(() => line.textContent(), { timeout: 10_000 }).not.toBe(fast);
    // the selected option's text fits its select ("Командный: сотр…" was cut at 1280)
    for (const id of ["#position-t0-communication", "#position-t0-decision"]) {
      const room = await page.evaluate((sel) => {
        const el = document.querySelector(sel) as HTMLSelectElement;
        const span = document.createElement("span");
        span.style.font = getComputedStyle(el).font;
        span.style.whiteSpace = "nowrap";
        span.textContent = el.options[el.selectedIndex]!.text;
        document.body.append(span);
        const need = span.offsetWidth;
        span.remove();
        return el.clientWidth - need;
      }, id);
      expect(room, id).toBeGreaterThan(30);
    }
    await shot(page, "cabinet-fit-wizard-en-1280");
    // a name error and an activity error together: step 1 opens, with the way to step 2's
    await page.evaluate(() => {
      (document.querySelector("#position-name") as HTMLInputElement).value = "";
      (document.querySelector("#position-t0-name") as HTMLInputElement).value = "";
    });
    await Promise.all([page.waitForLoadState("load"), page.click("[data-testid=wizard-save]")]);
    await expect.poll(() => page.locator("[data-testid=position-wizard]").getAttribute("data-step")).toBe("1");
    expect(await page.locator("#position-name-error").textContent()).toBeTruthy();
    await page.click("[data-testid=error-step-2]");
    await expect.poll(() => page.locator("[data-testid=position-wizard]").getAttribute("data-step")).toBe("2");
    expect(errors).toEqual([]);
    await close();
  });

  it("screenshots the wizard and the position page at 360 and 1280 in ru and en", async () => {
    for (const lang of ["ru", "en"] as const)
      for (const width of [360, 1280]) {
        const { close, page, errors } = await ownerPage(width, lang);
        await page.goto(`${e.base}/business/positions/${p.pos["Sales manager"]}`);
        await expect.poll(() => page.locator("[data-testid=wizard-preview-line]").textContent(), { timeout: 10_000 }).toMatch(/\d/);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${lang} ${width}`).toBeLessThanOrEqual(0);
        expect(await page.locator("[data-testid=position-target]").textContent()).toMatch(
          lang === "en" ? /What this position needs/ : /Что нужно этой должности/,
        );
        expect(await page.locator("[data-testid=ranked] [data-kind=candidate]").count()).toBe(1);
        await shot(page, `cabinet-fit-position-${lang}-${width}`);
        await shot(page.locator("[data-testid=position-candidates]"), `cabinet-fit-candidates-${lang}-${width}`);
        await shot(page.locator("[data-testid=position-target]"), `cabinet-fit-target-${lang}-${width}`);
        await page.goto(`${e.base}/business/positions`);
        await shot(page.locator("[data-testid=position-list]"), `cabinet-fit-position-list-${lang}-${width}`);
        await page.fill("#position-name", lang === "en" ? "Analyst" : "Аналитик");
        await page.click("[data-testid=wizard-next]");
        await page.fill("#position-t0-name", lang === "en" ? "Research" : "Исследования");
        await expect.poll(() => page.locator("[data-testid=wizard-preview-line]").textContent(), { timeout: 10_000 }).toMatch(/\d/);
        await shot(page.locator("[data-testid=position-wizard]"), `cabinet-fit-wizard-${lang}-${width}`);
        expect(errors).toEqual([]);
        await close();
      }
  }, 120_000);

  it("shows the candidate, on their invitation page, what they are invited for and what the company sees", async () => {
    for (const lang of ["ru", "en"] as const)
      for (const width of [360, 1280]) {
        const { close, page } = await e.open({ token: candidate.person.token, lang, width, path: `/invite/${candidate.link}` });
        expect(await page.locator("[data-testid=join-candidate]").textContent()).toContain(
          lang === "en" ? "candidate for the position “Sales manager”" : "кандидата на должность «Sales manager»",
        );
        expect(await page.locator("[data-testid=join-member]").textContent()).toContain(lang === "en" ? "You are a candidate for" : "Вы кандидат на должность");
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
        await shot(page, `cabinet-fit-candidate-invite-${lang}-${width}`);
        await close();
      }
  }, 60_000);
});
