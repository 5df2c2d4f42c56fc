// A coupon's switched-off state is its own (the edit form neither shows nor carries it), shown in the
// list and on its page with "switch on again"; a used coupon's code is renamed only after a second
// tick, and its old code stays an alias that checkout still accepts.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, coupons } from "../../db/schema";
import { createTestApp, type TestApp } from "../helpers";
import { manager, user, type Person } from "../fixtures";

let t: TestApp;
let M: Record<string, string>;
let cookie: string;
let buyer: Person;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: "false" });
  const m = await manager(t);
  M = { ...m.h, locale: "en" };
  cookie = `token=${m.token}; i18n_locale=en`;
  buyer = await user(t);
}, 120_000);
afterAll(() => t.close());

const byCode = async (code: string) => (await t.deps.db.select().from(coupons).where(eq(coupons.code, code)))[0]!;
const versionOf = (html: string) => /name="_version" value="([^"]+)"/.exec(html)![1]!;
const applies = async (code: string, who = buyer) => (await t.json("POST", "/api/coupon", { code }, who.h)).status;
const audit = (id: string) => t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, id));
const actions = async (id: string) => (await audit(id)).map((a) => a.action);

describe("a switched-off coupon", () => {
  it("stays off through an edit of its form, shows as switched off, and comes back only with 'switch on again'", async () => {
    await t.json("POST", "/api/manager/coupon", { code: "LEAK10", type: "percent", amount: 10, count: 100, expiredAt: "2099-12-31" }, M);
    const { id } = await byCode("LEAK10");
    expect(await applies("LEAK10")).toBe(200);
    expect((await t.form(`/manager/coupon/${id}`, { _form: "disable" }, cookie)).status).toBe(303);
    expect(await applies("LEAK10")).toBe(400);

    // its page: the state, no second "switch off", "switch on again" offered
    const detail = await (await t.page(`/manager/coupon/${id}`, cookie)).text();
    expect(detail).toContain("Switched off");
    expect(detail).toContain("Switch on again");
    expect(detail).not.toContain("Switch off now");
    // the list says so too
    expect(await (await t.page("/manager/coupon", cookie)).text()).toMatch(/LEAK10[\s\S]*Switched off/);

    // the routine edit: only the amount changes; the coupon stays off
    const edit = await (await t.page(`/manager/coupon/${id}/edit`, cookie)).text();
    expect(edit).not.toContain('name="disabledAt"');
    const saved = await t.form(
      `/manager/coupon/${id}/edit`,
      { _form: "edit", _version: versionOf(edit), code: "LEAK10", type: "percent", amount: "5", content: "full", expiredAt: "2099-12-31" },
      cookie,
    );
    expect(saved.status).toBe(303);
    expect((await byCode("LEAK10")).amount).toBe(5);
    const refused = await t.json("POST", "/api/coupon", { code: "LEAK10" }, { ...buyer.h, locale: "en" });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toBe("This promo code no longer works");
    // nor can an API client switch it on through the edit
    await t.json("PUT", `/api/manager/coupon/${id}`, { amount: 6, disabledAt: null }, M);
    expect((await byCode("LEAK10")).disabledAt).not.toBeNull();

    expect((await t.form(`/manager/coupon/${id}`, { _form: "enable" }, cookie)).status).toBe(303);
    expect(await applies("LEAK10")).toBe(200);
    expect(await actions(id)).toEqual(expect.arrayContaining(["coupons.disable", "coupons.update", "coupons.enable"]));
    // a second "switch on" has nothing to do and records nothing
    const before = (await actions(id)).length;
    await t.form(`/manager/coupon/${id}`, { _form: "enable" }, cookie);
    expect((await actions(id)).length).toBe(before);
  });
});

describe("renaming a used coupon", () => {
  it("asks a second time, keeps the old code working as an alias, and no other coupon may take it", async () => {
    await t.json("POST", "/api/manager/coupon", { code: "HALF50", type: "percent", amount: 50, count: 10 }, M);
    const { id } = await byCode("HALF50");
    const other = await user(t);
    expect((await t.json("POST", "/api/payment", { entityType: "report", coupon: "HALF50" }, other.h)).status).toBeLessThan(300);

    const edit = await (await t.page(`/manager/coupon/${id}/edit`, cookie)).text();
    const fields = { _form: "edit", _version: versionOf(edit), code: "HALF50NEW", type: "percent", amount: "50", content: "full" };
    const asked = await t.form(`/manager/coupon/${id}/edit`, fields, cookie);
    // asked as a step of the form (200), with its own answer, not as a failed save
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("This coupon has been used: you are changing its code");
    expect((await byCode("HALF50")).id).toBe(id);

    expect((await t.form(`/manager/coupon/${id}/edit`, { ...fields, confirmRename: "on" }, cookie)).status).toBe(303);
    expect((await byCode("HALF50NEW")).id).toBe(id);
    // the old links still work, in any letter case; the new code too
    expect(await applies("half50")).toBe(200);
    expect(await applies("HALF50NEW")).toBe(200);
    expect(await (await t.page(`/manager/coupon/${id}`, cookie)).text()).toContain("HALF50");
    // the former code is taken
    const taken = await t.json("POST", "/api/manager/coupon", { code: "Half50", type: "percent", amount: 5 }, M);
    expect(taken.status).toBe(409);
    const entry = (await audit(id)).find((a) => a.action === "coupons.update");
    expect(entry?.changes).toMatchObject({ code: { from: "HALF50", to: "HALF50NEW" }, alias: "HALF50" });
  });

  it("an unused coupon is renamed without the second tick", async () => {
    await t.json("POST", "/api/manager/coupon", { code: "FRESH", type: "percent", amount: 5 }, M);
    const { id } = await byCode("FRESH");
    const edit = await (await t.page(`/manager/coupon/${id}/edit`, cookie)).text();
    const res = await t.form(
      `/manager/coupon/${id}/edit`,
      { _form: "edit", _version: versionOf(edit), code: "FRESH2", type: "percent", amount: "5", content: "full" },
      cookie,
    );
    expect(res.status).toBe(303);
    expect((await byCode("FRESH2")).id).toBe(id);
  });
});
