// The later units of work are all or nothing too, as crash-units.test.ts proves for the first ones: the
// back-office's money actions (a refund in part and in whole, a manual credit, a cancel) and its team
// (an invitation, a role, a switch off and on), each with its audit entry; a candidate's decline and
// hire with their mail; a candidate's withdrawn consent with its webhook delivery and job, a test
// event's delivery with its job; an API token's use with its log; a team report's export log. The
// real server is killed with SIGKILL inside the unit (CRASH_AT, server/lib/crash-points.ts), restarted
// on the same file: nothing of the unit is left, and the retry does it once, mail and webhooks
// included. The servers are chained (test/crash-harness.ts): each restart checks and retries the
// operation the previous one died in and is armed for the next case's crash point. A test event's
// delivery, a manager's role and switch together, and a big export's log were not units before these tests.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiTokens,
  apiTokenUses,
  auditLog,
  candidates,
  employees,
  invites,
  jobs,
  logs,
  orders,
  positions,
  projects,
  refunds,
  resultExports,
  sessions,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from "../../db/schema";
import { createId } from "../../server/lib/ids";
import { newWebhookSecret } from "../../server/lib/webhook-signature";
import { crashHarness } from "../crash-harness";

// a company's server the webhooks go to: it answers 200 and keeps what it got
const received: { type: string; headers: IncomingHttpHeaders }[] = [];
const receiver = createServer((req, res) => {
  let body = "";
  req.on("data", (d) => (body += d));
  req.on("end", () => {
    received.push({ type: (JSON.parse(body) as { type: string }).type, headers: req.headers });
    res.writeHead(200).end("ok");
  });
});
const h = crashHarness("tf-crash-units-money-team-", { WEBHOOK_ALLOW_PRIVATE: "true" });
const { db, call, form, diesAt, person, mailsTo } = h;
const restart = (crashAt?: string) => h.start(crashAt);

afterAll(async () => {
  await h.close();
  await new Promise((r) => receiver.close(r));
});

type Person = Awaited<ReturnType<typeof person>>;
let manager: Person;
let owner: Person;
const projectId = createId();
const positionId = createId();
const endpointId = createId();

/** Audit entries of one action on one record. */
const audited = async (action: string, entityId: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));

/** Mail queued in the outbox table for this address, sent or not. */
const mailJobsTo = async (email: string) =>
  db()
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, "mail"), sql`json_extract(${jobs.payload}, '$.to') = ${email}`));

/** Jobs of one kind naming this value in their payload. */
const jobsFor = async (kind: "receipt" | "webhook", key: "orderId" | "deliveryId", value: string) =>
  db()
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), sql`json_extract(${jobs.payload}, ${`$.${key}`}) = ${value}`));

const order = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const user = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;

/** A paid or pending report order of this buyer (kopecks). */
async function reportOrder(userId: string, state: "paid" | "pending", amount = 99_000) {
  const id = createId();
  await db()
    .insert(orders)
    .values({ id, userId, entityType: "report", amount, method: "card", state, ...(state === "paid" ? { paidAt: new Date(Date.now() - 3_600_000) } : {}) });
  return id;
}

/** A candidate for the position who has joined through their invitation. */
async function joinedCandidate(email: string) {
  const who = await person(email);
  const inviteId = createId();
  const link = createId();
  const id = createId();
  await db().insert(invites).values({ id: inviteId, projectId, userId: who.id, email, link, kind: "candidate", status: "Accepted", positionId });
  await db()
    .insert(candidates)
    .values({ id, projectId, positionId, inviteId, userId: who.id, email, name: email.split("@")[0], joinedAt: new Date() });
  return { ...who, candidateId: id, inviteId, link };
}

/** Waits until the receiver has had `n` events of this type (or gives up after 20 s). */
async function hooksOf(type: string, n: number) {
  for (let i = 0; i < 200 && received.filter((r) => r.type === type).length < n; i++) await new Promise((r) => setTimeout(r, 100));
  return received.filter((r) => r.type === type);
}

beforeAll(async () => {
  receiver.listen(0, "127.0.0.1");
  await new Promise((r) => receiver.once("listening", r));
  await h.start("refundPart.beforeAudit");
  manager = await person("manager@example.com", { role: "admin" });
  owner = await person("owner@example.com", { isBusiness: true });
  await db().insert(projects).values({ id: projectId, name: "Hiring Co", ownerId: owner.id, inviteCode: "hiringco-new", inviteBalance: 20 });
  await db().update(users).set({ currentProjectId: projectId }).where(eq(users.id, owner.id));
  await db().insert(positions).values({ id: positionId, projectId, name: "Analyst" });
  const { port } = receiver.address() as AddressInfo;
  await db()
    .insert(webhookEndpoints)
    .values({ id: endpointId, projectId, url: `http://127.0.0.1:${port}/hooks`, secret: newWebhookSecret(), events: ["consent.withdrawn"] });
}, 120_000);

describe("a crash inside a back-office money action", () => {
  it("a partial refund: the refund, the order's sum and the audit entry together, and the retry refunds once", async () => {
    const buyer = await person("part-buyer@example.com", { isFull: true });
    const orderId = await reportOrder(buyer.id, "paid");
    const refund = () =>
      call(`/api/manager/order/${orderId}/refund`, { token: manager.token, body: { reason: "Part of the price", amount: 30_000, manual: true } });
    await diesAt(refund);
    await restart("refundWhole.beforeAudit");
    expect(await order(orderId)).toMatchObject({ state: "paid", refundedAmount: 0 });
    expect(await db().select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(0);
    expect(await audited("orders.refund", orderId)).toHaveLength(0);
    expect((await refund()).status).toBe(200);
    expect(await order(orderId)).toMatchObject({ state: "paid", refundedAmount: 30_000 });
    expect(await db().select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(1);
    expect(await audited("orders.refund", orderId)).toHaveLength(1);
    expect((await user(buyer.id)).isFull).toBe(true);
  }, 60_000);

  it("a whole refund: the report is taken back only with the refund and its audit entry", async () => {
    const buyer = await person("whole-buyer@example.com", { isFull: true });
    const orderId = await reportOrder(buyer.id, "paid");
    const refund = () => call(`/api/manager/order/${orderId}/refund`, { token: manager.token, body: { reason: "Bought by mistake", manual: true } });
    await diesAt(refund);
    await restart("creditManually.beforeAudit");
    expect(await order(orderId)).toMatchObject({ state: "paid", refundedAmount: 0 });
    expect((await user(buyer.id)).isFull).toBe(true);
    expect(await audited("orders.refund", orderId)).toHaveLength(0);
    expect((await refund()).status).toBe(200);
    expect(await order(orderId)).toMatchObject({ state: "refunded", refundedAmount: 99_000 });
    expect((await user(buyer.id)).isFull).toBe(false);
    const [entry] = await audited("orders.refund", orderId);
    expect(entry!.changes).toMatchObject({ isFull: { from: true, to: false } });
  }, 60_000);

  it("a manual credit: never paid without its audit entry and receipt, and the retry sends the receipt once", async () => {
    const buyer = await person("credited-buyer@example.com");
    const orderId = await reportOrder(buyer.id, "pending");
    const credit = () => call(`/api/manager/order/${orderId}/credit`, { token: manager.token, body: { reason: "Seen in the bank" } });
    await diesAt(credit);
    await restart("cancel.beforeAudit");
    expect((await order(orderId)).state).toBe("pending");
    expect((await user(buyer.id)).isFull).toBe(false);
    expect(await audited("orders.creditManually", orderId)).toHaveLength(0);
    expect(await jobsFor("receipt", "orderId", orderId)).toHaveLength(0);
    expect((await credit()).status).toBe(200);
    expect((await order(orderId)).state).toBe("paid");
    expect((await user(buyer.id)).isFull).toBe(true);
    expect(await audited("orders.creditManually", orderId)).toHaveLength(1);
    await h.settled();
    expect(mailsTo(buyer.email)).toBe(1);
  }, 60_000);

  it("a cancel: the order closes only with its audit entry", async () => {
    const buyer = await person("cancelled-buyer@example.com");
    const orderId = await reportOrder(buyer.id, "pending");
    const cancel = () => call(`/api/manager/order/${orderId}/cancel`, { token: manager.token });
    await diesAt(cancel);
    await restart("teamInvite.afterMail");
    expect((await order(orderId)).state).toBe("pending");
    expect(await audited("orders.cancel", orderId)).toHaveLength(0);
    expect((await cancel()).status).toBe(200);
    expect((await order(orderId)).state).toBe("cancelled");
    expect(await audited("orders.cancel", orderId)).toHaveLength(1);
  }, 60_000);
});

describe("a crash inside a change to the back-office team", () => {
  let colleague: Person;

  it("an invitation: no manager without their mail and audit entry, and the retry mails them once", async () => {
    const email = "new-colleague@example.com";
    const invite = () => call("/api/manager/managers", { token: manager.token, body: { email, role: "support" } });
    await diesAt(invite);
    await restart("teamRole.beforeAudit");
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect(await mailJobsTo(email)).toHaveLength(0);
    expect(await db().select().from(auditLog).where(eq(auditLog.action, "team.invite"))).toHaveLength(0);
    expect((await invite()).status).toBe(201);
    const [made] = await db().select().from(users).where(eq(users.email, email));
    expect(made).toMatchObject({ role: "admin", managerRole: "support" });
    expect(await audited("team.invite", made!.id)).toHaveLength(1);
    await h.settled();
    expect(mailsTo(email)).toBe(1);
  }, 60_000);

  it("a role change: the role only with its audit entry", async () => {
    colleague = await person("colleague@example.com", { role: "admin", managerRole: "content" });
    const change = () => call(`/api/manager/managers/${colleague.id}`, { method: "PUT", token: manager.token, body: { role: "finance" } });
    await diesAt(change);
    await restart("teamDisable.beforeAudit");
    expect((await user(colleague.id)).managerRole).toBe("content");
    expect(await audited("team.role", colleague.id)).toHaveLength(0);
    expect((await change()).status).toBe(200);
    expect((await user(colleague.id)).managerRole).toBe("finance");
    expect(await audited("team.role", colleague.id)).toHaveLength(1);
  }, 60_000);

  it("a role and a switch-off asked together: both with their audit entries and the sessions ended, or none", async () => {
    const change = () => call(`/api/manager/managers/${colleague.id}`, { method: "PUT", token: manager.token, body: { role: "support", isActive: false } });
    await diesAt(change);
    await restart("teamEnable.beforeAudit");
    expect(await user(colleague.id)).toMatchObject({ managerRole: "finance", isActive: true });
    expect(await db().select().from(sessions).where(eq(sessions.userId, colleague.id))).toHaveLength(1);
    expect(await audited("team.role", colleague.id)).toHaveLength(1);
    expect(await audited("team.disable", colleague.id)).toHaveLength(0);
    expect((await change()).status).toBe(200);
    expect(await user(colleague.id)).toMatchObject({ managerRole: "support", isActive: false });
    expect(await db().select().from(sessions).where(eq(sessions.userId, colleague.id))).toHaveLength(0);
    expect(await audited("team.role", colleague.id)).toHaveLength(2);
    expect(await audited("team.disable", colleague.id)).toHaveLength(1);
  }, 60_000);

  it("a switch-on: the manager active again only with its audit entry", async () => {
    const change = () => call(`/api/manager/managers/${colleague.id}`, { method: "PUT", token: manager.token, body: { isActive: true } });
    await diesAt(change);
    await restart("decline.beforeMail");
    expect((await user(colleague.id)).isActive).toBe(false);
    expect(await audited("team.enable", colleague.id)).toHaveLength(0);
    expect((await change()).status).toBe(200);
    expect((await user(colleague.id)).isActive).toBe(true);
    expect(await audited("team.enable", colleague.id)).toHaveLength(1);
  }, 60_000);
});

describe("a crash inside a decision on a candidate", () => {
  const cabinet = { headers: { Project: projectId } };

  it("a decline with its mail: the stage, the invitation and the mail together, and the retry mails once", async () => {
    const c = await joinedCandidate("declined@example.com");
    const decline = () => call(`/api/business/candidates/${c.candidateId}/decline?notify=1`, { token: owner.token, ...cabinet });
    await diesAt(decline);
    await restart("hire.beforeMail");
    const [row] = await db().select().from(candidates).where(eq(candidates.id, c.candidateId));
    expect(row!.stage).toBe(null);
    expect((await db().select().from(invites).where(eq(invites.id, c.inviteId)))[0]!.isActive).toBe(true);
    expect(await db().select().from(logs).where(eq(logs.action, "business.candidate.declined"))).toHaveLength(0);
    expect(await mailJobsTo(c.email)).toHaveLength(0);
    expect((await decline()).status).toBe(200);
    const [declined] = await db().select().from(candidates).where(eq(candidates.id, c.candidateId));
    expect(declined!.stage).toBe("declined");
    expect((await db().select().from(invites).where(eq(invites.id, c.inviteId)))[0]!.isActive).toBe(false);
    await h.settled();
    expect(mailsTo(c.email)).toBe(1);
  }, 60_000);

  it("a hire with its mail: never an employee whose mail was lost, and the retry hires and mails once", async () => {
    const c = await joinedCandidate("hired@example.com");
    const hire = () => call(`/api/business/candidates/${c.candidateId}/hire?notify=1`, { token: owner.token, ...cabinet });
    await diesAt(hire);
    await restart("webhook.afterDelivery");
    const employed = () =>
      db()
        .select()
        .from(employees)
        .where(and(eq(employees.projectId, projectId), eq(employees.userId, c.id)));
    expect(await employed()).toHaveLength(0);
    expect(await db().select().from(candidates).where(eq(candidates.id, c.candidateId))).toHaveLength(1);
    expect(await mailJobsTo(c.email)).toHaveLength(0);
    expect((await hire()).status).toBe(200);
    expect(await employed()).toHaveLength(1);
    expect(await db().select().from(candidates).where(eq(candidates.id, c.candidateId))).toHaveLength(0);
    await h.settled();
    expect(mailsTo(c.email)).toBe(1);
  }, 60_000);
});

describe("a crash inside an integration's unit", () => {
  const deliveries = (event: string) =>
    db()
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.event, event)));

  it("a candidate's withdrawn consent: the consent, the webhook delivery and its job together", async () => {
    const c = await joinedCandidate("withdrawing@example.com");
    const withdraw = () => form(`/invite/${c.link}`, c.token, { _form: "consent", consent: "0", confirm: "1" });
    await diesAt(withdraw);
    await restart("webhookTest.afterDelivery");
    expect((await db().select().from(candidates).where(eq(candidates.id, c.candidateId)))[0]!.consentWithdrawnAt).toBe(null);
    expect(await deliveries("consent.withdrawn")).toHaveLength(0);
    expect((await withdraw()).status).toBe(303);
    expect((await db().select().from(candidates).where(eq(candidates.id, c.candidateId)))[0]!.consentWithdrawnAt).not.toBe(null);
    const [delivery] = await deliveries("consent.withdrawn");
    expect(await jobsFor("webhook", "deliveryId", delivery!.id)).toHaveLength(1);
    // it leaves on the runner's next tick: the next case's restart sends it (checked there)
  }, 60_000);

  it("a test event: its delivery with its job, sent once on the retry; the consent's webhook went out once after the restart", async () => {
    const send = () => call(`/api/business/integrations/webhooks/${endpointId}/test`, { token: owner.token, headers: { Project: projectId } });
    await diesAt(send);
    await restart("tokenUse.afterLog");
    expect(await deliveries("webhook.test")).toHaveLength(0);
    // the restarted server's first sweep sent the withdrawn consent's delivery, once
    expect(await hooksOf("consent.withdrawn", 1)).toHaveLength(1);
    const retry = await send();
    expect(retry.status).toBe(200);
    expect(await retry.json()).toMatchObject({ event: "webhook.test", status: "delivered" });
    expect(await deliveries("webhook.test")).toHaveLength(1);
    expect(received.filter((r) => r.type === "webhook.test")).toHaveLength(1);
    await h.settled();
    expect(received.filter((r) => r.type === "consent.withdrawn")).toHaveLength(1);
  }, 60_000);

  it("an API token's use: the log row and the token's last use together", async () => {
    const made = await call("/api/business/integrations/tokens", {
      token: owner.token,
      headers: { Project: projectId },
      body: { name: "ATS", scopes: ["people:read"] },
    });
    expect(made.status).toBe(201);
    const { _id: tokenId, token } = (await made.json()) as { _id: string; token: string };
    const use = () => call("/api/business/positions", { method: "GET", token });
    await diesAt(use);
    await restart("exports.afterChunk");
    expect(await db().select().from(apiTokenUses).where(eq(apiTokenUses.tokenId, tokenId))).toHaveLength(0);
    expect((await db().select().from(apiTokens).where(eq(apiTokens.id, tokenId)))[0]!.lastUsedAt).toBe(null);
    expect((await use()).status).toBe(200);
    expect(await db().select().from(apiTokenUses).where(eq(apiTokenUses.tokenId, tokenId))).toHaveLength(1);
    expect((await db().select().from(apiTokens).where(eq(apiTokens.id, tokenId)))[0]!.lastUsedAt).not.toBe(null);
  }, 60_000);

  it("a big team's report PDF: every person's export logged, or none", async () => {
    // more people than one statement's rows, so the log takes several
    const bigProject = createId();
    await db().insert(projects).values({ id: bigProject, name: "Big Co", ownerId: owner.id, inviteCode: "bigco-new" });
    const people = Array.from({ length: 501 }, (_, i) => ({ user: createId(), employee: createId(), email: `big${i}@example.com` }));
    for (let i = 0; i < people.length; i += 100) {
      const slice = people.slice(i, i + 100);
      await db()
        .insert(users)
        .values(slice.map((p) => ({ id: p.user, email: p.email, name: p.email })));
      await db()
        .insert(employees)
        .values(slice.map((p) => ({ id: p.employee, projectId: bigProject, userId: p.user, name: p.email })));
    }
    const logged = async () =>
      (
        await db()
          .select({ n: sql<number>`count(*)` })
          .from(resultExports)
          .where(
            inArray(
              resultExports.employeeId,
              people.map((p) => p.employee),
            ),
          )
      )[0]!.n;
    const pdf = () => call(`/api/report/business?format=pdf&team=1&project=${bigProject}`, { method: "GET", token: owner.token });
    await diesAt(pdf);
    await restart();
    expect(await logged()).toBe(0);
    const retry = await pdf();
    expect(retry.status).toBe(200);
    expect(retry.headers.get("content-type")).toContain("application/pdf");
    expect(await logged()).toBe(501);
  }, 90_000);
});
