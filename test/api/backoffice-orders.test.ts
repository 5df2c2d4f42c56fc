// Orders and payments in the back-office: a declared resource with filters by state,
// method, product, coupon, buyer and date, amounts in rubles, a detail page with "mark the invoice
// paid" (asked again, audited), and the user page's orders.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, projects } from "../../db/schema";
import { createTestApp, fillSellerDetails, type TestApp } from "../helpers";
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

const q = (o: unknown) => encodeURIComponent(JSON.stringify(o));
const page = (path: string, lang = "en") => t.app.request(path, { headers: { Cookie: cookie.replace("i18n_locale=en", `i18n_locale=${lang}`) } });
const postForm = (path: string, fields: Record<string, string>) =>
  t.app.request(path, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost", Host: "localhost" },
    body: new URLSearchParams(fields).toString(),
  });

describe("orders and payments", () => {
  it("lists orders with filters, shows one in rubles, marks an invoice paid after asking, and the user page lists them", async () => {
    await fillSellerDetails(t);
    const owner = await signUp(t, "orders-owner");
    await t.json("POST", "/api/business", { name: "Orders Co" }, owner.h);
    const [project] = await t.deps.db.select().from(projects).where(eq(projects.ownerId, owner._id));
    const res = await t.json(
      "POST",
      "/api/business/refill",
      { project: project!.id, quantity: 20, method: "invoice", company: "Acme LLC", inn: "7701234567" },
      owner.h,
    );
    const { order } = (await res.json()) as { order: string };

    const list = await (
      await t.json("GET", `/api/manager/order?match=${q({ state: "pending", method: "invoice", user: owner._id })}&populate=user`, undefined, admin)
    ).json();
    expect(list.docs.map((d: { _id: string }) => d._id)).toEqual([order]);
    expect(list.docs[0]).toMatchObject({
      state: "pending",
      method: "invoice",
      entityType: "invites",
      quantity: 20,
      amount: 20 * 80_000,
      user: { email: owner.email },
    });
    expect((await (await t.json("GET", `/api/manager/order?match=${q({ state: "paid", user: owner._id })}`, undefined, admin)).json()).docs).toHaveLength(0);
    expect((await t.json("GET", `/api/manager/order?match=${q({ state: "stolen" })}`, undefined, admin)).status).toBe(400);
    expect((await t.json("GET", "/api/manager/order", undefined, owner.h)).status).toBe(403);

    const listPage = await (await page("/manager/orders?state=pending")).text();
    expect(listPage).toContain(`/manager/orders/${order}`);
    expect(listPage).toContain("Awaiting payment");
    // the filters name their values, not the raw keys
    expect(listPage).toContain('<option value="invoice">Invoice (bank transfer)</option>');
    const detail = await (await page(`/manager/orders/${order}`, "ru")).text();
    expect(detail).toMatch(/16[\s\u00a0\u202f]000[\s\u00a0\u202f]₽/);
    expect(detail).toContain("Счёт (перевод)");
    expect(detail).toContain('data-confirm="markPaid"');

    expect((await postForm(`/manager/orders/${order}`, { _form: "markPaid" })).status).toBe(303);
    expect((await (await t.json("GET", `/api/manager/order/${order}`, undefined, admin)).json()).state).toBe("paid");
    expect((await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, order))).map((a) => a.action)).toEqual(["orders.markPaid"]);

    const userPage = await (await page(`/manager/users/${owner._id}`)).text();
    expect(userPage).toContain('data-section="orders"');
    expect(userPage).toContain(`/manager/orders/${order}`);
  });
});
