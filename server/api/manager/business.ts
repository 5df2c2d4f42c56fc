// /api/manager/business: requests from the public forms, a business account by hand, invites.
import { Hono } from "hono";
import { createBusinessAccount, createBusinessSchema, deleteInvite, listRequests, setRequestStatus, statusSchema } from "../../admin/business";
import { pathId } from "../../lib/ids";
import { validate } from "../../lib/validate";
import type { ManagerEnv } from ".";

export const managerBusinessApi = new Hono<ManagerEnv>()
  .get("/requests", async (c) => c.json(await listRequests(c.get("deps").db, c.req.query())))
  .put("/requests/:source/:id", validate("json", statusSchema), async (c) =>
    c.json(await setRequestStatus(c.get("scope"), c.req.param("source"), pathId(c), c.req.valid("json").status)),
  )
  .post("/create", validate("json", createBusinessSchema), async (c) => c.json(await createBusinessAccount(c.get("scope"), c.req.valid("json")), 201))
  .delete("/invites/:id", async (c) => c.json(await deleteInvite(c.get("scope"), pathId(c))));
