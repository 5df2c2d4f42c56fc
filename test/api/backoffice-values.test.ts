// Data values by name and record names in titles: roles, quality grades, report types,
// order states and coupon kinds read in the manager's language; a user's page is titled with their
// e-mail, a coupon's with its code.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers";
import { manager } from "../fixtures";
import { signUp } from "../respondent";

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await manager(t));
}, 120_000);
afterAll(async () => {
  await t.close();
});

const page = async (path: string, lang = "en") => (await t.app.request(path, { headers: { Cookie: `token=${token}; i18n_locale=${lang}` } })).text();
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const h1 = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

describe("values by name, records by name", () => {
  it("roles, grades and report types read as words in both languages; titles name the record", async () => {
    const u = await signUp(t, "named");
    const en = await page(`/manager/users/${u._id}`);
    expect(en).toMatch(/data-field="role"><span class="break-words">User</);
    expect(title(en)).toContain(`User ${u.email}`);
    expect(h1(en)).toBe(`User ${u.email}`);
    const ru = await page(`/manager/users/${u._id}`, "ru");
    expect(ru).toMatch(/data-field="role"><span class="break-words">Пользователь</);
    expect(h1(ru)).toBe(`Пользователь ${u.email}`);
    const users = await page("/manager/users?role=admin");
    expect(users).toContain('<option value="admin" selected="">Manager</option>');

    expect(await page("/manager/results")).toContain('<option value="good">Good</option>');
    expect(await page("/manager/reports", "ru")).toContain('<option value="full">Полный</option>');

    const coupon = await (
      await t.json("POST", "/api/manager/coupon", { code: "NAMED-1", type: "percent", amount: 5 }, { Authorization: `Bearer ${token}` })
    ).json();
    expect(h1(await page(`/manager/coupon/${coupon._id}`))).toBe("Coupon NAMED-1");
    expect(h1(await page(`/manager/coupon/${coupon._id}/edit`))).toBe("Coupon NAMED-1");
  });
});
