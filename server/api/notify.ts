// /api/notify: a generic site form by name, and the business-order notice to the managers.
import * as X from "./answer-schemas";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { idSchema } from "../lib/ids";
import { answers, validate } from "../lib/validate";
import { guard } from "../middleware/guards";
import { notifyBusinessOrder } from "../services/payments/business";
import { submitLeadResponse } from "./leads";

/** `form` names which one (demo, research, consultation, webinar). */
const sendFormSchema = z.object({ form: z.enum(["demo", "research", "consultation", "webinar"]) }).loose();

export const notifyApi = new Hono<AppEnv>();

notifyApi.post("/send-form", validate("json", sendFormSchema), answers(X.lead, 201), async (c) => {
  const body = c.req.valid("json");
  return submitLeadResponse(c, body.form, body);
});

/** A GET that sends mail: only with the Authorization header, and once per order. */
notifyApi.get("/order-business", guard("bearer"), validate("query", z.object({ order: idSchema() })), answers(X.businessOrderNotice), async (c) =>
  c.json(await notifyBusinessOrder(c.get("scope"), c.req.valid("query").order)),
);
