// Mail goes through the outbox: a sign-up succeeds while SMTP is down, its mail waits in
// the jobs table with the error, and leaves once SMTP is back; a sent mail keeps no links.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../helpers";
import { startSmtpSink } from "../mail";

let t: TestApp;
let port = 0;
beforeAll(async () => {
  // a port where SMTP was a moment ago and is not now
  const probe = await startSmtpSink();
  port = probe.port;
  await probe.close();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
});
afterAll(() => t.close());

describe("mail while SMTP is down", () => {
  it("signs the person up, keeps the confirmation mail, and sends it when SMTP is back", async () => {
    const email = "smtp-down@example.com";
    const res = await t.json("POST", "/api/passport/signup", { email, policy: true, terms: true, offer: true });
    expect(res.status).toBeLessThan(300);
    const body = (await res.json()) as { token?: string };
    expect(body.token).toBeTruthy(); // signed in: a way in even before the mail arrives
    expect(await t.deps.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);

    const [waiting] = await t.deps.db.select().from(jobs).where(eq(jobs.kind, "mail"));
    expect(waiting!.doneAt).toBe(null);
    expect(waiting!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(waiting!.runAt.getTime()).toBeGreaterThan(Date.now()); // retried later, with backoff

    // a retry of the sign-up says the account exists, as it does (and the mail is still on its way)
    expect((await t.json("POST", "/api/passport/signup", { email, policy: true, terms: true, offer: true })).status).toBe(409);

    const smtp = await startSmtpSink(port);
    try {
      await t.deps.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, waiting!.id)); // its retry time has come
      expect(await t.deps.jobs.runDue()).toBe(1);
      expect(smtp.received.map((m) => m.to)).toContain(email);
      expect(smtp.received[0]!.text).toMatch(/\/confirm\//);
      const [sent] = await t.deps.db.select().from(jobs).where(eq(jobs.id, waiting!.id));
      expect(sent!.doneAt).not.toBe(null);
      // what stays of a sent mail: the address and the subject, never its sign-in links
      expect(JSON.stringify(sent!.payload)).not.toMatch(/confirm\//);
      expect(await t.deps.jobs.runDue()).toBe(0); // sent once
    } finally {
      await smtp.close();
    }
  }, 60_000);
});
