// The back-office team (the Managers screen, /api/manager/managers): invite a colleague by e-mail with
// a role, change a role, switch a manager off and on, remove one (back to an ordinary account). Each
// is one unit of work with its audit entry. The back-office never loses its last active admin: the
// change that would leave none is refused. ADMIN_EMAIL still makes the first admin at start-up.
import { and, asc, count, eq, isNotNull, ne, or, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { tFor } from "../../locales";
import { crashPoint } from "../lib/crash-points";
import { AppError, conflict, notFound } from "../lib/errors";
import { createId } from "../lib/ids";
import { fields } from "../lib/validate";
import { enqueueMail, transaction, type ManagerScope } from "../scope";
import { CONFIRM_TTL_MS, issueEmailToken } from "../services/accounts/email-tokens";
import { findUserByEmail, hasManagerRole } from "../services/users";
import { auditBy } from "./audit";
import { MANAGER_ROLES, roleOf } from "./roles";

export const inviteSchema = z.object({ email: fields.email(), role: z.enum(MANAGER_ROLES, "manager.team.roleBad") });
export const roleSchema = z.object({ role: z.enum(MANAGER_ROLES, "manager.team.roleBad") });

/** Every manager, active ones first, by address. */
export async function listManagers(db: Db) {
  const rows = await db
    .select({
      _id: users.id,
      email: users.email,
      name: users.name,
      managerRole: users.managerRole,
      isActive: users.isActive,
      confirmed: users.emailConfirmedAt,
    })
    .from(users)
    .where(eq(users.role, "admin"))
    .orderBy(asc(users.email));
  return rows
    .map((r) => ({ _id: r._id, email: r.email, name: r.name, role: roleOf(r), isActive: r.isActive, confirmed: r.confirmed != null }))
    .sort((a, b) => Number(b.isActive) - Number(a.isActive));
}

/** Active admins other than `except` (confirmed: only those can act). */
async function otherActiveAdmins(db: Db, except: string) {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(
      and(
        eq(users.role, "admin"),
        eq(users.isActive, true),
        isNotNull(users.emailConfirmedAt),
        or(isNull(users.managerRole), eq(users.managerRole, "admin")),
        ne(users.id, except),
      ),
    );
  return row?.n ?? 0;
}

async function requireManager(db: Db, id: string) {
  const [u] = await db.select().from(users).where(eq(users.id, id));
  if (!u || !hasManagerRole(u)) throw notFound();
  return u;
}

/** A change that would leave the back-office without an active admin is refused. */
async function keepAnAdmin(db: Db, target: typeof users.$inferSelect, stillAdmin: boolean) {
  if (stillAdmin || roleOf(target) !== "admin" || !target.isActive) return;
  if ((await otherActiveAdmins(db, target.id)) === 0) throw conflict("manager.team.lastAdmin");
}

/**
 * Makes the address a manager with this role. An existing account is promoted (it acts once its
 * address is confirmed); a new one is made with a set-password link, which also confirms it.
 */
export async function inviteManager(scope: ManagerScope, input: z.infer<typeof inviteSchema>) {
  return transaction(scope, async (tx) => {
    const db = tx.db;
    const existing = await findUserByEmail(db, input.email);
    if (existing && hasManagerRole(existing)) throw new AppError(409, "already_manager", "manager.team.already", { email: "manager.team.already" });
    let id = existing?.id;
    if (!id) {
      id = createId();
      await db.insert(users).values({ id, email: input.email, locale: tx.locale, role: "admin", managerRole: input.role });
    } else {
      await db.update(users).set({ role: "admin", managerRole: input.role, updatedAt: new Date() }).where(eq(users.id, id));
      // a session made as an ordinary account starts again as a manager's
      await db.delete(sessions).where(eq(sessions.userId, id));
    }
    const t = tFor(existing?.locale === "en" ? "en" : tx.locale);
    const lines = [t("mail.managerInvite.body", { role: t(`manager.team.roles.${input.role}`) }), ""];
    if (!existing || !existing.passwordHash || !existing.emailConfirmedAt) {
      const token = await issueEmailToken(db, id, "restore", CONFIRM_TTL_MS);
      lines.push(t("mail.managerInvite.setPassword"), `${tx.deps.config.PUBLIC_URL}/restore?token=${token}`);
    } else lines.push(t("mail.managerInvite.signIn"), `${tx.deps.config.PUBLIC_URL}/manager`);
    await enqueueMail(tx, { to: input.email, subject: t("mail.managerInvite.subject"), text: [...lines, "", t("mail.signature")].join("\n") });
    crashPoint("teamInvite.afterMail");
    await auditBy(tx, {
      action: "team.invite",
      entity: "team",
      entityId: id,
      subjectUserId: id,
      changes: { email: input.email, role: input.role, created: !existing },
    });
    return { _id: id, email: input.email, role: input.role };
  });
}

export async function setManagerRole(scope: ManagerScope, id: string, role: z.infer<typeof roleSchema>["role"]) {
  return transaction(scope, async (tx) => {
    const before = await requireManager(tx.db, id);
    if (roleOf(before) === role) return { _id: id, role };
    await keepAnAdmin(tx.db, before, role === "admin");
    await tx.db.update(users).set({ managerRole: role, updatedAt: new Date() }).where(eq(users.id, id));
    crashPoint("teamRole.beforeAudit");
    await auditBy(tx, { action: "team.role", entity: "team", entityId: id, subjectUserId: id, changes: { role: { from: roleOf(before), to: role } } });
    return { _id: id, role };
  });
}

/** Switches a manager off (no sign-in, every session ended) or on again. */
export async function setManagerActive(scope: ManagerScope, id: string, active: boolean) {
  return transaction(scope, async (tx) => {
    const before = await requireManager(tx.db, id);
    if (before.isActive === active) return { _id: id, isActive: active };
    if (!active) {
      await keepAnAdmin(tx.db, before, false);
      await tx.db.delete(sessions).where(eq(sessions.userId, id));
    }
    await tx.db.update(users).set({ isActive: active, updatedAt: new Date() }).where(eq(users.id, id));
    crashPoint(active ? "teamEnable.beforeAudit" : "teamDisable.beforeAudit");
    await auditBy(tx, {
      action: active ? "team.enable" : "team.disable",
      entity: "team",
      entityId: id,
      subjectUserId: id,
      changes: { isActive: { from: before.isActive, to: active } },
    });
    return { _id: id, isActive: active };
  });
}

/** A role and a switch asked for in one request change together or not at all (each with its audit entry). */
export async function changeManager(scope: ManagerScope, id: string, change: { role?: z.infer<typeof roleSchema>["role"]; isActive?: boolean }) {
  return transaction(scope, async (tx) => {
    if (change.role) await setManagerRole(tx, id, change.role);
    if (change.isActive !== undefined) await setManagerActive(tx, id, change.isActive);
    return { _id: id, ...change };
  });
}

/** Removes a manager from the team: the account stays, an ordinary one (its sessions end). */
export async function removeManager(scope: ManagerScope, id: string) {
  return transaction(scope, async (tx) => {
    const before = await requireManager(tx.db, id);
    await keepAnAdmin(tx.db, before, false);
    await tx.db.update(users).set({ role: "user", managerRole: null, updatedAt: new Date() }).where(eq(users.id, id));
    await tx.db.delete(sessions).where(eq(sessions.userId, id));
    await auditBy(tx, {
      action: "team.remove",
      entity: "team",
      entityId: id,
      subjectUserId: id,
      changes: { email: before.email, role: { from: roleOf(before), to: null } },
    });
    return { _id: id, removed: true };
  });
}
