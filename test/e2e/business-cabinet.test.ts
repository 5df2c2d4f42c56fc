// The business cabinet in a real browser: an owner creates a position with the wizard at
// 1280 px, invites by link; an employee joins in a clean tab (no session) at 360 px, agrees,
// signs up, starts the test and answers in the runner (the rest of the answers are rows: answering
// all 110 in a browser is test/e2e/journey.test.ts's subject); the owner then sees them in /business/employees and
// /dashboard/employees at both widths. Screenshots of every screen at 360 and 1280 px with SHOTS=<folder>.
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { projects, results, users } from "../../db/schema";
import { shot, e2eApp } from "./browser";
import { businessProject, completedResult, type Person, user } from "../fixtures";

const e = e2eApp();
let owner: Person;
let project: string;

beforeAll(async () => {
  owner = await user(e.t, { confirmed: false });
  project = (await businessProject(e.t, { owner, name: "Northwind", departments: ["Operations"] })).id;
  await e.t.deps.db.update(projects).set({ inviteBalance: 5 }).where(eq(projects.id, project));
});

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

const ownerPage = (width: number) => e.open({ token: owner.token, lang: "en", width, height: 800 });

describe("the business cabinet in a browser", () => {
  let link = "";

  it("creates a position with the wizard, step by step, and reads the invite link", async () => {
    const { close, page, errors } = await ownerPage(1280);
    await page.goto(`${e.base}/business/positions`);
    const wizard = page.locator("[data-testid=position-wizard]");
    await expect.poll(() => wizard.getAttribute("data-step")).toBe("1"); // hydrated: one step at a time
    await page.fill("#position-name", "Dispatcher");
    await page.selectOption("#position-department", { label: "Operations" });
    await page.click("[data-testid=wizard-next]");
    await expect.poll(() => wizard.getAttribute("data-step")).toBe("2");
    await page.fill("#position-t0-name", "Route planning");
    await page.selectOption("#position-t0-communication", "individual");
    await page.selectOption("#position-t0-decision", "moderate");
    await page.click("[data-testid=wizard-add]");
    await page.fill("#position-t1-name", "Shift handover");
    await page.selectOption("#position-t1-communication", "team");
    await Promise.all([page.waitForURL(/done=positionCreated/), page.click("[data-testid=wizard-save]")]);
    const list = page.locator("[data-testid=position-list]");
    expect(await list.textContent()).toContain("Dispatcher");
    expect(await list.textContent()).toContain("Shift handover");
    await shot(page, "business-cabinet-positions-1280");

    await page.goto(`${e.base}/business/invite`);
    link = await page.locator("[data-testid=invite-link]").inputValue();
    expect(link).toMatch(/\/invite\/[0-9a-f]{12,}$/);
    await shot(page, "business-cabinet-invite-1280");
    expect(errors).toEqual([]);
    await close();
  });

  it("lets an employee join by the link in a clean tab at 360 px and start the test", async () => {
    // a clean tab: no cookie of the owner
    const { close, page } = await e.open({ lang: "en", width: 360, height: 740, path: new URL(link).pathname });
    expect(await page.locator("[data-testid=join-company]").textContent()).toBe("Northwind invites you");
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, "business-cabinet-invite-join-360");
    const email = `e2e-employee-${Date.now()}@example.com`;
    await page.fill("#join-signup-name", "Erin Employee");
    await page.fill("#join-signup-email", email);
    await page.check("[data-testid=consent]");
    for (const name of ["policy", "terms", "offer"]) await page.check(`[data-testid=form-join-signup] input[name=${name}]`);
    await Promise.all([page.waitForURL(/\/test\/start/), page.click("[data-testid=form-join-signup] button[type=submit]")]);
    await Promise.all([page.waitForURL(/\/testing/), page.locator("[data-testid=start-test]").click()]);
    const runner = () => page.locator("[data-testid=test-runner][data-hydrated]");
    const choices = ["yes", "probablyYes", "no", "probablyNot", "yes", "no", "dontKnow"];
    for (let answered = 0; answered < 3; answered++) {
      const position = Number(await runner().getAttribute("data-position"));
      await runner()
        .locator(`button[data-choice=${choices[position % 7]}]`)
        .click();
      await expect.poll(() => runner().getAttribute("data-answered")).toBe(String(answered + 1));
    }
    await close();
    const [employee] = await e.t.deps.db.select().from(users).where(eq(users.email, email));
    const [open] = await e.t.deps.db.select().from(results).where(eq(results.userId, employee!.id));
    await completedResult(e.t, { _id: employee!.id }, (p) => (choices[p % 7] === "dontKnow" ? 0 : p % 3 ? 2 : -1), open!.id);
  });

  for (const width of [1280, 360]) {
    it(`shows the employee with a format in both employee lists at ${width} px`, async () => {
      const { close, page, errors } = await ownerPage(width);
      for (const path of ["/business/employees", "/dashboard/employees"]) {
        await page.goto(e.base + path);
        const where = width > 540 ? "[data-testid=employee-table]" : "[data-testid=employee-cards]";
        const text = await page.locator(where).textContent();
        // the name given at join, never the address the person signed up with
        expect(text, path).toContain("Erin Employee");
        expect(text, path).not.toContain("e2e-employee-");
        expect(text, path).toContain("Completed test");
        await shot(page, `business-cabinet-${path.slice(1).replace(/\//g, "-")}-${width}`);
        expect(await noOverflow(page), path).toBeLessThanOrEqual(0);
      }
      // the rest of the screens, for the record and for overflow at this width
      const id = await page.locator("a[href^='/dashboard/employees/']").first().getAttribute("href");
      for (const path of [
        "/business/dashboard",
        "/dashboard",
        "/business/departments",
        "/dashboard/positions",
        "/dashboard/invites",
        "/business/settings",
        "/dashboard/project",
        "/business/support",
        id!,
      ]) {
        await page.goto(e.base + path);
        await shot(
          page,
          `business-cabinet-${path
            .slice(1)
            .replace(/\//g, "-")
            .replace(/[0-9a-f]{24}/, "id")}-${width}`,
        );
        expect(await noOverflow(page), path).toBeLessThanOrEqual(0);
      }
      expect(errors).toEqual([]);
      await close();
    });
  }

  it("switches projects from the header and remembers the choice", async () => {
    await e.t.json("POST", "/api/business/projects", { name: "Southwind" }, { ...owner.h, Project: project });
    const { close, page } = await ownerPage(1280);
    // a new project becomes the current one; the dropdown goes back to the first
    await page.goto(`${e.base}/business/employees`);
    const current = await page.locator("#project-select").inputValue();
    expect(current).not.toBe(project);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("projectId"))).toBe(current);
    await Promise.all([page.waitForURL(/project=/), page.selectOption("#project-select", { label: "Northwind" })]);
    expect(await page.locator("[data-testid=employee-total]").textContent()).toContain("1");
    const picked = await page.evaluate(() => localStorage.getItem("projectId"));
    expect(picked).toBe(project);
    await page.goto(`${e.base}/dashboard`);
    expect(await page.locator("#project-select").inputValue()).toBe(picked);
    await close();
  });
});
