// The back-office's user operations beside the declaration (resources/users.ts): activation,
// deletion (the account-deletion rules of services/accounts), invites for the user's project,
// the full report by e-mail, masquerade, and the user's results and logs. Every write is audited.
import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { logs, projects, results, users } from "../../db/schema";
import { translator } from "../../locales";
import { AppError, badRequest, notFound } from "../lib/errors";
import { setSessionCookies } from "../lib/http";
import { paged, parsePaging } from "../lib/listing";
import { eraseAccount } from "../services/accounts";
import { logActivity } from "../services/activity";
import type { MailMessage } from "../services/mail";
import { startMasquerade } from "../services/masquerade";
import { managerReport, reportPdf } from "../services/reports";
import { findUserById, isManager } from "../services/users";
import { actorOf, audit } from "./audit";
import { populateFormats, populateTests } from "./populate";
import type { ManagerContext } from "./resource";

async function requireUser(db: Db, id: string) {
  const user = await findUserById(db, id);
  if (!user) throw notFound();
  return user;
}

/** Spec §4: a profile can be activated (active again, mailbox taken as confirmed). */
export async function activateUser(c: ManagerContext, id: string) {
  const db = c.get("deps").db;
  const before = await requireUser(db, id);
  const now = new Date();
  await db
    .update(users)
    .set({ isActive: true, emailConfirmedAt: before.emailConfirmedAt ?? now, updatedAt: now })
    .where(eq(users.id, id));
  await audit(db, actorOf(c), {
    action: "users.activate",
    entity: "users",
    entityId: id,
    subjectUserId: id,
    changes: { isActive: { from: before.isActive, to: true }, isConfirmed: { from: before.emailConfirmedAt != null, to: true } },
  });
  return requireUser(db, id);
}

/** The same rules as a user's own deletion; a manager is never deleted from here. */
export async function deleteUserByManager(c: ManagerContext, id: string) {
  const db = c.get("deps").db;
  const user = await requireUser(db, id);
  if (isManager(user)) throw new AppError(403, "manager_target", "manager.errors.managerTarget");
  await audit(db, actorOf(c), { action: "users.delete", entity: "users", entityId: id, subjectUserId: id, changes: { email: { from: user.email, to: null } } });
  await eraseAccount(db, user);
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
    db.select().from(logs).where(eq(logs.userId, userId)).orderBy(desc(logs.createdAt)).limit(limit).offset((page - 1) * limit),
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
  id: z.string().regex(/^[0-9a-f]{24}$/),
  /** the project; default the user's own (their first as owner) */
  project: z.string().regex(/^[0-9a-f]{24}$/).optional(),
  count: z.number().int().min(1).max(10_000),
});

/** Adds invites to the balance of a project the user owns. */
export async function addInvites(c: ManagerContext, input: z.infer<typeof addInviteSchema>) {
  const db = c.get("deps").db;
  await requireUser(db, input.id);
  const where = input.project ? and(eq(projects.id, input.project), eq(projects.ownerId, input.id)) : eq(projects.ownerId, input.id);
  const [project] = await db.select().from(projects).where(where).orderBy(projects.createdAt).limit(1);
  if (!project) throw badRequest("manager.errors.noProject", { project: "manager.errors.noProject" });
  await db.update(projects).set({ inviteBalance: sql`${projects.inviteBalance} + ${input.count}` }).where(eq(projects.id, project.id));
  const balance = project.inviteBalance + input.count;
  await audit(db, actorOf(c), {
    action: "users.addInvites",
    entity: "projects",
    entityId: project.id,
    subjectUserId: input.id,
    changes: { inviteBalance: { from: project.inviteBalance, to: balance } },
  });
  return { project: project.id, inviteBalance: balance };
}

/** E-mails the user their full report as a PDF (their latest complete result). */
export async function sendReportPdf(c: ManagerContext, userId: string) {
  const { db, mailer } = c.get("deps");
  const user = await requireUser(db, userId);
  const [last] = await db
    .select({ id: results.id })
    .from(results)
    .where(and(eq(results.userId, userId), eq(results.isCompleted, true)))
    .orderBy(desc(results.completedAt))
    .limit(1);
  if (!last) throw badRequest("manager.errors.noResult", { id: "manager.errors.noResult" });
  const view = await managerReport(db, last.id, "full", user.locale);
  const pdf = reportPdf(view, user.locale);
  const t = translator(user.locale);
  const message: MailMessage & { attachments: { filename: string; content: Buffer; contentType: string }[] } = {
    to: user.email,
    subject: t("manager.mail.pdfSubject"),
    text: t("manager.mail.pdfText"),
    attachments: [{ filename: "report.pdf", content: Buffer.from(pdf), contentType: "application/pdf" }],
  };
  await mailer.send(message);
  await audit(db, actorOf(c), { action: "users.sendPdf", entity: "users", entityId: userId, subjectUserId: userId, changes: { result: last.id } });
  await logActivity(db, userId, "report.pdfSent", { result: last.id }, c.get("user").id);
  return { sent: true, result: last.id };
}

/** Starts a masquerade and sets its cookie; the service refuses a manager target and logs it. */
export async function startMasqueradeFor(c: ManagerContext, id: string) {
  const { token, user } = await startMasquerade(c.get("deps").db, c.get("user"), id);
  setSessionCookies(c, token, user.id, "masqToken");
  await audit(c.get("deps").db, actorOf(c), { action: "users.masq", entity: "users", entityId: id, subjectUserId: id });
  return { token, user };
}
