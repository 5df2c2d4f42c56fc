// Webhooks: a company registers endpoints and picks events; each event becomes one delivery row
// per subscribed endpoint, written with a `webhook` job in the unit of work of the change itself
// (a join, a completion, a consent), so a committed event is never lost and a rolled-back one is
// never sent. The job runner sends them (webhook-send.ts) on its next tick, never inside the
// person's request, with retries and backoff. A delivery keeps ids only; its payload is built at
// each attempt from what consent allows then.
import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { z } from "zod";
import { candidates, employees, invites, results, webhookDeliveries, webhookEndpoints } from "../../../db/schema";
import { crashPoint } from "../../lib/crash-points";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { createId, ID_PATTERN } from "../../lib/ids";
import { assertPublicHost } from "../../lib/outbound";
import { newWebhookSecret } from "../../lib/webhook-signature";
import { enqueue, systemScope, transaction, type Scope as BaseScope } from "../../scope";
import type { AppDeps } from "../../context";
import { consume } from "../rate-limits";
import type { Scope } from "./access";
import { requireIntegrator } from "./api-tokens";

export const WEBHOOK_EVENTS = ["person.joined", "test.completed", "consent.withdrawn", "candidate.completed", "invitation.expired"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number] | "webhook.test";
export const ENDPOINTS_MAX = 10;

export const endpointSchema = z.object({
  url: z
    .string({ error: "common.validation.required" })
    .trim()
    .min(1, "common.validation.required")
    .max(500, "common.validation.tooLong")
    .refine((v) => URL.canParse(v), "integrations.errors.badUrl"),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, "integrations.errors.eventsRequired"),
});

/** An endpoint the project may send to: https, a public host (unless the test setting allows a private one). */
async function checkUrl(deps: AppDeps, raw: string) {
  const url = new URL(raw);
  const allowPrivate = deps.config.WEBHOOK_ALLOW_PRIVATE;
  if (url.username || url.password) throw badRequest("errors.validation", { url: "integrations.errors.badUrl" });
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) throw badRequest("errors.validation", { url: "integrations.errors.httpsOnly" });
  if (allowPrivate) return url.toString();
  try {
    await assertPublicHost(url.hostname);
  } catch {
    throw badRequest("errors.validation", { url: "integrations.errors.privateUrl" });
  }
  return url.toString();
}

const endpointView = (r: typeof webhookEndpoints.$inferSelect) => ({
  _id: r.id,
  url: r.url,
  events: r.events,
  failures: r.failures,
  disabledAt: r.disabledAt,
  createdAt: r.createdAt,
});

export async function createEndpoint(scope: Scope, input: z.infer<typeof endpointSchema>) {
  requireIntegrator(scope);
  await consume(scope.db, "structure", scope.user.id);
  const url = await checkUrl(scope.deps, input.url); // a DNS lookup: before anything is written
  const count = await scope.db.select({ n: sql<number>`count(*)` }).from(webhookEndpoints).where(eq(webhookEndpoints.projectId, scope.project.id));
  if ((count[0]?.n ?? 0) >= ENDPOINTS_MAX) throw new AppError(400, "too_many_endpoints", "integrations.errors.tooManyEndpoints");
  const row = { id: createId(), projectId: scope.project.id, url, secret: newWebhookSecret(), events: [...new Set(input.events)] };
  await scope.db.insert(webhookEndpoints).values(row);
  // the secret is shown here and on the endpoint's page to the owner: the receiver needs it to verify
  return { ...endpointView({ ...row, failures: 0, disabledAt: null, createdAt: new Date() }), secret: row.secret };
}

async function findEndpoint(scope: Scope, endpointId: string) {
  if (!ID_PATTERN.test(endpointId)) throw notFound();
  const [row] = await scope.db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.projectId, scope.project.id)));
  if (!row) throw notFound();
  return row;
}

export async function listEndpoints(scope: Scope) {
  requireIntegrator(scope);
  const rows = await scope.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.projectId, scope.project.id)).orderBy(desc(webhookEndpoints.createdAt));
  return { docs: rows.map(endpointView) };
}

/** One endpoint with its secret and its last deliveries (the deliveries page). */
export async function getEndpoint(scope: Scope, endpointId: string, limit = 50) {
  requireIntegrator(scope);
  const row = await findEndpoint(scope, endpointId);
  const deliveries = await scope.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, row.id))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(limit);
  return {
    ...endpointView(row),
    secret: row.secret,
    deliveries: deliveries.map((d) => ({
      _id: d.id,
      event: d.event,
      status: d.status,
      attempts: d.attempts,
      responseStatus: d.responseStatus,
      responseBody: d.responseBody,
      error: d.error,
      createdAt: d.createdAt,
      lastAttemptAt: d.lastAttemptAt,
    })),
  };
}

/** Turns an endpoint on again (after it was disabled for failures): the count starts over. */
export async function enableEndpoint(scope: Scope, endpointId: string) {
  requireIntegrator(scope);
  const row = await findEndpoint(scope, endpointId);
  await checkUrl(scope.deps, row.url);
  await scope.db.update(webhookEndpoints).set({ disabledAt: null, failures: 0 }).where(eq(webhookEndpoints.id, row.id));
  return { _id: row.id, enabled: true };
}

export async function deleteEndpoint(scope: Scope, endpointId: string) {
  requireIntegrator(scope);
  const row = await findEndpoint(scope, endpointId);
  await scope.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, row.id));
  return { _id: row.id, deleted: true };
}

/** "Send again": the delivery is attempted once more now (its payload built afresh). */
export async function resendDelivery(scope: Scope, endpointId: string, deliveryId: string) {
  requireIntegrator(scope);
  const endpoint = await findEndpoint(scope, endpointId);
  if (!ID_PATTERN.test(deliveryId)) throw notFound();
  // the pending mark and its job commit together (a pending delivery without a job would never go);
  // the attempt runs after the commit
  const id = await transaction(scope, async (tx) => {
    const [row] = await tx.db
      .update(webhookDeliveries)
      .set({ status: "pending" })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpoint.id)))
      .returning({ id: webhookDeliveries.id });
    if (!row) throw notFound();
    await enqueue(tx, "webhook", { deliveryId: row.id });
    return row.id;
  });
  return deliveryAnswer(scope, id);
}

/** "Send a test event": a `webhook.test` delivery to this endpoint, attempted now. */
export async function sendTestEvent(scope: Scope, endpointId: string) {
  requireIntegrator(scope);
  const endpoint = await findEndpoint(scope, endpointId);
  const id = createId();
  // the delivery and its job commit together; the attempt runs after the commit
  await transaction(scope, async (tx) => {
    await tx.db
      .insert(webhookDeliveries)
      .values({ id, endpointId: endpoint.id, projectId: scope.project.id, event: "webhook.test", eventKey: `webhook.test:${id}`, data: {} });
    crashPoint("webhookTest.afterDelivery");
    await enqueue(tx, "webhook", { deliveryId: id });
  });
  return deliveryAnswer(scope, id);
}

async function deliveryAnswer(scope: Scope, id: string) {
  const [d] = await scope.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return { _id: id, event: d!.event, status: d!.status, attempts: d!.attempts, responseStatus: d!.responseStatus, error: d!.error };
}

/**
 * Queues `event` for every live endpoint of the project that picked it, inside the caller's unit of
 * work. `key` names what the event is about: the same event about the same thing is queued once.
 */
export async function queueWebhook(tx: BaseScope, projectId: string, event: WebhookEvent, key: string, data: Record<string, string | null>) {
  const endpoints = await tx.db
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.projectId, projectId), isNull(webhookEndpoints.disabledAt)));
  for (const endpoint of endpoints) {
    if (!endpoint.events.includes(event)) continue;
    const id = createId();
    const inserted = await tx.db
      .insert(webhookDeliveries)
      .values({ id, endpointId: endpoint.id, projectId, event, eventKey: `${event}:${key}`, data })
      .onConflictDoNothing()
      .returning({ id: webhookDeliveries.id });
    if (!inserted.length) continue;
    crashPoint("webhook.afterDelivery");
    // the runner's next tick sends it: a person's request never waits for a company's server
    await enqueue(tx, "webhook", { deliveryId: id }, { later: true });
  }
}

type OwnerEventKind = "joined" | "completed" | "consentWithdrawn" | "consentGiven" | "candidateJoined" | "candidateCompleted";

/** The owner's notices (follow-up.ts) as webhook events: the person's row and result, by id. */
export async function queueWebhookForNotice(tx: BaseScope, projectId: string, kind: OwnerEventKind, userId: string | null) {
  if (!userId || kind === "consentGiven") return;
  const [any] = await tx.db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.projectId, projectId)).limit(1);
  if (!any) return; // most projects have none: one indexed look, nothing more
  const candidateKind = kind === "candidateJoined" || kind === "candidateCompleted";
  const [person] = candidateKind
    ? await tx.db
        .select({ id: candidates.id })
        .from(candidates)
        .where(and(eq(candidates.projectId, projectId), eq(candidates.userId, userId)))
        .orderBy(desc(candidates.joinedAt))
        .limit(1)
    : await tx.db
        .select({ id: employees.id })
        .from(employees)
        .where(and(eq(employees.projectId, projectId), eq(employees.userId, userId)));
  if (!person) return;
  const ref: Record<string, string> = candidateKind ? { candidateId: person.id } : { employeeId: person.id };
  if (kind === "joined" || kind === "candidateJoined") return queueWebhook(tx, projectId, "person.joined", person.id, ref);
  if (kind === "consentWithdrawn") return queueWebhook(tx, projectId, "consent.withdrawn", `${person.id}:${Date.now()}`, ref);
  const [result] = await tx.db
    .select({ id: results.id })
    .from(results)
    .where(and(eq(results.userId, userId), eq(results.isCompleted, true)))
    .orderBy(desc(results.completedAt))
    .limit(1);
  if (!result) return;
  await queueWebhook(tx, projectId, kind === "completed" ? "test.completed" : "candidate.completed", `${result.id}:${person.id}`, {
    ...ref,
    resultId: result.id,
  });
}

/** How far back the clock looks for invitations that expired (a sweep missed for a while still finds them). */
const EXPIRY_LOOKBACK_MS = 7 * 86_400_000;

/** The clock's work: invitations whose deadline passed unanswered, for the endpoints that want them (each queued once per endpoint). Returns how many it looked at. */
export async function queueExpiredInvitations(deps: AppDeps, now = new Date()) {
  // from the few projects with a live endpoint wanting it, then their invitations (by the project's index)
  const endpoints = await deps.db
    .select({ projectId: webhookEndpoints.projectId, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(isNull(webhookEndpoints.disabledAt));
  const projectIds = [...new Set(endpoints.filter((e) => e.events.includes("invitation.expired")).map((e) => e.projectId))];
  if (!projectIds.length) return 0;
  const rows = await deps.db
    .select({ id: invites.id, projectId: invites.projectId, kind: invites.kind })
    .from(invites)
    .where(
      and(
        inArray(invites.projectId, projectIds),
        lt(invites.expiresAt, now),
        gt(invites.expiresAt, new Date(now.getTime() - EXPIRY_LOOKBACK_MS)),
        isNull(invites.userId),
        eq(invites.isActive, true),
        or(eq(invites.status, "Invited"), eq(invites.status, "Sent")),
      ),
    );
  let queued = 0;
  for (const r of rows) {
    await transaction(systemScope(deps), async (tx) => {
      const [candidate] = r.kind === "candidate" ? await tx.db.select({ id: candidates.id }).from(candidates).where(eq(candidates.inviteId, r.id)) : [];
      await queueWebhook(tx, r.projectId, "invitation.expired", r.id, { invitationId: r.id, candidateId: candidate?.id ?? null });
    });
    queued++;
  }
  return queued;
}
