// Every multi-row back-office write is one unit of work: the change and its audit entry
// (and its mail) commit together or not at all. The audit insert is made to fail with a real
// SQLite trigger, the way a full disk or a lost connection would fail the second statement; the
// record must then be exactly as before, and no mail may be queued for a change that did not happen.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditLog, coupons, jobs, projects, results, reviews, users } from "../../db/schema";
import { FORMATS } from "../../model";
import { createTestApp, type TestApp } from "../helpers";
import { manager } from "../fixtures";
import { outbox } from "../mail";
import { signUp, takeTest } from "../respondent";

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const { token } = await manager(t);
  admin = { Authorization: `Bearer ${token}`, locale: "en" };
}, 120_000);
afterAll(async () => {
  await t.close();
});

const db = () => t.deps.db;
const breakAudit = () => db().run(sql`create trigger audit_down before insert on audit_log begin select raise(abort, 'audit log unavailable'); end`);
afterEach(async () => {
  await db().run(sql`drop trigger if exists audit_down`);
});

async function companyOf(prefix: string) {
  const owner = await signUp(t, prefix);
  await t.json("POST", "/api/business", { name: `${prefix} Co` }, owner.h);
  const [project] = await db().select().from(projects).where(eq(projects.ownerId, owner._id));
  return { owner, project: project! };
}
const mailJobs = async () => (await db().select().from(jobs).where(eq(jobs.kind, "mail"))).length;

describe("an audited write whose audit entry fails leaves no half", () => {
  it("a coupon edit (PUT) is not applied", async () => {
    const created = await (await t.json("POST", "/api/manager/coupon", { code: "HALF-1", type: "percent", amount: 10, count: 3 }, admin)).json();
    await breakAudit();
    const res = await t.json("PUT", `/api/manager/coupon/${created._id}`, { amount: 20 }, admin);
    expect(res.status).toBe(500);
    expect((await db().select().from(coupons).where(eq(coupons.id, created._id)))[0]).toMatchObject({ amount: 10, count: 3 });
  });

  it("a coupon is not created without its audit entry", async () => {
    await breakAudit();
    expect((await t.json("POST", "/api/manager/coupon", { code: "HALF-2", type: "percent", amount: 10 }, admin)).status).toBe(500);
    expect(await db().select().from(coupons).where(eq(coupons.code, "HALF-2"))).toHaveLength(0);
  });

  it("a change of owner changes nothing and sends no mail", async () => {
    const { owner, project } = await companyOf("half-owner");
    const heir = await signUp(t, "half-heir");
    await db().update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, heir._id)); // only a confirmed account may own a company
    const jobsBefore = await mailJobs();
    await breakAudit();
    const res = await t.json("POST", "/api/manager/projects/change-owner", { projectId: project.id, email: heir.email }, admin);
    expect(res.status).toBe(500);
    expect((await db().select().from(projects).where(eq(projects.id, project.id)))[0]!.ownerId).toBe(owner._id);
    expect((await db().select().from(users).where(eq(users.id, heir._id)))[0]!.isBusiness).toBe(false);
    expect(await mailJobs()).toBe(jobsBefore);
    expect(outbox(t.dir).filter((m) => m.to.includes(heir.email) && m.subject.includes("проект"))).toHaveLength(0);
  });

  it("invites added, a user deleted, a project deleted, a review approved: none of them happen", async () => {
    const { owner, project } = await companyOf("half-more");
    const review = await (await t.json("POST", "/api/manager/reviews", { name: "Half Review", textEn: "Text." }, admin)).json();
    const victim = await signUp(t, "half-victim");
    await breakAudit();
    expect((await t.json("POST", "/api/manager/user/add-invite", { id: owner._id, count: 5 }, admin)).status).toBe(500);
    expect((await db().select().from(projects).where(eq(projects.id, project.id)))[0]!.inviteBalance).toBe(project.inviteBalance);
    expect((await t.json("DELETE", `/api/manager/user/${victim._id}`, undefined, admin)).status).toBe(500);
    expect(await db().select().from(users).where(eq(users.id, victim._id))).toHaveLength(1);
    expect((await t.json("DELETE", `/api/manager/projects/${project.id}`, undefined, admin)).status).toBe(500);
    expect(await db().select().from(projects).where(eq(projects.id, project.id))).toHaveLength(1);
    expect((await t.json("PUT", `/api/manager/reviews/${review._id}/approve`, undefined, admin)).status).toBe(500);
    expect((await db().select().from(reviews).where(eq(reviews.id, review._id)))[0]!.isPublished).toBe(false);
  });
});

describe("mail a back-office write sends goes through the outbox", () => {
  it("a change of owner queues both owners' mails with the change; they leave after the commit", async () => {
    const { owner, project } = await companyOf("outbox-owner");
    const heir = await signUp(t, "outbox-heir");
    await db().update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, heir._id)); // only a confirmed account may own a company
    const res = await t.json("POST", "/api/manager/projects/change-owner", { projectId: project.id, email: heir.email }, admin);
    expect(res.status).toBe(200);
    // (their sign-up mails are outbox jobs too: only the two about the project count here)
    const queued = (await db().select().from(jobs).where(eq(jobs.kind, "mail"))).filter(
      (j) => [owner.email, heir.email].includes(String(j.payload.to)) && String(j.payload.subject).includes("проект"),
    );
    expect(queued.map((j) => j.payload.to).sort()).toEqual([owner.email, heir.email].sort());
    expect(queued.every((j) => j.doneAt)).toBe(true);
    expect(outbox(t.dir).filter((m) => (m.to.includes(heir.email) || m.to.includes(owner.email)) && m.subject.includes("проект"))).toHaveLength(2);
    const entry = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, project.id), eq(auditLog.action, "projects.changeOwner")));
    expect(entry).toHaveLength(1);
  });

  it("the report PDF is a report-pdf job queued with the audit entry", async () => {
    const person = await signUp(t, "pdf");
    await takeTest(t, person);
    const res = await t.json("POST", "/api/manager/user/send-pdf", { id: person._id }, admin);
    expect(res.status).toBe(200);
    const { result } = await res.json();
    await t.settled();
    const [job] = (await db().select().from(jobs).where(eq(jobs.kind, "report-pdf"))).filter((j) => j.payload.userId === person._id);
    expect(job).toMatchObject({ payload: { userId: person._id, resultId: result } });
    expect(job!.doneAt).not.toBeNull();
    expect(outbox(t.dir).some((m) => m.to.includes(person.email) && /pdf/i.test(m.raw))).toBe(true);
  }, 60_000);
});

describe("the result's edit form", () => {
  it("corrects the person's format with the result's (as the rechecker does), in one unit with its audit entry", async () => {
    const person = await signUp(t, "result-form");
    const resultId = await takeTest(t, person);
    const [before] = await db().select().from(results).where(eq(results.id, resultId));
    const other = FORMATS.map((f) => f.code).find((c) => c !== before!.formatCode)!;
    const res = await t.json("PUT", `/api/manager/results/${resultId}`, { format: other }, admin);
    expect(res.status).toBe(200);
    expect((await db().select().from(results).where(eq(results.id, resultId)))[0]!.formatCode).toBe(other);
    expect((await db().select().from(users).where(eq(users.id, person._id)))[0]!.formatCode).toBe(other);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, resultId), eq(auditLog.action, "results.update")));
    expect(entry!.changes).toMatchObject({ formatCode: { from: before!.formatCode, to: other } });

    // with the audit failing, neither the result nor the person changes
    const third = FORMATS.map((f) => f.code).find((c) => c !== before!.formatCode && c !== other)!;
    await breakAudit();
    expect((await t.json("PUT", `/api/manager/results/${resultId}`, { format: third }, admin)).status).toBe(500);
    expect((await db().select().from(results).where(eq(results.id, resultId)))[0]!.formatCode).toBe(other);
    expect((await db().select().from(users).where(eq(users.id, person._id)))[0]!.formatCode).toBe(other);
  }, 60_000);
});
