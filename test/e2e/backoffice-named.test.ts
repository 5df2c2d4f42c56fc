// The back-office's named records and main page in a real browser, ru and en, 360 px and 1280 px:
// a card order's page titled by its product and sum, the user page's activity log linking that
// order by name, the main page and the exports log. No page scrolls sideways; each is
// photographed with SHOTS=<folder> to be looked at.
import { beforeAll, describe, expect, it } from "vitest";
import { manager, paidOrder, type Person, user } from "../fixtures";
import { shot, e2eApp } from "./browser";

const e = e2eApp();
let boss: Person;
let buyer: Person;
let order: string;

beforeAll(async () => {
  boss = await manager(e.t);
  buyer = await user(e.t, { email: "named-buyer@example.com" });
  order = await paidOrder(e.t, buyer, { amount: 99_000 });
  expect((await e.t.json("POST", `/api/manager/order/${order}/refund`, { reason: "Ticket 9", amount: 10_000, manual: true }, boss.h)).status).toBeLessThan(300);
  expect((await e.t.json("POST", "/api/manager/exporting", { kind: "payments", format: "csv" }, boss.h)).status).toBe(200);
}, 120_000);

const PAGES = () => [
  ["order", `/manager/orders/${order}`],
  ["user", `/manager/users/${buyer._id}`],
  ["main", "/manager"],
  ["exporting", "/manager/exporting"],
];

describe.each(["ru", "en"] as const)("in %s", (locale) => {
  it.each([360, 1280])("at %i px the pages fit and name the order", async (width) => {
    const { page, overflow, close } = await e.open({ token: boss.token, lang: locale, width, height: width === 360 ? 740 : 900 });
    for (const [name, path] of PAGES()) {
      await page.goto(`${e.base}${path}`);
      expect(await overflow(), `${name} ${width}`).toBeLessThanOrEqual(0);
      await shot(page, `named-${locale}-${width}-${name}`);
    }
    await page.goto(`${e.base}/manager/orders/${order}`);
    expect(await page.locator("h1").textContent()).toContain(locale === "en" ? "Full report · 990 ₽" : "Полный отчёт · 990 ₽");
    await page.goto(`${e.base}/manager/users/${buyer._id}`);
    const link = page.locator(`[data-section="logs"] a[href="/manager/orders/${order}"]`).filter({ visible: true }).first();
    await link.click();
    await page.waitForURL(new RegExp(`/manager/orders/${order}$`));
    await close();
  });
});
