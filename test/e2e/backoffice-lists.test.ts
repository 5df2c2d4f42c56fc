// The back-office lists in a real browser: at 360 px a manager sorts with the
// select above the cards and approves ticked reviews after a question naming the count; at 1280 px
// the tables fit their card or scroll inside it (screenshots with SHOTS=<folder>).
import { inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { consultationTickets, reviews } from "../../db/schema";
import { createId } from "../../server/lib/ids";
import { completedResult, manager, user } from "../fixtures";
import { shot, e2eApp } from "./browser";

const e = e2eApp();
let token: string;
const reviewIds = [createId(), createId(), createId()];

beforeAll(async () => {
  token = (await manager(e.t)).token;
  for (const name of ["amy", "zed", "kim"]) await completedResult(e.t, await user(e.t, { email: `${name}-e2e-lists@example.org` }));
  await e.t.deps.db
    .insert(reviews)
    .values(reviewIds.map((id, i) => ({ id, name: `Phone Review ${i + 1}`, text: { en: "Clear and useful.", ru: "Понятно и полезно." }, isPublished: false })));
  await e.t.deps.db
    .insert(consultationTickets)
    .values([0, 1].map((i) => ({ id: createId(), name: `Lead ${i + 1}`, email: `lead${i + 1}@example.com`, message: "Please call back." })));
}, 120_000);

const open = (width: number, lang: "en" | "ru") => e.open({ token, lang, width, height: width === 360 ? 740 : 900 });

describe("back-office lists in a browser", () => {
  it("sorts with the select at 360 px and approves two ticked reviews after a question naming the count", async () => {
    const { close, page } = await open(360, "en");
    await page.goto(`${e.base}/manager/users?q=-e2e-lists%40example.org`);
    await page.locator('[data-testid="sort-select"] select').selectOption("email");
    await page.locator('[data-testid="sort-select"] button').click();
    await page.waitForURL(/sort=email/);
    const emails = await page.locator("[data-card] a[href^='/manager/users/']").allTextContents();
    expect(emails.map((m) => m.split("-")[0])).toEqual(["amy", "kim", "zed"]);
    // the cards are not inside another card at phone width
    expect(await page.locator('[data-testid="list"]').evaluate((el) => getComputedStyle(el).borderTopWidth)).toBe("0px");
    await shot(page, "lists-users-sorted-360-en");

    await page.goto(`${e.base}/manager/reviews?isPublished=false`);
    for (const id of reviewIds.slice(0, 2)) await page.locator(`[data-card="${id}"] input[type=checkbox]`).check();
    await page.locator('[data-testid="bulk-bar"] select[name=action]').selectOption("approve");
    await page.locator('[data-testid="bulk-submit"]').click();
    const question = page.locator('[data-testid="bulk-confirm"]');
    await expect.poll(() => question.textContent()).toContain("Approve 2 reviews");
    await shot(page, "lists-reviews-confirm-360-en");
    await page.locator('[data-testid="bulk-yes"]').click();
    await page.waitForURL(/done=bulk/);
    const rows = await e.t.deps.db.select().from(reviews).where(inArray(reviews.id, reviewIds));
    expect(
      rows
        .filter((r) => r.isPublished)
        .map((r) => r.id)
        .sort(),
    ).toEqual(reviewIds.slice(0, 2).sort());
    await close();
  });

  it("shows the lists at 360 and 1280 px in both languages; a table fits its card or scrolls inside it", async () => {
    const lists = [
      "/manager/users",
      "/manager/results",
      "/manager/orders",
      "/manager/reviews",
      "/manager/exporting",
      "/manager/requests",
      "/manager/users?q=nobody-at-all",
    ];
    for (const lang of ["ru", "en"] as const) {
      // one tab per language: every page is loaded afresh after the resize
      const { close, page, overflow } = await open(360, lang);
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
        for (const path of lists) {
          expect((await page.goto(e.base + path))?.status(), path).toBe(200);
          expect(await overflow(), `${path} ${width}`).toBeLessThanOrEqual(0);
          if (width === 1280) {
            // a table wider than its card scrolls inside it rather than spilling out of the page
            const spill = await page.evaluate(() => {
              const card = document.querySelector('[data-testid="list"]');
              return card ? card.scrollWidth - card.clientWidth : 0;
            });
            expect(spill, path).toBeLessThanOrEqual(0);
          }
          const name = path.replace(/^\/manager\/?/, "").replace(/\?.*/, (m) => (m.includes("nobody") ? "-empty" : "")) || "main";
          await shot(page, `lists-${name}-${width}-${lang}`);
        }
      }
      await close();
    }
  });
});
