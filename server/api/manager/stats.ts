// /api/manager/stat: the overall object and the four series (spec manager §7).
import * as M from "./answer-schemas";
import { Hono } from "hono";
import { businessAccountsByDays, monthsQuerySchema, overall, paymentsByDays, seriesQuerySchema, usersByDays, usersByMonths } from "../../admin/stats";
import { answers, validate } from "../../lib/validate";
import type { ManagerEnv } from ".";

export const managerStatsApi = new Hono<ManagerEnv>()
  .get("/", answers(M.overall), async (c) => c.json(await overall(c.get("scope").db)))
  .get("/users-by-days", validate("query", seriesQuerySchema), answers(M.series), async (c) =>
    c.json({ docs: await usersByDays(c.get("scope").db, c.req.valid("query").days) }),
  )
  .get("/users-by-months", validate("query", monthsQuerySchema), answers(M.series), async (c) =>
    c.json({ docs: await usersByMonths(c.get("scope").db, c.req.valid("query").months) }),
  )
  .get("/business-accounts-by-days", validate("query", seriesQuerySchema), answers(M.series), async (c) =>
    c.json({ docs: await businessAccountsByDays(c.get("scope").db, c.req.valid("query").days) }),
  )
  .get("/payments-by-days", validate("query", seriesQuerySchema), answers(M.series), async (c) =>
    c.json({ docs: await paymentsByDays(c.get("scope").db, c.req.valid("query").days) }),
  );
