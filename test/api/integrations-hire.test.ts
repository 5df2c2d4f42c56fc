// A candidate the ATS invited with its own id stays known by it once hired: the employee keeps the
// external id, the employee calls answer it, and webhooks about the person (now an employee) carry it.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invites, projects } from "../../db/schema";
import { businessProject, completedResult, type ProjectFixture, user } from "../fixtures";
import { createTestApp, type TestApp } from "../helpers";

let t: TestApp;
let p: ProjectFixture;
beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: "true" });
  p = await businessProject(t, {
    name: "Hire Co",
    positions: [{ name: "Analyst", tasks: [{ name: "Reports", communication: "individual", decision: "moderate" }] }],
  });
  await t.deps.db.update(projects).set({ inviteBalance: 5 }).where(eq(projects.id, p.id));
}, 60_000);
afterAll(() => t.close());

interface Payload {
  type: string;
  data: { person: { kind: string; id: string; externalId: string | null }; result?: { id: string } };
}

describe("the ATS's id of a hired candidate", () => {
  it("is kept by the employee, answered by the employee calls and carried in their webhooks", async () => {
    const bodies: { headers: Record<string, string>; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        bodies.push({ headers: req.headers as Record<string, string>, body });
        res.end("ok");
      });
    });
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
      const hook = await t.call<{ secret: string }>(
        "POST",
        "/api/business/integrations/webhooks",
        { url, events: ["test.completed", "consent.withdrawn"] },
        p.h,
      );
      expect(hook.status).toBe(201);
      const person = await user(t, { locale: "en" });
      const invited = await t.call<{ _id: string }>(
        "POST",
        "/api/business/candidates",
        { position: p.pos.Analyst, email: person.email, externalId: "GH-4711" },
        p.h,
      );
      expect(invited.status).toBe(201);
      const [invite] = await t.deps.db.select().from(invites).where(eq(invites.email, person.email));
      expect((await t.json("POST", `/api/business/join/${invite!.link}`, { agree: true, name: "Ann" }, person.h)).status).toBe(201);
      await completedResult(t, person);

      const hired = await t.call<{ employee: string; externalId: string | null }>("POST", `/api/business/candidates/${invited.json._id}/hire`, undefined, p.h);
      expect(hired.status).toBe(200);
      expect(hired.json.externalId).toBe("GH-4711");
      const employee = hired.json.employee;
      const one = await t.call<{ _id: string; externalId: string | null }>("GET", `/api/business/employees/${employee}`, undefined, p.h);
      expect(one.json).toMatchObject({ _id: employee, externalId: "GH-4711" });
      const list = await t.call<{ docs: { _id: string; externalId: string | null }[] }>("POST", "/api/business/employees", {}, p.h);
      expect(list.json.docs.find((d) => d._id === employee)?.externalId).toBe("GH-4711");
      // someone who joined by the company's code has no external id
      expect(list.json.docs.filter((d) => d._id !== employee).every((d) => d.externalId === null)).toBe(true);

      // a retake, then the person stops sharing: both webhooks name the employee by the ATS's id
      bodies.length = 0;
      await completedResult(t, person);
      expect((await t.json("POST", `/api/business/consent/${p.id}`, { consent: false }, person.h)).status).toBe(200);
      await t.deps.jobs.runDue();
      const verifier = new Webhook(hook.json.secret);
      const payloads = bodies.map((b) => verifier.verify(b.body, b.headers) as Payload);
      expect(payloads.map((x) => x.type).sort()).toEqual(["consent.withdrawn", "test.completed"]);
      for (const x of payloads) expect(x.data.person).toEqual({ kind: "employee", id: employee, externalId: "GH-4711" });
    } finally {
      await new Promise<void>((done) => server.close(() => done()));
    }
  });
});
