// The third security review: each finding performed as an attack through the app, and shown to do
// no harm (the invitation link that stood for a mailbox, the free mail relay, masquerades that
// outlived their manager, the head of department's reach, file modes, audit under a masquerade).
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invites, projects, rateLimits } from "../../db/schema";
import { createId } from "../../server/lib/ids";
import { businessProject, manager, paidOrder, user } from "../fixtures";
import { createTestApp, type TestApp } from "../helpers";
import { lastMailTo, linkIn, outbox } from "../mail";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const res = await t.json(method, path, body, { locale: "en", ...headers });
  return { status: res.status, json: (await res.json().catch(() => null)) as any };
};
const address = (prefix: string) => `${prefix}-${createId().slice(-8)}@bigcorp.test`;
const setBalance = (id: string, n: number) => t.deps.db.update(projects).set({ inviteBalance: n }).where(eq(projects.id, id));
const inviteRow = async (project: string, email: string) =>
  (
    await t.deps.db
      .select()
      .from(invites)
      .where(and(eq(invites.projectId, project), eq(invites.email, email)))
  )[0]!;
const mailsTo = (email: string) => outbox(t.dir).filter((m) => m.to.includes(email));
/** A sign-up by e-mail through the API (unconfirmed, as any sign-up starts). */
async function signUpAs(email: string) {
  const res = await t.json("POST", "/api/passport/signup", { email, policy: true, terms: true, offer: true });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { token: string; _id: string };
  return { _id: body._id, token: body.token, h: { Authorization: `Bearer ${body.token}` } };
}
const confirmed = async (h: Record<string, string>) => (await call("GET", "/api/passport", undefined, h)).json.isConfirmed as boolean;
const clearLimits = () => t.deps.db.delete(rateLimits);

describe("an invitation link is not a mailbox", () => {
  it("never shows the owner a personal invitation's link, so signing up as the address leaves it unconfirmed", async () => {
    const a = await businessProject(t, { name: "Totally Legit", positions: [{ name: "Analyst" }] });
    await setBalance(a.id, 3);
    const victim = address("ceo");
    const created = await call("POST", "/api/business/invites", { emails: [victim] }, a.h);
    expect(created.status).toBe(201);
    const candidateAddress = address("cand");
    const candidate = await call("POST", "/api/business/candidates", { position: a.pos.Analyst, email: candidateAddress }, a.h);
    expect(candidate.status).toBe(201);
    const row = await inviteRow(a.id, victim);
    const candidateRow = await inviteRow(a.id, candidateAddress);
    // every answer and page the owner gets
    const seen = [
      JSON.stringify(created.json),
      JSON.stringify(candidate.json),
      JSON.stringify((await call("GET", "/api/business/invites", undefined, a.h)).json),
      JSON.stringify((await call("GET", `/api/invite/${row.id}`, undefined, a.h)).json),
      JSON.stringify((await call("GET", `/api/invite/${candidateRow.id}`, undefined, a.h)).json),
      JSON.stringify((await call("PUT", `/api/invite/${row.id}`, { isActive: true }, a.h)).json),
      await (await t.page(`/business/invite?project=${a.id}`, `token=${a.owner.token}`)).text(),
      await (await t.page(`/dashboard/invites?project=${a.id}`, `token=${a.owner.token}`)).text(),
      await (await t.page(`/business/positions/${a.pos.Analyst}?project=${a.id}`, `token=${a.owner.token}`)).text(),
    ];
    for (const text of seen) {
      expect(text).not.toContain(row.link);
      expect(text).not.toContain(candidateRow.link);
    }
    expect(created.json.docs[0]).not.toHaveProperty("link");
    // the attacker signs up as the address; the only link they hold is the project's: no proof of the mailbox
    const squatter = await signUpAs(victim);
    const code = (await t.deps.db.select().from(projects).where(eq(projects.id, a.id)))[0]!.inviteCode;
    expect((await call("POST", `/api/business/join/${code}`, { agree: true }, squatter.h)).status).toBe(201);
    expect(await confirmed(squatter.h)).toBe(false);
    // so the manager's provisioning and change-owner refuse the address …
    const boss = await manager(t);
    const provision = await call("POST", "/api/manager/business/create", { email: victim, company: "BigCorp LLC", invites: 500 }, boss.h);
    expect(provision.status).toBe(400);
    expect(provision.json.error.fields.email).toBeTruthy();
    const changeOwner = await call("POST", "/api/manager/projects/change-owner", { projectId: a.id, email: victim }, boss.h);
    expect(changeOwner.status).toBe(400);
    // … and another company's invitation to that person is not listed to the squatter
    const b = await businessProject(t, { name: "Company B" });
    expect((await call("POST", "/api/business/invites", { emails: [victim] }, b.h)).status).toBe(201);
    const listed = (await call("GET", "/api/passport/invites", undefined, squatter.h)).json.docs as { project: { _id: string } }[];
    expect(listed.filter((d) => d.project._id === b.id)).toEqual([]);
  });

  it("still confirms the person who arrives by the link mailed to them (the mailbox is theirs)", async () => {
    const a = await businessProject(t, { name: "Honest Co" });
    const person = address("real");
    expect((await call("POST", "/api/business/invites", { emails: [person] }, a.h)).status).toBe(201);
    const link = linkIn(lastMailTo(outbox(t.dir), person), /\/invite\/[0-9a-zA-Z_-]+/)!;
    expect(link).toBeTruthy();
    const account = await signUpAs(person);
    expect((await call("POST", `/api/business/join/${link.split("/").pop()}`, { agree: true }, account.h)).status).toBe(201);
    expect(await confirmed(account.h)).toBe(true);
  });
});

describe("a free project is no mail cannon", () => {
  it("sends at most 10 invitation mails a day from an unpaid project, and a paid one more", async () => {
    await clearLimits();
    const free = await businessProject(t, { name: "Free Relay" });
    await setBalance(free.id, 1); // the one free invite: a pending invitation reserves it, so each round withdraws
    const victim = address("many");
    let sent = 0;
    let refused: { status: number; json: any } | null = null;
    for (let i = 0; i < 12 && !refused; i++) {
      const res = await call("POST", "/api/business/invites", { emails: [`${i}-${victim}`] }, free.h);
      if (res.status === 201) {
        sent++;
        await call("DELETE", `/api/business/invites/${res.json.docs[0]._id}`, undefined, free.h);
      } else refused = res;
    }
    expect(sent).toBe(10);
    expect(refused!.status).toBe(429);
    expect(refused!.json.error.message).toMatch(/^A free project sends at most 10 invitation mails a day/);
    // a project that bought invites is not held to the free quota
    const paid = await businessProject(t, { name: "Paying Co" });
    await paidOrder(t, paid.owner, { entityType: "invites", projectId: paid.id, quantity: 20 });
    const many = Array.from({ length: 15 }, (_, i) => `${i}-${address("team")}`);
    expect((await call("POST", "/api/business/invites", { emails: many }, paid.h)).status).toBe(201);
  });

  it("lets withdraw-and-invite-again reach one mailbox only 4 times a week, with resends counted by address", async () => {
    await clearLimits();
    const owner = await user(t, { isBusiness: true });
    const paid = await businessProject(t, { name: "Bomb Co", owner });
    await paidOrder(t, owner, { entityType: "invites", projectId: paid.id, quantity: 50 });
    const victim = address("bombed");
    const statuses: number[] = [];
    const resends: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await call("POST", "/api/business/invites", { emails: [victim] }, paid.h);
      statuses.push(res.status);
      if (res.status !== 201) continue;
      // the 10-minute gap between resends is the address's: a fresh row does not reopen it
      if (i < 2) resends.push((await call("PUT", `/api/invite/${res.json.docs[0]._id}`, { resend: true }, paid.h)).status);
      expect((await call("DELETE", `/api/business/invites/${res.json.docs[0]._id}`, undefined, paid.h)).status).toBe(200);
    }
    expect(resends).toEqual([200, 429]);
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
    expect(mailsTo(victim)).toHaveLength(4);
  });

  it("does not carry a free project's own words or links; a paid project's message goes out", async () => {
    await clearLimits();
    const message = "Dear customer, your bank account is locked. Verify at https://evil.example/login";
    const free = await businessProject(t, { name: "ACME Bank" });
    const victim = address("phished");
    const res = await call("POST", "/api/business/invites", { emails: [victim], message }, free.h);
    expect(res.status).toBe(201);
    expect(res.json.docs[0].message).toBeNull();
    const mail = lastMailTo(outbox(t.dir), victim)!;
    expect(mail.text).not.toContain("evil.example");
    expect(mail.raw).not.toContain("evil.example");
    const paid = await businessProject(t, { name: "Real Bank" });
    await paidOrder(t, paid.owner, { entityType: "invites", projectId: paid.id, quantity: 5 });
    const colleague = address("colleague");
    expect((await call("POST", "/api/business/invites", { emails: [colleague], message: "See you on Monday" }, paid.h)).status).toBe(201);
    expect(lastMailTo(outbox(t.dir), colleague)!.text).toContain("See you on Monday");
  });
});
