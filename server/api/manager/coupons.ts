// /api/manager/coupon: coupons in the back-office (spec manager §7).
import { Hono } from "hono";
import { validate } from "../../lib/validate";
import { couponSchema, createCoupon } from "../../services/referrals";
import type { ManagerEnv } from ".";

export const managerCouponsApi = new Hono<ManagerEnv>().post("/", validate("json", couponSchema), async (c) => c.json(await createCoupon(c.var.deps.db, c.req.valid("json")), 201));
