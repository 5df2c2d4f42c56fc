// List pages: page size 25/50/100/200, page numbers, and a page size out of range
// (?limit=201) said as such instead of blaming the filter.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageNumbers } from "../../routes/manager/ui";
import { createTestApp, type TestApp } from "../helpers";
import { manager } from "../fixtures";

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const boss = await manager(t);
  cookie = `token=${boss.token}`;
  const admin = boss.h;
  for (let i = 0; i < 12; i++) await t.json("POST", "/api/manager/coupon", { code: `PAGE-${i}`, type: "percent", amount: 10 }, admin);
}, 120_000);
afterAll(async () => {
  await t.close();
});

const page = async (path: string, lang = "en") => (await t.app.request(path, { headers: { Cookie: `${cookie}; i18n_locale=${lang}` } })).text();

describe("list paging", () => {
  it("?limit=201 says the page size is out of range, in both languages, not that the filter is wrong", async () => {
    const en = await page("/manager/coupon?limit=201");
    expect(en).toContain("A page shows 25, 50, 100 or at most 200 rows");
    expect(en).not.toContain("This filter is not accepted");
    expect(await page("/manager/coupon?page=0", "ru")).toContain("На странице 25, 50, 100 или не больше 200 строк");
  });

  it("offers 25/50/100/200 rows per page, keeping the filters, and numbers the pages", async () => {
    const html = await page("/manager/coupon?type=percent&limit=2&page=3");
    const sizes = /data-testid="page-sizes">(.*?)<\/span><span/.exec(html)![1]!;
    for (const n of [25, 50, 100, 200]) expect(sizes).toContain(`limit=${n}`);
    expect(sizes).toContain("type=percent");
    // 12 coupons at 2 a page: 1 … 1 2 3 4 5 … 6, the current one marked
    expect(html).toContain('aria-current="page" class="rounded bg-brand-600 px-2 py-1 font-semibold text-white">3<');
    expect(html).toContain("page=6");
    expect(html).toContain("page=1");
    const fifty = await page("/manager/coupon?limit=50");
    expect(fifty).toMatch(/aria-current="true"[^>]*>50</);
  });

  it("numbers pages around the current one with gaps", () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(5, 10)).toEqual([1, null, 3, 4, 5, 6, 7, null, 10]);
    expect(pageNumbers(1, 10)).toEqual([1, 2, 3, null, 10]);
  });
});
