// /api/order: the user's own orders, an invoice's PDF, and the retake call the spec files here.
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { notFound } from "../lib/errors";
import { ID_PARAM, pathId } from "../lib/ids";
import { guard } from "../middleware/guards";
import { getOwnOrder, listOrders, toOrderDoc } from "../services/payments";
import { invoicePdf } from "../services/payments/business";
import { progressOf, resetResult, toResultDoc } from "../services/testing";

export const ordersApi = new Hono<AppEnv>().use(guard("auth"));

ordersApi.get("/", async (c) => c.json({ docs: (await listOrders(c.get("deps").db, c.get("user").id)).map(toOrderDoc) }));

/** Starts a retake: a new open result (the old one is kept). Spec path, despite the name; a GET
 * that writes, so only with the Authorization header. */
ordersApi.get("/reset_result", guard("bearer"), async (c) => {
  const db = c.get("deps").db;
  const result = await resetResult(db, c.get("user"));
  return c.json({ ...toResultDoc(result), progress: await progressOf(db, result) });
});

ordersApi.get(`/${ID_PARAM}`, async (c) => c.json(toOrderDoc(await getOwnOrder(c.get("deps").db, c.get("user").id, pathId(c)))));

ordersApi.get(`/${ID_PARAM}/invoice.pdf`, async (c) => {
  const order = await getOwnOrder(c.get("deps").db, c.get("user").id, pathId(c));
  if (order.method !== "invoice") throw notFound();
  const pdf = await invoicePdf(c.get("deps").db, order, c.get("user"), c.get("deps").config.TIME_ZONE);
  return c.body(pdf as unknown as ArrayBuffer, 200, {
    "Content-Type": "application/pdf",
    "Content-Disposition": `inline; filename="invoice-${order.invoiceNumber}.pdf"`,
  });
});
