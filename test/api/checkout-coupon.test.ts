// The checkout's promo code form after a refusal: the wrong code is the field's error (marked,
// described, focused without script), and a code applied before is said to still count, never
// "applied" beside "no such code".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coupons } from "../../db/schema";
import { createId } from "../../server/lib/ids";
import { formatRub } from "../../server/lib/money";
import { getPrices } from "../../server/services/payments";
import { completedResult, user } from "../fixtures";
import { createTestApp, type TestApp } from "../helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;|\u00a0/g, " ")
    .replace(/\s+/g, " ");
const rub = (n: number) => formatRub(n).replace(/\u00a0/g, " ");

describe("the checkout's promo code", () => {
  for (const [lang, kept, unknown] of [
    ["en", "Promo code KEEP10 still applies", "No such promo code, or it can no longer be used"],
    ["ru", "Действует прежний промокод KEEP10", "Такого промокода нет, или его больше нельзя использовать"],
  ] as const) {
    it(`a wrong code after a valid one: the field's error, and the earlier code said to still count (${lang})`, async () => {
      const { fullReport } = await getPrices(t.deps.db);
      await t.deps.db.insert(coupons).values({ id: createId(), code: "KEEP10", type: "percent", amount: 10, count: 5, content: "full" }).onConflictDoNothing();
      const person = await user(t, { locale: lang });
      await completedResult(t, person);
      const base = `token=${person.token}; i18n_locale=${lang}`;
      const applied = await t.form("/payment/report", { _form: "coupon", code: "KEEP10" }, base);
      expect(applied.status).toBe(303);
      const coupon = (applied.headers.get("set-cookie") ?? "").match(/coupon=[^;]+/)?.[0] ?? "";
      expect(coupon).not.toBe("");

      const refused = await t.form("/payment/report", { _form: "coupon", code: "NOSUCH" }, `${base}; ${coupon}`);
      expect(refused.status).toBe(400);
      const html = await refused.text();
      const input = html.match(/<input[^>]*id="coupon-code"[^>]*>/)![0];
      expect(input).toContain('aria-invalid="true"');
      expect(input).toContain('aria-describedby="coupon-code-error"');
      expect(input).toMatch(/autofocus/i);
      expect(text(html.match(/id="coupon-code-error"[^>]*>[\s\S]*?<\/p>/)![0])).toContain(unknown);
      const notice = text(html.match(/<p role="status"[^>]*>[\s\S]*?<\/p>/)![0]);
      expect(notice).toContain(`${kept}: ${rub(Math.round(fullReport * 0.9))} ₽`);
      expect(text(html)).not.toMatch(/Promo code applied|Промокод применён/);
      // the price charged is still the discounted one
      expect(html).toContain(`data-amount="${Math.round(fullReport * 0.9)}"`);
    });
  }
});
