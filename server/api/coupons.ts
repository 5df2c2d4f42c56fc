// POST /api/coupon: apply a coupon code for the signed-in user.
import * as X from "./answer-schemas";
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { rememberCoupon } from "../lib/http";
import { answers, validate } from "../lib/validate";
import { guard } from "../middleware/guards";
import { couponCodeSchema, redeemCoupon } from "../services/payments/coupons";

export const couponsApi = new Hono<AppEnv>().post("/", guard("auth"), validate("json", couponCodeSchema), answers(X.coupon), async (c) =>
  c.json(rememberCoupon(c, await redeemCoupon(c.get("scope"), c.req.valid("json").code))),
);
