// Every operation that writes more than one row is all or nothing. The real server is
// killed with SIGKILL exactly between two writes of one operation (CRASH_AT, server/lib/crash-points.ts),
// then restarted on the same file: nothing of the operation is left half-done, and the client's retry
// of the same request succeeds. The servers are chained: each restart checks and retries the
// operation the previous one died in, then performs the next (its own crash point).
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answers, employeeAnalytics, employees, invites, orders, positions, projects, questions, results, tasks, tests, users } from "../../db/schema";
import { FORMATS } from "../../model/formats";
import { createId } from "../../server/lib/ids";
import { crashHarness } from "../crash-harness";

const h = crashHarness("tf-crash-units-");
const { db, call, diesAt, person, mailsTo } = h;
const restart = (crashAt?: string) => h.start(crashAt);

afterAll(() => h.close());

/** The sandbox page's Pay button: a same-origin form post. */
const pay = (paymentId: string, token: string) => h.form(`/payment/sandbox/${paymentId}`, token, { decision: "pay" });

// the people and rows the operations act on
let owner: { id: string; token: string };
let employee: { id: string; token: string };
let manager: { id: string; token: string };
let buyer: { id: string; token: string };
let joiner: { id: string; token: string };
const projectId = createId();
const joinProjectId = createId();
const positionId = createId();
const resultId = createId();
let lastQuestion = "";

beforeAll(async () => {
  await h.start("signup.afterUser");
  owner = await person("owner@example.com", { isBusiness: true });
  employee = await person("employee@example.com");
  manager = await person("manager@example.com", { role: "admin" });
  buyer = await person("buyer@example.com");
  joiner = await person("joiner@example.com");
  await db()
    .insert(projects)
    .values([
      { id: projectId, name: "Crash Co", ownerId: owner.id, inviteCode: "crashco-link", inviteBalance: 5 },
      { id: joinProjectId, name: "Join Co", ownerId: owner.id, inviteCode: "joinco-link", inviteBalance: 1 },
    ]);
  await db().insert(employees).values({ id: createId(), projectId, userId: employee.id, name: "Employee" });
  await db()
    .insert(invites)
    .values({ id: createId(), projectId, userId: employee.id, email: "employee@example.com", link: createId(), kind: "email", status: "Accepted" });
  await db().insert(positions).values({ id: positionId, projectId, name: "Sales manager" });
  await db()
    .insert(tasks)
    .values([
      { id: createId(), positionId, name: "Calls", communication: "team", decision: "moderate", sort: 0 },
      { id: createId(), positionId, name: "Reports", communication: "individual", decision: "balanced", sort: 1 },
    ]);
  // the employee has answered every statement but the last
  const [test] = await db().select().from(tests).limit(1);
  const qs = await db().select().from(questions).where(eq(questions.testId, test!.id)).orderBy(asc(questions.position));
  await db().insert(results).values({ id: resultId, userId: employee.id, testId: test!.id });
  await db()
    .insert(answers)
    .values(qs.slice(0, -1).map((q, i) => ({ id: createId(), resultId, questionId: q.id, value: ((i * 7) % 5) - 2, elapsedMs: 4000 })));
  lastQuestion = qs.at(-1)!.id;
}, 120_000);

describe("a crash between the writes of one operation", () => {
  it("sign-up: no account without its confirmation mail, and the retry signs up", async () => {
    const body = { email: "newcomer@example.com", policy: true, terms: true, offer: true };
    await diesAt(() => call("/api/passport/signup", { body }));
    await restart("complete.afterResult");
    expect(await db().select().from(users).where(eq(users.email, "newcomer@example.com"))).toHaveLength(0);
    const retry = await call("/api/passport/signup", { body });
    expect(retry.status).toBeLessThan(300);
    expect(await db().select().from(users).where(eq(users.email, "newcomer@example.com"))).toHaveLength(1);
    await h.settled(); // the mail leaves after the commit, not before the answer
    expect(mailsTo("newcomer@example.com")).toBe(1);
  }, 60_000);

  it("test completion: the result, the person's format and their invitation complete together", async () => {
    const answer = () => call("/api/answer", { token: employee.token, body: { result: resultId, question: lastQuestion, value: 1, elapsedMs: 4000 } });
    await diesAt(answer);
    await restart("join.afterSpend");
    const [open] = await db().select().from(results).where(eq(results.id, resultId));
    expect(open!.isCompleted).toBe(false);
    const [before] = await db().select().from(users).where(eq(users.id, employee.id));
    expect(before!.formatCode).toBe(null);
    const retry = await answer();
    expect(retry.status).toBe(200);
    const [done] = await db().select().from(results).where(eq(results.id, resultId));
    const [after] = await db().select().from(users).where(eq(users.id, employee.id));
    expect(done!.isCompleted).toBe(true);
    expect(after!.formatCode).toBe(done!.formatCode);
    const [invite] = await db().select().from(invites).where(eq(invites.userId, employee.id));
    expect(invite!.status).toBe("completed test");
    // the company's analytics followed (the job ran after the commit)
    expect(await db().select().from(employeeAnalytics).where(eq(employeeAnalytics.projectId, projectId))).toHaveLength(1);
  }, 60_000);

  it("joining a company: no invite spent without the employee, and the retry joins", async () => {
    const join = () => call("/api/business/join/joinco-link", { token: joiner.token, body: { agree: true } });
    await diesAt(join);
    await restart("position.afterDelete");
    const [p] = await db().select().from(projects).where(eq(projects.id, joinProjectId));
    expect(p!.inviteBalance).toBe(1);
    expect(await db().select().from(employees).where(eq(employees.projectId, joinProjectId))).toHaveLength(0);
    expect((await join()).status).toBe(201);
    const [spent] = await db().select().from(projects).where(eq(projects.id, joinProjectId));
    expect(spent!.inviteBalance).toBe(0);
    expect(
      await db()
        .select()
        .from(employees)
        .where(and(eq(employees.projectId, joinProjectId), eq(employees.userId, joiner.id))),
    ).toHaveLength(1);
  }, 60_000);

  it("a position's activities: never erased by an edit that did not finish", async () => {
    const edit = () =>
      call(`/api/business/positions/${positionId}`, {
        method: "PUT",
        token: owner.token,
        headers: { Project: projectId },
        body: { tasks: ["Negotiations", "Planning", "Hiring"].map((name) => ({ name, communication: "global", decision: "improvisation" })) },
      });
    await diesAt(edit);
    await restart("format.afterResult");
    const kept = await db().select().from(tasks).where(eq(tasks.positionId, positionId)).orderBy(asc(tasks.sort));
    expect(kept.map((t) => t.name)).toEqual(["Calls", "Reports"]);
    expect((await edit()).status).toBe(200);
    const now = await db().select().from(tasks).where(eq(tasks.positionId, positionId)).orderBy(asc(tasks.sort));
    expect(now.map((t) => t.name)).toEqual(["Negotiations", "Planning", "Hiring"]);
  }, 60_000);

  it("a manager's format correction: the result and the person's format change together, everywhere", async () => {
    const [r] = await db().select().from(results).where(eq(results.id, resultId));
    const other = FORMATS.map((f) => f.code).find((code) => code !== r!.formatCode)!;
    const correct = () => call(`/api/manager/formats/${resultId}`, { method: "PUT", token: manager.token, body: { format: other } });
    await diesAt(correct);
    await restart("credit.afterPaid");
    const [unchanged] = await db().select().from(results).where(eq(results.id, resultId));
    const [person] = await db().select().from(users).where(eq(users.id, employee.id));
    expect(unchanged!.formatCode).toBe(r!.formatCode);
    expect(person!.formatCode).toBe(r!.formatCode);
    expect((await correct()).status).toBe(200);
    // one request later, every place shows the corrected format
    const listed = (await (await call(`/api/manager/user?q=employee@example.com`, { method: "GET", token: manager.token })).json()) as {
      docs: { email: string; format: unknown }[];
    };
    expect(JSON.stringify(listed.docs.find((u) => u.email === "employee@example.com")?.format)).toContain(other);
    const list = (await (await call("/api/business/employees", { token: owner.token, headers: { Project: projectId }, body: {} })).json()) as {
      docs: { format: { code: string } | null }[];
    };
    expect(list.docs.map((e) => e.format?.code)).toEqual([other]);
    const own = (await (await call("/api/result", { method: "GET", token: employee.token })).json()) as { docs: { _id: string; format: string }[] };
    expect(own.docs.find((d) => d._id === resultId)?.format).toBe(other);
  }, 60_000);

  it("a payment: never paid without the report it bought, and the provider's next notice credits it", async () => {
    const started = (await (await call("/api/payment", { token: buyer.token, body: { entityType: "report" } })).json()) as { order: string; redirect: string };
    const paymentId = started.redirect.split("/").pop()!.split("?")[0]!;
    await diesAt(() => pay(paymentId, buyer.token));
    await restart();
    const [order] = await db().select().from(orders).where(eq(orders.id, started.order));
    const [unpaid] = await db().select().from(users).where(eq(users.id, buyer.id));
    expect(order!.state).toBe("pending");
    expect(unpaid!.isFull).toBe(false);
    const retry = await pay(paymentId, buyer.token);
    expect(retry.headers.get("location")).toContain("/payment/success");
    const [paid] = await db().select().from(orders).where(eq(orders.id, started.order));
    const [full] = await db().select().from(users).where(eq(users.id, buyer.id));
    expect(paid!.state).toBe("paid");
    expect(full!.isFull).toBe(true);
  }, 60_000);
});
