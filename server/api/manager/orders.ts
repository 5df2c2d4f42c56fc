// /api/manager/orders: the back-office action for an invoice paid by bank transfer.
import { Hono } from "hono";
import { pathId } from "../../lib/ids";
import { markInvoicePaidBy } from "../../admin/orders";
import type { ManagerEnv } from ".";

export const managerOrdersApi = new Hono<ManagerEnv>().post("/:id/paid", async (c) => c.json({ credited: await markInvoicePaidBy(c.get("scope"), pathId(c)) }));
