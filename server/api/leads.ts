// The site's lead forms as the spec's calls: /api/amo/business-lead (business demo request),
// /api/consultation (tickets and the check), /api/webinar/user. One resource, the spec's three
// prefixes; /api/notify/send-form (notify.ts) takes any of them by name.
import * as X from "./answer-schemas";
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { forbidden } from "../lib/errors";
import { leadSender } from "../lib/http";
import { answers, validate } from "../lib/validate";
import { guard } from "../middleware/guards";
import { hasConsultation, submitLead, type LeadKind } from "../services/leads";

/** Saves a lead for the caller; the service validates the fields (one rule with the pages). */
export async function submitLeadResponse(c: Context, kind: LeadKind, input: unknown) {
  return c.json(await submitLead(c.get("scope"), kind, input, leadSender(c, input)), 201);
}

// z.unknown() answers malformed JSON with our 400; submitLead checks the fields
const leadRoute = (kind: LeadKind) =>
  [validate("json", z.unknown()), answers(X.lead, 201), (c: Context) => submitLeadResponse(c, kind, c.req.valid("json" as never))] as const;

export const amoApi = new Hono<AppEnv>().post("/business-lead", ...leadRoute("demo"));

export const consultationApi = new Hono<AppEnv>()
  .post("/add-ticket", ...leadRoute("consultation"))
  // Only about the caller's own address: otherwise anyone could learn who asked us for advice.
  .get("/check", guard("auth"), validate("query", z.object({ email: z.email().optional() })), answers(X.consultationExists), async (c) => {
    const asked = c.req.valid("query").email?.toLowerCase();
    if (asked && asked !== c.get("user").email) throw forbidden();
    return c.json({ exists: await hasConsultation(c.get("scope").db, c.get("user").email) });
  });

export const webinarApi = new Hono<AppEnv>().post("/user", ...leadRoute("webinar"));
