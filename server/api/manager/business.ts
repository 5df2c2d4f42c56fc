// /api/manager/business: requests from the public forms (each with its mails and a reply by
// e-mail), a business account by hand, invites.
import * as M from "./answer-schemas";
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
import { pathId, ID_PARAM } from "../../lib/ids";
import { answers, validate } from "../../lib/validate";
import type { ManagerEnv } from ".";

export const managerBusinessApi = new Hono<ManagerEnv>()
  .get("/requests", answers(M.list), async (c) => c.json(await listRequests(c.get("scope").db, c.req.query())))
  // one request with the mails sent to its address and its history; a reply by e-mail
  .get(`/requests/:source/${ID_PARAM}`, answers(M.requestThread), async (c) => c.json(await requestThread(c.get("scope").db, c.req.param("source"), pathId(c))))
  .post(`/requests/:source/${ID_PARAM}/reply`, validate("json", replySchema), answers(M.replied, 201), async (c) =>
    c.json(await replyToRequest(c.get("scope"), c.req.param("source"), pathId(c), c.req.valid("json")), 201),
  )
  .put(`/requests/:source/${ID_PARAM}`, validate("json", statusSchema), answers(M.requestStatus), async (c) =>
    c.json(await setRequestStatus(c.get("scope"), c.req.param("source"), pathId(c), c.req.valid("json").status)),
  )
  .post("/create", validate("json", createBusinessSchema), answers(M.businessCreated, 201), async (c) =>
    c.json(await createBusinessAccount(c.get("scope"), c.req.valid("json")), 201),
  )
  .delete(`/invites/${ID_PARAM}`, answers(M.deletedId), async (c) => c.json(await deleteInvite(c.get("scope"), pathId(c))));
