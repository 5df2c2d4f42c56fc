// The back-office exports say what the lists say: states (refunded and partly refunded too), methods,
// products, roles, genders, grades and yes/no in the reader's language, money in rubles, times on the
// operator's clock (TIME_ZONE) — in Russian as Russian Excel reads them (";" and a decimal comma). The
// finance role exports, the content role may not; exporting ticked rows is not asked again.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../helpers";
import { manager, paidOrder, type Person, user } from "../fixtures";

let t: TestApp;
let finance: Person;
let content: Person;
let buyer: Person;
let order: string;
// 14:28 UTC is 17:28 in Moscow
const PAID_AT = new Date("2026-11-27T14:28:36Z");

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: "false", TIME_ZONE: "Europe/Moscow" });
  finance = await manager(t, { managerRole: "finance" });
  content = await manager(t, { managerRole: "content" });
  buyer = await user(t);
  order = await paidOrder(t, buyer, { amount: 99_050 });
  await t.deps.db.update(orders).set({ paidAt: PAID_AT, refundedAmount: 49_550 }).where(eq(orders.id, order));
  await t.deps.db.update(users).set({ gender: "Female", isActive: true }).where(eq(users.id, buyer._id));
}, 120_000);
afterAll(() => t.close());

/** The CSV's heading and the line of one record, split on the separator. */
async function csv(kind: string, locale: string, as: Person, id: string) {
  const res = await t.json("POST", "/api/manager/exporting", { kind, format: "csv" }, { ...as.h, locale });
  expect(res.status).toBe(200);
  const lines = (await res.text()).replace(/^\uFEFF/, "").split("\r\n");
  const sep = locale === "ru" ? ";" : ",";
  const head = lines[0]!.split(sep);
  const line = lines.find((l) => l.startsWith(id))!.split(sep);
  return (heading: string) => {
    expect(head).toContain(heading);
    return line[head.indexOf(heading)];
  };
}

describe("the payments export", () => {
  it("in Russian: words for the state, method and product, rubles with a comma, Moscow time", async () => {
    const cell = await csv("payments", "ru", finance, order);
    expect(cell("Состояние")).toBe("Возвращён частично");
    expect(cell("Способ оплаты")).toBe("Банковская карта");
    expect(cell("Продукт")).toBe("Полный отчёт");
    expect(cell("Сумма")).toBe("990,5");
    expect(cell("Возвращено")).toBe("495,5");
    expect(cell("Когда оплатил")).toBe("27.11.2026 17:28");
  });

  it("in English the same in English, dates as year-month-day", async () => {
    const cell = await csv("payments", "en", finance, order);
    expect(cell("State")).toBe("Partly refunded");
    expect(cell("Method")).toBe("Bank card");
    expect(cell("Amount")).toBe("990.5");
    expect(cell("Paid on")).toBe("2026-11-27 17:28");
  });

  it("is the finance role's, not the content role's", async () => {
    const res = await t.json("POST", "/api/manager/exporting", { kind: "payments", format: "csv" }, content.h);
    expect(res.status).toBe(403);
  });
});

describe("the users export", () => {
  it("names the role, the gender and yes/no in the reader's language", async () => {
    const ru = await csv("users", "ru", finance, buyer._id);
    expect(ru("Роль")).toBe("Пользователь");
    expect(ru("Пол")).toBe("Женский");
    expect(ru("Активен")).toBe("Да");
    expect(ru("Оплачен")).toBe("Да");
    expect(ru("Бизнес")).toBe("Нет");
    const en = await csv("users", "en", finance, buyer._id);
    expect(en("Role")).toBe("User");
    expect(en("Gender")).toBe("Female");
    expect(en("Active")).toBe("Yes");
  });
});

describe("exporting ticked rows", () => {
  it("downloads at once, without a question", async () => {
    const res = await t.form("/manager/orders", { _form: "bulk", action: "export", ids: order, format: "csv" }, `token=${finance.token}; i18n_locale=en`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain("payments-");
    expect(await res.text()).toContain("Partly refunded");
  });
});
