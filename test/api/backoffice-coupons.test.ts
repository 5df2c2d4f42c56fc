// Coupons on the back-office pages: a fixed discount is typed and shown in rubles
// ("300" off is 300 ₽, not 3 ₽; kopecks after a comma) while the API keeps kopecks; a leaked coupon
// can be switched off at once; an unused one can be deleted, a used one cannot.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, coupons } from "../../db/schema";
import { createTestApp, type TestApp } from "../helpers";
import { manager } from "../fixtures";
import { signUp } from "../respondent";

let t: TestApp;
let admin: Record<string, string>;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const { token } = await manager(t);
  admin = { Authorization: `Bearer ${token}`, locale: "en" };
  cookie = `token=${token}; i18n_locale=en`;
}, 120_000);
afterAll(async () => {
  await t.close();
});

const db = () => t.deps.db;
const page = async (path: string) => (await t.app.request(path, { headers: { Cookie: cookie } })).text();
const postForm = (path: string, fields: Record<string, string>) =>
  t.app.request(path, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost", Host: "localhost" },
    body: new URLSearchParams(fields).toString(),
  });
const byCode = async (code: string) => (await db().select().from(coupons).where(eq(coupons.code, code)))[0];

describe("coupon amounts in rubles on the pages", () => {
  it("'300' typed for a fixed discount is 300 ₽; '299,90' keeps its kopecks; a percent stays a percent", async () => {
    expect(
      (await postForm("/manager/coupon/create", { _form: "create", code: "RUB-300", type: "absolute", amount: "300", count: "5", content: "full" })).status,
    ).toBe(303);
    expect((await byCode("RUB-300"))!.amount).toBe(30_000);
    expect(
      (await postForm("/manager/coupon/create", { _form: "create", code: "RUB-29990", type: "absolute", amount: "299,90", count: "5", content: "full" }))
        .status,
    ).toBe(303);
    expect((await byCode("RUB-29990"))!.amount).toBe(29_990);
    expect(
      (await postForm("/manager/coupon/create", { _form: "create", code: "PCT-15", type: "percent", amount: "15", count: "5", content: "full" })).status,
    ).toBe(303);
    expect((await byCode("PCT-15"))!.amount).toBe(15);
    // the API keeps kopecks (the spec's clients send them)
    expect((await t.json("POST", "/api/manager/coupon", { code: "API-KOP", type: "absolute", amount: 30_000 }, admin)).status).toBe(201);
    expect((await byCode("API-KOP"))!.amount).toBe(30_000);

    const list = await page("/manager/coupon");
    expect(list).toMatch(/300[\s\u00a0]₽/);
    expect(list).toMatch(/299,90[\s\u00a0]₽/);
    expect(list).toContain("15 %");
    // the edit form shows rubles, and saving it untouched changes nothing
    const id = (await byCode("RUB-29990"))!.id;
    const edit = await page(`/manager/coupon/${id}/edit`);
    expect(/<input[^>]*name="amount"[^>]*>/.exec(edit)![0]).toMatch(/inputMode="decimal".*value="299,90"/);
    const version = /name="_version" value="([^"]+)"/.exec(edit)![1]!;
    expect(
      (
        await postForm(`/manager/coupon/${id}/edit`, {
          _form: "edit",
          _version: version,
          code: "RUB-29990",
          type: "absolute",
          amount: "299,90",
          content: "full",
        })
      ).status,
    ).toBe(303);
    expect((await byCode("RUB-29990"))!.amount).toBe(29_990);
    expect((await db().select().from(auditLog).where(eq(auditLog.entityId, id))).map((a) => a.action)).toEqual(["coupons.create"]);
    // 1000 ₽ is not below the full report's 990 ₽
    const tooBig = await postForm("/manager/coupon/create", {
      _form: "create",
      code: "RUB-1000",
      type: "absolute",
      amount: "1000",
      count: "1",
      content: "full",
    });
    expect(await tooBig.text()).toContain("A fixed discount must be less than the price of what it applies to");
    expect(await byCode("RUB-1000")).toBeUndefined();
  });
});

describe("switching a coupon off and deleting it", () => {
  it("a switched-off coupon is refused at checkout at once; a used one cannot be deleted, an unused one can", async () => {
    await t.json("POST", "/api/manager/coupon", { code: "LEAKED", type: "percent", amount: 50, count: 100 }, admin);
    const leaked = (await byCode("LEAKED"))!;
    const buyer = await signUp(t, "coupon-buyer");
    expect((await t.json("POST", "/api/coupon", { code: "LEAKED" }, buyer.h)).status).toBe(200);
    expect((await postForm(`/manager/coupon/${leaked.id}`, { _form: "disable" })).status).toBe(303);
    const after = await t.json("POST", "/api/coupon", { code: "LEAKED" }, buyer.h);
    expect(after.status).toBe(400);
    expect((await db().select().from(auditLog).where(eq(auditLog.entityId, leaked.id))).map((a) => a.action)).toContain("coupons.disable");

    // used: not offered, and a stale click is refused with a message; still there
    const used = await t.json("POST", "/api/manager/coupon", { code: "USED-ONE", type: "percent", amount: 10, count: 5 }, admin);
    const usedId = (await used.json())._id as string;
    const res = await t.json("POST", "/api/payment", { entityType: "report", coupon: "USED-ONE" }, buyer.h);
    expect(res.status).toBeLessThan(300);
    expect(await page(`/manager/coupon/${usedId}`)).not.toContain('data-action="delete"');
    const refused = await postForm(`/manager/coupon/${usedId}`, { _form: "delete" });
    expect(await refused.text()).toContain("Nothing to do");
    expect(await byCode("USED-ONE")).toBeTruthy();

    const unused = await t.json("POST", "/api/manager/coupon", { code: "UNUSED", type: "percent", amount: 10 }, admin);
    const unusedId = (await unused.json())._id as string;
    const gone = await postForm(`/manager/coupon/${unusedId}`, { _form: "delete" });
    expect(gone.status).toBe(303);
    expect(gone.headers.get("location")).toBe("/manager/coupon?done=deleted");
    expect(await byCode("UNUSED")).toBeUndefined();
    const entry = (await db().select().from(auditLog).where(eq(auditLog.entityId, unusedId))).find((a) => a.action === "coupons.delete");
    expect(entry?.changes).toMatchObject({ code: { from: "UNUSED", to: null } });
  });
});
