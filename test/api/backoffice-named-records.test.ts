// Records are named where a person reads them: a card order's page is titled by its product and sum
// (an invoice also by its number), and the user page's activity log names and links the orders and
// projects it mentions instead of showing their ids, in ru and en.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers";
import { manager, paidOrder, type Person, user } from "../fixtures";

let t: TestApp;
let finance: Person;
let support: Person;
let buyer: Person;
let order: string;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: "false" });
  finance = await manager(t, { managerRole: "finance" });
  support = await manager(t, { managerRole: "support" });
  buyer = await user(t);
  order = await paidOrder(t, buyer, { amount: 99_000 });
  // a refund by hand leaves an activity that mentions the order
  const res = await t.json("POST", `/api/manager/order/${order}/refund`, { reason: "Ticket 5", amount: 10_000, manual: true }, finance.h);
  expect(res.status).toBeLessThan(300);
}, 120_000);
afterAll(() => t.close());

const page = async (path: string, who: Person, locale: string) => (await t.page(path, `token=${who.token}; i18n_locale=${locale}`)).text();

describe("a card order", () => {
  it("is titled by its product and sum", async () => {
    const en = await page(`/manager/orders/${order}`, support, "en");
    expect(en).toMatch(/<h1[^>]*>[^<]*Full report · 990 ₽/);
    const ru = await page(`/manager/orders/${order}`, support, "ru");
    expect(ru).toMatch(/<title>[^<]*Полный отчёт · 990 ₽/);
  });
});

describe("the user page's activity log", () => {
  it("names the order and links it, never its id", async () => {
    for (const [locale, name] of [
      ["en", "Full report · 990 ₽"],
      ["ru", "Полный отчёт · 990 ₽"],
    ] as const) {
      const html = await page(`/manager/users/${buyer._id}`, support, locale);
      const logs = html.slice(html.indexOf('data-section="logs"'));
      expect(logs).toContain(`<a href="/manager/orders/${order}">${name}</a>`);
      const section = logs.slice(0, logs.indexOf("</section>"));
      expect(section).not.toMatch(new RegExp(`>[^<]*${order}[^<]*<`));
      expect(section).toContain(locale === "en" ? "Order refunded" : "Возврат денег по заказу");
      // the orders section says the state as the order's page does
      const ordersSection = html.slice(html.indexOf('data-section="orders"'));
      expect(ordersSection.slice(0, ordersSection.indexOf("</section>"))).toContain(locale === "en" ? "Partly refunded" : "Возвращён частично");
    }
  });
});
