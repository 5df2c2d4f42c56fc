// Records are named where a person reads them: a card order's page is titled by its product and sum
// (an invoice also by its number), and the user page's activity log names and links the orders and
// projects it mentions instead of showing their ids, in ru and en; the user page lists the projects
// the person owns, the question page names its test, a report text's sections name their tab, and
// an unfinished attempt says why it has no indicators.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { questions, reports, results, tests } from "../../db/schema";
import { createTestApp, type TestApp } from "../helpers";
import { businessProject, manager, paidOrder, type Person, user } from "../fixtures";

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

describe("names instead of ids", () => {
  it("the user page lists the projects the person owns, by name and linked", async () => {
    const owner = await user(t, { isBusiness: true });
    const project = await businessProject(t, { owner, name: "Owned Widgets" });
    for (const [locale, title] of [
      ["en", "Projects they own"],
      ["ru", "Проекты во владении"],
    ] as const) {
      const html = await page(`/manager/users/${owner._id}`, support, locale);
      const section = /data-section="projects"(.*?)<\/section>/s.exec(html)?.[1] ?? "";
      expect(section).toContain(title);
      expect(section).toMatch(new RegExp(`href="/manager/projects/${project.id}"[^>]*>(<span[^>]*>)?Owned Widgets<`));
    }
  });

  it("the question page names its test; a report text's sections say their tab in words", async () => {
    const [q] = await t.deps.db.select().from(questions).limit(1);
    const [test] = await t.deps.db.select().from(tests).where(eq(tests.id, q!.testId));
    const en = await page(`/manager/questions/${q!.id}`, support, "en");
    const field = /data-field="testName"[^>]*>(.*?)<\/dd>/s.exec(en)?.[1] ?? "";
    expect(field).toContain((test!.name as Record<string, string>).en);
    expect(field).not.toContain(q!.testId);
    const ru = await page(`/manager/questions/${q!.id}`, support, "ru");
    expect(/data-field="testName"[^>]*>(.*?)<\/dd>/s.exec(ru)?.[1]).toContain((test!.name as Record<string, string>).ru);

    const [report] = await t.deps.db.select().from(reports).limit(1);
    const tab = report!.sections[0]!.tab;
    const words: Record<string, Record<string, string>> = {
      en: { general: "General characteristics", career: "Business and career", personal: "Personal life", business: "For business" },
      ru: { general: "Общая характеристика", career: "Бизнес и карьера", personal: "Личная жизнь", business: "Для бизнеса" },
    };
    for (const locale of ["en", "ru"] as const) {
      const html = await page(`/manager/reports/${report!.id}`, support, locale);
      const section = /data-section="sections"(.*?)<\/section>/s.exec(html)?.[1] ?? "";
      expect(section).toContain(words[locale]![tab]!);
      expect(section).not.toMatch(new RegExp(`>${tab}<`));
    }
  });

  it("an unfinished attempt says why it has no indicators", async () => {
    const person = await user(t);
    const [test] = await t.deps.db.select().from(tests).limit(1);
    const id = (await import("../../server/lib/ids")).createId();
    await t.deps.db.insert(results).values({ id, userId: person._id, testId: test!.id });
    const html = await page(`/manager/results/${id}`, support, "en");
    expect(/data-field="data"[^>]*>(.*?)<\/dd>/s.exec(html)?.[1]).toContain("none yet: they are counted when the attempt is finished");
  });
});
