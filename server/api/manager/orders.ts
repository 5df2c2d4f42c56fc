// /api/manager/orders: the back-office action for an invoice paid by bank transfer.
import { answers } from "../../lib/validate";
import * as M from "./answer-schemas";
import { Hono } from "hono";
import { ID_PARAM, pathId } from "../../lib/ids";
import { markInvoicePaidBy, unmarkInvoicePaid } from "../../admin/orders";
import type { ManagerEnv } from ".";

export const managerOrdersApi = new Hono<ManagerEnv>()
  .post(`/${ID_PARAM}/paid`, answers(M.credited), async (c) => c.json({ credited: await markInvoicePaidBy(c.get("scope"), pathId(c)) }))
  // takes a mistaken mark back: within 24 h, while the credited invites are unused (409 otherwise)
  .post(`/${ID_PARAM}/unpaid`, answers(M.unmarked), async (c) => {
    await unmarkInvoicePaid(c.get("scope"), pathId(c));
    return c.json({ unmarked: true });
  });
