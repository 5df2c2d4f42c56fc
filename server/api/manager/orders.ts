// /api/manager/orders: the back-office action for an invoice paid by bank transfer.
import { Hono } from "hono";
import { pathId } from "../../lib/ids";
import { markInvoicePaid } from "../../services/payments/business";
import type { ManagerEnv } from ".";

export const managerOrdersApi = new Hono<ManagerEnv>().post("/:id/paid", async (c) => c.json({ credited: await markInvoicePaid(c.get("deps").db, pathId(c)) }));
