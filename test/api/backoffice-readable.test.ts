// What a manager reads in the back-office: messages in our own words (never zod's or a regex), data values by name in both
// languages, the user page's coupons, origin and mails, the activity log in words, the result page,
// and the rechecker's decisions that clear the doubt and go on to the next in the queue.
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { couponUses, coupons, logs, referrals, results, users } from "../../db/schema";
import { dictionaries, tFor } from "../../locales";
import { createBusinessSchema } from "../../server/admin/business";
import { RESOURCES } from "../../server/admin/resources";
import { createId } from "../../server/lib/ids";
import { fieldErrors } from "../../server/lib/validate";
import { enqueueMail, systemScope } from "../../server/scope";
import { SETTINGS } from "../../server/services/operator-settings";
import { completedResult, manager, paidOrder, type Person, user } from "../fixtures";
import { createTestApp, type TestApp } from "../helpers";

let t: TestApp;
let boss: Person;

beforeAll(async () => {
  t = await createTestApp();
  boss = await manager(t, { email: "readable-boss@example.com" });
}, 120_000);
afterAll(() => t.close());

const page = async (path: string, lang: "ru" | "en" = "ru") =>
  (await t.app.request(path, { headers: { Cookie: `token=${boss.token}; i18n_locale=${lang}` } })).text();
const post = (path: string, fields: Record<string, string>, lang: "ru" | "en" = "ru") =>
  t.app.request(path, {
    method: "POST",
    headers: {
      Cookie: `token=${boss.token}; i18n_locale=${lang}`,
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: "http://localhost",
      Host: "localhost",
    },
    body: new URLSearchParams(fields).toString(),
  });
/** The page's text without markup (what a reader sees). */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
const section = (html: string, key: string) => {
  const start = html.indexOf(`data-section="${key}"`);
  expect(start, `section ${key}`).toBeGreaterThan(-1);
  return text(html.slice(start, html.indexOf("</section>", start)));
};

// ---------------------------------------------------------------- our words only
/** Every string of a language's dictionaries as a pattern ({{x}} as anything). */
function ourStrings(lang: "ru" | "en") {
  const out: RegExp[] = [];
  const walk = (v: unknown) => {
    if (typeof v === "string") out.push(new RegExp(`^${v.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\\\{\\\{[^}]*\\\}\\\}/g, ".+")}$`));
    else if (v && typeof v === "object") for (const x of Object.values(v)) walk(x);
  };
  walk(dictionaries[lang]);
  return out;
}
const DEVELOPER =
  /expected|received|>=|<=|\/\^|pattern|regex|Invalid (input|string|option|ISO|URL|type)|Too (small|big)|ожидал|шаблон|Неверн(ый|ая) (ввод|строк)|\bNaN\b|\bundefined\b|\[object/i;
const BAD_VALUES: unknown[] = [-5, 1.5, 10 ** 12, Number.NaN, "abc", "", " ", "x".repeat(5_001), "12", "not-an-email", {}, [], true];

/** Each field of an object schema given each bad value in turn (the others left out). */
function badInputs(schema: z.ZodType): unknown[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  if (!shape) return BAD_VALUES;
  return Object.keys(shape).flatMap((k) => BAD_VALUES.map((v) => ({ [k]: v })));
}

describe("messages a manager reads", () => {
  it("no back-office form answers in zod's or a regex's words, in either language: every message is one of ours", () => {
    const schemas: [string, z.ZodType][] = [
      ...RESOURCES.flatMap((d) => [
        ...(d.form ? [[`${d.name}.form`, d.form.schema] as [string, z.ZodType]] : []),
        ...(d.create ? [[`${d.name}.create`, d.create.schema] as [string, z.ZodType]] : []),
        ...Object.entries(d.actions ?? {}).flatMap(([n, a]) => (a.input ? [[`${d.name}.${n}`, a.input.schema] as [string, z.ZodType]] : [])),
      ]),
      ...Object.entries(SETTINGS).map(([k, s]) => [`settings.${k}`, s.schema] as [string, z.ZodType]),
      ["business.create", createBusinessSchema],
    ];
    expect(schemas.length).toBeGreaterThan(15);
    let seen = 0;
    for (const lang of ["ru", "en"] as const) {
      const ours = ourStrings(lang);
      for (const [name, schema] of schemas) {
        for (const input of badInputs(schema)) {
          const parsed = schema.safeParse(input);
          if (parsed.success) continue;
          for (const [field, message] of Object.entries(fieldErrors(tFor(lang), parsed.error.issues, input))) {
            seen++;
            expect(message, `${lang} ${name}.${field} ← ${JSON.stringify(input)}`).not.toMatch(DEVELOPER);
            expect(
              ours.some((re) => re.test(message)),
              `${lang} ${name}.${field}: "${message}" is not one of our strings`,
            ).toBe(true);
          }
        }
      }
    }
    expect(seen).toBeGreaterThan(500);
  });

  it("a negative balance and a short KPP are said as a manager would, and 'минимум 2 символов' is gone", async () => {
    const u = await user(t);
    for (const [lang, said] of [
      ["ru", "Не может быть отрицательным"],
      ["en", "Cannot be negative"],
    ] as const) {
      const res = await post(`/manager/users/${u._id}`, { _form: "edit", balance: "-5" }, lang);
      expect(res.status).toBe(400);
      const html = text(await res.text());
      expect(html).toContain(said);
      expect(html).not.toMatch(DEVELOPER);
    }
    const seller = {
      _form: "seller",
      name: "A",
      inn: "7707083893",
      kpp: "12",
      ogrn: "1",
      address: "Москва",
      bank: "Банк",
      bik: "1",
      account: "1",
      corrAccount: "1",
    };
    const ru = text(await (await post("/manager/settings", seller)).text());
    expect(ru).toContain("КПП — 9 цифр");
    expect(ru).toContain("Слишком коротко: минимум символов — 2");
    expect(ru).not.toContain("минимум 2 символов");
    expect(ru).not.toMatch(DEVELOPER);
    const en = text(await (await post("/manager/settings", seller, "en")).text());
    expect(en).toContain("A KPP has 9 digits");
    expect(en).not.toMatch(DEVELOPER);
  });
});

// ---------------------------------------------------------------- the user page
describe("the user page", () => {
  it("shows the coupon used, where the person came from, the mails sent and the activity in words; coupon and referral pages link back", async () => {
    const anna = await user(t, { email: "anna-story@example.com" });
    const db = t.deps.db;
    const referralId = createId();
    await db.insert(referrals).values({ id: referralId, code: "SPRING-MAIL", name: "Spring newsletter", link: "http://localhost/?ref=SPRING-MAIL" });
    await db
      .update(users)
      .set({ referralId, utm: { utm_source: "newsletter" } })
      .where(eq(users.id, anna._id));
    const couponId = createId();
    await db.insert(coupons).values({ id: couponId, code: "ANNA-10", type: "percent", amount: 10, count: 3, content: "full" });
    const orderId = await paidOrder(t, anna, { amount: 89_100 });
    await db.insert(couponUses).values({ couponId, userId: anna._id, orderId });
    // a real mail through the outbox (the jobs table keeps its address and subject once sent)
    await enqueueMail(systemScope(t.deps), { to: anna.email, subject: "Подтвердите адрес", text: "secret link https://x/confirm?token=abc" });
    await db.insert(logs).values([
      { id: createId(), userId: anna._id, action: "order.paid", data: { order: orderId, amount: 89_100, entity: "report" } },
      { id: createId(), userId: anna._id, action: "login", data: { ip: "127.0.0.1" } },
      { id: createId(), userId: anna._id, action: "masq.start", data: { manager: boss.email }, actorId: boss._id },
    ]);

    const ru = await page(`/manager/users/${anna._id}`);
    const coupon = section(ru, "coupons");
    expect(coupon).toContain("ANNA-10");
    expect(coupon).toContain("10 %");
    expect(coupon).toContain("Оплачен");
    expect(ru).toContain(`href="/manager/coupon/${couponId}"`);
    const origin = section(ru, "origin");
    expect(origin).toContain("SPRING-MAIL");
    expect(origin).toContain("Spring newsletter");
    expect(origin).toContain("newsletter");
    expect(ru).toContain(`href="/manager/referral/${referralId}"`);
    const mails = section(ru, "mails");
    expect(mails).toContain("Подтвердите адрес");
    expect(mails).toContain("Письмо");
    expect(mails).toContain("Отправлено");
    expect(mails).not.toContain("token=abc");
    const log = section(ru, "logs");
    expect(log).toContain("Оплачен заказ");
    expect(log).toContain("891 ₽");
    expect(log).toContain("Система");
    expect(log).toContain("Вход");
    expect(log).toContain("Сам пользователь");
    expect(log).toContain(boss.email);
    expect(log).not.toMatch(/order\.paid|masq\.start|\{"/);

    const en = await page(`/manager/users/${anna._id}`, "en");
    expect(section(en, "mails")).toContain("Sent");
    expect(section(en, "logs")).toContain("Order paid");
    expect(section(en, "logs")).toContain("The user");
    expect(section(en, "origin")).toContain("SPRING-MAIL");

    expect(await page(`/manager/coupon/${couponId}`)).toContain(`href="/manager/users/${anna._id}"`);
    expect(await page(`/manager/referral/${referralId}`)).toContain(`href="/manager/users/${anna._id}"`);
  });
});

// ---------------------------------------------------------------- values by name
describe("data values by name", () => {
  it("format attributes and report languages read as words in lists and filters, in ru and en", async () => {
    const ru = await page("/manager/formats");
    expect(ru).toContain('<option value="analytic">Аналитическая</option>');
    expect(ru).toContain('<option value="fast">Быстрая</option>');
    expect(text(ru)).toContain("Системная");
    const en = await page("/manager/formats", "en");
    expect(en).toContain('<option value="analytic">Analytic</option>');
    expect(en).toContain('<option value="high">High</option>');
    expect(await page("/manager/reports")).toContain('<option value="en">Английский</option>');
    expect(await page("/manager/reports", "en")).toContain('<option value="ch">Chinese</option>');
    // a format's and a referral's page name their record
    expect(await page("/manager/formats/SYS-LOW-SLOW", "en")).toMatch(/<h1[^>]*>[^<]*SYS-LOW-SLOW<\/h1>/);
  });

  it("the result page names its test, its quality flags and its data, and the format select names the formats", async () => {
    const p = await user(t, { email: "flags@example.com" });
    const id = await completedResult(t, p);
    await t.deps.db
      .update(results)
      .set({ quality: { grade: "poor", flags: ["straightLine", "manyDontKnow"] } as never })
      .where(eq(results.id, id));
    const ru = await page(`/manager/results/${id}`);
    const fields = text(ru.slice(ru.indexOf('data-testid="fields"')));
    expect(fields).toContain("Однообразные ответы, Много «Не знаю»");
    expect(fields).toContain("Плохое");
    expect(fields).toContain("Я: системность");
    expect(ru).not.toMatch(/\{&quot;_id|\["straightLine"|&quot;ME_SYSTEM&quot;/);
    expect(ru).toMatch(/<h1[^>]*>Результат flags@example\.com<\/h1>/);
    expect(ru).toMatch(/<option value="SYS-LOW-SLOW"[^>]*>SYS-LOW-SLOW · Хранитель<\/option>/);
    const en = await page(`/manager/results/${id}`, "en");
    expect(text(en)).toContain("Same answer over and over, Many “don't know”");
    expect(en).toMatch(/<option value="SYS-LOW-SLOW"[^>]*>SYS-LOW-SLOW · The Keeper<\/option>/);
  });
});

// ---------------------------------------------------------------- the rechecker
describe("the rechecker", () => {
  it("Confirm clears the doubt and goes on to the next result in the queue; its banner speaks to managers", async () => {
    const a = await user(t);
    const b = await user(t);
    const first = await completedResult(t, a);
    const second = await completedResult(t, b);
    await t.deps.db.update(results).set({ isDoubt: true, isCorrect: false }).where(eq(results.id, first));
    const detail = await page(`/manager/rechecker/${first}`, "en");
    expect(detail).toContain('data-testid="next-in-queue"');
    // the page names whose result it is
    expect(detail).toMatch(new RegExp(`<title>[^<]*${a.email.replace(/[.]/g, "\\.")}`));
    const res = await post(`/manager/rechecker/${first}`, { _form: "confirm" }, "en");
    expect(res.status).toBe(303);
    const [row] = await t.deps.db.select().from(results).where(eq(results.id, first));
    expect(row!.isCorrect).toBe(true);
    expect(row!.isDoubt).toBe(false);
    const next = res.headers.get("location")!;
    expect(next).toMatch(new RegExp(`^/manager/rechecker/[0-9a-f]{24}\\?decided=${first}$`));
    expect(next).not.toContain(`/rechecker/${first}?`);
    const shown = await page(next, "en");
    expect(shown).toContain("This is the next result in the queue");
    expect(shown).toContain(`href="/manager/rechecker/${first}"`);
    void second;
    for (const lang of ["ru", "en"] as const) expect(text(await page("/manager/rechecker", lang))).not.toMatch(/npm|model:train/);
  });
});
