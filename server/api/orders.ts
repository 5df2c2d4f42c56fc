// /api/order: the user's own orders, an invoice's PDF, and the retake call the spec files here.
import { z } from "zod";
import * as X from "./answer-schemas";
import { answers } from "../lib/validate";
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { notFound } from "../lib/errors";
import { ID_PARAM, pathId } from "../lib/ids";
import { guard } from "../middleware/guards";
import { getOwnOrder, listOrders, toOrderDoc } from "../services/payments";
import { invoicePdf } from "../services/payments/business";
import { progressOf, resetResult, toResultDoc } from "../services/testing";

export const ordersApi = new Hono<AppEnv>().use(guard("auth"));

ordersApi.get("/", answers(X.orders), async (c) => c.json({ docs: (await listOrders(c.get("scope"))).map(toOrderDoc) }));

/** Starts a retake: a new open result (the old one is kept). Spec path, despite the name; a GET
 * that writes, so only with the Authorization header. */
ordersApi.get("/reset_result", guard("bearer"), answers(X.resultInProgress), async (c) => {
  const db = c.get("scope").db;
  const result = await resetResult(c.get("scope"), c.get("user"));
  return c.json({ ...toResultDoc(result), progress: await progressOf(db, result) });
});

ordersApi.get(`/${ID_PARAM}`, answers(X.order), async (c) => c.json(toOrderDoc(await getOwnOrder(c.get("scope"), pathId(c)))));

ordersApi.get(`/${ID_PARAM}/invoice.pdf`, answers(z.string(), 200, "application/pdf"), async (c) => {
  const order = await getOwnOrder(c.get("scope"), pathId(c));
  if (order.method !== "invoice") throw notFound();
  const pdf = await invoicePdf(c.get("scope").db, order, c.get("user"), c.get("scope").deps.config.TIME_ZONE);
  return c.body(pdf as unknown as ArrayBuffer, 200, {
    "Content-Type": "application/pdf",
    "Content-Disposition": `inline; filename="invoice-${order.invoiceNumber}.pdf"`,
  });
});
