// Marketing forms: business demo requests and leads, lab research requests, consultation
// tickets and webinar sign-ups. API calls and the no-script page forms both land here.
import { systemScope, transaction, type Scope } from "../scope";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { businessRequests, consultationTickets, webinarSignups } from "../../db/schema";
import type { T } from "../../locales";
import type { AppDeps } from "../context";
import { createId } from "../lib/ids";
import { fields, parseInput } from "../lib/validate";
import { verifyCaptcha } from "./captcha";
import { consume } from "./rate-limits";
import { mailManagers } from "./manager-notice";

const optionalText = (max: number) =>
  fields
    .text(max)
    .optional()
    .transform((v) => v || null);

export const leadSchemas = {
  /** /business_demo, /salles, /b2b2 … and POST /api/amo/business-lead */
  demo: z.object({
    name: fields.name(),
    phone: fields.phone(),
    email: fields.email(),
    company: optionalText(200),
    message: optionalText(2000),
  }),
  /** /lab research request: a short self-introduction of 2–3 sentences (spec §5). */
  research: z.object({
    name: fields.name(),
    email: fields.email(),
    message: z.string().trim().min(20, "common.validation.tooShort").max(1500),
  }),
  consultation: z.object({
    name: fields.name(),
    phone: fields.phone(),
    email: fields.email().optional(),
    message: optionalText(2000),
  }),
  webinar: z.object({
    name: fields.name(),
    email: fields.email(),
    phone: fields.phone().optional(),
    webinar: z.string().trim().min(1).max(100).default("thinking-formats-in-teams"),
  }),
} as const;

export type LeadKind = keyof typeof leadSchemas;
export type LeadInput<K extends LeadKind> = z.output<(typeof leadSchemas)[K]>;
export const isLeadKind = (v: unknown): v is LeadKind => typeof v === "string" && Object.hasOwn(leadSchemas, v);

/**
 * The one way in for a marketing form, from the API and from a page alike: validates `raw` with
 * the kind's schema (a 400 with field messages in `t`'s language), saves it and tells the managers.
 */
/** Who sent a form: their account, language, address, and the captcha token the form carried. */
export interface LeadSender {
  userId: string | null;
  t: T;
  ip: string | null;
  captcha?: string;
}

export async function submitLead(scope: Scope, kind: LeadKind, raw: unknown, by: LeadSender) {
  const { deps } = scope;
  const input = parseInput(by.t, leadSchemas[kind], raw);
  await verifyCaptcha(deps.config, by.captcha, by.ip);
  // every lead mails the managers: a few an hour from one address
  await consume(deps.db, "lead", by.ip);
  return saveLead(deps, kind, input, by.userId);
}

/** The lead and the managers' mail about it: one unit of work (the mail through the outbox). */
function saveLead<K extends LeadKind>(deps: AppDeps, kind: K, input: LeadInput<K>, userId: string | null) {
  return transaction(systemScope(deps), (tx) => saveLeadInside(deps, tx, kind, input, userId));
}

async function saveLeadInside<K extends LeadKind>(deps: AppDeps, tx: Scope, kind: K, input: LeadInput<K>, userId: string | null) {
  const id = createId();
  if (kind === "consultation") {
    const v = input as LeadInput<"consultation">;
    await tx.db.insert(consultationTickets).values({ id, userId, name: v.name, phone: v.phone, email: v.email ?? null, message: v.message });
  } else if (kind === "webinar") {
    const v = input as LeadInput<"webinar">;
    // Signing up twice is not an error: the second request just confirms the first.
    await tx.db
      .insert(webinarSignups)
      .values({ id, userId, webinar: v.webinar, name: v.name, email: v.email.toLowerCase(), phone: v.phone ?? null })
      .onConflictDoNothing();
  } else {
    const v = input as LeadInput<"demo"> & LeadInput<"research">;
    await tx.db.insert(businessRequests).values({
      id,
      kind: kind === "research" ? "research" : "demo",
      userId,
      name: v.name,
      phone: v.phone ?? null,
      email: v.email,
      company: v.company ?? null,
      message: v.message ?? null,
    });
  }
  // what was sent, one "field: value" a line
  const lines = Object.entries(input as Record<string, unknown>)
    .filter(([, v]) => v != null && v !== "")
    .map(([k, v]) => `${k}: ${String(v)}`);
  await mailManagers(tx, deps, (t) => ({ subject: t("mail.managers.lead", { kind: t(`mail.managers.kinds.${kind}`) }), text: lines.join("\n") }));
  return { _id: id, kind };
}

export async function hasConsultation(db: Db, email: string) {
  const [row] = await db
    .select({ id: consultationTickets.id })
    .from(consultationTickets)
    .where(and(eq(consultationTickets.email, email.toLowerCase())))
    .limit(1);
  return Boolean(row);
}
