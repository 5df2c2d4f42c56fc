// Manager calls for coupons and referrals (spec manager §7); the back-office pages come later.
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { notFound } from "../lib/errors";
import { ID_PATTERN } from "../lib/ids";
import { validate } from "../lib/validate";
import { guard } from "../middleware/guards";
import { couponSchema, createCoupon, createReferral, referralSchema, referralStat } from "../services/referrals";

export const managerSalesApi = new Hono<AppEnv>();
managerSalesApi.use("*", guard("admin"));
managerSalesApi.post("/coupon", validate("json", couponSchema), async (c) => c.json(await createCoupon(c.var.deps.db, c.req.valid("json")), 201));
managerSalesApi.post("/referral", validate("json", referralSchema), async (c) =>
  c.json(await createReferral(c.var.deps.db, c.var.deps.config.PUBLIC_URL, c.req.valid("json")), 201),
);
managerSalesApi.get("/referral/:id/stat", async (c) => {
  const id = c.req.param("id");
  if (!ID_PATTERN.test(id)) throw notFound();
  return c.json(await referralStat(c.var.deps.db, id));
});
