// Orders and payments, one file per concern: prices and plans, coupon rules, providers,
// checkout, settlement (an order is credited exactly once, after the provider confirms) and
// orders. Business purchases are in ./business, coupon redemption in ./coupons.
export { COUPON_COOKIE } from "../../lib/tracking";
export { CORPORATE_MIN, DEFAULT_PLANS, DEFAULT_PRICES, getPlans, getPrices, planFor, type PlanKey, type Plans, type Prices } from "./prices";
export { applyDiscount, findUsableCoupon, type CouponRow } from "./coupon-rules";
export { providerFor } from "./providers";
export { paymentSchema, startPayment, withCookieCoupon } from "./checkout";
export { creditOrder, getOwnSandboxPayment, sandboxDecide, settlePayment } from "./settlement";
export { getOwnOrder, listOrders, toOrderDoc, type OrderRow } from "./orders";
