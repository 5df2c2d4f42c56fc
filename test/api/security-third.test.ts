// The third security review: each finding performed as an attack through the app, and shown to do
// no harm (the invitation link that stood for a mailbox, the free mail relay, masquerades that
// outlived their manager, the head of department's reach, file modes, audit under a masquerade).
import { and, eq } from "drizzle-orm";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupDatabase, restoreDatabase } from "../../db/backup";
import { auditLog, departments, employees, invites, projects, rateLimits, users } from "../../db/schema";
import { DEMO_USER_ID } from "../../db/seed";
import { photoDir, storePhoto } from "../../server/admin/photos";
import { createId } from "../../server/lib/ids";
import { businessProject, manager, paidOrder, user } from "../fixtures";
import { type ApiError, createTestApp, type List, type TestApp } from "../helpers";
import { lastMailTo, linkIn, outbox } from "../mail";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = async <T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const res = await t.json(method, path, body, { locale: "en", ...headers });
  return { status: res.status, json: (await res.json().catch(() => null)) as T };
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
const confirmed = async (h: Record<string, string>) => (await call<{ isConfirmed: boolean }>("GET", "/api/passport", undefined, h)).json.isConfirmed;
/** POST /api/business/invites: the invitations it made. */
interface Sent {
  docs: { _id: string; message: string | null }[];
}
/** The same call when it may also be refused. */
type SentOrRefused = Partial<Sent & ApiError>;
const clearLimits = () => t.deps.db.delete(rateLimits);

describe("an invitation link is not a mailbox", () => {
  it("never shows the owner a personal invitation's link, so signing up as the address leaves it unconfirmed", async () => {
    const a = await businessProject(t, { name: "Totally Legit", positions: [{ name: "Analyst" }] });
    await setBalance(a.id, 3);
    const victim = address("ceo");
    const created = await call<Sent>("POST", "/api/business/invites", { emails: [victim] }, a.h);
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
    const provision = await call<ApiError>("POST", "/api/manager/business/create", { email: victim, company: "BigCorp LLC", invites: 500 }, boss.h);
    expect(provision.status).toBe(400);
    expect(provision.json.error.fields!.email).toBeTruthy();
    const changeOwner = await call("POST", "/api/manager/projects/change-owner", { projectId: a.id, email: victim }, boss.h);
    expect(changeOwner.status).toBe(400);
    // … and another company's invitation to that person is not listed to the squatter
    const b = await businessProject(t, { name: "Company B" });
    expect((await call("POST", "/api/business/invites", { emails: [victim] }, b.h)).status).toBe(201);
    const listed = (await call<List<{ project: { _id: string } }>>("GET", "/api/passport/invites", undefined, squatter.h)).json.docs;
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
    let refused: { status: number; json: SentOrRefused } | null = null;
    for (let i = 0; i < 12 && !refused; i++) {
      const res = await call<SentOrRefused>("POST", "/api/business/invites", { emails: [`${i}-${victim}`] }, free.h);
      if (res.status === 201) {
        sent++;
        await call("DELETE", `/api/business/invites/${res.json.docs![0]._id}`, undefined, free.h);
      } else refused = res;
    }
    expect(sent).toBe(10);
    expect(refused!.status).toBe(429);
    expect(refused!.json.error!.message).toMatch(/^A free project sends at most 10 invitation mails a day/);
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
      const res = await call<Sent>("POST", "/api/business/invites", { emails: [victim] }, paid.h);
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
    const res = await call<Sent>("POST", "/api/business/invites", { emails: [victim], message }, free.h);
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
    // the invite page says so, and asks a free project for no message
    const freePage = await (await t.page(`/business/invite?project=${free.id}`, `token=${free.owner.token}; i18n_locale=en`)).text();
    expect(freePage).toContain("While the project is free, mails carry no text of yours");
    expect(freePage).not.toContain('name="message"');
    const paidPage = await (await t.page(`/business/invite?project=${paid.id}`, `token=${paid.owner.token}; i18n_locale=en`)).text();
    expect(paidPage).not.toContain("While the project is free");
    expect(paidPage).toContain('name="message"');
  });
});

describe("a masquerade lives only while its manager does", () => {
  const start = async (boss: { h: Record<string, string> }, target: string) => {
    const res = await t.json("POST", `/api/manager/user/${target}/masq`, { reason: "support ticket 42", mode: "read" }, boss.h);
    expect(res.status).toBe(200);
    return { token: ((await res.json()) as { token: string }).token, cookie: res.headers.getSetCookie().join("\n") };
  };
  const alive = async (token: string) => (await call("GET", "/api/passport", undefined, { Authorization: `Bearer ${token}` })).status === 200;

  it("ends with the manager's 'sign out everywhere' and password change", async () => {
    const password = "old-manager-pass-phrase";
    const boss = await manager(t, { password });
    const person = await user(t);
    const first = await start(boss, person._id);
    // the cookie lasts the session's hour, not a month
    expect(first.cookie).toMatch(/masqToken=[^;]+;.*Max-Age=3600/);
    expect(await alive(first.token)).toBe(true);
    expect((await call("DELETE", "/api/passport/sessions", undefined, boss.h)).status).toBe(200);
    expect(await alive(first.token)).toBe(false);
    const second = await start(boss, person._id);
    const changed = await call(
      "POST",
      "/api/passport/changePassword",
      { current: password, new: "new-manager-pass-phrase", repeat: "new-manager-pass-phrase" },
      boss.h,
    );
    expect(changed.status).toBe(200);
    expect(await alive(second.token)).toBe(false);
  });

  it("ends when its manager is demoted or deactivated", async () => {
    for (const change of [{ role: "user" as const }, { isActive: false }]) {
      const boss = await manager(t);
      const person = await user(t);
      const { token } = await start(boss, person._id);
      expect(await alive(token)).toBe(true);
      await t.deps.db.update(users).set(change).where(eq(users.id, boss._id));
      expect(await alive(token)).toBe(false);
      // and the row is gone: restoring the manager does not bring it back
      await t.deps.db.update(users).set({ role: "admin", isActive: true }).where(eq(users.id, boss._id));
      expect(await alive(token)).toBe(false);
    }
  });
});

/**
 * The role matrix as the README writes it: each role × each kind of action, one request per cell
 * (three for "people"). Allowed: anything but 401/403/404; refused: 403.
 */
describe("the role matrix, cell by cell", () => {
  type Role = "owner" | "admin" | "projectManager" | "supervisor" | "outsider";
  const DOCUMENTED: Record<Role, string[]> = {
    owner: ["read", "move", "people", "structure", "invites", "billing", "project"],
    admin: ["read", "move", "people", "structure", "invites", "billing", "project"],
    projectManager: ["read", "move", "people", "structure", "invites", "project"],
    supervisor: ["read", "move"],
    outsider: [],
  };
  let world: Awaited<ReturnType<typeof makeWorld>>;
  async function makeWorld() {
    const p = await businessProject(t, { name: "Matrix Co", departments: ["Dept One", "Dept One-A", "Dept Two"] });
    const db = t.deps.db;
    await db.update(departments).set({ parentId: p.dep["Dept One"] }).where(eq(departments.id, p.dep["Dept One-A"]!));
    const staff = async (name: string, departmentId: string | null, extra: Partial<typeof employees.$inferInsert> = {}) => {
      const person = await user(t, { name });
      const id = createId();
      await db.insert(employees).values({ id, projectId: p.id, userId: person._id, name, departmentId, ...extra });
      return { person, id };
    };
    const sup = await staff("Sup", p.dep["Dept One"]!);
    await db.update(departments).set({ supervisorId: sup.id }).where(eq(departments.id, p.dep["Dept One"]!));
    const pm = await staff("PM", null, { isProjectManager: true });
    const emp1 = await staff("Emp One", p.dep["Dept One-A"]!);
    const emp2 = await staff("Emp Two", p.dep["Dept Two"]!);
    const boss = await manager(t);
    const outsider = await user(t, { isBusiness: true });
    const headers: Record<Role, Record<string, string>> = {
      owner: p.h,
      admin: { ...boss.h, Project: p.id },
      projectManager: { ...pm.person.h, Project: p.id },
      supervisor: { ...sup.person.h, Project: p.id },
      outsider: { ...outsider.h, Project: p.id },
    };
    return { p, sup, pm, emp1, emp2, headers };
  }
  beforeAll(async () => {
    world = await makeWorld();
  });

  let n = 0;
  const requests: Record<string, () => [string, string, unknown?][]> = {
    read: () => [["GET", `/api/business/employees/${world.emp1.id}`]],
    move: () => [["POST", "/api/business/employees/change-department", { employee: world.emp1.id, department: world.p.dep["Dept One-A"] }]],
    people: () => [
      ["POST", "/api/business/employees/rename", { employee: world.emp1.id, name: `Renamed ${++n}` }],
      ["POST", "/api/business/employees/ask-retake", { employee: world.emp1.id }],
      ["POST", "/api/business/skills", { kind: "acquired", employee: world.emp1.id, skill: "manager.strategic", value: 50, note: "a note" }],
    ],
    structure: () => [["POST", "/api/business/departments", { name: `Dept ${++n}` }]],
    invites: () => [["GET", "/api/business/invites"]],
    billing: () => [["GET", "/api/business/reports"]],
    project: () => [["PUT", "/api/business/projects", { description: `described ${++n}` }]],
  };
  const cells = (Object.keys(DOCUMENTED) as Role[]).flatMap((role) => Object.keys(requests).map((action) => [role, action] as const));

  it.each(cells)("%s / %s", async (role, action) => {
    const allowed = DOCUMENTED[role].includes(action);
    for (const [method, path, body] of requests[action]!()) {
      const res = await call(method, path, body, world.headers[role]);
      if (allowed) expect([401, 403, 404], `${method} ${path} → ${res.status}`).not.toContain(res.status);
      else expect(res.status, `${method} ${path}`).toBe(403);
    }
  });

  it("lets a head of department name a supervisor from their own subtree only", async () => {
    const h = world.headers.supervisor;
    const outside = await call("POST", "/api/business/employees/change-supervisor", { employee: world.emp1.id, supervisor: world.emp2.id }, h);
    expect(outside.status).toBe(403);
    const inside = await call("POST", "/api/business/employees/change-supervisor", { employee: world.emp1.id, supervisor: world.sup.id }, h);
    expect(inside.status).toBe(200);
    // and moves people only inside it
    const away = await call("POST", "/api/business/employees/change-department", { employee: world.emp1.id, department: world.p.dep["Dept Two"] }, h);
    expect(away.status).toBe(403);
  });
});

describe("files holding personal data are the server's own", () => {
  const mode = (path: string) => statSync(path).mode & 0o777;

  it("writes backups, the restored database and the pre-restore copy 0600 in a 0700 folder", async () => {
    const dir = join(t.dir, "private-backups");
    const made = await backupDatabase(join(t.dir, "app.db"), dir);
    expect(mode(dir)).toBe(0o700);
    expect(mode(made.file)).toBe(0o600);
    const target = join(t.dir, "restored", "copy.db");
    await restoreDatabase(made.file, target);
    expect(mode(target)).toBe(0o600);
    const again = await restoreDatabase(made.file, target);
    expect(mode(again.previous!)).toBe(0o600);
    expect(mode(target)).toBe(0o600);
  });

  it("writes the outbox's mails and uploaded photos 0600 in 0700 folders", async () => {
    await clearLimits();
    const p = await businessProject(t, { name: "Mail Co" });
    expect((await call("POST", "/api/business/invites", { emails: [address("mode")] }, p.h)).status).toBe(201);
    const mails = readdirSync(join(t.dir, "outbox"));
    expect(mails.length).toBeGreaterThan(0);
    expect(mode(join(t.dir, "outbox"))).toBe(0o700);
    for (const m of mails) expect(mode(join(t.dir, "outbox", m))).toBe(0o600);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const stored = await storePhoto(t.deps, new File([png], "me.png", { type: "image/png" }));
    expect(mode(photoDir(t.deps))).toBe(0o700);
    expect(mode(join(photoDir(t.deps), stored.split("/").pop()!))).toBe(0o600);
  });
});

describe("a masquerade's reads and writes are audited, secrets masked", () => {
  const rowsOf = async (actor: string) =>
    (await t.deps.db.select().from(auditLog).where(eq(auditLog.realActorId, actor))).filter((r) => r.entity === "request");

  it("records an owner's employees read under a masquerade (detail, CSV export, pages)", async () => {
    const boss = await manager(t);
    const p = await businessProject(t, { name: "Audited Co" });
    const worker = await user(t, { name: "Worker" });
    const employee = createId();
    await t.deps.db.insert(employees).values({ id: employee, projectId: p.id, userId: worker._id, name: "Worker" });
    const started = await t.json("POST", `/api/manager/user/${p.owner._id}/masq`, { reason: "support ticket 7", mode: "read" }, boss.h);
    const { token } = (await started.json()) as { token: string };
    const h = { Authorization: `Bearer ${token}`, Project: p.id };
    expect((await call("GET", `/api/business/employees/${employee}`, undefined, h)).status).toBe(200);
    expect((await t.app.request(`/api/business/employees/export?format=csv`, { headers: h })).status).toBe(200);
    expect((await t.page(`/business/employees/${employee}?project=${p.id}`, `masqToken=${token}`)).status).toBe(200);
    expect((await t.page("/account/data", `masqToken=${token}`)).status).toBe(200);
    const paths = (await rowsOf(boss._id)).filter((r) => r.action === "masq.read").map((r) => (r.changes as { path: string }).path);
    expect(paths).toEqual(
      expect.arrayContaining([`/api/business/employees/${employee}`, "/api/business/employees/export", `/business/employees/${employee}`, "/account/data"]),
    );
    for (const row of await rowsOf(boss._id)) expect(row.subjectUserId).toBe(p.owner._id);
  });

  it("masks a password change typed under a full masquerade", async () => {
    const boss = await manager(t);
    const person = await user(t, { password: "person-old-pass-phrase" });
    const started = await t.json("POST", `/api/manager/user/${person._id}/masq`, { reason: "support ticket 8", mode: "full" }, boss.h);
    const { token } = (await started.json()) as { token: string };
    const changed = await call(
      "POST",
      "/api/passport/changePassword",
      { current: "person-old-pass-phrase", new: "person-new-pass-phrase", repeat: "person-new-pass-phrase" },
      { Authorization: `Bearer ${token}` },
    );
    expect(changed.status).toBeLessThan(500);
    const [row] = (await rowsOf(boss._id)).filter((r) => (r.changes as { path: string }).path === "/api/passport/changePassword");
    expect(row).toBeTruthy();
    expect(JSON.stringify(row!.changes)).not.toMatch(/pass-phrase/);
    expect((row!.changes as { values: Record<string, string> }).values).toMatchObject({ current: "•••", new: "•••", repeat: "•••" });
  });

  it("refuses to act as the public demo account", async () => {
    const boss = await manager(t);
    const res = await call<ApiError>("POST", `/api/manager/user/${DEMO_USER_ID}/masq`, { reason: "look around", mode: "full" }, boss.h);
    expect(res.status).toBe(403);
    expect(res.json.error.message).toMatch(/^The demo account cannot be acted as/);
  });
});

describe("mail subjects start with our words; the sender's are quoted and cut", () => {
  it("names a joiner after fixed text, on one line and cut, and the support copy's topic likewise", async () => {
    const p = await businessProject(t, { name: "Subject Co" });
    const code = (await t.deps.db.select().from(projects).where(eq(projects.id, p.id)))[0]!.inviteCode;
    const joiner = await user(t);
    const name = `Your account is locked\tverify at https://evil.example/login ${"x".repeat(60)}`;
    expect((await call("POST", `/api/business/join/${code}`, { agree: true, name }, joiner.h)).status).toBe(201);
    const notice = lastMailTo(outbox(t.dir), p.owner.email)!;
    expect(notice.subject).toMatch(/^Новый сотрудник в «Subject Co»: «Your account is locked verify at https:\/\/evil\.example\/log.{0,20}…»$/);
    expect(notice.subject.length).toBeLessThan(110);
    const support = await call("POST", "/api/business/support", { subject: `URGENT ${"y".repeat(150)}`, message: "help" }, p.h);
    expect(support.status).toBe(201);
    const copy = lastMailTo(outbox(t.dir), p.owner.email)!;
    expect(copy.subject).toMatch(/^Ваше обращение в поддержку: «URGENT y+…»$/);
    expect(copy.subject.length).toBeLessThan(100);
  });
});

describe("If-Match with a list of entity tags", () => {
  it("saves when any listed tag is the record's, and refuses a list of stale ones", async () => {
    const p = await businessProject(t, { name: "Tagged Co" });
    const dep = await call<{ _id: string }>("POST", "/api/business/departments", { name: "Tagged" }, p.h);
    const current = (await t.json("GET", `/api/business/departments/${dep.json._id}`, undefined, p.h)).headers.get("etag")!;
    expect(current).toMatch(/^"[0-9a-f]{16}"$/);
    const stale = await call(
      "PUT",
      `/api/business/departments/${dep.json._id}`,
      { name: "Stale" },
      { ...p.h, "If-Match": `"0000000000000000", "1111111111111111"` },
    );
    expect(stale.status).toBe(409);
    const listed = await call<{ name: string }>(
      "PUT",
      `/api/business/departments/${dep.json._id}`,
      { name: "Listed" },
      { ...p.h, "If-Match": `"0000000000000000", ${current}` },
    );
    expect(listed.status).toBe(200);
    expect(listed.json.name).toBe("Listed");
  });
});
