// /api/payment: start a payment, and YooKassa's notification (spec §7).
import * as X from "./answer-schemas";
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../context";
import { notFound } from "../lib/errors";
import { answers, validate } from "../lib/validate";
import { guard } from "../middleware/guards";
import { COUPON_COOKIE, paymentSchema, settlePayment, startPayment, withCookieCoupon } from "../services/payments";

export const paymentsApi = new Hono<AppEnv>();

paymentsApi.post("/", guard("auth"), validate("json", paymentSchema), answers(X.payment, 201), async (c) =>
  c.json(await startPayment(c.get("scope"), withCookieCoupon(c.req.valid("json"), getCookie(c, COUPON_COOKIE))), 201),
);

/**
 * YooKassa's HTTP notification. Its body is never trusted: we only take the payment id from it
 * and ask YooKassa for the payment, so a forged or repeated notification can't credit anything.
 */
paymentsApi.post("/yookassa/notify", answers(X.notified), async (c) => {
  if (c.get("scope").deps.config.PAYMENT_PROVIDER !== "yookassa") throw notFound();
  const body = (await c.req.json().catch(() => null)) as { object?: { id?: unknown } } | null;
  const id = typeof body?.object?.id === "string" ? body.object.id : null;
  const outcome = id ? await settlePayment(c.get("scope"), id) : "bad_request";
  // 200 either way: YooKassa would otherwise retry a notification we have already judged
  return c.json({ outcome });
});
