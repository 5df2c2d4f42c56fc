// The Managers screen: an admin invites a colleague by e-mail with a role (the colleague sets a
// password through the mailed link and then works in that role), changes a role (asked first,
// audited), switches a manager off (sessions end, the back-office closes) and on, removes one; the
// last active admin can be neither switched off, demoted nor removed. ADMIN_EMAIL makes an admin.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../helpers";
import { MANAGER, MANAGER_ENV, signInManager, manager } from "../fixtures";
import { lastMailTo, linkIn, outbox } from "../mail";

let t: TestApp;
let boss: { token: string; h: Record<string, string> };
let bossId: string;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({ ...MANAGER_ENV, SEED_DEMO: "false" });
  boss = await signInManager(t);
  cookie = `token=${boss.token}; i18n_locale=en`;
  bossId = (await t.deps.db.select().from(users).where(eq(users.email, MANAGER.email)))[0]!.id;
}, 120_000);
afterAll(() => t.close());

const row = async (email: string) => (await t.deps.db.select().from(users).where(eq(users.email, email)))[0];
const actions = async (id: string) => (await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, id))).map((a) => a.action);

describe("the Managers screen", () => {
  it("ADMIN_EMAIL's account is an admin, listed with its role", async () => {
    expect((await row(MANAGER.email))!.managerRole).toBe("admin");
    const page = await (await t.page("/manager/managers", cookie)).text();
    expect(page).toMatch(new RegExp(`data-manager="${MANAGER.email}"[\\s\\S]*?Administrator`));
  });

  it("invites a new colleague as finance: mailed a set-password link, then works as finance and only as finance", async () => {
    const res = await t.form("/manager/managers", { _form: "invite", email: "Fin.Colleague@example.com", role: "finance" }, cookie);
    expect(res.status).toBe(303);
    const fin = (await row("fin.colleague@example.com"))!;
    expect(fin).toMatchObject({ role: "admin", managerRole: "finance", emailConfirmedAt: null });
    const mail = lastMailTo(outbox(t.dir), "fin.colleague@example.com");
    // in the inviting manager's language (the new account has none yet)
    expect(mail?.subject).toBe("You are on the Thinking Format back-office team");
    const link = linkIn(mail, /http:\/\/localhost\/restore\?token=[\w-]+/)!;
    const token = new URL(link).searchParams.get("token")!;
    // the colleague sets a password (which confirms the address) and signs in
    const set = await t.json("POST", "/api/passport/restore/confirm", { token, password: "finance-pass-phrase", repeat: "finance-pass-phrase" });
    expect(set.status, await set.clone().text()).toBeLessThan(300);
    const signIn = await (await t.json("POST", "/api/passport/auth", { email: "fin.colleague@example.com", password: "finance-pass-phrase" })).json();
    const finCookie = `token=${signIn.token}; i18n_locale=en`;
    expect((await t.page("/manager/orders", finCookie)).status).toBe(200);
    expect((await t.page("/manager/managers", finCookie)).status).toBe(403);
    expect(await actions(fin.id)).toContain("team.invite");
    // the same address again
    const again = await t.form("/manager/managers", { _form: "invite", email: "fin.colleague@example.com", role: "content" }, cookie);
    expect(await again.text()).toContain("This address is already a manager");
  });

  it("changes a role (audited), switches off (the session ends) and on, removes", async () => {
    const colleague = await manager(t, { managerRole: "support" });
    const page = await (await t.page("/manager/managers", cookie)).text();
    expect(page).toContain('data-confirm="role"');
    expect((await t.form("/manager/managers", { _form: "role", id: colleague._id, role: "content" }, cookie)).status).toBe(303);
    expect((await row(colleague.email))!.managerRole).toBe("content");
    const entry = (await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, colleague._id))).find((a) => a.action === "team.role");
    expect(entry?.changes).toEqual({ role: { from: "support", to: "content" } });

    expect((await t.page("/manager", `token=${colleague.token}`)).status).toBe(200);
    expect((await t.form("/manager/managers", { _form: "disable", id: colleague._id }, cookie)).status).toBe(303);
    expect((await t.json("GET", "/api/manager/stat", undefined, colleague.h)).status).toBe(401);
    expect((await t.form("/manager/managers", { _form: "enable", id: colleague._id }, cookie)).status).toBe(303);
    expect((await row(colleague.email))!.isActive).toBe(true);

    expect((await t.json("DELETE", `/api/manager/managers/${colleague._id}`, undefined, boss.h)).status).toBe(200);
    expect((await row(colleague.email))!).toMatchObject({ role: "user", managerRole: null });
    expect(await actions(colleague._id)).toEqual(expect.arrayContaining(["team.role", "team.disable", "team.enable", "team.remove"]));
  });

  it("never leaves the back-office without an active admin", async () => {
    // the other admins of this app (fixtures) are removed first: MANAGER is then the only one
    for (const m of (await (await t.json("GET", "/api/manager/managers", undefined, boss.h)).json()).docs as { _id: string; role: string }[])
      if (m._id !== bossId && m.role === "admin") await t.json("DELETE", `/api/manager/managers/${m._id}`, undefined, boss.h);
    const off = await t.form("/manager/managers", { _form: "disable", id: bossId }, cookie);
    expect(off.status).toBeGreaterThanOrEqual(400);
    expect(await off.text()).toContain("without an active administrator");
    expect((await t.json("PUT", `/api/manager/managers/${bossId}`, { role: "support" }, boss.h)).status).toBe(409);
    expect((await t.json("DELETE", `/api/manager/managers/${bossId}`, undefined, boss.h)).status).toBe(409);
    expect((await row(MANAGER.email))!).toMatchObject({ role: "admin", managerRole: "admin", isActive: true });
    // with a second admin it may step down
    const second = await manager(t, { managerRole: "admin" });
    expect((await t.json("PUT", `/api/manager/managers/${bossId}`, { role: "support" }, boss.h)).status).toBe(200);
    expect((await t.json("PUT", `/api/manager/managers/${bossId}`, { role: "admin" }, second.h)).status).toBe(200);
  });
});
