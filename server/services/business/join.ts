// Joining a company as an employee: by the project's link (its invite code) or by an e-mail
// invite's own link. The invitee sees the company and what it will see, agrees, and becomes an
// employee; joining spends one invite of the project. A person already tested joins with their
// result. The employee may withdraw their consent later: the company then sees name and status.
import { recomputeEfficiencies } from "./efficiency";
import { and, eq, isNull, or } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { employees, invites, projects } from "../../../db/schema";
import { AppError, notFound } from "../../lib/errors";
import { createId, ID_PATTERN } from "../../lib/ids";
import { logActivity } from "../activity";
import type { UserRow } from "../users";
import { noInvitesLeft, refundInvite, spendInvite } from "./projects";

/** What the company sees of an employee's results (shown before agreeing). */
export const SHARED_WITH_COMPANY = ["name", "status", "format", "harmony", "anxiety", "indicators"] as const;

const CODE = /^[0-9a-zA-Z_-]{4,64}$/;

/** A project's link code or an e-mail invite's link; null when neither (or switched off). */
export async function findInvitation(db: Db, code: string) {
  if (!CODE.test(code)) return null;
  const [byProject] = await db.select().from(projects).where(eq(projects.inviteCode, code));
  if (byProject) return { project: byProject, invite: null };
  const [invite] = await db.select().from(invites).where(and(eq(invites.link, code), eq(invites.isActive, true)));
  if (!invite) return null;
  const [project] = await db.select().from(projects).where(eq(projects.id, invite.projectId));
  return project ? { project, invite } : null;
}

/** GET /business/project-form-info/{code}: the company behind an invitation, and what it sees. */
export async function projectFormInfo(db: Db, code: string) {
  const found = await findInvitation(db, code);
  if (!found) throw notFound("business.errors.inviteNotFound");
  return { project: { _id: found.project.id, name: found.project.name, description: found.project.description }, email: found.invite?.email ?? null, shares: SHARED_WITH_COMPANY, isDemo: found.project.isDemo };
}

export async function membership(db: Db, user: UserRow, projectId: string) {
  const [row] = await db.select().from(employees).where(and(eq(employees.projectId, projectId), eq(employees.userId, user.id)));
  return row ?? null;
}

/**
 * Joins the user to the invitation's project with their consent. An e-mail invite's link is the
 * invitation itself; an invite already accepted by someone else is never reassigned.
 */
export async function joinProject(db: Db, user: UserRow, code: string) {
  const found = await findInvitation(db, code);
  if (!found) throw notFound("business.errors.inviteNotFound");
  const { project, invite } = found;
  if (project.isDemo) throw new AppError(403, "demo_read_only", "auth.errors.demoReadOnly");
  if (invite?.userId && invite.userId !== user.id) throw new AppError(409, "invite_used", "business.errors.inviteUsed");
  const status = user.formatCode ? ("completed test" as const) : ("Accepted" as const);
  const existing = await membership(db, user, project.id);
  if (existing) {
    await db.update(employees).set({ consentWithdrawnAt: null }).where(eq(employees.id, existing.id));
    await recomputeEfficiencies(db, project.id, [existing.id]);
    return { project: { _id: project.id, name: project.name }, employee: existing.id, status, already: true };
  }
  if (!(await spendInvite(db, project.id))) throw noInvitesLeft();
  const employeeId = createId();
  const inserted = await db
    .insert(employees)
    .values({ id: employeeId, projectId: project.id, userId: user.id, name: user.name || user.email })
    .onConflictDoNothing()
    .returning({ id: employees.id });
  if (!inserted.length) {
    await refundInvite(db, project.id); // joined at the same moment through another tab
    const again = (await membership(db, user, project.id))!;
    return { project: { _id: project.id, name: project.name }, employee: again.id, status, already: true };
  }
  if (invite) {
    // claimed atomically: of two people racing for one link only one gets it (security finding 3)
    const claimed = await db
      .update(invites)
      .set({ userId: user.id, status, updatedAt: new Date() })
      .where(and(eq(invites.id, invite.id), or(isNull(invites.userId), eq(invites.userId, user.id))))
      .returning({ id: invites.id });
    if (!claimed.length) {
      await db.delete(employees).where(eq(employees.id, employeeId));
      await refundInvite(db, project.id);
      throw new AppError(409, "invite_used", "business.errors.inviteUsed");
    }
  } else {
    await db.insert(invites).values({ id: createId(), projectId: project.id, userId: user.id, email: user.email, link: createId().slice(8) + createId().slice(8), kind: "link", status });
  }
  await logActivity(db, user.id, "business.joined", { project: project.id });
  await recomputeEfficiencies(db, project.id, [employeeId]);
  return { project: { _id: project.id, name: project.name }, employee: employeeId, status, already: false };
}

/** The companies a person works for, with their consent. */
export async function myCompanies(db: Db, user: UserRow) {
  const rows = await db
    .select({ employee: employees.id, project: projects.id, name: projects.name, withdrawn: employees.consentWithdrawnAt })
    .from(employees)
    .innerJoin(projects, eq(projects.id, employees.projectId))
    .where(eq(employees.userId, user.id));
  return rows.map((r) => ({ _id: r.employee, project: { _id: r.project, name: r.name }, consent: !r.withdrawn }));
}

/** Withdraws (or gives back) the consent to share results with one company. */
export async function setConsent(db: Db, user: UserRow, projectId: string, consent: boolean) {
  if (!ID_PATTERN.test(projectId)) throw notFound();
  const row = await membership(db, user, projectId);
  if (!row) throw notFound();
  await db.update(employees).set({ consentWithdrawnAt: consent ? null : new Date() }).where(eq(employees.id, row.id));
  await recomputeEfficiencies(db, projectId, [row.id]);
  await logActivity(db, user.id, consent ? "business.consent.given" : "business.consent.withdrawn", { project: projectId });
  return { project: projectId, consent };
}
