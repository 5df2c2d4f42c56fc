// The multi-row operations of the back-office and the business cabinet are all or nothing, as crash-units.test.ts proves for
// the consumer's and the first cabinet operations: the real server is killed with SIGKILL between two writes of one operation
// (CRASH_AT, server/lib/crash-points.ts), restarted on the same file, and nothing of the operation
// is left half-done; the retry (the client's, or the job runner's next sweep) then succeeds. The
// servers are chained (test/crash-harness.ts): each restart checks and retries the operation the
// previous one died in and is armed for the next case's crash point. The reminders and the digest are
// the job runner's sweep, which a server runs as it starts: their server dies while starting. Removing
// an employee and deleting a department were not units before these tests (their writes went one by one).
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  answers,
  auditLog,
  businessRequests,
  candidates,
  consultationTickets,
  departments,
  employees,
  invites,
  jobs,
  orders,
  ownerEvents,
  positions,
  projects,
  questions,
  rateLimits,
  requestNotes,
  results,
  reviews,
  tests,
  users,
} from "../../db/schema";
import { FORMATS } from "../../model/formats";
import { createId } from "../../server/lib/ids";
import { crashHarness } from "../crash-harness";

const h = crashHarness("tf-crash-units-cabinet-backoffice-");
const { db, call, form, diesAt, person, mailsTo } = h;
const restart = (crashAt?: string) => h.start(crashAt);

afterAll(() => h.close());

type Person = Awaited<ReturnType<typeof person>>;
let owner: Person;
let manager: Person;
let hired: Person;
let staff: Person;
let joiner: Person;
let tester: Person;
const projectId = createId();
const joinProjectId = createId();
const positionId = createId();
const candidateId = createId();

/** Audit entries of one action (on these records, when named). */
const audited = async (action: string, ids?: string[]) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), ids ? inArray(auditLog.entityId, ids) : undefined));

/** Mail queued in the outbox table for this address, sent or not. */
const mailJobsTo = async (email: string) =>
  db()
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, "mail"), sql`json_extract(${jobs.payload}, '$.to') = ${email}`));

beforeAll(async () => {
  await h.start("hire.afterEmployee");
  owner = await person("owner@example.com", { isBusiness: true });
  manager = await person("manager@example.com", { role: "admin" });
  hired = await person("candidate@example.com");
  staff = await person("staff@example.com");
  joiner = await person("joiner@example.com");
  tester = await person("tester@example.com");
  await db()
    .insert(projects)
    .values([
      { id: projectId, name: "Crash Co", ownerId: owner.id, inviteCode: "crashco-new", inviteBalance: 20 },
      { id: joinProjectId, name: "Join Co", ownerId: owner.id, inviteCode: "joinco-new", inviteBalance: 1 },
    ]);
  await db().update(users).set({ currentProjectId: projectId }).where(eq(users.id, owner.id));
  await db().insert(positions).values({ id: positionId, projectId, name: "Sales manager" });
  // a candidate who has joined through their invitation
  const inviteId = createId();
  await db().insert(invites).values({ id: inviteId, projectId, userId: hired.id, email: hired.email, link: createId(), kind: "candidate", status: "Accepted" });
  await db()
    .insert(candidates)
    .values({ id: candidateId, projectId, positionId, inviteId, userId: hired.id, email: hired.email, name: "Cand", joinedAt: new Date() });
  // an employee who shares their results
  await db().insert(employees).values({ id: createId(), projectId, userId: staff.id, name: "Staff Member" });
  await db().insert(invites).values({ id: createId(), projectId, userId: staff.id, email: staff.email, link: createId(), kind: "email", status: "Accepted" });
}, 120_000);

describe("a crash between the writes of one operation", () => {
  it("hiring a candidate: never an employee while still a candidate, and the retry hires", async () => {
    const hire = () => call(`/api/business/candidates/${candidateId}/hire`, { token: owner.token, headers: { Project: projectId } });
    await diesAt(hire);
    await restart("bulk.afterFirst");
    const employed = () =>
      db()
        .select()
        .from(employees)
        .where(and(eq(employees.projectId, projectId), eq(employees.userId, hired.id)));
    expect(await employed()).toHaveLength(0);
    expect(await db().select().from(candidates).where(eq(candidates.id, candidateId))).toHaveLength(1);
    expect((await hire()).status).toBe(200);
    const [employee] = await employed();
    expect(employee!.positionId).toBe(positionId);
    expect(await db().select().from(candidates).where(eq(candidates.id, candidateId))).toHaveLength(0);
  }, 60_000);

  it("a bulk approval of reviews: every review with its audit entry, or none", async () => {
    const ids = [createId(), createId(), createId()];
    await db()
      .insert(reviews)
      .values(ids.map((id, i) => ({ id, name: `Reviewer ${i}`, text: { en: "Clear and useful" }, isPublished: false })));
    const approve = () => form("/manager/reviews", manager.token, { _form: "bulk", action: "approve", ids: ids.join(","), confirmed: "1" });
    await diesAt(approve);
    await restart("unmark.afterOrder");
    const published = async () => (await db().select().from(reviews).where(inArray(reviews.id, ids))).filter((r) => r.isPublished);
    expect(await published()).toHaveLength(0);
    expect(await audited("reviews.approve", ids)).toHaveLength(0);
    const retry = await approve();
    expect(retry.status).toBe(303);
    expect(retry.headers.get("location")).toContain("done=bulk");
    expect(await published()).toHaveLength(3);
    expect(await audited("reviews.approve", ids)).toHaveLength(3);
  }, 60_000);

  it("taking an invoice's paid mark back: the order and the invites it credited go back together", async () => {
    const orderId = createId();
    // an invoice for 4 invites (plus the owner's one) a manager marked paid an hour ago
    await db()
      .insert(orders)
      .values({
        id: orderId,
        userId: owner.id,
        projectId,
        entityType: "invites",
        quantity: 4,
        amount: 1_800_000,
        method: "invoice",
        state: "paid",
        invoiceNumber: 9001,
        paidAt: new Date(Date.now() - 3_600_000),
      });
    const balance = async () => (await db().select().from(projects).where(eq(projects.id, projectId)))[0]!.inviteBalance;
    const before = await balance();
    const unmark = () => call(`/api/manager/orders/${orderId}/unpaid`, { token: manager.token });
    await diesAt(unmark);
    await restart("restore.afterAnswers");
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order!.state).toBe("paid");
    expect(await balance()).toBe(before);
    expect(await audited("orders.unmarkPaid", [orderId])).toHaveLength(0);
    expect((await unmark()).status).toBe(200);
    const [pending] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(pending!.state).toBe("pending");
    expect(await balance()).toBe(before - 5);
    expect(await audited("orders.unmarkPaid", [orderId])).toHaveLength(1);
  }, 60_000);

  it("restoring a reset result: the retake and its answers go together, or stay", async () => {
    const [test] = await db().select().from(tests).limit(1);
    const resultId = createId();
    const format = FORMATS[3]!.code;
    const done = new Date(Date.now() - 86_400_000);
    await db()
      .insert(results)
      .values({
        id: resultId,
        userId: tester.id,
        testId: test!.id,
        isCompleted: true,
        formatCode: format,
        indicators: { system: 1 },
        createdAt: done,
        completedAt: done,
      });
    await db().update(users).set({ formatCode: format, isCompleted: true }).where(eq(users.id, tester.id));
    const reset = (await (await call(`/api/manager/results/${resultId}/reset`, { method: "GET", token: manager.token })).json()) as { _id: string };
    const retakeId = reset._id;
    expect(retakeId).not.toBe(resultId);
    // the person has begun the retake
    const qs = await db().select({ id: questions.id }).from(questions).where(eq(questions.testId, test!.id)).limit(2);
    await db()
      .insert(answers)
      .values(qs.map((q) => ({ id: createId(), resultId: retakeId, questionId: q.id, value: 1, elapsedMs: 5000 })));
    const restore = () => call(`/api/manager/results/${resultId}/restore`, { token: manager.token });
    await diesAt(restore);
    await restart("invites.afterFirstMail");
    expect(await db().select().from(results).where(eq(results.id, retakeId))).toHaveLength(1);
    expect(await db().select().from(answers).where(eq(answers.resultId, retakeId))).toHaveLength(2);
    expect(await audited("results.restore", [resultId])).toHaveLength(0);
    const retry = await restore();
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual({ restored: resultId });
    expect(await db().select().from(results).where(eq(results.id, retakeId))).toHaveLength(0);
    expect(await db().select().from(answers).where(eq(answers.resultId, retakeId))).toHaveLength(0);
    expect(await audited("results.restore", [resultId])).toHaveLength(1);
    // the person's own list shows the restored result as their last one
    const own = (await (await call("/api/result", { method: "GET", token: tester.token })).json()) as { docs: { _id: string }[] };
    expect(own.docs.map((d) => d._id)).toEqual([resultId]);
  }, 60_000);

  it("a CSV import of invitations: every invitation with its mail and its count against the limits, or none", async () => {
    const people = ["ann.csv@example.com", "bob.csv@example.com", "cat.csv@example.com"];
    const csv = ["email;name;position", ...people.map((e, i) => `${e};Person ${i};Sales manager`)].join("\n");
    const upload = () => call("/api/business/invites/import", { token: owner.token, headers: { Project: projectId }, body: { csv } });
    await diesAt(upload);
    await restart("notice.afterWrite");
    const invited = () => db().select().from(invites).where(inArray(invites.email, people));
    expect(await invited()).toHaveLength(0);
    expect(people.map(mailsTo)).toEqual([0, 0, 0]);
    expect(await mailJobsTo(people[0]!)).toHaveLength(0);
    expect(
      await db()
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, `inviteMailProject:${projectId}`)),
    ).toHaveLength(0);
    const retry = await upload();
    expect(retry.status).toBe(201);
    expect(await retry.json()).toMatchObject({ invited: 3, skipped: [] });
    const rows = await invited();
    expect(rows.map((r) => r.positionId)).toEqual([positionId, positionId, positionId]);
    await h.settled(); // the mails leave after the commit, not before the answer
    expect(people.map(mailsTo)).toEqual([1, 1, 1]);
    const [quota] = await db()
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `inviteMailProject:${projectId}`));
    expect(quota!.count).toBe(3);
  }, 60_000);

  it("an owner's notice of a join: no mail about someone who did not join, one when they do", async () => {
    const join = () => call("/api/business/join/joinco-new", { token: joiner.token, body: { agree: true } });
    const ownerJobs = (await mailJobsTo(owner.email)).length;
    await diesAt(join);
    await restart("request.afterNote");
    expect(await db().select().from(employees).where(eq(employees.projectId, joinProjectId))).toHaveLength(0);
    expect(await mailJobsTo(owner.email)).toHaveLength(ownerJobs);
    const [p] = await db().select().from(projects).where(eq(projects.id, joinProjectId));
    expect(p!.inviteBalance).toBe(1);
    expect((await join()).status).toBe(201);
    expect(await db().select().from(employees).where(eq(employees.projectId, joinProjectId))).toHaveLength(1);
    expect(await mailJobsTo(owner.email)).toHaveLength(ownerJobs + 1);
  }, 60_000);

  it("handling a business request: its status, note, assignee and their audit entries together", async () => {
    const ticketId = createId();
    await db().insert(consultationTickets).values({ id: ticketId, name: "Client", email: "client-lead@example.com", message: "Call me" });
    const save = () =>
      form("/manager/requests", manager.token, {
        _form: "status",
        source: "consultation",
        id: ticketId,
        status: "in_progress",
        note: "Called, sending the offer",
        assigneeId: manager.id,
      });
    await diesAt(save);
    await restart("notice.afterWrite");
    const [ticket] = await db().select().from(consultationTickets).where(eq(consultationTickets.id, ticketId));
    expect(ticket!.status).toBe("new");
    expect(await db().select().from(requestNotes).where(eq(requestNotes.requestId, ticketId))).toHaveLength(0);
    expect(await db().select().from(auditLog).where(eq(auditLog.entityId, ticketId))).toHaveLength(0);
    const retry = await save();
    expect(retry.status).toBe(303);
    const [handled] = await db().select().from(consultationTickets).where(eq(consultationTickets.id, ticketId));
    expect(handled!.status).toBe("in_progress");
    const [note] = await db().select().from(requestNotes).where(eq(requestNotes.requestId, ticketId));
    expect(note).toMatchObject({ note: "Called, sending the offer", assigneeId: manager.id });
    const entries = await db().select().from(auditLog).where(eq(auditLog.entityId, ticketId));
    expect(entries.map((e) => e.action).sort()).toEqual(["requests.handling", "requests.status"]);
  }, 60_000);

  it("an owner's notice of a withdrawn consent: never told of a change that did not happen, told once when it does", async () => {
    const withdraw = () => call(`/api/business/consent/${projectId}`, { token: staff.token, body: { consent: false } });
    const staffRow = async () =>
      (
        await db()
          .select()
          .from(employees)
          .where(and(eq(employees.projectId, projectId), eq(employees.userId, staff.id)))
      )[0]!;
    const ownerMails = mailsTo(owner.email);
    const ownerJobs = (await mailJobsTo(owner.email)).length;
    await diesAt(withdraw);
    await restart("business.beforeMail");
    expect((await staffRow()).consentWithdrawnAt).toBe(null);
    expect(await mailJobsTo(owner.email)).toHaveLength(ownerJobs);
    expect(mailsTo(owner.email)).toBe(ownerMails);
    expect((await withdraw()).status).toBe(200);
    expect((await staffRow()).consentWithdrawnAt).not.toBe(null);
    expect(await mailJobsTo(owner.email)).toHaveLength(ownerJobs + 1);
    await h.settled(); // the mail leaves after the commit, not before the answer
    expect(mailsTo(owner.email)).toBe(ownerMails + 1);
  }, 60_000);

  it("a client's business account by hand: never an account without its set-password mail, and the retry makes it", async () => {
    const email = "new-client@example.com";
    const create = () => call("/api/manager/business/create", { token: manager.token, body: { email, company: "Client LLC", invites: 10 } });
    await diesAt(create);
    await restart("employee.afterUnlink");
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect(await db().select().from(projects).where(eq(projects.name, "Client LLC"))).toHaveLength(0);
    expect(await audited("business.create")).toHaveLength(0);
    const retry = await create();
    expect(retry.status).toBe(201);
    const made = (await retry.json()) as { user: { _id: string; created: boolean }; project: { _id: string; inviteBalance: number } };
    expect(made.user.created).toBe(true);
    expect(made.project.inviteBalance).toBe(11);
    await h.settled(); // the mail leaves after the commit, not before the answer
    expect(mailsTo(email)).toBe(1);
    expect(await audited("business.create")).toHaveLength(1);
  }, 60_000);

  it("removing an employee: never listed with their invitation switched off, and the retry removes them", async () => {
    const leaver = await person("leaver@example.com");
    const employeeId = createId();
    const departmentId = createId();
    await db().insert(employees).values({ id: employeeId, projectId, userId: leaver.id, name: "Leaver" });
    await db().insert(departments).values({ id: departmentId, projectId, name: "Support", supervisorId: employeeId });
    const inviteId = createId();
    await db()
      .insert(invites)
      .values({ id: inviteId, projectId, userId: leaver.id, email: leaver.email, link: createId(), kind: "email", status: "completed test" });
    const remove = () => call(`/api/business/employees/${employeeId}`, { method: "DELETE", token: owner.token, headers: { Project: projectId } });
    await diesAt(remove);
    await restart("department.afterMove");
    const invite = async () => (await db().select().from(invites).where(eq(invites.id, inviteId)))[0]!;
    const department = async () => (await db().select().from(departments).where(eq(departments.id, departmentId)))[0]!;
    expect(await db().select().from(employees).where(eq(employees.id, employeeId))).toHaveLength(1);
    expect((await invite()).isActive).toBe(true);
    expect((await department()).supervisorId).toBe(employeeId);
    expect((await remove()).status).toBe(200);
    expect(await db().select().from(employees).where(eq(employees.id, employeeId))).toHaveLength(0);
    expect((await invite()).isActive).toBe(false);
    expect((await department()).supervisorId).toBe(null);
  }, 60_000);

  it("deleting a department: its people, positions and sub-departments move to its parent with it, or stay", async () => {
    const parent = createId();
    const gone = createId();
    const child = createId();
    const worker = await person("worker@example.com");
    const workerRow = createId();
    const desk = createId();
    await db()
      .insert(departments)
      .values([
        { id: parent, projectId, name: "Head office" },
        { id: gone, projectId, name: "Field sales", parentId: parent },
        { id: child, projectId, name: "North", parentId: gone },
      ]);
    await db().insert(employees).values({ id: workerRow, projectId, userId: worker.id, name: "Worker", departmentId: gone });
    await db().insert(positions).values({ id: desk, projectId, name: "Field rep", departmentId: gone });
    const remove = () => call(`/api/business/departments/${gone}`, { method: "DELETE", token: owner.token, headers: { Project: projectId } });
    await diesAt(remove);
    await restart("reply.afterMail");
    const place = async () => ({
      worker: (await db().select().from(employees).where(eq(employees.id, workerRow)))[0]!.departmentId,
      desk: (await db().select().from(positions).where(eq(positions.id, desk)))[0]!.departmentId,
      child: (await db().select().from(departments).where(eq(departments.id, child)))[0]!.parentId,
      kept: (await db().select().from(departments).where(eq(departments.id, gone))).length,
    });
    expect(await place()).toEqual({ worker: gone, desk: gone, child: gone, kept: 1 });
    expect((await remove()).status).toBe(200);
    expect(await place()).toEqual({ worker: parent, desk: parent, child: parent, kept: 0 });
  }, 60_000);

  it("a reply to a request by e-mail: the mail and its audit entry (with the text) together, or neither", async () => {
    const requestId = createId();
    const to = "lead-reply@example.com";
    await db().insert(businessRequests).values({ id: requestId, kind: "corporate", name: "Lead", email: to, company: "Lead LLC", message: "Prices?" });
    const reply = () =>
      call(`/api/manager/business/requests/business/${requestId}/reply`, {
        token: manager.token,
        body: { subject: "Our prices", text: "Hello! The prices are attached." },
      });
    await diesAt(reply);
    await restart("signupJoin.afterSignup");
    expect(await mailJobsTo(to)).toHaveLength(0);
    expect(await audited("requests.reply", [requestId])).toHaveLength(0);
    expect((await reply()).status).toBe(201);
    await h.settled(); // the mail leaves after the commit, not before the answer
    expect(mailsTo(to)).toBe(1);
    const [entry] = await audited("requests.reply", [requestId]);
    expect(entry!.changes).toMatchObject({ to, subject: "Our prices" });
  }, 60_000);

  it("signing up on an invitation's page: never an account that has not joined, and the retry signs up and joins", async () => {
    const email = "newcomer@example.com";
    const linkProject = createId();
    await db().insert(projects).values({ id: linkProject, name: "Link Co", ownerId: owner.id, inviteCode: "linkco-new", inviteBalance: 3 });
    const signUp = () =>
      fetch(`${h.server.base}/invite/linkco-new`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: h.server.base },
        body: new URLSearchParams({
          _form: "join-signup",
          email,
          password: "a long pass phrase 42",
          policy: "on",
          terms: "on",
          offer: "on",
          consent: "on",
          name: "New Comer",
        }).toString(),
        redirect: "manual",
      });
    await diesAt(signUp);
    await restart();
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect((await db().select().from(projects).where(eq(projects.id, linkProject)))[0]!.inviteBalance).toBe(3);
    const retry = await signUp();
    expect(retry.status, await retry.clone().text()).toBe(303);
    expect(retry.headers.get("location")).toContain(`joined=${linkProject}`);
    const [account] = await db().select().from(users).where(eq(users.email, email));
    const [member] = await db()
      .select()
      .from(employees)
      .where(and(eq(employees.projectId, linkProject), eq(employees.userId, account!.id)));
    expect(member!.name).toBe("New Comer");
  }, 60_000);

  it("an invitation's reminder: the counter and the mail together, and the next sweep sends it", async () => {
    const email = "reminded@example.com";
    const inviteId = createId();
    const fourDaysAgo = new Date(Date.now() - 4 * 86_400_000);
    await db()
      .insert(invites)
      .values({ id: inviteId, projectId, email, link: createId(), kind: "email", status: "Sent", mailedAt: fourDaysAgo, createdAt: fourDaysAgo });
    // the sweep runs as a server starts: this one dies in it, between the counter and the mail
    await h.settled();
    await h.kill();
    await h.startDying("reminder.afterCount");
    const invite = async () => (await db().select().from(invites).where(eq(invites.id, inviteId)))[0]!;
    expect((await invite()).reminders).toBe(0);
    expect(await mailJobsTo(email)).toHaveLength(0);
    await restart();
    // the next server's sweep (at its start) sends the reminder once
    for (let i = 0; i < 100 && mailsTo(email) === 0; i++) await new Promise((r) => setTimeout(r, 100));
    await h.settled(); // the mail leaves after the commit, not before the answer
    expect(mailsTo(email)).toBe(1);
    expect((await invite()).reminders).toBe(1);
    expect(await mailJobsTo(email)).toHaveLength(1);
  }, 60_000);

  it("an owner's daily digest: its events marked sent only with the mail, and the next sweep sends it", async () => {
    const boss = await person("digest-owner@example.com", { isBusiness: true });
    const digestProject = createId();
    await db().insert(projects).values({ id: digestProject, name: "Digest Co", ownerId: boss.id, inviteCode: "digestco-new", notify: "digest" });
    const yesterday = new Date(Date.now() - 86_400_000);
    const events = [createId(), createId()];
    await db()
      .insert(ownerEvents)
      .values(events.map((id, i) => ({ id, projectId: digestProject, ownerId: boss.id, kind: "joined" as const, name: `Joiner ${i}`, createdAt: yesterday })));
    await h.settled();
    await h.kill();
    await h.startDying("digest.afterMark");
    const digested = async () => (await db().select().from(ownerEvents).where(inArray(ownerEvents.id, events))).filter((e) => e.digestedAt);
    expect(await digested()).toHaveLength(0);
    expect(await mailJobsTo(boss.email)).toHaveLength(0);
    await restart();
    for (let i = 0; i < 100 && mailsTo(boss.email) === 0; i++) await new Promise((r) => setTimeout(r, 100));
    await h.settled(); // the mail leaves after the commit, not before the answer
    expect(mailsTo(boss.email)).toBe(1);
    expect(await digested()).toHaveLength(2);
  }, 60_000);
});
