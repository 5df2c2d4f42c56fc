// /api/payment, /api/coupon, /api/order and the YooKassa notification (spec §7).
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../context";
import { notFound, unauthorized } from "../lib/errors";
import { rememberCoupon } from "../lib/http";
import { ID_PATTERN } from "../lib/ids";
import { validate } from "../lib/validate";
import { guard } from "../middleware/guards";
import { COUPON_COOKIE, getOwnOrder, listOrders, paymentSchema, settlePayment, startPayment, toOrderDoc } from "../services/payments";
import { couponCodeSchema, redeemCoupon } from "../services/payments/coupons";

export const paymentsApi = new Hono<AppEnv>();
const user = (c: { var: AppEnv["Variables"] }) => {
  if (!c.var.auth) throw unauthorized();
  return c.var.auth.user;
};

paymentsApi.post("/payment", guard("auth"), validate("json", paymentSchema), async (c) =>
  c.json(await startPayment(c.var.deps, user(c), c.req.valid("json"), getCookie(c, COUPON_COOKIE)), 201),
);

paymentsApi.post("/coupon", guard("auth"), validate("json", couponCodeSchema), async (c) =>
  c.json(rememberCoupon(c, await redeemCoupon(c.var.deps, user(c), c.req.valid("json").code))),
);

paymentsApi.get("/order", guard("auth"), async (c) => c.json({ docs: (await listOrders(c.var.deps.db, user(c).id)).map(toOrderDoc) }));

paymentsApi.get("/order/:id", guard("auth"), async (c) => {
  const id = c.req.param("id");
  if (!ID_PATTERN.test(id)) throw notFound();
  return c.json(toOrderDoc(await getOwnOrder(c.var.deps.db, user(c).id, id)));
});

/**
 * YooKassa's HTTP notification. Its body is never trusted: we only take the payment id from it
 * and ask YooKassa for the payment, so a forged or repeated notification can't credit anything.
 */
paymentsApi.post("/payment/yookassa/notify", async (c) => {
  if (c.var.deps.config.PAYMENT_PROVIDER !== "yookassa") throw notFound();
  const body = (await c.req.json().catch(() => null)) as { object?: { id?: unknown } } | null;
  const id = typeof body?.object?.id === "string" ? body.object.id : null;
  const outcome = id ? await settlePayment(c.var.deps, id) : "bad_request";
  // 200 either way: YooKassa would otherwise retry a notification we have already judged
  return c.json({ outcome });
});
