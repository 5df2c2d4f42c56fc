// Plugging into a company's systems: API tokens (scopes, project, usage log, revocation, limit) and
// signed webhooks delivered through the outbox to a real local receiver (allowed on loopback by the
// test setting only), verified with the `standardwebhooks` package's own verifier; a stopped receiver
// is retried and then turned off with a mail to the owner; a private address is refused.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiTokens, invites, jobs, projects, rateLimits, webhookDeliveries, webhookEndpoints } from "../../db/schema";
import type { z } from "zod";
import { api } from "../../server/api";
import { routeSchemaOf } from "../../server/lib/validate";
import { plainPath } from "../../server/route-table";
import { runFollowUps } from "../../server/services/business/follow-up";
import { deliverWebhook, DISABLE_AFTER } from "../../server/services/business/webhook-send";
import { businessProject, completedResult, type ProjectFixture, user } from "../fixtures";
import { type ApiError, createTestApp, type TestApp } from "../helpers";
import { lastMailTo, outbox } from "../mail";

interface Received {
  headers: Record<string, string>;
  body: string;
}

/** A webhook receiver on loopback: keeps what it got, answers `status`. */
function receiver(status = 200) {
  const got: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      got.push({ headers: req.headers as Record<string, string>, body });
      res.writeHead(status, { "content-type": "text/plain" }).end(status === 200 ? "thanks" : "no");
    });
  });
  return new Promise<{ url: string; got: Received[]; close: () => Promise<void> }>((ok) =>
    server.listen(0, "127.0.0.1", () =>
      ok({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
        got,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}

/** The answer a route declares (the OpenAPI description's), to check a real answer against. */
function answerSchema(method: string, path: string): z.ZodType {
  for (const r of api.routes) {
    const found = r.method === method && `/api${plainPath(r.path)}` === path ? routeSchemaOf(r.handler) : undefined;
    if (found?.target === "answer") return found.schema;
  }
  throw new Error(`no answer declared for ${method} ${path}`);
}
const matches = (method: string, path: string, json: unknown) => expect(answerSchema(method, path).safeParse(json).error).toBeUndefined();

let t: TestApp;
let p: ProjectFixture;
let other: ProjectFixture;
const call = async <T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = { ...p.h, locale: "en" }) => {
  const res = await t.json(method, path, body, headers);
  return { status: res.status, json: (await res.json().catch(() => null)) as T };
};
type Docs<T> = { docs: T[] };
/** A token as its list shows it. */
interface Token {
  _id: string;
  name: string;
  lastUsedAt: string | null;
}
/** A token just made: its secret is shown this once. */
interface MadeToken {
  _id: string;
  token: string;
}
/** A webhook endpoint just made, with its signing secret. */
interface MadeHook {
  _id: string;
  secret: string;
}
/** A signed webhook's body, as the receiver verifies it: what the tests read of it. */
interface Payload {
  type: string;
  data: { consent?: string; result?: unknown; person: { kind: string } };
}
const bearer = (token: string, extra: Record<string, string> = {}) => ({ Authorization: `Bearer ${token}`, locale: "en", ...extra });
/** Runs the jobs that are due, with their backoff skipped: what the runner's ticks would do over time. */
async function runJobsNow() {
  await t.deps.db.update(jobs).set({ runAt: new Date(0) });
  return t.deps.jobs.runDue();
}

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: "true" });
  p = await businessProject(t, {
    name: "Hook Co",
    positions: [{ name: "Analyst", tasks: [{ name: "Reports", communication: "individual", decision: "moderate" }] }],
  });
  other = await businessProject(t, { name: "Other Co" });
  await t.deps.db.update(projects).set({ inviteBalance: 10 }).where(eq(projects.id, p.id));
}, 60_000);
afterAll(() => t.close());

describe("company API tokens", () => {
  let reader: string;
  let inviter: string;

  it("the owner creates a token, sees it once; only its hash is kept", async () => {
    const made = await call<MadeToken>("POST", "/api/business/integrations/tokens", { name: "ATS reader", scopes: ["people:read"] });
    expect(made.status).toBe(201);
    reader = made.json.token;
    matches("POST", "/api/business/integrations/tokens", made.json);
    expect(reader).toMatch(/^tf_[a-z2-7]{52}$/);
    const list = await call<Docs<Token>>("GET", "/api/business/integrations/tokens");
    matches("GET", "/api/business/integrations/tokens", list.json);
    expect(list.json.docs).toEqual([expect.objectContaining({ name: "ATS reader", scopes: ["people:read"], hint: reader.slice(0, 9), lastUsedAt: null })]);
    expect(JSON.stringify(list.json)).not.toContain(reader);
    const [row] = await t.deps.db.select().from(apiTokens).where(eq(apiTokens.id, made.json._id));
    expect(row!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(reader.slice(3));
    inviter = (await call<MadeToken>("POST", "/api/business/integrations/tokens", { name: "ATS inviter", scopes: ["invites:write", "people:read"] })).json
      .token;
    const bad = await call<ApiError>("POST", "/api/business/integrations/tokens", { name: "", scopes: [] });
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields).toMatchObject({ name: expect.any(String), scopes: "Choose at least one permission." });
  });

  it("works on its project's calls within its scopes, and 403 with a clear code otherwise", async () => {
    const people = await call<Docs<unknown>>("POST", "/api/business/employees", {}, bearer(reader));
    expect(people.status).toBe(200);
    expect(Array.isArray(people.json.docs)).toBe(true);
    const expectRefused = async (res: { status: number; json: unknown }, code: string) => {
      expect(res.status).toBe(403);
      expect((res.json as ApiError).error.code).toBe(code);
    };
    // outside its scopes: a position written with a reading token
    await expectRefused(await call("POST", "/api/business/positions", { name: "X" }, bearer(reader)), "token_scope");
    await expectRefused(await call("POST", "/api/business/candidates", { position: p.pos.Analyst, email: "c@example.com" }, bearer(reader)), "token_scope");
    // another project named, by header or query
    await expectRefused(await call("POST", "/api/business/employees", {}, bearer(reader, { Project: other.id })), "token_project");
    await expectRefused(await call("GET", `/api/business/invites?project=${other.id}`, undefined, bearer(reader)), "token_project");
    // calls no token may make: outside the cabinet, the list of the owner's projects, the tokens themselves
    await expectRefused(await call("GET", "/api/result/list", undefined, bearer(reader)), "token_path");
    await expectRefused(await call("GET", "/api/business/projects", undefined, bearer(reader)), "token_route");
    await expectRefused(await call("GET", "/api/business/integrations/tokens", undefined, bearer(reader)), "token_route");
    await expectRefused(await call("POST", "/api/business/integrations/tokens", { name: "more", scopes: ["people:read"] }, bearer(inviter)), "token_route");
    // within its scope: a positions token makes a position in its own project
    const positions = (await call<MadeToken>("POST", "/api/business/integrations/tokens", { name: "HRIS", scopes: ["positions:write"] })).json.token;
    const made = await call(
      "POST",
      "/api/business/positions",
      { name: "Tester", tasks: [{ name: "Checks", communication: "team", decision: "balanced" }] },
      bearer(positions),
    );
    expect(made.status).toBeLessThan(300);
    expect((await call<Docs<{ name: string }>>("GET", "/api/business/positions")).json.docs.map((d) => d.name)).toContain("Tester");
    // but cannot read people with it
    await expectRefused(await call("POST", "/api/business/employees", {}, bearer(positions)), "token_scope");
  });

  it("every use is in the owner's usage log, with when the token was last used", async () => {
    const answer = (await call<Docs<unknown>>("GET", "/api/business/integrations/tokens/uses")).json;
    matches("GET", "/api/business/integrations/tokens/uses", answer);
    const uses = answer.docs;
    expect(uses.length).toBeGreaterThanOrEqual(6);
    expect(uses).toContainEqual(expect.objectContaining({ token: "ATS reader", method: "POST", path: "/api/business/employees", refused: null }));
    expect(uses).toContainEqual(expect.objectContaining({ token: "ATS reader", method: "POST", path: "/api/business/positions", refused: "token_scope" }));
    const list = (await call<Docs<Token>>("GET", "/api/business/integrations/tokens")).json.docs;
    expect(list.find((d) => d.name === "ATS reader")!.lastUsedAt).toEqual(expect.any(String));
  });

  it("a token has its own rate limit", async () => {
    const [row] = await t.deps.db.select().from(apiTokens).where(eq(apiTokens.name, "ATS reader"));
    // as if it had made its 600 calls of this minute
    await t.deps.db
      .update(rateLimits)
      .set({ count: 600 })
      .where(eq(rateLimits.key, `apiToken:${row!.id}`));
    const res = await call("POST", "/api/business/employees", {}, bearer(reader));
    expect(res.status).toBe(429);
    // the limit is the token's own: the owner's session is not held back
    expect((await call("POST", "/api/business/employees", {})).status).toBe(200);
    await t.deps.db.delete(rateLimits).where(eq(rateLimits.key, `apiToken:${row!.id}`));
  });

  it("a candidate invited through a token carries the ATS's id in the answers", async () => {
    const made = await call<{ externalId: string | null }>(
      "POST",
      "/api/business/candidates",
      { position: p.pos.Analyst, email: "ext@example.com", externalId: "ATS-42" },
      bearer(inviter),
    );
    expect(made.status).toBe(201);
    expect(made.json.externalId).toBe("ATS-42");
    const list = await call<{ candidates: unknown[] }>("GET", `/api/business/candidates?position=${p.pos.Analyst}`, undefined, bearer(reader));
    expect(list.json.candidates).toContainEqual(expect.objectContaining({ email: "ext@example.com", externalId: "ATS-42" }));
  });

  it("a revoked token stops working at once", async () => {
    const id = (await call<Docs<Token>>("GET", "/api/business/integrations/tokens")).json.docs.find((d) => d.name === "ATS reader")!._id;
    expect((await call("DELETE", `/api/business/integrations/tokens/${id}`)).status).toBe(200);
    const res = await call<ApiError>("POST", "/api/business/employees", {}, bearer(reader));
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe("token_invalid");
    // another owner cannot revoke this project's token (it is not in their project)
    const left = (await call<Docs<Token>>("GET", "/api/business/integrations/tokens")).json.docs.find((d) => d.name === "ATS inviter")!._id;
    expect((await call("DELETE", `/api/business/integrations/tokens/${left}`, undefined, other.h)).status).toBe(404);
  });
});

describe("webhooks", () => {
  it("a candidate who joins and completes the test is delivered, signed, to the company's receiver", async () => {
    const hooks = await receiver();
    try {
      const made = await call<MadeHook>("POST", "/api/business/integrations/webhooks", { url: hooks.url, events: ["person.joined", "candidate.completed"] });
      expect(made.status).toBe(201);
      expect(made.json.secret).toMatch(/^whsec_/);
      matches("POST", "/api/business/integrations/webhooks", made.json);
      const candidate = await user(t, { locale: "en" });
      const invited = await call<{ _id: string }>("POST", "/api/business/candidates", { position: p.pos.Analyst, email: candidate.email, externalId: "ATS-7" });
      expect(invited.status).toBe(201);
      const [invite] = await t.deps.db.select().from(invites).where(eq(invites.email, candidate.email));
      expect((await call("POST", `/api/business/join/${invite!.link}`, { agree: true, name: "Cand" }, candidate.h)).status).toBe(201);
      const resultId = await completedResult(t, candidate);
      // nothing is sent inside the person's requests: the runner sends it
      expect(hooks.got).toHaveLength(0);
      await t.deps.jobs.runDue();
      expect(hooks.got).toHaveLength(2);
      const verifier = new Webhook(made.json.secret);
      const payloads = hooks.got.map((g) => verifier.verify(g.body, g.headers) as Payload);
      const byType = Object.fromEntries(payloads.map((x) => [x.type, x]));
      expect(byType["person.joined"]!.data).toEqual({
        projectId: p.id,
        person: { kind: "candidate", id: invited.json._id, externalId: "ATS-7", positionId: p.pos.Analyst },
      });
      expect(byType["candidate.completed"]!.data).toMatchObject({
        person: { kind: "candidate", id: invited.json._id, externalId: "ATS-7" },
        consent: "given",
        result: { id: resultId, format: expect.any(String) },
      });
      // carries ids and the result, never the person's name or address
      expect(hooks.got.map((g) => g.body).join()).not.toMatch(/Cand|@example\.com/);
      // a forged body fails the same verifier
      expect(() => verifier.verify(hooks.got[0]!.body.replace("joined", "joinee"), hooks.got[0]!.headers)).toThrow();
      // the deliveries page's data: each with its answer
      const page = await call<{ deliveries: { _id: string }[] }>("GET", `/api/business/integrations/webhooks/${made.json._id}`);
      expect(page.json.deliveries).toHaveLength(2);
      matches("GET", "/api/business/integrations/webhooks/:id", page.json);
      expect(page.json.deliveries[0]).toMatchObject({ status: "delivered", responseStatus: 200, responseBody: "thanks", attempts: 1 });
      // send again, and a test event
      const again = await call("POST", `/api/business/integrations/webhooks/${made.json._id}/deliveries/${page.json.deliveries[0]._id}/resend`);
      expect(again.json).toMatchObject({ status: "delivered", attempts: 2 });
      matches("POST", "/api/business/integrations/webhooks/:id/deliveries/:delivery/resend", again.json);
      const test = await call("POST", `/api/business/integrations/webhooks/${made.json._id}/test`);
      expect(test.json).toMatchObject({ event: "webhook.test", status: "delivered" });
      expect(hooks.got).toHaveLength(4);
      expect((verifier.verify(hooks.got[3]!.body, hooks.got[3]!.headers) as Payload).type).toBe("webhook.test");
      await call("DELETE", `/api/business/integrations/webhooks/${made.json._id}`);
    } finally {
      await hooks.close();
    }
  });

  it("withdrawing consent stops result payloads at once, even for a delivery already queued", async () => {
    const hooks = await receiver();
    try {
      const made = await call<MadeHook>("POST", "/api/business/integrations/webhooks", { url: hooks.url, events: ["test.completed", "consent.withdrawn"] });
      const code = (await t.deps.db.select().from(projects).where(eq(projects.id, p.id)))[0]!.inviteCode!;
      const person = await user(t);
      expect((await call("POST", `/api/business/join/${code}`, { agree: true, name: "Emma" }, person.h)).status).toBe(201);
      await completedResult(t, person);
      expect((await call("POST", `/api/business/consent/${p.id}`, { consent: false }, person.h)).status).toBe(200);
      await t.deps.jobs.runDue();
      const payloads = hooks.got.map((g) => new Webhook(made.json.secret).verify(g.body, g.headers) as Payload);
      const completed = payloads.find((x) => x.type === "test.completed");
      expect(completed!.data.consent).toBe("withdrawn");
      expect(completed!.data.result).toBeUndefined();
      expect(payloads.find((x) => x.type === "consent.withdrawn")!.data.person.kind).toBe("employee");
      await call("DELETE", `/api/business/integrations/webhooks/${made.json._id}`);
    } finally {
      await hooks.close();
    }
  });

  it("a candidate who stops sharing on the invitation page: consent.withdrawn with their external id, and no result after", async () => {
    const hooks = await receiver();
    try {
      const made = await call<MadeHook>("POST", "/api/business/integrations/webhooks", {
        url: hooks.url,
        events: ["consent.withdrawn", "candidate.completed"],
      });
      const candidate = await user(t, { locale: "en" });
      const invited = await call<{ _id: string }>("POST", "/api/business/candidates", { position: p.pos.Analyst, email: candidate.email, externalId: "ATS-9" });
      const [invite] = await t.deps.db.select().from(invites).where(eq(invites.email, candidate.email));
      expect((await call("POST", `/api/business/join/${invite!.link}`, { agree: true }, candidate.h)).status).toBe(201);
      await completedResult(t, candidate);
      const stop = await t.form(`/invite/${invite!.link}`, { _form: "consent", consent: "0", confirm: "1" }, `token=${candidate.token}`);
      expect(stop.status).toBe(303);
      await t.deps.jobs.runDue();
      const payloads = hooks.got.map((g) => new Webhook(made.json.secret).verify(g.body, g.headers) as Payload);
      const withdrawn = payloads.find((x) => x.type === "consent.withdrawn");
      expect(withdrawn!.data.person).toMatchObject({ kind: "candidate", id: invited.json._id, externalId: "ATS-9" });
      // the completion queued before the withdrawal went out after it: without the result
      const completed = payloads.find((x) => x.type === "candidate.completed");
      expect(completed!.data).toMatchObject({ consent: "withdrawn", person: { externalId: "ATS-9" } });
      expect(completed!.data.result).toBeUndefined();
      await call("DELETE", `/api/business/integrations/webhooks/${made.json._id}`);
    } finally {
      await hooks.close();
    }
  });

  it("an invitation whose deadline passed unanswered is delivered once by the clock", async () => {
    const hooks = await receiver();
    try {
      const made = await call<MadeHook>("POST", "/api/business/integrations/webhooks", { url: hooks.url, events: ["invitation.expired"] });
      const invited = await call<{ _id: string }>("POST", "/api/business/candidates", {
        position: p.pos.Analyst,
        email: "late@example.com",
        externalId: "ATS-LATE",
      });
      const [invite] = await t.deps.db.select().from(invites).where(eq(invites.email, "late@example.com"));
      await t.deps.db
        .update(invites)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(invites.id, invite!.id));
      expect((await runFollowUps(t.deps)).expired).toBe(1);
      await runFollowUps(t.deps); // the next sweep finds it again, and queues nothing new
      await t.deps.jobs.runDue();
      expect(hooks.got).toHaveLength(1);
      const payload = new Webhook(made.json.secret).verify(hooks.got[0]!.body, hooks.got[0]!.headers) as Payload;
      expect(payload).toMatchObject({
        type: "invitation.expired",
        data: { invitationId: invite!.id, person: { kind: "candidate", id: invited.json._id, externalId: "ATS-LATE" } },
      });
      await call("DELETE", `/api/business/integrations/webhooks/${made.json._id}`);
    } finally {
      await hooks.close();
    }
  });

  it("a stopped receiver gets retries, then the endpoint is turned off and the owner mailed", async () => {
    const hooks = await receiver();
    const url = hooks.url;
    await hooks.close(); // nobody listens there any more
    const made = await call<MadeHook>("POST", "/api/business/integrations/webhooks", { url, events: ["person.joined"] });
    const first = await call("POST", `/api/business/integrations/webhooks/${made.json._id}/test`);
    expect(first.json).toMatchObject({ status: "pending", attempts: 1 });
    for (let i = 1; i < DISABLE_AFTER; i++) await runJobsNow();
    const [endpoint] = await t.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, made.json._id));
    expect(endpoint!.disabledAt).not.toBeNull();
    const [delivery] = await t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, made.json._id));
    expect(delivery).toMatchObject({ status: "failed", attempts: DISABLE_AFTER });
    expect(delivery!.error).toMatch(/ECONNREFUSED/);
    const mail = lastMailTo(outbox(t.dir), p.owner.email)!;
    expect(mail.subject).toBe("Адрес для вебхуков отключён");
    expect(mail.text).toContain(url);
    // a turned-off endpoint gets no new events
    await runJobsNow();
    expect((await t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, made.json._id))).length).toBe(1);
  });
});

describe("no server-side request forgery", () => {
  let strict: TestApp;
  let q: ProjectFixture;
  beforeAll(async () => {
    strict = await createTestApp();
    q = await businessProject(strict);
  }, 60_000);
  afterAll(() => strict.close());

  it("refuses loopback, private and link-local endpoints and plain http at registration", async () => {
    for (const [url, message] of [
      ["https://127.0.0.1/hook", "private"],
      ["https://localhost:8443/hook", "private"],
      ["https://169.254.169.254/latest", "private"],
      ["https://[::1]/hook", "private"],
      ["https://10.1.2.3/hook", "private"],
      ["http://example.com/hook", "https://"],
    ]) {
      const res = await strict.json("POST", "/api/business/integrations/webhooks", { url, events: ["person.joined"] }, { ...q.h, locale: "en" });
      expect(res.status, url).toBe(400);
      expect(((await res.json()) as ApiError).error.fields!.url, url).toContain(message);
    }
  });

  it("refuses a private address at delivery too (an endpoint whose name resolves to loopback)", async () => {
    await strict.deps.db
      .insert(webhookEndpoints)
      .values({ id: "0".repeat(24), projectId: q.id, url: "https://localhost:1/hook", secret: "whsec_AAAA", events: ["person.joined"] });
    await strict.deps.db
      .insert(webhookDeliveries)
      .values({ id: "1".repeat(24), endpointId: "0".repeat(24), projectId: q.id, event: "webhook.test", eventKey: "x", data: {} });
    await expect(deliverWebhook(strict.deps, "1".repeat(24))).rejects.toThrow();
    const [d] = await strict.deps.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, "1".repeat(24)));
    expect(d!.error).toMatch(/^refused: localhost resolves to a private address/);
  });
});
