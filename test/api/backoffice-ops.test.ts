// Attacks through the back-office, each performed: a pre-hijacked (unconfirmed) account cannot
// be handed a company, the demo account cannot own a project, one manager cannot switch
// another off, and what was done without an audit entry now has one with the actor:
// an invoice marked paid, a photo upload, and the GETs a masquerading manager makes that write or
// read what is the person's own.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USER_ID } from "../../db/seed";
import { auditLog, consultationTickets, employees, projects, users } from "../../db/schema";
import { createId } from "../../server/lib/ids";
import { createTestApp, fillSellerDetails, type TestApp } from "../helpers";
import { manager } from "../fixtures";
import { signUp, takeTest, type Respondent } from "../respondent";

let t: TestApp;
let admin: Record<string, string>;
let cookie: string;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  const boss = await manager(t);
  admin = { ...boss.h, locale: "en" };
  cookie = `token=${boss.token}; i18n_locale=en`;
  adminId = boss._id;
}, 120_000);
afterAll(async () => {
  await t.close();
});

const db = () => t.deps.db;
const fieldsOf = async (res: Response) => ((await res.json()) as { error: { fields: Record<string, string> } }).error.fields;
const confirm = (r: Respondent) => db().update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, r._id));
const postForm = (path: string, fields: Record<string, string>) =>
  t.app.request(path, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost", Host: "localhost" },
    body: new URLSearchParams(fields).toString(),
  });
const audits = (action: string) => db().select().from(auditLog).where(eq(auditLog.action, action));

/** The attacker: signs up with the client's address (never confirms it), makes a project and plants a project manager. */
async function squat(email: string) {
  const res = await t.json("POST", "/api/passport/signup", { email, policy: true, terms: true, offer: true });
  const squatter = (await res.json()) as { token: string; _id: string };
  await t.json("POST", "/api/business", { name: "Squatted Co" }, { Authorization: `Bearer ${squatter.token}` });
  const [project] = await db().select().from(projects).where(eq(projects.ownerId, squatter._id));
  const accomplice = await signUp(t, "accomplice");
  await db().insert(employees).values({ id: createId(), projectId: project!.id, userId: accomplice._id, name: "Accomplice", isProjectManager: true });
  return { squatter, project: project! };
}

describe("a company is never handed to an unconfirmed account", () => {
  it("business/create refuses the squatted address with a field message; once confirmed it makes a new project, never the squatter's", async () => {
    const email = `client-${Date.now()}@example.com`;
    const { squatter, project } = await squat(email);
    const res = await t.json("POST", "/api/manager/business/create", { email, company: "Client LLC", invites: 50 }, admin);
    expect(res.status).toBe(400);
    expect((await fieldsOf(res)).email).toBe("This account has not confirmed its e-mail: ask the person to confirm it first");
    const ru = await t.json("POST", "/api/manager/business/create", { email, company: "Client LLC", invites: 50 }, { ...admin, locale: "ru" });
    expect((await fieldsOf(ru)).email).toBe("Этот аккаунт не подтвердил e-mail: попросите человека сначала подтвердить его");
    // nothing landed in the squatter's project
    expect((await db().select().from(projects).where(eq(projects.id, project.id)))[0]!.inviteBalance).toBe(project.inviteBalance);

    // the real owner confirms the address (their restore ends the squatter's session): the paid
    // invites go to a NEW project, where the planted project manager has no place
    await db().update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, squatter._id));
    const ok = await t.json("POST", "/api/manager/business/create", { email, company: "Client LLC", invites: 50 }, admin);
    expect(ok.status).toBe(201);
    const made = (await ok.json()) as { project: { _id: string; inviteBalance: number } };
    expect(made.project._id).not.toBe(project.id);
    expect(made.project.inviteBalance).toBe(51);
    expect((await db().select().from(projects).where(eq(projects.id, project.id)))[0]!.inviteBalance).toBe(project.inviteBalance);
    expect(await db().select().from(employees).where(eq(employees.projectId, made.project._id))).toHaveLength(0);
  });

  it("business/create refuses a deactivated account", async () => {
    const r = await signUp(t, "inactive-client");
    await db().update(users).set({ emailConfirmedAt: new Date(), isActive: false }).where(eq(users.id, r._id));
    const res = await t.json("POST", "/api/manager/business/create", { email: r.email, company: "X" }, admin);
    expect(res.status).toBe(400);
    expect((await fieldsOf(res)).email).toBe("This account is deactivated");
  });

  it("change-owner and a manager's new project refuse an unconfirmed account, accept a confirmed one", async () => {
    const owner = await signUp(t, "ops-owner");
    await t.json("POST", "/api/business", { name: "Handed Co" }, owner.h);
    const [project] = await db().select().from(projects).where(eq(projects.ownerId, owner._id));
    const heir = await signUp(t, "ops-heir");
    const refused = await t.json("POST", "/api/manager/projects/change-owner", { projectId: project!.id, email: heir.email }, admin);
    expect(refused.status).toBe(400);
    expect((await fieldsOf(refused)).email).toMatch(/not confirmed/);
    expect((await db().select().from(projects).where(eq(projects.id, project!.id)))[0]!.ownerId).toBe(owner._id);
    const created = await t.json("POST", "/api/manager/project", { name: "Made For Heir", email: heir.email }, admin);
    expect(created.status).toBe(400);
    expect((await fieldsOf(created)).email).toMatch(/not confirmed/);
    expect(await db().select().from(projects).where(eq(projects.ownerId, heir._id))).toHaveLength(0);

    await confirm(heir);
    expect((await t.json("POST", "/api/manager/projects/change-owner", { projectId: project!.id, email: heir.email }, admin)).status).toBe(200);
    expect((await t.json("POST", "/api/manager/project", { name: "Made For Heir", email: heir.email }, admin)).status).toBe(201);
  });

  it("the pages mark an unconfirmed address: a project's owner, a request's e-mail; the change-owner form shows the field message", async () => {
    const owner = await signUp(t, "ops-shown");
    await t.json("POST", "/api/business", { name: "Shown Co" }, owner.h);
    const [project] = await db().select().from(projects).where(eq(projects.ownerId, owner._id));
    const html = await (await t.app.request(`/manager/projects/${project!.id}`, { headers: { Cookie: cookie } })).text();
    expect(html).toContain('data-testid="unconfirmed"');
    expect(html).toContain(">unconfirmed<");
    await db().insert(consultationTickets).values({ id: createId(), name: "Lead", email: owner.email, message: "Call me" });
    const requests = await (await t.app.request("/manager/requests", { headers: { Cookie: cookie } })).text();
    expect(requests).toContain('data-testid="unconfirmed"');

    const heir = await signUp(t, "ops-shown-heir");
    const form = await postForm(`/manager/projects/${project!.id}`, { _form: "changeOwner", email: heir.email });
    const page = await form.text();
    expect(page).toContain("This account has not confirmed its e-mail");
    expect((await db().select().from(projects).where(eq(projects.id, project!.id)))[0]!.ownerId).toBe(owner._id);
  });
});

describe("the demo account never owns a project", () => {
  it("change-owner and project creation refuse the demo account's address", async () => {
    const [demo] = await db().select().from(users).where(eq(users.id, DEMO_USER_ID));
    expect(demo).toBeTruthy();
    const owner = await signUp(t, "ops-demo");
    await t.json("POST", "/api/business", { name: "Not Public Co" }, owner.h);
    const [project] = await db().select().from(projects).where(eq(projects.ownerId, owner._id));
    const res = await t.json("POST", "/api/manager/projects/change-owner", { projectId: project!.id, email: demo!.email }, admin);
    expect(res.status).toBe(400);
    expect((await fieldsOf(res)).email).toBe("The demo account cannot own a project: its companies are shown to every visitor");
    expect((await db().select().from(projects).where(eq(projects.id, project!.id)))[0]!.ownerId).toBe(owner._id);
    const made = await t.json("POST", "/api/manager/project", { name: "Public Leak", email: demo!.email }, admin);
    expect(made.status).toBe(400);
    expect(await db().select().from(projects).where(eq(projects.name, "Public Leak"))).toHaveLength(0);
  });
});

describe("one manager cannot deactivate another", () => {
  it("PUT isActive:false on a manager is 403 and changes nothing; on a user it works", async () => {
    const other = await signUp(t, "second-manager");
    await db().update(users).set({ role: "admin", emailConfirmedAt: new Date() }).where(eq(users.id, other._id));
    const res = await t.json("PUT", `/api/manager/user/${other._id}`, { isActive: false }, admin);
    expect(res.status).toBe(403);
    expect((await db().select().from(users).where(eq(users.id, other._id)))[0]!.isActive).toBe(true);
    // nor themselves (the same rule), nor through the page's form
    expect((await t.json("PUT", `/api/manager/user/${adminId}`, { isActive: false }, admin)).status).toBe(403);
    await postForm(`/manager/users/${other._id}`, { _form: "edit" });
    expect((await db().select().from(users).where(eq(users.id, other._id)))[0]!.isActive).toBe(true);
    // other edits of a manager still save
    expect((await t.json("PUT", `/api/manager/user/${other._id}`, { city: "Tver" }, admin)).status).toBe(200);

    const plain = await signUp(t, "plain-user");
    expect((await t.json("PUT", `/api/manager/user/${plain._id}`, { isActive: false }, admin)).status).toBe(200);
    expect((await db().select().from(users).where(eq(users.id, plain._id)))[0]!.isActive).toBe(false);
  });
});

describe("audit entries with the actor", () => {
  it("an invoice marked paid (API and the main page's button) is audited once, with the manager", async () => {
    await fillSellerDetails(t);
    const owner = await signUp(t, "ops-invoice");
    await t.json("POST", "/api/business", { name: "Invoice Co" }, owner.h);
    const [project] = await db().select().from(projects).where(eq(projects.ownerId, owner._id));
    const issue = async () =>
      (
        await (
          await t.json(
            "POST",
            "/api/business/refill",
            { project: project!.id, quantity: 20, method: "invoice", company: "Acme LLC", inn: "7701234567" },
            owner.h,
          )
        ).json()
      ).order as string;
    const viaApi = await issue();
    expect(await (await t.json("POST", `/api/manager/orders/${viaApi}/paid`, {}, admin)).json()).toEqual({ credited: true });
    await t.json("POST", `/api/manager/orders/${viaApi}/paid`, {}, admin); // a second click credits nothing, records nothing
    const viaPage = await issue();
    expect((await postForm("/manager", { _form: "invoice-paid", order: viaPage })).status).toBe(303);
    const entries = await audits("orders.markPaid");
    expect(entries.filter((e) => e.entityId === viaApi)).toHaveLength(1);
    for (const id of [viaApi, viaPage])
      expect(entries.find((e) => e.entityId === id)).toMatchObject({
        actorId: adminId,
        realActorId: adminId,
        subjectUserId: owner._id,
        changes: { state: { from: "pending", to: "paid" }, quantity: 20 },
      });
    expect((await db().select().from(projects).where(eq(projects.id, project!.id)))[0]!.inviteBalance).toBe(project!.inviteBalance + 2 * 21);
  });

  it("a photo upload is audited with the manager and the stored path", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(64).fill(0)]);
    const form = new FormData();
    form.set("file", new File([png], "face.png", { type: "image/png" }));
    const res = await t.app.request("/api/manager/reviews/photo", { method: "POST", headers: { Authorization: admin.Authorization! }, body: form });
    expect(res.status).toBe(201);
    const { img } = await res.json();
    const [entry] = (await audits("reviews.photoUpload")).filter((e) => (e.changes as { img?: string }).img === img);
    expect(entry).toMatchObject({ actorId: adminId, realActorId: adminId, entity: "reviews", changes: { img, bytes: png.length, name: "face.png" } });
  });

  it("a masquerading manager's data export, reset_result and report reads are audited with the manager behind them", async () => {
    const target = await signUp(t, "ops-masq");
    await takeTest(t, target);
    const { token } = await (await t.json("POST", `/api/manager/user/${target._id}/masq`, { reason: "audit check", mode: "full" }, admin)).json();
    const as = { Authorization: `Bearer ${token}` };
    expect((await t.app.request("/api/passport/export", { headers: as })).status).toBe(200);
    expect((await t.app.request("/api/report/full", { headers: as })).status).toBeLessThan(500);
    expect((await t.app.request("/report/base", { headers: { Cookie: `masqToken=${token}` } })).status).toBe(200);
    expect((await t.app.request("/api/order/reset_result", { headers: as })).status).toBe(200);
    // every read under a masquerade is an entry, the profile's too (it shows the person's data)
    expect((await t.app.request("/api/passport", { headers: as })).status).toBe(200);

    const mine = (
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subjectUserId, target._id), eq(auditLog.entity, "request")))
    ).map((e) => ({
      action: e.action,
      path: (e.changes as { path: string }).path,
      actor: e.actorId,
      real: e.realActorId,
    }));
    expect(mine).toEqual(
      expect.arrayContaining([
        { action: "masq.read", path: "/api/passport/export", actor: target._id, real: adminId },
        { action: "masq.read", path: "/api/report/full", actor: target._id, real: adminId },
        { action: "masq.read", path: "/report/base", actor: target._id, real: adminId },
        { action: "masq.write", path: "/api/order/reset_result", actor: target._id, real: adminId },
      ]),
    );
    expect(mine).toContainEqual({ action: "masq.read", path: "/api/passport", actor: target._id, real: adminId });
    // the person's own reads are not audited
    const before = (await audits("masq.read")).length;
    await t.app.request("/api/passport/export", { headers: target.h });
    expect((await audits("masq.read")).length).toBe(before);
  });
});
