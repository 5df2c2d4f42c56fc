// /api/manager/business: requests from the public forms (each with its mails and a reply by
// e-mail), a business account by hand, invites.
import { Hono } from "hono";
import {
  createBusinessAccount,
  createBusinessSchema,
  deleteInvite,
  listRequests,
  replySchema,
  replyToRequest,
  requestThread,
  setRequestStatus,
  statusSchema,
} from "../../admin/business";
import { ID_PARAM, pathId } from "../../lib/ids";
import { validate } from "../../lib/validate";
import type { ManagerEnv } from ".";

export const managerBusinessApi = new Hono<ManagerEnv>()
  .get("/requests", async (c) => c.json(await listRequests(c.get("deps").db, c.req.query())))
  // one request with the mails sent to its address and its history; a reply by e-mail
  .get(`/requests/:source/${ID_PARAM}`, async (c) => c.json(await requestThread(c.get("deps").db, c.req.param("source"), pathId(c))))
  .post(`/requests/:source/${ID_PARAM}/reply`, validate("json", replySchema), async (c) =>
    c.json(await replyToRequest(c.get("scope"), c.req.param("source"), pathId(c), c.req.valid("json")), 201),
  )
  .put(`/requests/:source/${ID_PARAM}`, validate("json", statusSchema), async (c) =>
    c.json(await setRequestStatus(c.get("scope"), c.req.param("source"), pathId(c), c.req.valid("json").status)),
  )
  .post("/create", validate("json", createBusinessSchema), async (c) => c.json(await createBusinessAccount(c.get("scope"), c.req.valid("json")), 201))
  .delete(`/invites/${ID_PARAM}`, async (c) => c.json(await deleteInvite(c.get("scope"), pathId(c))));
