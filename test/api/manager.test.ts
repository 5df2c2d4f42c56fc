// The back-office API (manager-back-office §7): the resource framework's lists (paging, populate,
// exclude, the `match` whitelist), users, masquerade, results, the rechecker, statistics,
// exports, business requests, and the audit log behind every write.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { tFor } from "../../locales";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, consultationTickets, invites, logs, projects, results, sessions, users } from "../../db/schema";
import { createId } from "../../server/lib/ids";
import { cookiesOf, createTestApp, type TestApp } from "../helpers";
import { businessProject, completedResult, manager, type Person, user } from "../fixtures";

let t: TestApp;
let adminId: string;
let adminEmail: string;
let M: Record<string, string>;
let alice: Person;
let bob: Person;
let carol: Person; // in progress
let aliceResult: string;
let bobResult: string;
let carolResult: string;

beforeAll(async () => {
  // no demo company: the counts below are of this file's own users
  t = await createTestApp({ SEED_DEMO: "false" });
  const boss = await manager(t);
  M = boss.h;
  adminId = boss._id;
  adminEmail = boss.email;
  alice = await user(t, { email: "alice@example.com", confirmed: false });
  bob = await user(t, { email: "bob@example.com", confirmed: false });
  carol = await user(t, { confirmed: false });
  aliceResult = await completedResult(t, alice);
  bobResult = await completedResult(t, bob, (p) => (p % 3 === 0 ? 1 : -1));
  // carol answers 20 statements and stops
  const list = (await (await t.app.request("/api/test")).json()) as { docs: { _id: string }[] };
  const start = (await (await t.json("POST", `/api/test/start/${list.docs[0]!._id}`, {}, carol.h)).json()) as { _id: string };
  carolResult = start._id;
  const test = (await (await t.app.request(`/api/test/${list.docs[0]!._id}`)).json()) as { questions: { _id: string; position: number }[] };
  for (const q of test.questions.slice(0, 20))
    await t.json("POST", "/api/answer", { result: carolResult, question: q._id, value: 1, elapsedMs: 5000 }, carol.h);
}, 120_000);
afterAll(() => t.close());

const get = async (path: string, h = M) => t.json("GET", path, undefined, h);
const q = (o: unknown) => encodeURIComponent(JSON.stringify(o));
const audits = (entityId: string) => t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));

describe("lists: paging, populate, exclude and the match whitelist", () => {
  it("answers {docs, page, limit, total, pages} with page 1 / limit 50 by default", async () => {
    const res = await get("/api/manager/user");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ page: 1, limit: 50, pages: 1 });
    expect(body.total).toBeGreaterThanOrEqual(4);
    expect(body.docs[0]).toHaveProperty("_id");
    expect(body.docs[0]).not.toHaveProperty("passwordHash");
  });

  it("filters with match: a contains on e-mail, booleans, dates", async () => {
    const body = await (await get(`/api/manager/user?match=${q({ email: { $regex: "alice" } })}`)).json();
    expect(body.docs.map((d: { email: string }) => d.email)).toEqual([alice.email]);
    const done = await (await get(`/api/manager/user?match=${q({ isCompleted: true, role: "user" })}`)).json();
    expect(done.docs.map((d: { email: string }) => d.email).sort()).toEqual([alice.email, bob.email].sort());
    const today = new Date().toISOString().slice(0, 10);
    const dated = await (await get(`/api/manager/user?match=${q({ createdAt: { $gte: today, $lte: today } })}`)).json();
    expect(dated.total).toBeGreaterThanOrEqual(4);
    const none = await (await get(`/api/manager/user?match=${q({ createdAt: { $lte: "2000-01-01" } })}`)).json();
    expect(none.total).toBe(0);
    const search = await (await get(`/api/manager/user?q=bob`)).json();
    expect(search.docs.map((d: { email: string }) => d.email)).toEqual([bob.email]);
  });

  it("searches through the trigram index: any letter case, Cyrillic, after a rename, short parts and quotes", async () => {
    const emails = async (query: string) => ((await (await get(`/api/manager/user?${query}`)).json()).docs as { email: string }[]).map((d) => d.email);
    await t.deps.db.update(users).set({ name: "Алиса Петрова", phone: "+79001234567" }).where(eq(users.id, alice._id));
    expect(await emails(`q=${encodeURIComponent("петров")}`)).toEqual([alice.email]);
    expect(await emails(`match=${q({ name: { $regex: "АЛИСА" } })}`)).toEqual([alice.email]);
    expect(await emails(`match=${q({ phone: { $regex: "1234" } })}`)).toEqual([alice.email]);
    // two characters are below a trigram: the plain "contains" answers
    expect(await emails(`match=${q({ name: { $regex: "ис" } })}`)).toEqual([alice.email]);
    // FTS syntax in the text is only text
    expect(await emails(`q=${encodeURIComponent('"alice" OR bob')}`)).toEqual([]);
    await t.deps.db.update(users).set({ name: "Alice Smith" }).where(eq(users.id, alice._id));
    expect(await emails(`q=${encodeURIComponent("петров")}`)).toEqual([]);
    expect(await emails(`q=smith`)).toEqual([alice.email]);
  });

  it("refuses unknown keys, unknown operators and bad values in match, and unknown populate/exclude/sort", async () => {
    for (const bad of [
      { passwordHash: "x" },
      { email: { $ne: "x" } },
      { email: { $where: "1" } },
      { role: { $in: ["root"] } },
      { isFull: "maybe" },
      { createdAt: { $gt: "2020-01-01" } },
    ]) {
      const res = await get(`/api/manager/user?match=${q(bad)}`);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await get("/api/manager/user?match=not-json")).status).toBe(400);
    expect((await get("/api/manager/user?populate=passwordHash")).status).toBe(400);
    expect((await get("/api/manager/user?exclude=email")).status).toBe(400);
    expect((await get("/api/manager/user?sort=passwordHash")).status).toBe(400);
    expect((await get("/api/manager/results?match=" + q({ grade: "excellent" }))).status).toBe(400);
  });

  it("refuses a non-manager (403) and a guest (401)", async () => {
    expect((await get("/api/manager/user", alice.h)).status).toBe(403);
    expect((await t.app.request("/api/manager/user")).status).toBe(401);
    expect((await get("/api/manager/results/neural/count", alice.h)).status).toBe(403);
  });
});

describe("users", () => {
  it("shows one user with the invite populated, their results (format and test, no answers or data) and logs", async () => {
    const one = await (await get(`/api/manager/user/${alice._id}?populate=invite,format`)).json();
    expect(one).toMatchObject({ _id: alice._id, email: alice.email, isCompleted: true });
    expect(one).toHaveProperty("invite");
    expect(one.format).toHaveProperty("code");
    const res = await (await get(`/api/manager/user/${alice._id}/results`)).json();
    expect(res.docs).toHaveLength(1);
    expect(res.docs[0].fm).toHaveProperty("code");
    expect(res.docs[0].test).toHaveProperty("name");
    expect(res.docs[0]).not.toHaveProperty("answers");
    expect(res.docs[0]).not.toHaveProperty("data");
    const logList = await (await get(`/api/manager/user/${alice._id}/logs`)).json();
    expect(logList.docs.map((l: { action: string }) => l.action)).toContain("test.completed");
    expect((await get(`/api/manager/user/${createId()}`)).status).toBe(404);
  });

  it("lists paid users only on paid-list", async () => {
    await t.deps.db.update(users).set({ isFull: true }).where(eq(users.id, bob._id));
    const body = await (await get("/api/manager/user/paid-list")).json();
    expect(body.docs.map((d: { email: string }) => d.email)).toEqual([bob.email]);
  });

  it("activates a user, then shows them with the invite populated, and audits it", async () => {
    await t.deps.db.update(users).set({ isActive: false }).where(eq(users.id, carol._id));
    const res = await t.json("PUT", `/api/manager/user/${carol._id}/activate`, {}, M);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ _id: carol._id, isActive: true, isConfirmed: true });
    expect(body).toHaveProperty("invite");
    const a = await audits(carol._id);
    expect(a.find((x) => x.action === "users.activate")).toMatchObject({ actorId: adminId, realActorId: adminId, subjectUserId: carol._id });
  });

  it("edits a user through the declared form, recording the changed fields", async () => {
    const res = await t.json("PUT", `/api/manager/user/${bob._id}`, { name: "Bob Builder", city: "Omsk" }, M);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: "Bob Builder", city: "Omsk" });
    const a = (await audits(bob._id)).find((x) => x.action === "users.update")!;
    expect(a.changes).toMatchObject({ name: { from: null, to: "Bob Builder" }, city: { from: null, to: "Omsk" } });
    expect((await t.json("PUT", `/api/manager/user/${bob._id}`, { role: "admin" }, M)).status).toBe(400);
  });

  it("adds invites to the user's project and e-mails the full report as a PDF", async () => {
    expect((await t.json("POST", "/api/manager/user/add-invite", { id: alice._id, count: 5 }, M)).status).toBe(400); // no project yet
    await businessProject(t, { owner: alice, name: "Alice Ltd" });
    const [project] = await t.deps.db.select().from(projects).where(eq(projects.ownerId, alice._id));
    expect(project).toBeTruthy();
    const res = await t.json("POST", "/api/manager/user/add-invite", { id: alice._id, count: 5 }, M);
    expect(res.status).toBe(200);
    expect((await res.json()).inviteBalance).toBe(project!.inviteBalance + 5);

    const sent = await t.json("POST", "/api/manager/user/send-pdf", { id: alice._id }, M);
    expect(sent.status).toBe(200);
    await t.settled();
    const outbox = join(t.dir, "outbox");
    const mail = readdirSync(outbox)
      .map((f) => readFileSync(join(outbox, f), "utf8"))
      .find((m) => m.includes(alice.email) && m.includes("application/pdf"));
    expect(mail).toBeTruthy();
    expect((await t.json("POST", "/api/manager/user/send-pdf", { id: carol._id }, M)).status).toBe(400); // nothing complete
  });
});

describe("masquerade", () => {
  it("never targets a manager", async () => {
    const res = await t.json("POST", `/api/manager/user/${adminId}/masq`, { reason: "test" }, M);
    expect(res.status).toBe(403);
  });

  it("starts as the user, logs start and end with the manager's id, audits the real actor, expires after an hour", async () => {
    const res = await t.json("POST", `/api/manager/user/${bob._id}/masq`, { reason: "support ticket", mode: "full" }, M);
    expect(res.status).toBe(200);
    const { token, user } = await res.json();
    expect(user._id).toBe(bob._id);
    expect(cookiesOf(res).masqToken).toBeTruthy();
    const me = await (await get("/api/passport", { Authorization: `Bearer ${token}` })).json();
    expect(me.email ?? me.user?.email).toBe(bob.email);
    // a write made while masquerading is audited with the real actor
    expect((await t.json("PUT", "/api/passport", { city: "Tver" }, { Authorization: `Bearer ${token}` })).status).toBe(200);
    const writes = (await t.deps.db.select().from(auditLog).where(eq(auditLog.action, "masq.write"))).filter((a) => a.subjectUserId === bob._id);
    expect(writes[0]).toMatchObject({ actorId: bob._id, realActorId: adminId, changes: { method: "PUT", path: "/api/passport", status: 200 } });
    // a masquerading session is the user's, so the back-office refuses it
    expect((await get("/api/manager/user", { Authorization: `Bearer ${token}` })).status).toBe(403);
    const startLog = (
      await t.deps.db
        .select()
        .from(logs)
        .where(and(eq(logs.userId, bob._id), eq(logs.action, "masq.start")))
    )[0];
    expect(startLog?.actorId).toBe(adminId);
    expect((await audits(bob._id)).some((a) => a.action === "users.masq" && a.realActorId === adminId)).toBe(true);
    const [session] = await t.deps.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, bob._id), eq(sessions.kind, "masq")));
    expect(session!.actorId).toBe(adminId);
    expect(session!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000 + 1000);
    expect(session!.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    // cancelling ends it and logs the end with the manager as actor
    const cancel = await t.app.request("/masq/cancel", {
      method: "POST",
      headers: { Cookie: `masqToken=${token}`, Origin: "http://localhost", Host: "localhost", "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(cancel.status).toBeLessThan(400);
    const endLog = (
      await t.deps.db
        .select()
        .from(logs)
        .where(and(eq(logs.userId, bob._id), eq(logs.action, "masq.end")))
    )[0];
    expect(endLog?.actorId).toBe(adminId);
    // an hour later a new masquerade token no longer works
    const again = await (await t.json("POST", `/api/manager/user/${bob._id}/masq`, { reason: "support ticket", mode: "full" }, M)).json();
    await t.deps.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(and(eq(sessions.userId, bob._id), eq(sessions.kind, "masq")));
    expect((await get("/api/passport", { Authorization: `Bearer ${again.token}` })).status).toBe(401);
  });
});

describe("results", () => {
  it("lists results with populate and filters (format, completed, doubt, grade, model version)", async () => {
    const body = await (await get("/api/manager/results?populate=fm,user,test")).json();
    expect(body.total).toBe(3);
    const mine = body.docs.find((d: { _id: string }) => d._id === aliceResult);
    expect(mine.user.email).toBe(alice.email);
    expect(mine.fm).toHaveProperty("code");
    const [row] = await t.deps.db.select().from(results).where(eq(results.id, aliceResult));
    const byFormat = await (await get(`/api/manager/results?match=${q({ format: row!.formatCode })}`)).json();
    expect(byFormat.docs.map((d: { _id: string }) => d._id)).toContain(aliceResult);
    const byModel = await (await get(`/api/manager/results?match=${q({ modelVersion: row!.modelVersion, isCompleted: true })}`)).json();
    expect(byModel.total).toBe(2);
    const byGrade = await (await get(`/api/manager/results?match=${q({ grade: { $in: ["good", "fair", "poor"] } })}`)).json();
    expect(byGrade.total).toBe(2);
    const progress = await (await get("/api/manager/results/progress")).json();
    expect(progress.docs.map((d: { _id: string }) => d._id)).toEqual([carolResult]);
    const excluded = await (await get("/api/manager/results?exclude=data,answers")).json();
    expect(excluded.docs[0]).not.toHaveProperty("data");
  });

  it("answers filter-list with docs, page, total, pages and newCount", async () => {
    const res = await t.json("POST", "/api/manager/results/filter-list", { page: 1, limit: 10, isCompleted: true }, M);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ page: 1, total: 2, pages: 1, newCount: 2 });
    const bad = await t.json("POST", "/api/manager/results/filter-list", { secret: 1 }, M);
    expect(bad.status).toBe(400);
    // a filter nested 5,000 deep is a bad request, not a server error
    const deep = `{"match":${'{"$and":['.repeat(5000)}1${"]}".repeat(5000)}}`; // (JSON.stringify would overflow here too)
    const tooDeep = await t.json("POST", "/api/manager/results/filter-list", deep, M);
    expect(tooDeep.status).toBe(400);
    expect(((await tooDeep.json()) as { error: { code: string } }).error.code).toBe("bad_request");
  });

  it("shows one result with fm, user and test, and every answer with its time", async () => {
    const one = await (await get(`/api/manager/results/${aliceResult}?populate=fm,user,test,answers`)).json();
    expect(one.user.email).toBe(alice.email);
    expect(one.answers).toHaveLength(110);
    expect(one.answers[0]).toMatchObject({ position: 1, elapsedMs: 6000, seconds: 6 });
  });

  it("updates format, isCorrect and isDoubt, audited with the changed fields", async () => {
    const res = await t.json("PUT", `/api/manager/results/${bobResult}`, { format: "SYS-HIGH-FAST", isCorrect: true, isDoubt: true }, M);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ isCorrect: true, isDoubt: true, fm: { code: "SYS-HIGH-FAST" } });
    const a = (await audits(bobResult)).find((x) => x.action === "results.update")!;
    expect(a.subjectUserId).toBe(bob._id);
    expect(a.changes).toHaveProperty("formatCode");
    expect((await t.json("PUT", `/api/manager/results/${bobResult}`, { format: "NOPE" }, M)).status).toBe(400);
  });

  it("deletes one answer", async () => {
    const one = await (await get(`/api/manager/results/${carolResult}?populate=answers`)).json();
    const answerId = one.answers[0]._id;
    const res = await t.json("DELETE", `/api/manager/results/${carolResult}/delete/answer/${answerId}`, undefined, M);
    expect(res.status).toBe(200);
    const after = await (await get(`/api/manager/results/${carolResult}?populate=answers`)).json();
    expect(after.answers).toHaveLength(19);
    expect((await t.json("DELETE", `/api/manager/results/${carolResult}/delete/answer/${answerId}`, undefined, M)).status).toBe(404);
  });

  it("resets a result (a new attempt for its owner) only through the Authorization header", async () => {
    const cookie = { Cookie: `token=${M.Authorization!.slice(7)}` };
    expect((await get(`/api/manager/results/${aliceResult}/reset`, cookie)).status).toBe(401);
    const res = await get(`/api/manager/results/${aliceResult}/reset`);
    expect(res.status).toBe(200);
    const fresh = await res.json();
    expect(fresh).toMatchObject({ user: alice._id, isCompleted: false });
    expect(fresh._id).not.toBe(aliceResult);
  });
});

describe("the rechecker", () => {
  it("shows the 27 probabilities, the rules' format and the quality for an in-progress result", async () => {
    const res = await t.json("POST", "/api/manager/results/format", { id: carolResult }, M);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.array).toHaveLength(27);
    expect(body.array.reduce((s: number, p: number) => s + p, 0)).toBeCloseTo(1, 2);
    expect(body).toMatchObject({ isCompleted: false, answered: 19 });
    expect(body.formats).toContain(body.format);
    expect(typeof body.rule).toBe("string");
    expect(body.quality).toHaveProperty("grade");
  });

  it("re-classifies a complete result with the current model; format keeps the stored one", async () => {
    const stored = await (await t.json("POST", "/api/manager/results/format", { id: bobResult }, M)).json();
    expect(stored.format).toBe("SYS-HIGH-FAST"); // set by hand above
    const fresh = await (await t.json("POST", "/api/manager/results/new-format", { id: bobResult }, M)).json();
    expect(fresh.format).toBe(fresh.network.format);
    expect(fresh.array).toHaveLength(27);
    expect((await t.json("POST", "/api/manager/results/format", { id: "x" }, M)).status).toBe(400);
  });

  it("sets the format by hand on /formats/{resultId} and counts confirmed results for training", async () => {
    const before = await (await get("/api/manager/results/neural/count")).json();
    expect(before).toMatchObject({ confirmed: 1 });
    expect(before).toHaveProperty("new");
    expect(before).toHaveProperty("modelVersion");
    const res = await t.json("PUT", `/api/manager/formats/${aliceResult}`, { format: "ANL-LOW-SLOW" }, M);
    expect(res.status).toBe(200);
    expect((await res.json()).stored.format).toBe("ANL-LOW-SLOW");
    expect((await (await get(`/api/manager/formats/${aliceResult}`)).json()).isCorrect).toBe(true);
    const after = await (await get("/api/manager/results/neural/count")).json();
    expect(after.confirmed).toBe(2);
    expect(after.new).toBe(after.confirmed - after.usedByModel);
  });
});

describe("statistics", () => {
  it("answers the overall object and four series with every day present", async () => {
    const all = await (await get("/api/manager/stat")).json();
    expect(all.users).toBeGreaterThanOrEqual(4);
    expect(all.completedResults).toBe(2);
    for (const name of ["users-by-days", "business-accounts-by-days", "payments-by-days"]) {
      const body = await (await get(`/api/manager/stat/${name}`)).json();
      expect(body.docs, name).toHaveLength(30);
    }
    const days = await (await get("/api/manager/stat/users-by-days?days=7")).json();
    expect(days.docs).toHaveLength(7);
    expect(days.docs.at(-1).count).toBeGreaterThanOrEqual(4);
    const months = await (await get("/api/manager/stat/users-by-months")).json();
    expect(months.docs).toHaveLength(12);
    expect((await get("/api/manager/stat/users-by-days?days=9999")).status).toBe(400);
  });
});

describe("exports", () => {
  const exportOf = (body: unknown) => t.json("POST", "/api/manager/exporting", body, M);

  it("streams a CSV with a BOM holding exactly the filtered rows", async () => {
    const res = await exportOf({ kind: "users", format: "csv", match: JSON.stringify({ isCompleted: true, role: "user" }) });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trim().split("\r\n"); // the decoder drops the BOM
    // Russian: ";" between fields, as Russian Excel splits a CSV
    const header = lines[0]!.split(";");
    // headings in the request's language, not raw keys
    expect(header.slice(0, 2)).toEqual([tFor("ru")("manager.exports.columns._id"), tFor("ru")("manager.fields.email")]);
    const emails = lines.slice(1).map((l) => l.split(";")[1]);
    expect(emails.sort()).toEqual([alice.email, bob.email].sort());
  });

  it("writes results with indicators and format to an XLSX that opens in a parser", async () => {
    const res = await exportOf({ kind: "results", format: "xlsx", match: JSON.stringify({ isCompleted: true }) });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const ru = tFor("ru");
    // a field's own heading where it has one, else the export's
    const heading = (k: string) => (ru(`manager.fields.${k}`) !== `manager.fields.${k}` ? ru(`manager.fields.${k}`) : ru(`manager.exports.columns.${k}`));
    expect(header).toEqual(expect.arrayContaining(["_id", "format", "system", "volume", "presentation", "harmony"].map(heading)));
    expect(sheet.actualRowCount).toBe(3);
    const formatCol = header.indexOf(heading("format")) + 1;
    expect(String(sheet.getRow(2).getCell(formatCol).value)).toMatch(/^[A-Z]{3}-/);
  });

  it("exports payments, refuses a bad filter, and lists past exports with who made them", async () => {
    const pay = await exportOf({ kind: "payments", format: "csv" });
    expect(pay.status).toBe(200);
    await pay.arrayBuffer();
    expect((await exportOf({ kind: "users", format: "csv", match: JSON.stringify({ passwordHash: "x" }) })).status).toBe(400);
    const list = await (await get("/api/manager/exporting")).json();
    expect(list.total).toBe(3);
    expect(list.docs[0].manager.email).toBe(adminEmail);
    expect(list.docs.find((d: { kind: string }) => d.kind === "users").rows).toBe(2);
  });
});

describe("business", () => {
  it("lists the stored requests with a status a manager can move", async () => {
    const id = createId();
    await t.deps.db.insert(consultationTickets).values({ id, name: "Client", email: "client@example.com", message: "Call me" });
    const list = await (await get(`/api/manager/business/requests?match=${q({ source: "consultation" })}`)).json();
    expect(list.docs[0]).toMatchObject({ _id: id, source: "consultation", status: "new" });
    const res = await t.json("PUT", `/api/manager/business/requests/consultation/${id}`, { status: "done" }, M);
    expect(res.status).toBe(200);
    const after = await (await get(`/api/manager/business/requests?match=${q({ status: "done" })}`)).json();
    expect(after.docs.map((d: { _id: string }) => d._id)).toEqual([id]);
    expect((await get(`/api/manager/business/requests?match=${q({ status: "gone" })}`)).status).toBe(400);
  });

  it("creates a business account for a client by hand, and deletes an invite", async () => {
    const res = await t.json("POST", "/api/manager/business/create", { email: "newclient@example.com", company: "Client Co", invites: 10 }, M);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.user.created).toBe(true);
    expect(body.project.inviteBalance).toBe(11);
    const [u] = await t.deps.db.select().from(users).where(eq(users.email, "newclient@example.com"));
    expect(u!.isBusiness).toBe(true);
    expect((await t.json("POST", "/api/manager/business/create", { email: adminEmail, company: "X" }, M)).status).toBe(409);

    const inviteId = createId();
    await t.deps.db.insert(invites).values({ id: inviteId, projectId: body.project._id, email: "e@example.com", link: createId() });
    expect((await t.json("DELETE", `/api/manager/business/invites/${inviteId}`, undefined, M)).status).toBe(200);
    expect(await t.deps.db.select().from(invites).where(eq(invites.id, inviteId))).toHaveLength(0);
    expect((await audits(inviteId))[0]).toMatchObject({ action: "business.deleteInvite", realActorId: adminId });
  });
});

describe("deleting a user", () => {
  it("follows the account-deletion rules, never deletes a manager, and keeps the audit entry", async () => {
    expect((await t.json("DELETE", `/api/manager/user/${adminId}`, undefined, M)).status).toBe(403);
    const res = await t.json("DELETE", `/api/manager/user/${carol._id}`, undefined, M);
    expect(res.status).toBe(200);
    expect(await t.deps.db.select().from(users).where(eq(users.id, carol._id))).toHaveLength(0);
    expect(await t.deps.db.select().from(results).where(eq(results.userId, carol._id))).toHaveLength(0);
    expect((await audits(carol._id)).some((a) => a.action === "users.delete")).toBe(true);
  });
});
