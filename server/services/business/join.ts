// Joining a company as an employee: by the project's link (its invite code) or by an e-mail
// invite's own link. The invitee sees the company and what it will see, agrees, and becomes an
// employee; joining spends one invite of the project. A person already tested joins with their
// result. The employee may withdraw their consent later: the company then sees name and status.
import { and, eq, isNull, or } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { departments, employees, invites, positions, projects, users } from "../../../db/schema";
import { crashPoint } from "../../lib/crash-points";
import { AppError, notFound, tooMany } from "../../lib/errors";
import { recordFailure, retryAfter } from "../rate-limits";
import { createId, ID_PATTERN } from "../../lib/ids";
import { logActivity } from "../activity";
import type { UserRow } from "../users";
import { enqueue, transaction, type Scope, type UserScope } from "../../scope";
import { notifyOwner } from "./follow-up";
import { spendInvite } from "./projects";
import { joinAsCandidate } from "./candidates";

/** What the company sees of an employee's results (shown before agreeing). */
/** Everything the company gets from a shared result: the joining page and the account page list exactly these. */
export const SHARED_WITH_COMPANY = ["name", "status", "format", "harmony", "anxiety", "indicators", "fit", "skills", "quality"] as const;

const CODE = /^[0-9a-zA-Z_-]{4,64}$/;

/** A project's link code or an e-mail invite's link; null when neither (or switched off). */
export async function findInvitation(db: Db, code: string) {
  if (!CODE.test(code)) return null;
  const [byProject] = await db.select().from(projects).where(eq(projects.inviteCode, code));
  if (byProject) return { project: byProject, invite: null };
  const [invite] = await db
    .select()
    .from(invites)
    .where(and(eq(invites.link, code), eq(invites.isActive, true)));
  if (!invite) return null;
  const [project] = await db.select().from(projects).where(eq(projects.id, invite.projectId));
  return project ? { project, invite } : null;
}

/**
 * An invitation by its code for someone who may be guessing codes (`who`: their account or
 * address): wrong codes are counted, and past the limit every lookup waits out its window
 * Counted outside any unit of work, so a refusal keeps its count.
 */
export async function lookupJoinCode(db: Db, code: string, who: string | null) {
  const wait = who ? await retryAfter(db, "joinCode", who) : 0;
  if (wait) throw tooMany(wait);
  const found = await findInvitation(db, code);
  if (!found) {
    if (who) await recordFailure(db, "joinCode", who);
    throw notFound("business.errors.inviteNotFound");
  }
  return found;
}

/** GET /business/project-form-info/{code}: the company behind an invitation, and what it sees. */
export async function projectFormInfo(db: Db, code: string, who: string | null) {
  const found = await lookupJoinCode(db, code, who);
  return {
    project: { _id: found.project.id, name: found.project.name, description: found.project.description },
    email: found.invite?.email ?? null,
    shares: SHARED_WITH_COMPANY,
    isDemo: found.project.isDemo,
  };
}

export async function membership(db: Db, user: UserRow, projectId: string) {
  const [row] = await db
    .select()
    .from(employees)
    .where(and(eq(employees.projectId, projectId), eq(employees.userId, user.id)));
  return row ?? null;
}

/**
 * Joins the user to the invitation's project with their consent. An e-mail invite's link is the
 * invitation itself; an invite already accepted by someone else is never reassigned. One unit of
 * work: the invite spent, the employee, the invitation's claim and the log together (a crash between
 * them spent a paid invite without adding the employee); their fits follow as a job.
 */
export async function joinProject(scope: Scope, user: UserRow, code: string, opts: { name?: string | null } = {}) {
  await lookupJoinCode(scope.db, code, user.id);
  return transaction(scope, (tx) => joinInside(tx, user, code, opts.name?.trim() || null));
}

/** The name the company sees: the one given at join, else the profile's. The e-mail only when the
 * company itself invited that address (it knows it already); otherwise empty, shown as "no name". */
export function employeeName(user: Pick<UserRow, "name" | "email">, given: string | null, invite: { kind: string; email: string | null } | null) {
  if (given) return given.slice(0, 120);
  if (user.name) return user.name;
  return invite?.kind === "email" && invite.email?.toLowerCase() === user.email.toLowerCase() ? user.email : "";
}

/** The join's writes, inside the caller's unit of work. */
export async function joinInside(tx: Scope, user: UserRow, code: string, name: string | null) {
  const db = tx.db;
  const found = await findInvitation(db, code);
  if (!found) throw notFound("business.errors.inviteNotFound");
  const { project, invite } = found;
  if (project.isDemo) throw new AppError(403, "demo_read_only", "auth.errors.demoReadOnly");
  if (invite?.userId && invite.userId !== user.id) throw new AppError(409, "invite_used", "business.errors.inviteUsed");
  if (invite && invitationExpired(invite) && invite.userId !== user.id)
    throw new AppError(410, "invite_expired", "followup.errors.expired", undefined, { company: project.name });
  // a candidate's invitation makes a candidate for its position, not an employee (candidates.ts)
  if (invite?.kind === "candidate") return joinAsCandidate(tx, user, project, invite, name);
  const status = user.formatCode ? ("completed test" as const) : ("Accepted" as const);
  const existing = await membership(db, user, project.id);
  if (existing) {
    await db
      .update(employees)
      .set({ consentWithdrawnAt: null, ...(name && !existing.nameByOwner ? { name } : {}) })
      .where(eq(employees.id, existing.id));
    await enqueue(tx, "recompute-project", { projectId: project.id, employees: [existing.id] });
    return { project: { _id: project.id, name: project.name }, employee: existing.id, status, already: true };
  }
  if (!invite) {
    // removed by the company: the project's link does not bring them back (it would spend a paid
    // invite on someone the company sent away); an e-mail invitation, made on purpose, does
    const [removed] = await db
      .select({ id: invites.id })
      .from(invites)
      .where(and(eq(invites.projectId, project.id), eq(invites.userId, user.id), eq(invites.isActive, false)))
      .limit(1);
    if (removed) throw new AppError(403, "removed_from_project", "business.errors.removedFromProject");
  }
  // a link join leaves the invites pending e-mail invitations hold to the people invited by name
  // the joining person cannot buy invites: they are told the company has no places left
  if (!(await spendInvite(db, project.id, !invite))) throw new AppError(402, "no_invites", "business.errors.noPlacesLeft");
  crashPoint("join.afterSpend");
  const employeeId = createId();
  // a person with no name yet keeps the one they gave the company as their profile's
  if (name && !user.name) await db.update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, user.id));
  const place = invite ? await placementOf(db, project.id, invite) : {};
  const shownName = employeeName(user, name ?? invite?.name ?? null, invite);
  await db.insert(employees).values({ id: employeeId, projectId: project.id, userId: user.id, name: shownName, ...place });
  if (invite) {
    // claimed atomically: of two people racing for one link only one gets it
    const claimed = await db
      .update(invites)
      .set({ userId: user.id, status, updatedAt: new Date() })
      .where(and(eq(invites.id, invite.id), or(isNull(invites.userId), eq(invites.userId, user.id))))
      .returning({ id: invites.id });
    // the throw rolls back the spent invite and the employee with it
    if (!claimed.length) throw new AppError(409, "invite_used", "business.errors.inviteUsed");
    // the invitation's own link was mailed to that address and is shown to nobody else (the owner
    // resends, never copies it: toInviteDoc), so arriving with it proves the mailbox as a
    // confirmation link would; a candidate's invitation confirms nothing
    if (invite.kind === "email" && !user.emailConfirmedAt && invite.email?.toLowerCase() === user.email.toLowerCase())
      await db.update(users).set({ emailConfirmedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, user.id));
  } else {
    // the link was their invitation: the reminders to finish the test count from the join (one
    // already tested needs none)
    await db.insert(invites).values({
      id: createId(),
      projectId: project.id,
      userId: user.id,
      email: null,
      link: createId().slice(8) + createId().slice(8),
      kind: "link",
      status,
      mailedAt: user.formatCode ? null : new Date(),
    });
  }
  await logActivity(db, user.id, "business.joined", { project: project.id });
  await notifyOwner(tx, project.id, "joined", { userId: user.id, name: shownName });
  await enqueue(tx, "recompute-project", { projectId: project.id, employees: [employeeId] });
  return { project: { _id: project.id, name: project.name }, employee: employeeId, status, already: false };
}

/** An e-mail invitation past its deadline (one already accepted stays its person's). */
export const invitationExpired = (invite: { expiresAt: Date | null; userId: string | null }, now = Date.now()) =>
  Boolean(invite.expiresAt && invite.expiresAt.getTime() < now && !invite.userId);

/** The department and position an imported invitation names, if they are still the project's. */
async function placementOf(db: Db, projectId: string, invite: { departmentId: string | null; positionId: string | null }) {
  const out: { departmentId?: string; positionId?: string } = {};
  if (invite.departmentId) {
    const [d] = await db
      .select({ id: departments.id })
      .from(departments)
      .where(and(eq(departments.id, invite.departmentId), eq(departments.projectId, projectId)));
    if (d) out.departmentId = d.id;
  }
  if (invite.positionId) {
    const [p] = await db
      .select({ id: positions.id })
      .from(positions)
      .where(and(eq(positions.id, invite.positionId), eq(positions.projectId, projectId)));
    if (p) out.positionId = p.id;
  }
  return out;
}

/** The companies a person works for, with their consent. */
export async function myCompanies(scope: UserScope) {
  const { db, user } = scope;
  const rows = await db
    .select({ employee: employees.id, project: projects.id, name: projects.name, withdrawn: employees.consentWithdrawnAt })
    .from(employees)
    .innerJoin(projects, eq(projects.id, employees.projectId))
    .where(eq(employees.userId, user.id));
  return rows.map((r) => ({ _id: r.employee, project: { _id: r.project, name: r.name }, consent: !r.withdrawn }));
}

/** Withdraws (or gives back) the consent to share results with one company. */
export async function setConsent(scope: Scope, user: UserRow, projectId: string, consent: boolean) {
  if (!ID_PATTERN.test(projectId)) throw notFound();
  return transaction(scope, async (tx) => {
    const row = await membership(tx.db, user, projectId);
    if (!row) throw notFound();
    // the owner hears of a change, not of a repeated click
    if (Boolean(row.consentWithdrawnAt) === consent)
      await notifyOwner(tx, projectId, consent ? "consentGiven" : "consentWithdrawn", { userId: user.id, name: row.name });
    await tx.db
      .update(employees)
      .set({ consentWithdrawnAt: consent ? null : new Date() })
      .where(eq(employees.id, row.id));
    await logActivity(tx.db, user.id, consent ? "business.consent.given" : "business.consent.withdrawn", { project: projectId });
    // what the company sees of them (withdrawn: their fit rows go) follows the change
    await enqueue(tx, "recompute-project", { projectId, employees: [row.id] });
    return { project: projectId, consent };
  });
}
