// The audit made readable: /manager/audit filtered by manager, entity, action and date,
// each entry with the manager's e-mail and "before → after"; a record's History on its page; entries
// kept after the record is deleted.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayIn } from "../../server/lib/time-zone";
import { createTestApp, type TestApp } from "../helpers";
import { manager, type Person } from "../fixtures";

let t: TestApp;
let admin: Record<string, string>;
let token: string;
let boss: Person;

beforeAll(async () => {
  t = await createTestApp();
  boss = await manager(t);
  token = boss.token;
  admin = { Authorization: `Bearer ${token}` };
}, 120_000);
afterAll(async () => {
  await t.close();
});

const page = async (path: string, lang = "en") => {
  const res = await t.app.request(path, { headers: { Cookie: `token=${token}; i18n_locale=${lang}` } });
  return { status: res.status, html: await res.text() };
};
const entries = (html: string) => [...html.matchAll(/data-audit="([^"]+)"/g)].map((m) => m[1]);

describe("the audit page", () => {
  it("lists who did what with before → after, filters, and keeps a deleted record's entries; a record's page shows its history", async () => {
    const created = await (await t.json("POST", "/api/manager/coupon", { code: "AUDITED", type: "percent", amount: 10 }, admin)).json();
    expect((await t.json("PUT", `/api/manager/coupon/${created._id}`, { amount: 20 }, admin)).status).toBe(200);

    const detail = await page(`/manager/coupon/${created._id}`);
    const history = detail.html.slice(detail.html.indexOf('data-section="history"'));
    expect(entries(history)).toEqual(["coupons.update", "coupons.create"]);
    expect(history).toContain(boss.email);
    // in the record's terms: a percent coupon's amount in percent; a creation lists values, not "— →"
    expect(history).toMatch(/<del[^>]*>10 %<\/del> → <ins[^>]*>20 %<\/ins>/);
    expect(history).toMatch(/Type<\/span>:(<!-- -->)? <span[^>]*>Percent</);
    expect(history).not.toContain("Created</span>:");
    const listed = await page("/manager/audit?entity=coupons");
    expect(listed.html).toMatch(new RegExp(`href="/manager/coupon/${created._id}"[^>]*data-testid="audit-record">Coupon AUDITED<`));

    // deleted: the record is gone, its entries stay and are found by entity and record
    await t.form(`/manager/coupon/${created._id}`, { _form: "delete" }, `token=${token}`);
    expect((await t.json("GET", `/api/manager/coupon/${created._id}`, undefined, admin)).status).toBe(404);
    const byEntity = await page(`/manager/audit?entity=coupons`);
    expect(byEntity.status).toBe(200);
    expect(entries(byEntity.html)).toEqual(["coupons.delete", "coupons.update", "coupons.create"]);
    expect(byEntity.html).toContain('<option value="coupons" selected="">Coupon</option>');
    // a deleted record keeps its entries, named by its id and said to be gone
    expect(byEntity.html).toContain(`Coupon ${created._id} (deleted since)`);

    expect(entries((await page(`/manager/audit?action=coupons.update&entity=coupons`)).html)).toEqual(["coupons.update"]);
    expect(entries((await page(`/manager/audit?actor=${encodeURIComponent(boss.email)}&entity=coupons`)).html)).toHaveLength(3);
    expect(entries((await page(`/manager/audit?actor=nobody@example.com`)).html)).toHaveLength(0);
    // the operator's day (TIME_ZONE), as the page's dates
    const today = dayIn(new Date(), t.deps.config.TIME_ZONE);
    expect(entries((await page(`/manager/audit?entity=coupons&from=${today}&to=${today}`)).html)).toHaveLength(3);
    expect(entries((await page(`/manager/audit?entity=coupons&to=2000-01-01`)).html)).toHaveLength(0);
    const bad = await page(`/manager/audit?from=yesterday`);
    expect(bad.status).toBe(200);
    expect(bad.html).toContain("This filter is not accepted");
    // titled as the side bar names it
    expect((await page("/manager/audit", "ru")).html).toMatch(/<h1[^>]*>Журнал</);
  });
});
