// /api/manager: the back-office. The admin guard is applied here once, so no manager route can
// exist without it; each resource is its own module mounted at its own prefix.
import { Hono } from "hono";
import type { AppEnv } from "../../context";
import { guard } from "../../middleware/guards";
import { managerCouponsApi } from "./coupons";
import { managerOrdersApi } from "./orders";
import { managerReferralsApi } from "./referrals";
import { managerSettingsApi } from "./settings";
import { managerUsersApi } from "./users";

export const managerApi = new Hono<AppEnv>()
  .use(guard("admin"))
  .route("/user", managerUsersApi)
  .route("/orders", managerOrdersApi)
  .route("/coupon", managerCouponsApi)
  .route("/referral", managerReferralsApi)
  .route("/setting", managerSettingsApi);

/** The environment every manager module's handlers run in (the guard above guarantees it). */
export type ManagerEnv = import("../../middleware/guards").GuardedEnv<["admin"]>;
