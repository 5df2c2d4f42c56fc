// The scale-out driver: the same app on the libSQL client (a local file opened through
// @libsql/client, as a libSQL server or Turso would be reached), migrated and seeded at start,
// through the flows whose correctness rests on the database: answers and scoring, a purchase
// credited once, and the atomic coupon and invoice-number writes.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, users } from "../../db/schema";
import { createTestApp, type TestApp, fillSellerDetails } from "../helpers";
import { businessProject, MANAGER_ENV, signInManager } from "../fixtures";
import { signUp, takeTest } from "../respondent";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DATABASE_DRIVER: "libsql", ...MANAGER_ENV });
  await fillSellerDetails(t);
});
afterAll(() => t.close());

describe("on libSQL", () => {
  it("migrates, seeds and reports the driver in the health check", async () => {
    expect(await (await t.app.request("/api/health")).json()).toMatchObject({ status: "ok", database: "libsql" });
    expect((await (await t.app.request("/api/format")).json()).docs).toHaveLength(27);
    expect((await t.app.request("/?lang=en")).status).toBe(200);
  });

  it("takes a whole test, scores it and sells the full report once", async () => {
    const r = await signUp(t, "libsql");
    const result = await takeTest(t, r);
    const format = await (await t.json("GET", `/api/result/${result}/format`, undefined, r.h)).json();
    expect(format.format.code).toMatch(/^[A-Z]{3}-[A-Z]{3,4}-[A-Z]{3,4}$/);
    const { order, redirect } = await (await t.json("POST", "/api/payment", { entityType: "report" }, r.h)).json();
    const form = { Cookie: `token=${r.token}`, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost", Host: "localhost" };
    await Promise.all([1, 2].map(() => t.app.request(redirect, { method: "POST", headers: form, body: "decision=pay" })));
    const [o] = await t.deps.db.select().from(orders).where(eq(orders.id, order));
    expect(o!.state).toBe("paid");
    expect((await t.deps.db.select().from(users).where(eq(users.id, r._id)))[0]!.isFull).toBe(true);
  });

  it("keeps the atomic writes atomic: one free coupon use per person, distinct invoice numbers", async () => {
    const admin = (await signInManager(t)).h;
    const coupon = await t.json("POST", "/api/manager/coupon", { code: "LIBSQL100", type: "percent", amount: 100, count: 5 }, admin);
    expect(coupon.status, await coupon.clone().text()).toBe(201);
    const r = await signUp(t, "libsql-coupon");
    const answers = await Promise.all([1, 2].map(() => t.json("POST", "/api/coupon", { code: "LIBSQL100" }, r.h)));
    // the checkouts are units of work taking turns: the second sees the first's use ("already used")
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);

    const owner = await signUp(t, "libsql-owner");
    const project = (await businessProject(t, { owner: owner })).id;
    const made = await Promise.all(
      [1, 2, 3].map(() => t.json("POST", "/api/business/refill", { project, quantity: 5, method: "invoice", company: "Acme LLC", inn: "7701234567" }, owner.h)),
    );
    for (const m of made) expect(m.status, await m.clone().text()).toBe(201);
    const numbers = await Promise.all(
      made.map(
        async (m) =>
          (
            await t.deps.db
              .select()
              .from(orders)
              .where(eq(orders.id, (await m.json()).order))
          )[0]!.invoiceNumber,
      ),
    );
    expect(new Set(numbers).size).toBe(3);
  });
});
