// /api/manager/setting: the operator's settings. For now the seller's details for invoices (the
// back-office settings list comes with its own issue).
import { Hono } from "hono";
import { validate } from "../../lib/validate";
import { getSeller, saveSeller, sellerSchema } from "../../services/payments/business";
import type { ManagerEnv } from ".";

export const managerSettingsApi = new Hono<ManagerEnv>()
  .get("/seller", async (c) => c.json({ seller: await getSeller(c.var.deps.db) }))
  .put("/seller", validate("json", sellerSchema), async (c) => {
    await saveSeller(c.var.deps.db, c.req.valid("json"));
    return c.json({ seller: await getSeller(c.var.deps.db) });
  });
