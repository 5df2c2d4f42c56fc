// The full report's price is said before the checkout: on every Buy button of the base report and on
// the product page, the same amount the checkout charges (the operator's `prices` setting).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rubLabel } from "../../server/lib/money";
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
});
