// One attempt at a webhook delivery (the job runner's `webhook` job). The payload is built now, from
// ids and what the person's consent allows now: a withdrawn consent stops result data at once, even
// for an event queued before. A failed attempt throws, and the runner retries it with backoff; after
// DISABLE_AFTER failed attempts in a row the endpoint is turned off and the owner told by mail.
import { and, eq, sql } from "drizzle-orm";
import { candidates, employees, projects, results, users, webhookDeliveries, webhookEndpoints } from "../../../db/schema";
import { tFor, type Locale } from "../../../locales";
import type { AppDeps } from "../../context";
import { OutboundRefused, postOutbound } from "../../lib/outbound";
import { webhookHeaders } from "../../lib/webhook-signature";
import { enqueueMail, systemScope, transaction } from "../../scope";

/** Failed attempts in a row (over all of an endpoint's deliveries) that turn it off. */
export const DISABLE_AFTER = 5;
/** Attempts of one delivery before it is given up. */
export const DELIVERY_ATTEMPTS = 6;
export const TIMEOUT_MS = 5_000;
/** How much of an answer is read and kept. */
export const ANSWER_MAX_BYTES = 4_096;

type Data = Record<string, string | null>;

/** The person an event is about, as the company may see them now (ids, the ATS's id, the result if shared). */
async function personData(deps: AppDeps, data: Data) {
  const db = deps.db;
  let shared = true;
  const out: Record<string, unknown> = {};
  if (data.employeeId) {
    const [e] = await db
      .select({ id: employees.id, externalId: employees.externalId, withdrawn: employees.consentWithdrawnAt })
      .from(employees)
      .where(eq(employees.id, data.employeeId));
    out.person = { kind: "employee", id: data.employeeId, externalId: e?.externalId ?? null };
    shared = Boolean(e) && !e!.withdrawn;
  }
  if (data.candidateId) {
    const [c] = await db
      .select({ positionId: candidates.positionId, externalId: candidates.externalId, withdrawn: candidates.consentWithdrawnAt })
      .from(candidates)
      .where(eq(candidates.id, data.candidateId));
    out.person = { kind: "candidate", id: data.candidateId, externalId: c?.externalId ?? null, positionId: c?.positionId ?? null };
    shared = Boolean(c) && !c!.withdrawn;
  }
  if (data.invitationId) out.invitationId = data.invitationId;
  if (data.resultId) {
    out.consent = shared ? "given" : "withdrawn";
    if (shared) {
      const [r] = await db
        .select({ id: results.id, formatCode: results.formatCode, completedAt: results.completedAt })
        .from(results)
        .where(eq(results.id, data.resultId));
      if (r) out.result = { id: r.id, format: r.formatCode, completedAt: r.completedAt?.toISOString() ?? null };
    }
  }
  return out;
}

async function disableAndTell(deps: AppDeps, endpointId: string) {
  await transaction(systemScope(deps), async (tx) => {
    const [off] = await tx.db
      .update(webhookEndpoints)
      .set({ disabledAt: new Date() })
      .where(and(eq(webhookEndpoints.id, endpointId), sql`${webhookEndpoints.disabledAt} is null`))
      .returning();
    if (!off) return; // turned off already: told once
    const [owner] = await tx.db
      .select({ email: users.email, locale: users.locale, project: projects.name })
      .from(projects)
      .innerJoin(users, eq(users.id, projects.ownerId))
      .where(eq(projects.id, off.projectId));
    if (!owner) return;
    const t = tFor((owner.locale as Locale) ?? "ru");
    await enqueueMail(tx, {
      to: owner.email,
      subject: t("integrations.mail.disabledSubject"),
      text: [
        t("integrations.mail.disabledBody", { url: off.url, count: DISABLE_AFTER, company: owner.project }),
        "",
        `${deps.config.PUBLIC_URL}/business/integrations/webhooks/${off.id}?project=${off.projectId}`,
        "",
        t("mail.signature"),
      ].join("\n"),
    });
  });
}

export async function deliverWebhook(deps: AppDeps, deliveryId: string) {
  const db = deps.db;
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!row || row.delivery.status !== "pending") return; // deleted, sent or given up since
  const { delivery, endpoint } = row;
  if (endpoint.disabledAt) {
    await db.update(webhookDeliveries).set({ status: "failed", error: "endpoint disabled" }).where(eq(webhookDeliveries.id, delivery.id));
    return;
  }
  const body = JSON.stringify({
    type: delivery.event,
    timestamp: new Date().toISOString(),
    data: { projectId: delivery.projectId, ...(await personData(deps, delivery.data)) },
  });
  let status: number | null = null;
  let answer: string | null = null;
  let error: string | null = null;
  try {
    const res = await postOutbound(endpoint.url, body, webhookHeaders(endpoint.secret, delivery.id, body), {
      allowPrivate: deps.config.WEBHOOK_ALLOW_PRIVATE,
      timeoutMs: TIMEOUT_MS,
      maxBytes: ANSWER_MAX_BYTES,
    });
    status = res.status;
    answer = res.body;
  } catch (e) {
    error = e instanceof OutboundRefused ? `refused: ${e.message}` : String((e as Error)?.message ?? e).slice(0, 300);
  }
  const ok = status !== null && status >= 200 && status < 300;
  const attempts = delivery.attempts + 1;
  const givenUp = !ok && attempts >= DELIVERY_ATTEMPTS;
  // the attempt's record and the endpoint's count commit together (a unit: on libSQL a bare write can lose a race)
  const counted = await transaction(systemScope(deps), async ({ db: tx }) => {
    await tx
      .update(webhookDeliveries)
      .set({
        status: ok ? "delivered" : givenUp ? "failed" : "pending",
        attempts,
        responseStatus: status,
        responseBody: answer,
        error: ok ? null : (error ?? `answered ${status}`),
        lastAttemptAt: new Date(),
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ failures: ok ? 0 : sql`${webhookEndpoints.failures} + 1` })
      .where(eq(webhookEndpoints.id, endpoint.id))
      .returning({ failures: webhookEndpoints.failures });
    return row;
  });
  if (ok) return;
  if ((counted?.failures ?? 0) >= DISABLE_AFTER) {
    await disableAndTell(deps, endpoint.id);
    await db.update(webhookDeliveries).set({ status: "failed" }).where(eq(webhookDeliveries.id, delivery.id));
    return;
  }
  if (givenUp) return;
  throw new Error(`webhook ${delivery.id}: ${error ?? `answered ${status}`}`); // the runner tries again later
}
