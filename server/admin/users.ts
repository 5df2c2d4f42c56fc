// The back-office's user operations beside the declaration (resources/users.ts): activation,
// deletion (the account-deletion rules of services/accounts), invites for the user's project,
// the full report by e-mail, masquerade, and the user's results and logs. Every write is audited in
// the same unit of work as the change.
import { and, count, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { logs, orders, projects, results, users } from "../../db/schema";
import { AppError, badRequest, notFound } from "../lib/errors";
import { paged, parsePaging } from "../lib/listing";
import { enqueue, transaction, type ManagerScope } from "../scope";
import { eraseAccount } from "../services/accounts";
import { logActivity } from "../services/activity";
import { masqueradeSchema, startMasquerade, type MasqueradeInput } from "../services/masquerade";
import { parseInput } from "../lib/validate";
import { findUserById, isManager } from "../services/users";
import { roleOf } from "./manager-roles";
import { auditBy } from "./audit";
import { populateFormats, populateTests } from "./populate";
import { idSchema } from "../lib/ids";

async function requireUser(db: Db, id: string) {
  const user = await findUserById(db, id);
  if (!user) throw notFound();
  return user;
}

/** Spec §4: a profile can be activated (active again, mailbox taken as confirmed). */
export async function activateUser(scope: ManagerScope, id: string) {
  return transaction(scope, async (tx) => {
    const before = await requireUser(tx.db, id);
    if (before.isActive && before.emailConfirmedAt) return before; // nothing to do, nothing to record
    const now = new Date();
    await tx.db
      .update(users)
      .set({ isActive: true, emailConfirmedAt: before.emailConfirmedAt ?? now, updatedAt: now })
      .where(eq(users.id, id));
    await auditBy(tx, {
      action: "users.activate",
      entity: "users",
      entityId: id,
      subjectUserId: id,
      changes: { isActive: { from: before.isActive, to: true }, isConfirmed: { from: before.emailConfirmedAt != null, to: true } },
    });
    return requireUser(tx.db, id);
  });
}

/** The same rules as a user's own deletion; a manager is never deleted from here. */
export async function deleteUserByManager(scope: ManagerScope, id: string) {
  await transaction(scope, async (tx) => {
    const user = await requireUser(tx.db, id);
    if (isManager(user)) throw new AppError(403, "manager_target", "manager.errors.managerTarget");
    await auditBy(tx, { action: "users.delete", entity: "users", entityId: id, subjectUserId: id, changes: { email: { from: user.email, to: null } } });
    await eraseAccount(tx.db, user);
  });
}

/** What goes with a user's deletion, for its confirmation: their results, orders (kept without
 * their name, for the accounts) and the projects they own (deleted with their employees' places). */
export async function userHoldings(db: Db, id: string) {
  const n = async (table: typeof results | typeof orders, column: typeof results.userId | typeof orders.userId) =>
    (await db.select({ n: count() }).from(table).where(eq(column, id)))[0]!.n;
  const [projectCount] = await db.select({ n: count() }).from(projects).where(eq(projects.ownerId, id));
  return { results: await n(results, results.userId), orders: await n(orders, orders.userId), projects: projectCount!.n };
}

/** The user's results, format and test populated; answers and data are not part of this list. */
export async function userResults(db: Db, userId: string) {
  const rows = await db.select().from(results).where(eq(results.userId, userId)).orderBy(desc(results.createdAt)).limit(200);
  const docs = rows.map((r) => ({
    _id: r.id,
    user: r.userId,
    test: r.testId as unknown,
    fm: r.formatCode as unknown,
    probability: r.probability,
    isCompleted: r.isCompleted,
    isCorrect: r.isCorrect,
    isDoubt: r.isDoubt,
    quality: r.quality,
    modelVersion: r.modelVersion,
    createdAt: r.createdAt,
    completedAt: r.completedAt,
  }));
  await populateFormats(db, docs, "fm");
  await populateTests(db, docs, "test");
  return docs;
}

export async function userLogs(db: Db, userId: string, query: Record<string, string | undefined>) {
  const { page, limit } = parsePaging(query, 200);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(logs)
      .where(eq(logs.userId, userId))
      .orderBy(desc(logs.createdAt))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: sql<number>`count(*)` }).from(logs).where(eq(logs.userId, userId)),
  ]);
  return paged(
    rows.map((l) => ({ _id: l.id, action: l.action, actor: l.actorId, data: l.data, createdAt: l.createdAt })),
    total!.n,
    page,
    limit,
  );
}

export const addInviteSchema = z.object({
  id: idSchema(),
  /** the project; default the user's own (their first as owner) */
  project: idSchema().optional(),
  count: z.number().int().min(1).max(10_000),
});

/** Adds invites to the balance of a project the user owns. */
export async function addInvites(scope: ManagerScope, input: z.infer<typeof addInviteSchema>) {
  return transaction(scope, async (tx) => {
    await requireUser(tx.db, input.id);
    const where = input.project ? and(eq(projects.id, input.project), eq(projects.ownerId, input.id)) : eq(projects.ownerId, input.id);
    const [project] = await tx.db.select({ id: projects.id }).from(projects).where(where).orderBy(projects.createdAt).limit(1);
    if (!project) throw badRequest("manager.errors.noProject", { project: "manager.errors.noProject" });
    return addProjectInvites(tx, project.id, input.count, { action: "users.addInvites", subjectUserId: input.id });
  });
}

/** Adds to a project's invite balance: an increment, so invites spent meanwhile stay spent. */
export async function addProjectInvites(scope: ManagerScope, projectId: string, count: number, how: { action: string; subjectUserId?: string }) {
  return transaction(scope, async (tx) => {
    const [row] = await tx.db
      .update(projects)
      .set({ inviteBalance: sql`${projects.inviteBalance} + ${count}` })
      .where(eq(projects.id, projectId))
      .returning({ balance: projects.inviteBalance, ownerId: projects.ownerId });
    if (!row) throw notFound();
    await auditBy(tx, {
      action: how.action,
      entity: "projects",
      entityId: projectId,
      subjectUserId: how.subjectUserId ?? row.ownerId,
      changes: { inviteBalance: { from: row.balance - count, to: row.balance } },
    });
    return { project: projectId, inviteBalance: row.balance };
  });
}

/** E-mails the user their full report as a PDF (their latest complete result): the PDF is made and
 * sent by the `report-pdf` job after the commit, so the request never waits on it or on SMTP. */
export async function sendReportPdf(scope: ManagerScope, userId: string) {
  return transaction(scope, async (tx) => {
    await requireUser(tx.db, userId);
    const [last] = await tx.db
      .select({ id: results.id })
      .from(results)
      .where(and(eq(results.userId, userId), eq(results.isCompleted, true)))
      .orderBy(desc(results.completedAt))
      .limit(1);
    if (!last) throw badRequest("manager.errors.noResult", { id: "manager.errors.noResult" });
    await enqueue(tx, "report-pdf", { userId, resultId: last.id });
    await auditBy(tx, { action: "users.sendPdf", entity: "users", entityId: userId, subjectUserId: userId, changes: { result: last.id } });
    await logActivity(tx.db, userId, "report.pdfSent", { result: last.id }, tx.user.id);
    return { sent: true, result: last.id };
  });
}

/** Starts a masquerade with its reason and mode (the service refuses a manager target and logs it
 * on the person's activity) and audits it. Exit brings the manager back to this user's page. The
 * caller sets the session it gives as the `masqToken` cookie. */
export async function startMasqueradeFor(scope: ManagerScope, id: string, input: MasqueradeInput) {
  const how = parseInput(scope.t, masqueradeSchema, input);
  // support looks, it does not act: only an admin masquerades with full access
  if (how.mode === "full" && roleOf(scope.user) !== "admin") throw new AppError(403, "masq_full_admin_only", "manager.team.fullMasqAdminOnly");
  return transaction(scope, async (tx) => {
    const started = await startMasquerade(tx.db, tx.user, id, { ...how, returnTo: `/manager/users/${id}` });
    await auditBy(tx, { action: "users.masq", entity: "users", entityId: id, subjectUserId: id, changes: { reason: how.reason, mode: how.mode } });
    return started;
  });
}
