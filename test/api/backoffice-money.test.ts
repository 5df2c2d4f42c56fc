// Money in the back-office: a refund (part, then the rest) through the payment adapter or recorded by
// hand, with a reason, asked first on the page; "check with the provider", "credit manually" and
// "cancel" on a pending order. Orders, the buyer's access, revenue, statistics, the export and the
// buyer's own order list agree after each; every action is audited. The sandbox here; YooKassa's
// refund call against the local fake in the second part.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, orders, payments, refunds, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../helpers";
import { manager, type Person, user } from "../fixtures";
import { FakeYooKassa, SHOP } from "../yookassa-fake";

let t: TestApp;
let M: Record<string, string>;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: "false" });
  const m = await manager(t);
  M = { ...m.h, locale: "en" };
  cookie = `token=${m.token}; i18n_locale=en`;
}, 120_000);
afterAll(() => t.close());

const orderRow = async (app: TestApp, id: string) => (await app.deps.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const isFull = async (app: TestApp, p: Person) => (await app.deps.db.select().from(users).where(eq(users.id, p._id)))[0]!.isFull;
const actionsOn = async (app: TestApp, id: string) => (await app.deps.db.select().from(auditLog).where(eq(auditLog.entityId, id))).map((a) => a.action);
const revenue = async () => (await (await t.json("GET", "/api/manager/stat", undefined, M)).json()) as { revenue: number; paidOrders: number };

/** A full report bought with the sandbox: order, payment and the buyer's Pay click. */
async function bought(app: TestApp, pay = true) {
  const buyer = await user(app);
  const res = await app.json("POST", "/api/payment", { entityType: "report" }, buyer.h);
  expect(res.status).toBe(201);
  const { order, redirect } = (await res.json()) as { order: string; redirect: string };
  if (pay) expect((await app.form(redirect, { decision: "pay" }, `token=${buyer.token}`)).status).toBeLessThan(400);
  return { buyer, order, redirect };
}

describe("a refund through the sandbox", () => {
  it("asks first, refunds a part (still paid, access kept), then the rest (refunded, access gone); revenue, stats and the buyer's list follow", async () => {
    const before = await revenue();
    const { buyer, order } = await bought(t);
    expect(await isFull(t, buyer)).toBe(true);
    const paid = await revenue();
    expect(paid.revenue - before.revenue).toBe(99_000);

    // the page: the question names what is left; a refund without a reason is refused and writes nothing
    const page = await (await t.page(`/manager/orders/${order}`, cookie)).text();
    expect(page).toContain('data-confirm="refund"');
    expect(page).toMatch(/up to 990 ₽ can still be refunded/);
    const noReason = await t.form(`/manager/orders/${order}`, { _form: "refund", reason: "", amount: "300" }, cookie);
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toContain("Give a reason");
    expect((await orderRow(t, order)).refundedAmount).toBe(0);

    const part = await t.form(`/manager/orders/${order}`, { _form: "refund", reason: "Ticket 1042: partly unhappy", amount: "300" }, cookie);
    expect(part.status).toBe(303);
    expect(await orderRow(t, order)).toMatchObject({ state: "paid", refundedAmount: 30_000 });
    expect(await isFull(t, buyer)).toBe(true);
    expect((await revenue()).revenue - before.revenue).toBe(69_000);
    const detail = await (await t.page(`/manager/orders/${order}`, cookie)).text();
    expect(detail).toContain("Partly refunded");
    expect(detail).toContain("Ticket 1042: partly unhappy");
    // the buyer's page says what managers did in the audit's words: the order named, money in rubles
    const person = (await (await t.page(`/manager/users/${buyer._id}`, cookie)).text()).replace(/<!-- -->/g, "");
    const history = person.slice(person.indexOf('data-section="history"'));
    expect(history).toContain("Money refunded");
    expect(history).toMatch(/Refunded<\/span>:\s*<del[^>]*>0\s₽<\/del> → <ins[^>]*>300\s₽/);
    expect(history).not.toContain("30000");

    // more than is left: refused, nothing written
    const tooMuch = await t.json("POST", `/api/manager/order/${order}/refund`, { reason: "Too much", amount: 70_000 }, M);
    expect(tooMuch.status).toBe(400);
    expect((await tooMuch.json()).error.fields.amount).toBe("More than is left to refund on this order");

    // the rest, by default
    const rest = await t.json("POST", `/api/manager/order/${order}/refund`, { reason: "Ticket 1042: the rest" }, M);
    expect(rest.status).toBe(200);
    expect(await orderRow(t, order)).toMatchObject({ state: "refunded", refundedAmount: 99_000 });
    expect(await isFull(t, buyer)).toBe(false);
    const after = await revenue();
    expect(after.revenue).toBe(before.revenue);
    expect(after.paidOrders).toBe(before.paidOrders);
    // the report is no longer the buyer's
    expect((await t.page("/report/full", `token=${buyer.token}`)).status).not.toBe(200);
    // nothing left: not offered any more, and refused
    expect(await (await t.page(`/manager/orders/${order}`, cookie)).text()).not.toContain('data-confirm="refund"');
    expect((await t.json("POST", `/api/manager/order/${order}/refund`, { reason: "Again" }, M)).status).toBe(409);

    const rows = await t.deps.db.select().from(refunds).where(eq(refunds.orderId, order));
    expect(rows.map((r) => [r.amount, r.provider, r.status]).sort()).toEqual([
      [30_000, "sandbox", "succeeded"],
      [69_000, "sandbox", "succeeded"],
    ]);
    expect((await actionsOn(t, order)).filter((a) => a === "orders.refund")).toHaveLength(2);
    // the buyer's own order list says so
    const mine = (await (await t.json("GET", "/api/order", undefined, buyer.h)).json()) as { docs: { _id: string; state: string }[] };
    expect(mine.docs.find((o) => o._id === order)).toMatchObject({ state: "refunded", refundedAmount: 99_000 });
    // the orders list, filtered by the new state
    const list2 = await (await t.page(`/manager/orders?match=${encodeURIComponent(JSON.stringify({ state: "refunded" }))}`, cookie)).text();
    expect(list2).toContain("Refunded");
  });

  it("the payments export carries the state and the refunded sum; in Russian as Russian Excel reads it (; and a decimal comma)", async () => {
    const { order } = await bought(t);
    await t.json("POST", `/api/manager/order/${order}/refund`, { reason: "Half", amount: 49_550 }, M);
    const ru = await (await t.json("POST", "/api/manager/exporting", { kind: "payments", format: "csv" }, { ...M, locale: "ru" })).text();
    const head = ru
      .replace(/^\uFEFF/, "")
      .split("\r\n")[0]!
      .split(";");
    expect(head).toContain("Возвращено");
    const line = ru
      .split("\r\n")
      .find((l) => l.startsWith(order))!
      .split(";");
    expect(line[head.indexOf("Возвращено")]).toBe("495,5");
    expect(line[head.indexOf("Состояние")]).toBe("Возвращён частично");
    const en = await (await t.json("POST", "/api/manager/exporting", { kind: "payments", format: "csv" }, M)).text();
    expect(en.split("\r\n").find((l) => l.startsWith(order))).toContain(",495.5,");
  });

  it("the buyer's page lists the receipt among the mails sent", async () => {
    const { buyer } = await bought(t);
    const page = await (await t.page(`/manager/users/${buyer._id}`, cookie)).text();
    expect(page).toMatch(/data-section="mails"[\s\S]*Receipt/);
  });

  it("records a manual refund without calling the provider", async () => {
    const { order } = await bought(t);
    const res = await t.json("POST", `/api/manager/order/${order}/refund`, { reason: "Sent back by bank transfer", manual: true }, M);
    expect(res.status).toBe(200);
    const [row] = await t.deps.db.select().from(refunds).where(eq(refunds.orderId, order));
    expect(row).toMatchObject({ provider: "manual", providerRefundId: null, amount: 99_000 });
  });
});

describe("a pending card order", () => {
  it("check with the provider: still pending says so; paid on the provider's side is credited and audited", async () => {
    const { buyer, order } = await bought(t, false);
    const page = await (await t.page(`/manager/orders/${order}`, cookie)).text();
    expect(page).toContain('data-action="check"');
    expect(page).toContain('data-confirm="creditManually"');
    const still = await t.form(`/manager/orders/${order}`, { _form: "check" }, cookie);
    expect(still.headers.get("location")).toContain("done=check_pending");
    expect((await orderRow(t, order)).state).toBe("pending");
    // the buyer paid, the notification never came
    await t.deps.db.update(payments).set({ status: "succeeded" }).where(eq(payments.orderId, order));
    const credited = await t.form(`/manager/orders/${order}`, { _form: "check" }, cookie);
    expect(credited.headers.get("location")).toContain("done=check_credited");
    expect((await orderRow(t, order)).state).toBe("paid");
    expect(await isFull(t, buyer)).toBe(true);
    const entry = (await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, order))).find(
      (a) => (a.changes as { outcome?: string })?.outcome === "credited",
    );
    expect(entry).toMatchObject({ action: "orders.check", changes: { outcome: "credited", state: { from: "pending", to: "paid" } } });
  });

  it("credit manually needs a reason, then credits once with the buyer's access and revenue", async () => {
    const { buyer, order } = await bought(t, false);
    const before = await revenue();
    expect((await t.json("POST", `/api/manager/order/${order}/credit`, { reason: "" }, M)).status).toBe(400);
    expect((await t.form(`/manager/orders/${order}`, { _form: "creditManually", reason: "Bank statement 27.11, payment 5521" }, cookie)).status).toBe(303);
    expect((await orderRow(t, order)).state).toBe("paid");
    expect(await isFull(t, buyer)).toBe(true);
    expect((await revenue()).revenue - before.revenue).toBe(99_000);
    expect(await actionsOn(t, order)).toContain("orders.creditManually");
    expect((await t.json("POST", `/api/manager/order/${order}/credit`, { reason: "Twice" }, M)).status).toBe(409);
  });

  it("cancel: the order becomes cancelled, audited", async () => {
    const { order } = await bought(t, false);
    expect((await t.form(`/manager/orders/${order}`, { _form: "cancel" }, cookie)).status).toBe(303);
    expect((await orderRow(t, order)).state).toBe("cancelled");
    expect(await actionsOn(t, order)).toContain("orders.cancel");
  });
});

describe("a refund through YooKassa (the local fake of its API)", () => {
  const fake = new FakeYooKassa();
  let y: TestApp;
  let YM: Record<string, string>;
  beforeAll(async () => {
    await fake.start();
    y = await createTestApp({
      SEED_DEMO: "false",
      PAYMENT_PROVIDER: "yookassa",
      YOOKASSA_SHOP_ID: SHOP.id,
      YOOKASSA_SECRET_KEY: SHOP.key,
      YOOKASSA_API_URL: fake.url,
    });
    YM = { ...(await manager(y)).h, locale: "en" };
  }, 120_000);
  afterAll(async () => {
    await y.close();
    await new Promise((r) => fake.server.close(r));
  });

  async function paidWithYooKassa() {
    const { buyer, order } = await bought(y, false);
    const [payment] = await y.deps.db.select().from(payments).where(eq(payments.orderId, order));
    fake.decide(payment!.providerPaymentId!, "succeeded");
    const check = await y.json("POST", `/api/manager/order/${order}/check`, undefined, YM);
    expect(await check.json()).toMatchObject({ outcome: "credited", state: "paid" });
    return { buyer, order, providerId: payment!.providerPaymentId! };
  }

  it("calls POST /refunds with the payment, the amount in rubles and an Idempotence-Key, and records YooKassa's refund", async () => {
    const { buyer, order, providerId } = await paidWithYooKassa();
    const res = await y.json("POST", `/api/manager/order/${order}/refund`, { reason: "Customer asked", amount: 19_050 }, YM);
    expect(res.status).toBe(200);
    const call = fake.refundCalls.at(-1)!;
    expect(call.idempotenceKey).toBe(`refund-${order}-0-19050`);
    expect(call.body).toMatchObject({ payment_id: providerId, amount: { value: "190.50", currency: "RUB" }, description: "Customer asked" });
    const [row] = await y.deps.db.select().from(refunds).where(eq(refunds.orderId, order));
    expect(row).toMatchObject({ provider: "yookassa", status: "succeeded", amount: 19_050 });
    expect(row!.providerRefundId).toBe([...fake.refunds.values()].at(-1)!.doc.id);
    // the rest
    expect((await y.json("POST", `/api/manager/order/${order}/refund`, { reason: "The rest" }, YM)).status).toBe(200);
    expect(fake.refundCalls.at(-1)!.body).toMatchObject({ amount: { value: "799.50" } });
    expect(await orderRow(y, order)).toMatchObject({ state: "refunded", refundedAmount: 99_000 });
    expect(await isFull(y, buyer)).toBe(false);
  });

  it("a refund YooKassa refuses writes nothing and says so", async () => {
    const { buyer, order } = await paidWithYooKassa();
    fake.refuseNextRefund = true;
    const res = await y.json("POST", `/api/manager/order/${order}/refund`, { reason: "Customer asked" }, YM);
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toContain("refused the refund");
    expect(await orderRow(y, order)).toMatchObject({ state: "paid", refundedAmount: 0 });
    expect(await y.deps.db.select().from(refunds).where(eq(refunds.orderId, order))).toHaveLength(0);
    expect(await isFull(y, buyer)).toBe(true);
    expect(await actionsOn(y, order)).not.toContain("orders.refund");
  });
});
