// "Model after top performers" in a real browser: the owner marks two people who do the job well on
// the position page, reads the calibrated target beside the current one with the top's change, and
// adopts it after the confirmation; the position's activities change and the page says so. No
// horizontal overflow and no script error at 360 and 1280 px in ru and en; screenshots of the page
// with the suggestion, before and after adopting, with SHOTS=<folder>.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { projects, tasks, users } from "../../db/schema";
import { joinProject } from "../../server/services/business";
import { userScopeOf } from "../../server/scope";
import { businessProject, type Person, type ProjectFixture, resultRow, user } from "../fixtures";
import { e2eApp } from "./browser";
import { flatIndicators } from "../fixtures/indicators";

const e = e2eApp();
let p: ProjectFixture;

const indicators = (presentation: number, volume: number, system = 70, analytics = 40) => flatIndicators(presentation, volume, system, analytics);
// the position is described as unhurried and narrow; the two who sell best are quicker and broader
const PEOPLE: [string, ReturnType<typeof indicators>][] = [
  ["Anna Sokolova", indicators(-40, 25)],
  ["Boris Ivanov", indicators(-35, 20)],
  ["Vera Kuznetsova", indicators(-45, 30)],
  ["Gleb Morozov", indicators(-30, 25)],
  ["Inna Volkova", indicators(-40, 35)],
  ["Kira Lebedeva", indicators(-25, 30)],
  ["Dmitry Orlov", indicators(25, 60, 55, 50)],
  ["Elena Petrova", indicators(30, 65, 50, 55)],
];

beforeAll(async () => {
  const owner: Person = await user(e.t, { confirmed: true, name: "Olga Owner" });
  p = await businessProject(e.t, {
    owner,
    name: "Northwind",
    positions: [
      {
        name: "Sales manager",
        tasks: [
          { name: "Client meetings", communication: "team", client: true, decision: "moderate", breadth: "depth", method: "order", priority: 80 },
          { name: "CRM notes", communication: "individual", decision: "moderate", breadth: "depth", method: "order", priority: 10 },
        ],
      },
    ],
  });
  await e.t.deps.db.update(projects).set({ inviteBalance: 30 }).where(eq(projects.id, p.id));
  const code = (await e.t.deps.db.select().from(projects).where(eq(projects.id, p.id)))[0]!.inviteCode!;
  for (const [name, values] of PEOPLE) {
    const person = await user(e.t, { name });
    const [row] = await e.t.deps.db.select().from(users).where(eq(users.id, person._id));
    await joinProject(userScopeOf(e.t.deps, row!), row!, code, { name });
    await resultRow(e.t, person, { format: "SYS-MID-MID", indicators: values });
  }
}, 120_000);

async function open(width: number, lang: "ru" | "en") {
  const opened = await e.open({ token: p.owner.token, lang, width });
  await opened.page.goto(`${e.base}/business/positions/${p.pos["Sales manager"]}?project=${p.id}`);
  return opened;
}

/**
 * With SHOTS, the card in pieces a reviewer can read (a phone's card is several screens tall, and one
 * shot of it would carry the sticky header across its middle): top-performers-name-1.png, -2.png…
 */
async function shoot(page: import("playwright-core").Page, name: string) {
  const folder = process.env.SHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = (await page.locator("[data-testid=top-performers]").boundingBox())!;
  const piece = 1000;
  for (let i = 0; i * piece < box.height; i++)
    await page.screenshot({
      path: join(folder, `top-performers-${name}-${i + 1}.png`),
      fullPage: true,
      clip: { x: box.x, y: box.y + i * piece, width: box.width, height: Math.min(piece, box.height - i * piece) },
    });
}

const decisions = async () =>
  (await e.t.deps.db.select().from(tasks).where(eq(tasks.positionId, p.pos["Sales manager"]!)).orderBy(asc(tasks.sort))).map((a) => [a.decision, a.breadth]);

describe("model after top performers", () => {
  it("marks two people, shows the calibrated target and the top's change, and adopts it after the confirmation", async () => {
    const { close, page, errors, overflow } = await open(1280, "en");
    const card = page.locator("[data-testid=top-performers]");
    await expect(card.textContent()).resolves.toContain("Model after top performers");
    expect(await card.locator("[data-testid=calibration-status]").getAttribute("data-status")).toBe("tooFew");
    await card.getByLabel("Dmitry Orlov").check();
    await card.getByLabel("Elena Petrova").check();
    await card.locator("[data-testid=performers-save]").click();
    await page.waitForURL(/done=performersSaved/);
    expect(await page.locator("[data-testid=notice]").textContent()).toBe("The marks are saved.");
    expect(await card.locator("[data-testid=calibration-status]").getAttribute("data-status")).toBe("ready");
    expect(await card.locator("[data-testid=calibration-changes]").textContent()).toContain(
      "“Client meetings”: pace of decisions “Unhurried, after weighing” → “Depends on the case”",
    );
    // the marked people are outside the top five now and enter it with the calibrated target
    expect(await card.locator("[data-testid=calibration-top-before]").textContent()).not.toContain("Dmitry Orlov");
    expect(await card.locator("[data-testid=calibration-top-after]").textContent()).toContain("Dmitry Orlov");
    expect(await card.locator("[data-testid=calibration-moved-in]").textContent()).toMatch(/Elena Petrova, #\d → #\d .*: the new (pace|breadth) suits them/);
    expect(await card.locator("[data-testid=calibration-performers]").textContent()).toContain("Not in the top 5 under the current target.");
    expect(await overflow()).toBeLessThanOrEqual(0);
    await shoot(page, "suggestion-en-1280");

    // in Russian on a phone, the same suggestion
    const ru = await open(360, "ru");
    const ruCard = ru.page.locator("[data-testid=top-performers]");
    expect(await ruCard.locator("[data-testid=calibration-status]").textContent()).toContain("Отмеченные люди подсказывают");
    expect(await ru.overflow()).toBeLessThanOrEqual(0);
    await ru.page.locator("[data-testid=confirm-adopt-calibration] summary").click();
    await shoot(ru.page, "suggestion-ru-360");
    expect(ru.errors).toEqual([]);
    await ru.close();

    // adopting asks first: nothing is written until the confirmation's button
    expect(await decisions()).toEqual([
      ["moderate", "depth"],
      ["moderate", "depth"],
    ]);
    await card.locator("[data-testid=confirm-adopt-calibration] summary").click();
    await expect(card.locator("[data-testid=confirm-adopt-calibration]").textContent()).resolves.toContain("You can change them back");
    await card.locator("[data-testid=confirm-adopt-calibration-submit]").click();
    await page.waitForURL(/done=calibrationAdopted/);
    expect(await page.locator("[data-testid=notice]").textContent()).toContain("The calibrated target is adopted");
    expect(await decisions()).toEqual([
      ["balanced", "mixed"],
      ["balanced", "mixed"],
    ]);
    // the marked people now rank in the top under the position's own target
    expect(await card.locator("[data-testid=calibration-performers]").textContent()).toContain("In the top 5 under the current target.");
    expect(await overflow()).toBeLessThanOrEqual(0);
    await shoot(page, "adopted-en-1280");
    expect(errors).toEqual([]);
    await close();

    const after = await open(360, "ru");
    expect(await after.overflow()).toBeLessThanOrEqual(0);
    await shoot(after.page, "adopted-ru-360");
    expect(after.errors).toEqual([]);
    await after.close();
  });
});
