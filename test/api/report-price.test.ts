// The full report's price is said before the checkout: on every Buy button of the base report and on
// the product page, the same amount the checkout charges (the operator's `prices` setting).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coupons } from "../../db/schema";
import { createId } from "../../server/lib/ids";
import { formatRub, rubLabel } from "../../server/lib/money";
import { getPrices } from "../../server/services/payments";
import { completedResult, user } from "../fixtures";
import { createTestApp, type TestApp } from "../helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;|\u00a0/g, " ")
    .replace(/\s+/g, " ");

describe("the full report's price before the checkout", () => {
  it("is on the base report's Buy buttons, the product page and the checkout alike", async () => {
    const { fullReport } = await getPrices(t.deps.db);
    const price = rubLabel(fullReport).replace(/\u00a0/g, " ");
    const person = await user(t, { locale: "en" });
    await completedResult(t, person);
    const base = await (await t.page("/report/base", `token=${person.token}; i18n_locale=en`)).text();
    expect(base).toContain(`data-amount="${fullReport}"`);
    const buttons = text(base).match(/Unlock the full report for [^ ]+ ₽/g) ?? [];
    expect(buttons.length).toBeGreaterThan(1);
    for (const b of buttons) expect(b).toBe(`Unlock the full report for ${price}`);
    expect(text(await (await t.page("/product", "i18n_locale=en")).text())).toContain(price.replace(" ₽", ""));
    expect(text(await (await t.page("/payment/report", `token=${person.token}; i18n_locale=en`)).text())).toContain(price);
    // in Russian too
    const ru = await (await t.page("/report/base", `token=${person.token}; i18n_locale=ru`)).text();
    expect(text(ru)).toContain(`Открыть полный отчёт за ${price}`);
  });

  it("is said again in the coupon's notice, where the checkout comes back to after applying it", async () => {
    const { fullReport } = await getPrices(t.deps.db);
    await t.deps.db.insert(coupons).values({ id: createId(), code: "PHONE20", type: "percent", amount: 20, count: 5, content: "full" });
    const person = await user(t, { locale: "en" });
    await completedResult(t, person);
    const applied = await t.form("/payment/report", { _form: "coupon", code: "PHONE20" }, `token=${person.token}; i18n_locale=en`);
    expect(applied.status).toBe(303);
    const cookies = (applied.headers.get("set-cookie") ?? "").match(/coupon=[^;]+/)?.[0] ?? "";
    const html = await (await t.page(applied.headers.get("location")!, `token=${person.token}; i18n_locale=en; ${cookies}`)).text();
    const notice = text(html.match(/<p role="status"[^>]*>[\s\S]*?<\/p>/)![0]);
    expect(notice).toContain(
      `Promo code applied: ${formatRub(fullReport * 0.8).replace(/\u00a0/g, " ")} ₽ instead of ${formatRub(fullReport).replace(/\u00a0/g, " ")} ₽`,
    );
  });
});
