// The YooKassa adapter against a local fake of its API v3 (https://yookassa.ru/developers/api):
// POST /payments with Basic auth and an Idempotence-Key, GET /payments/{id}. The fake keeps the
// payments it created and lets a test decide what happens to them, as the buyer would on
// YooKassa's page. Notifications are posted to our endpoint the way YooKassa sends them.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, payments, users } from "../../db/schema";
import { loadConfig } from "../../server/config";
import { createTestApp, type TestApp } from "../helpers";
import { signUp, type Respondent } from "../respondent";
import { FakeYooKassa, SHOP } from "../yookassa-fake";

const fake = new FakeYooKassa();
let t: TestApp;
beforeAll(async () => {
  await fake.start();
  t = await createTestApp({ PAYMENT_PROVIDER: "yookassa", YOOKASSA_SHOP_ID: SHOP.id, YOOKASSA_SECRET_KEY: SHOP.key, YOOKASSA_API_URL: fake.url });
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => fake.server.close(r));
});

const db = () => t.deps.db;
const isFull = async (r: Respondent) => (await db().select().from(users).where(eq(users.id, r._id)))[0]!.isFull;
const orderState = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!.state;
/** A notification as YooKassa posts it: from its servers, no cookies, no Origin. */
const notify = async (event: string, object: Record<string, unknown>) => {
  const res = await t.app.request("/api/payment/yookassa/notify", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ type: "notification", event, object }),
  });
  expect(res.status).toBe(200);
  return (await res.json()).outcome as string;
};

async function buy(prefix: string) {
  const r = await signUp(t, prefix);
  const res = await t.json("POST", "/api/payment", { entityType: "report" }, r.h);
  expect(res.status).toBe(201);
  const { order, redirect } = await res.json();
  const [payment] = await db().select().from(payments).where(eq(payments.orderId, order));
  return { r, order, redirect: redirect as string, providerId: payment!.providerPaymentId! };
}

describe("YooKassa", () => {
  it("creates the payment with the order's amount in rubles, an idempotence key and the return URL, and sends the buyer to its page", async () => {
    const { order, redirect, providerId } = await buy("yk-create");
    expect(redirect).toBe(`https://yoomoney.ru/checkout/payments/v2/contract?orderId=${providerId}`);
    const sent = fake.creates.at(-1)!;
    expect(sent.idempotenceKey).toBe(`order-${order}`);
    expect(sent.body).toMatchObject({
      amount: { value: "990.00", currency: "RUB" },
      capture: true,
      confirmation: { type: "redirect", return_url: `http://localhost/payment/success?order=${order}` },
      metadata: { orderId: order },
    });
  });

  it("credits a succeeded payment once, however often YooKassa repeats the notification", async () => {
    const { r, order, providerId } = await buy("yk-success");
    // a notification that arrives before the buyer has paid changes nothing
    expect(await notify("payment.succeeded", { id: providerId, status: "succeeded" })).toBe("pending");
    expect(await isFull(r)).toBe(false);

    fake.decide(providerId, "succeeded");
    expect(await notify("payment.succeeded", { id: providerId, status: "succeeded" })).toBe("credited");
    expect(await isFull(r)).toBe(true);
    expect(await orderState(order)).toBe("paid");
    expect(await notify("payment.succeeded", { id: providerId, status: "succeeded" })).toBe("already_credited");
    const repeated = await Promise.all([1, 2, 3].map(() => notify("payment.succeeded", { id: providerId })));
    expect(repeated).toEqual(["already_credited", "already_credited", "already_credited"]);
    const page = await (await t.app.request(`/payment/success?order=${order}`, { headers: { Cookie: `token=${r.token}` } })).text();
    expect(page).toContain('data-state="paid"');
  });

  it("fails the order when the buyer cancels on YooKassa's page", async () => {
    const { r, order, providerId } = await buy("yk-cancel");
    fake.decide(providerId, "canceled");
    expect(await notify("payment.canceled", { id: providerId, status: "canceled" })).toBe("canceled");
    expect(await orderState(order)).toBe("failed");
    expect(await isFull(r)).toBe(false);
    // a forged "succeeded" for the cancelled payment is checked with YooKassa and ignored
    expect(await notify("payment.succeeded", { id: providerId, status: "succeeded", amount: { value: "990.00", currency: "RUB" } })).toBe("canceled");
    expect(await isFull(r)).toBe(false);
  });

  it("ignores forged notifications: an unknown id, a made-up body, or no id at all", async () => {
    const { r, providerId } = await buy("yk-forged");
    // the body claims success and the right amount, but YooKassa says the payment is pending
    expect(await notify("payment.succeeded", { id: providerId, status: "succeeded", paid: true, amount: { value: "990.00", currency: "RUB" } })).toBe(
      "pending",
    );
    expect(await notify("payment.succeeded", { id: randomUUID(), status: "succeeded" })).toBe("unknown_payment");
    expect(await notify("payment.succeeded", { id: "../../etc/passwd" })).toBe("unknown_payment");
    expect(await notify("payment.succeeded", {})).toBe("bad_request");
    const junk = await t.app.request("/api/payment/yookassa/notify", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{not json" });
    expect(junk.status).toBeLessThan(500);
    expect(await isFull(r)).toBe(false);
  });

  it("refuses to credit a payment whose amount or currency differs from the order", async () => {
    const { r, order, providerId } = await buy("yk-amount");
    fake.decide(providerId, "succeeded", "1.00");
    expect(await notify("payment.succeeded", { id: providerId })).toBe("amount_mismatch");
    expect(await isFull(r)).toBe(false);
    expect(await orderState(order)).toBe("pending");
    const [p] = await db().select().from(payments).where(eq(payments.orderId, order));
    expect(p!.status).toBe("amount_mismatch");
  });

  it("refuses a payment that YooKassa says belongs to another order", async () => {
    const a = await buy("yk-order-a");
    const b = await buy("yk-order-b");
    // someone swaps the metadata: b's payment now claims to pay for a's order
    fake.payments.get(b.providerId)!.metadata = { orderId: a.order };
    fake.decide(b.providerId, "succeeded");
    expect(await notify("payment.succeeded", { id: b.providerId })).toBe("order_mismatch");
    expect(await isFull(a.r)).toBe(false);
    expect(await isFull(b.r)).toBe(false);
  });

  it("answers 502 with a clear message when YooKassa refuses the shop, and leaves no pending order", async () => {
    const wrong = await createTestApp({ PAYMENT_PROVIDER: "yookassa", YOOKASSA_SHOP_ID: SHOP.id, YOOKASSA_SECRET_KEY: "wrong", YOOKASSA_API_URL: fake.url });
    const r = await signUp(wrong, "yk-down");
    const res = await wrong.json("POST", "/api/payment", { entityType: "report" }, { ...r.h, locale: "en" });
    expect(res.status).toBe(502);
    expect((await res.json()).error.message).toMatch(/^The payment service is not answering/);
    const mine = await wrong.deps.db.select().from(orders).where(eq(orders.userId, r._id));
    expect(mine.map((o) => o.state)).toEqual(["failed"]);
    await wrong.close();
  });

  it("is not reachable while the sandbox is the provider", async () => {
    const sandboxApp = await createTestApp();
    const res = await sandboxApp.app.request("/api/payment/yookassa/notify", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(res.status).toBe(404);
    await sandboxApp.close();
  });

  it("refuses to start with the yookassa provider but without the shop's credentials", () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: "yookassa" })).toThrow(/YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY/);
  });
});
