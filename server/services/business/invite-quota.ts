// What an invitation may cost and whom it may reach: the project's free invites, the link a mail
// carries, and the mail quotas that keep a company account from being a relay for spam. Shared by
// e-mail invitations (invites.ts) and candidates (candidates.ts), which both import it, so neither
// imports the other for it.
import { and, eq, sql } from "drizzle-orm";
import { orders, projects } from "../../../db/schema";
import type { Config } from "../../config";
import { AppError } from "../../lib/errors";
import { take } from "../rate-limits";
import type { Scope } from "./access";
import { reservedInvites } from "./projects";

export const inviteUrl = (config: Pick<Config, "PUBLIC_URL">, code: string) => `${config.PUBLIC_URL}/invite/${encodeURIComponent(code)}`;

/**
 * Invitation mail goes to addresses the sender typed in, with the sender's company name in it: an
 * open relay for spam and phishing unless the sender is known and the volume follows what was paid.
 * So: a confirmed address before a project mails anyone (a manager acts for the company); a daily
 * number of mails per project and per account, much smaller while the project is unpaid; and a
 * weekly number per recipient address and project, which withdrawing and inviting again does not
 * reset (it counts the address, not the invitation's row). All counted in the unit of work that
 * queues the mails.
 */
export function requireConfirmedSender(scope: Scope) {
  if (!scope.user.emailConfirmedAt && !scope.manager) throw new AppError(403, "email_unconfirmed", "business.errors.confirmToInvite");
}

/**
 * Paid: the project bought invites (a paid order) or holds more than the one free invite business
 * activation gives (a manager's credit, a provisioned client). A free project mails little and
 * carries no free text of its owner's.
 */
export async function isPaidProject(scope: Scope) {
  if (scope.project.inviteBalance > 1) return true;
  const [paid] = await scope.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.projectId, scope.project.id), eq(orders.state, "paid")))
    .limit(1);
  return Boolean(paid);
}

/** A recipient's key for the per-address limits: the project and the address, never the invitation's row. */
export const recipientKey = (projectId: string, email: string) => `${projectId}:${email.trim().toLowerCase()}`;

export async function takeMailQuota(scope: Scope, recipients: string[]) {
  if (!recipients.length) return;
  const n = recipients.length;
  // a manager acting for a company as themselves is no stranger's relay: the free quota is the owner's
  if (!scope.manager && !(await isPaidProject(scope)))
    await take(scope.db, "inviteMailFree", scope.actor.realActorId, n, "business.errors.inviteMailLimitFree");
  await take(scope.db, "inviteMailProject", scope.project.id, n, "business.errors.inviteMailLimit");
  await take(scope.db, "inviteMailAccount", scope.actor.realActorId, n, "business.errors.inviteMailLimit");
  for (const email of recipients) await take(scope.db, "inviteMailRecipient", recipientKey(scope.project.id, email), 1, "business.errors.recipientLimit");
}

export async function freeInvites(scope: Scope) {
  const [row] = await scope.db
    .select({ free: sql<number>`${projects.inviteBalance} - ${reservedInvites(scope.project.id)}` })
    .from(projects)
    .where(eq(projects.id, scope.project.id));
  return row?.free ?? 0;
}
