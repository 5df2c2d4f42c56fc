// /api/manager/referral: referral links and their statistics (spec manager §7).
import { Hono } from "hono";
import { pathId } from "../../lib/ids";
import { validate } from "../../lib/validate";
import { createReferral, referralSchema, referralStat } from "../../services/referrals";
import type { ManagerEnv } from ".";

export const managerReferralsApi = new Hono<ManagerEnv>()
  .post("/", validate("json", referralSchema), async (c) => c.json(await createReferral(c.var.deps.db, c.var.deps.config.PUBLIC_URL, c.req.valid("json")), 201))
  .get("/:id/stat", async (c) => c.json(await referralStat(c.var.deps.db, pathId(c))));
