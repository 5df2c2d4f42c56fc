// Projects of the business cabinet: list, create, rename/describe, the invite code, invoice details.
import { resetProjectEfficiency } from "./efficiency";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client";
import { employees, invites, projects, users } from "../../../db/schema";
import { AppError, forbidden } from "../../lib/errors";
import { createId } from "../../lib/ids";
import { fields } from "../../lib/validate";
import { logActivity } from "../activity";
import { isManager } from "../users";
import { resolveProject, visibleProjects, type ProjectRow } from "../projects";
import { requireCan, type Scope } from "./access";
import { transaction, type UserScope } from "../../scope";
import { take } from "../rate-limits";
import { saveChecked, type VersionOpts } from "./versions";

/** A project's link code: the 64 random bits of an id (its first 8 hex digits are the time). */
export const newInviteCode = () => createId().slice(8);

export function toProjectDoc(p: ProjectRow) {
  return {
    _id: p.id,
    name: p.name,
    description: p.description,
    owner: p.ownerId,
    inviteCode: p.inviteCode,
    inviteBalance: p.inviteBalance,
    isDemo: p.isDemo,
    createdAt: p.createdAt,
  };
}

export async function listProjects(scope: UserScope) {
  return (await visibleProjects(scope.db, scope.user)).map(toProjectDoc);
}

export async function getProject(scope: UserScope, id: string) {
  const { project, role } = await resolveProject(scope.db, scope.user, id);
  return { ...toProjectDoc(project), role, details: project.details ?? {} };
}

export const projectSchema = z.object({
  name: fields.name(),
  description: z.string().trim().max(2000).optional(),
});

/** Only a business user (or a manager) owns projects; a new one starts with no invites. */
export async function createProject(scope: UserScope, input: z.infer<typeof projectSchema>) {
  const { db, user } = scope;
  if (!user.isBusiness && !isManager(user)) throw forbidden("business.errors.notAllowed");
  const id = createId();
  // one unit: the project, the owner's current project and the log (and the limit's count)
  await transaction(scope, async ({ db: tx }) => {
    await take(tx, "projects", user.id);
    await tx
      .insert(projects)
      .values({ id, name: input.name, description: input.description || null, ownerId: user.id, inviteCode: newInviteCode(), inviteBalance: 0 });
    await tx.update(users).set({ currentProjectId: id }).where(eq(users.id, user.id));
    await logActivity(tx, user.id, "business.project.created", { project: id });
  });
  return toProjectDoc((await db.select().from(projects).where(eq(projects.id, id)))[0]!);
}

export const updateProjectSchema = z.object({
  name: fields.name().optional(),
  description: z.string().trim().max(2000).nullish(),
});

export async function updateProject(scope: Scope, input: z.infer<typeof updateProjectSchema>, opts: VersionOpts = {}) {
  requireCan(scope, "project");
  const set: Partial<ProjectRow> = {};
  if (input.name !== undefined) set.name = input.name;
  if (input.description !== undefined) set.description = input.description || null;
  await saveChecked(scope, "project", scope.project.id, opts.version, async (tx) => {
    if (Object.keys(set).length) await tx.db.update(projects).set(set).where(eq(projects.id, tx.project.id));
  });
  return toProjectDoc((await scope.db.select().from(projects).where(eq(projects.id, scope.project.id)))[0]!);
}

/** What the settings page edits, as stored now (its forms show it again after a stale save). */
export async function projectSettings(scope: Scope) {
  const [p] = await scope.db.select().from(projects).where(eq(projects.id, scope.project.id));
  return { name: p!.name, description: p!.description ?? "", details: (p!.details ?? {}) as Record<string, string>, notify: p!.notify };
}

export const detailsSchema = z.object({
  company: z.string().trim().max(300).optional(),
  inn: z
    .union([
      z.literal(""),
      z
        .string()
        .trim()
        .regex(/^\d{10}(\d{2})?$/, "payment.errors.inn"),
    ])
    .optional(),
  kpp: z
    .union([
      z.literal(""),
      z
        .string()
        .trim()
        .regex(/^\d{9}$/, "business.errors.kpp"),
    ])
    .optional(),
  address: z.string().trim().max(500).optional(),
  email: z.union([z.literal(""), fields.email()]).optional(),
  phone: z.union([z.literal(""), fields.phone()]).optional(),
});

/** Company details for invoices: billing, so the owner's (and a manager's). */
export async function updateDetails(scope: Scope, input: z.infer<typeof detailsSchema>, opts: VersionOpts = {}) {
  requireCan(scope, "billing");
  const details = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== ""));
  await saveChecked(scope, "project", scope.project.id, opts.version, (tx) => tx.db.update(projects).set({ details }).where(eq(projects.id, tx.project.id)));
  return details;
}

/** A new link code: the old link stops working; invites already accepted stay. */
export async function refreshInviteCode(scope: Scope) {
  requireCan(scope, "invites");
  const inviteCode = newInviteCode();
  await scope.db.update(projects).set({ inviteCode }).where(eq(projects.id, scope.project.id));
  return { _id: scope.project.id, inviteCode };
}

/** Remembers the project a user picked (the header's switcher), when they may see it. */
export async function rememberProject(scope: UserScope, projectId: string) {
  const { db, user } = scope;
  if (user.currentProjectId === projectId) return;
  await db.update(users).set({ currentProjectId: projectId }).where(eq(users.id, user.id));
}

/** How many invites the project's pending e-mail invitations hold (one each; an expired one holds none), as SQL. */
export const reservedInvites = (projectId: string) =>
  sql<number>`(select count(*) from ${invites} where ${invites.projectId} = ${projectId} and ${invites.isActive} = 1 and ${invites.status} in ('Invited', 'Sent') and (${invites.expiresAt} is null or ${invites.expiresAt} > cast(unixepoch('subsec') * 1000 as integer)))`;

/**
 * Spends one invite of the project; false when none is left. A join by the project's link may
 * spend only what pending e-mail invitations do not hold (`keepReserved`), so the person invited
 * by name always finds their invite.
 */
export async function spendInvite(db: Db, projectId: string, keepReserved = false) {
  const left = keepReserved ? sql`${projects.inviteBalance} - ${reservedInvites(projectId)} > 0` : sql`${projects.inviteBalance} > 0`;
  const rows = await db
    .update(projects)
    .set({ inviteBalance: sql`${projects.inviteBalance} - 1` })
    .where(and(eq(projects.id, projectId), left))
    .returning({ balance: projects.inviteBalance });
  return rows.length > 0;
}

export const noInvitesLeft = () => new AppError(402, "no_invites", "business.errors.noInvites");

/** Counts for the header and the dashboard. */
export async function inviteCount(db: Db, project: ProjectRow) {
  const [row] = await db
    .select({
      employees: sql<number>`(select count(*) from ${employees} where ${employees.projectId} = ${project.id})`,
      pending: sql<number>`(select count(*) from ${invites} where ${invites.projectId} = ${project.id} and ${invites.isActive} = 1 and ${invites.status} in ('Invited','Sent','pending activation'))`,
      reserved: reservedInvites(project.id),
    })
    .from(projects)
    .where(eq(projects.id, project.id));
  const reserved = row?.reserved ?? 0;
  // `free`: what new invitations and link joins may still use (pending e-mail invitations hold the rest)
  return {
    count: project.inviteBalance,
    balance: project.inviteBalance,
    employees: row?.employees ?? 0,
    pending: row?.pending ?? 0,
    reserved,
    free: Math.max(0, project.inviteBalance - reserved),
  };
}

/** /business/projects/reset-efficiency: recomputes every employee's fit (business/efficiency.ts). */
export const resetEfficiency = (scope: Scope) => resetProjectEfficiency(scope);
