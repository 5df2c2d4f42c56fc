// A payment credited inside a caller's unit of work joins it: the receipt it queues commits with the
// caller's change and leaves only after that commit; when the caller's unit fails afterwards, the
// credit, the receipt's job and the mail are all gone, as if the payment had never been settled.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs, orders, payments, users } from "../../db/schema";
import { createId } from "../../server/lib/ids";
import { transaction, userScopeOf } from "../../server/scope";
import { creditOrder, settleFrom } from "../../server/services/payments/settlement";
import { type Person, user } from "../fixtures";
import { createTestApp, type TestApp } from "../helpers";
import { startSmtpSink } from "../mail";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const mailsTo = (p: Person) => smtp.received.filter((m) => m.to.includes(p.email));
const receiptJobs = async (orderId: string) =>
  (await t.deps.db.select().from(jobs).where(eq(jobs.kind, "receipt"))).filter((j) => (j.payload as { orderId?: string }).orderId === orderId);
const orderOf = async (id: string) => (await t.deps.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const isFull = async (p: Person) => (await t.deps.db.select().from(users).where(eq(users.id, p._id)))[0]!.isFull;

/** A buyer with an unpaid full-report order, and the scope they act in. */
async function pendingOrder() {
  const buyer = await user(t, { locale: "en" });
  const id = createId();
  await t.deps.db.insert(orders).values({ id, userId: buyer._id, entityType: "report", quantity: 1, amount: 99_000 });
  const [row] = await t.deps.db.select().from(users).where(eq(users.id, buyer._id));
  return { buyer, id, scope: userScopeOf(t.deps, row!) };
}

/** Every job that is due has run (the inline run after a commit, or the runner's tick). */
async function settled() {
  await t.deps.jobs.runDue();
  await new Promise((r) => setTimeout(r, 100));
}

describe("a payment inside an outer unit of work", () => {
  it("an outer unit that fails after the credit: no credit, no receipt queued, no mail", async () => {
    const { buyer, id, scope } = await pendingOrder();
    await expect(
      transaction(scope, async (tx) => {
        expect(await creditOrder(tx, id)).toBe(true);
        throw new Error("the caller's next step failed");
      }),
    ).rejects.toThrow("the caller's next step failed");
    await settled();
    expect((await orderOf(id)).state).toBe("pending");
    expect(await isFull(buyer)).toBe(false);
    expect(await receiptJobs(id)).toEqual([]);
    expect(mailsTo(buyer)).toEqual([]);
    // and the order can still be paid afterwards, with its one receipt
    expect(await creditOrder(scope, id)).toBe(true);
    await settled();
    expect(mailsTo(buyer).filter((m) => m.subject.startsWith("Your receipt"))).toHaveLength(1);
  });

  it("a provider's confirmation settled inside a unit that fails: the payment stays pending and nothing is sent", async () => {
    const { buyer, id, scope } = await pendingOrder();
    const paymentId = createId();
    await t.deps.db
      .insert(payments)
      .values({ id: paymentId, orderId: id, provider: "sandbox", idempotenceKey: `order-${id}`, amount: 99_000, status: "pending" });
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.id, paymentId));
    const remote = { id: paymentId, status: "succeeded" as const, amount: 99_000, currency: "RUB", orderId: id, raw: {} };
    await expect(
      transaction(scope, async (tx) => {
        expect(await settleFrom(tx, payment!, remote)).toBe("credited");
        throw new Error("audit write failed");
      }),
    ).rejects.toThrow("audit write failed");
    await settled();
    expect((await orderOf(id)).state).toBe("pending");
    expect((await t.deps.db.select().from(payments).where(eq(payments.id, paymentId)))[0]!.status).toBe("pending");
    expect(await receiptJobs(id)).toEqual([]);
    expect(mailsTo(buyer)).toEqual([]);
  });

  it("an outer unit that commits: the receipt leaves after the commit, and once", async () => {
    const { buyer, id, scope } = await pendingOrder();
    let sentInside = -1;
    await transaction(scope, async (tx) => {
      expect(await creditOrder(tx, id)).toBe(true);
      sentInside = mailsTo(buyer).length; // nothing may leave before the outer commit
    });
    expect(sentInside).toBe(0);
    await settled();
    expect((await orderOf(id)).state).toBe("paid");
    expect(await isFull(buyer)).toBe(true);
    const [job] = await receiptJobs(id);
    expect(job?.doneAt).toBeTruthy();
    expect(mailsTo(buyer).filter((m) => m.subject.startsWith("Your receipt"))).toHaveLength(1);
    // crediting again (a repeated notification) sends nothing more
    expect(await creditOrder(scope, id)).toBe(false);
    await settled();
    expect(mailsTo(buyer)).toHaveLength(1);
  });
});
