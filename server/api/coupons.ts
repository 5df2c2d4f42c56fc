// POST /api/coupon: apply a coupon code for the signed-in user.
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { validate } from "../lib/validate";
import { guard } from "../middleware/guards";
import { redeemCoupon } from "../services/payments/coupons";

const codeSchema = z.object({ code: z.string().trim().min(1, "common.validation.required").max(64) });

export const couponsApi = new Hono<AppEnv>().post("/", guard("auth"), validate("json", codeSchema), async (c) =>
  c.json(await redeemCoupon(c, c.var.user, c.req.valid("json").code)),
);
