// Business purchases (the cabinet itself comes with its own issue).
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { notFound, unauthorized } from "../lib/errors";
import { ID_PATTERN } from "../lib/ids";
import { validate } from "../lib/validate";
import { guard } from "../middleware/guards";
import { getOwnOrder } from "../services/payments";
import { activateBusiness, invoicePdf, markInvoicePaid, notifyBusinessOrder, refill, refillSchema } from "../services/payments/business";

export const businessApi = new Hono<AppEnv>();
const user = (c: { var: AppEnv["Variables"] }) => {
  if (!c.var.auth) throw unauthorized();
  return c.var.auth.user;
};

businessApi.post("/business", guard("auth"), validate("json", z.object({ name: z.string().trim().max(120).optional() }).default({})), async (c) => {
  const project = await activateBusiness(c.var.deps.db, user(c), c.req.valid("json").name);
  return c.json({ project: { _id: project.id, name: project.name, inviteBalance: project.inviteBalance } }, 201);
});

businessApi.post("/business/refill", guard("auth"), validate("json", refillSchema), async (c) => c.json(await refill(c.var.deps, user(c), c.req.valid("json")), 201));

businessApi.get("/order/:id/invoice.pdf", guard("auth"), async (c) => {
  const id = c.req.param("id");
  if (!ID_PATTERN.test(id)) throw notFound();
  const order = await getOwnOrder(c.var.deps.db, user(c).id, id);
  if (order.method !== "invoice") throw notFound();
  const pdf = await invoicePdf(c.var.deps.db, order, user(c));
  return c.body(pdf as unknown as ArrayBuffer, 200, { "Content-Type": "application/pdf", "Content-Disposition": `inline; filename="invoice-${order.invoiceNumber}.pdf"` });
});

businessApi.get("/notify/order-business", guard("auth"), validate("query", z.object({ order: z.string().regex(ID_PATTERN) })), async (c) =>
  c.json(await notifyBusinessOrder(c.var.deps, user(c), c.req.valid("query").order)),
);

/** The back-office action for an invoice paid by bank transfer. */
businessApi.post("/manager/orders/:id/paid", guard("admin"), async (c) => {
  const id = c.req.param("id");
  if (!ID_PATTERN.test(id)) throw notFound();
  return c.json({ credited: await markInvoicePaid(c.var.deps.db, id) });
});
