// Invites of a project: by the project's refreshable link, or by e-mail (one or many addresses,
// a real e-mail in the recipient's language). Statuses: Invited, Sent, Accepted, completed test,
// pending activation, no action. Accepting spends one invite of the project's balance; an empty
// balance stops new invites (402 with a message; the page shows the Buy button).
import { and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import { departments, invites, positions, projects, users } from "../../../db/schema";
import type { Locale } from "../../../locales";
import type { AppDeps } from "../../context";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { crashPoint } from "../../lib/crash-points";
import { createId, ID_PATTERN, idSchema } from "../../lib/ids";
import { paged } from "../../lib/listing";
import { fields } from "../../lib/validate";
import { noInvitesLeft, reservedInvites } from "./projects";
import { take } from "../rate-limits";
import { enqueueMail, transaction } from "../../scope";
import { resendCandidateMail } from "./candidates";
import { belongsToProject, requireCan, type Scope } from "./access";
import { endOfDayIn } from "../../lib/time-zone";
import { inviteMail, MESSAGE_MAX, quotedName } from "./follow-up";

export const INVITE_STATUSES = ["Invited", "Sent", "Accepted", "completed test", "pending activation", "no action"] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];
export const MAX_EMAILS = 100;

export const inviteListSchema = z.object({
  status: z.enum(INVITE_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** "a@x, b@y" or ["a@x", "b@y"] or {email}: one to a hundred addresses. */
/** What an invitation may carry besides the addresses: the owner's words and a deadline (a day, today or later). */
export const followUpFields = {
  message: z
    .string()
    .trim()
    .max(MESSAGE_MAX, "followup.errors.messageTooLong")
    .optional()
    .transform((m) => m || null),
  expiresAt: z
    .union([z.literal(""), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "followup.errors.deadline")])
    .optional()
    // a day; where it ends depends on the operator's TIME_ZONE, so the service turns it into an instant
    .transform((d) => d || null),
};

export const inviteCreateSchema = z
  .object({
    email: fields.email().optional(),
    emails: z
      .union([
        z.array(fields.email()),
        z
          .string()
          .max(20_000)
          .transform((s) => s.split(/[\s,;]+/).filter(Boolean)),
      ])
      .optional(),
    locale: z.enum(["ru", "en"]).optional(),
    /** where the people invited will work: joining places them there (checked against the project) */
    department: idSchema("business.errors.badId").nullish(),
    position: idSchema("business.errors.badId").nullish(),
    ...followUpFields,
  })
  .transform((v, ctx) => {
    const list = [...new Set([...(v.email ? [v.email] : []), ...(v.emails ?? []).map((e) => e.trim().toLowerCase())])];
    const bad = list.find((e) => !z.email().safeParse(e).success);
    // among good ones, the message names the bad address
    if (bad) ctx.addIssue({ code: "custom", path: ["emails"], message: "people.errors.badEmailIn", params: { email: bad.slice(0, 80) } });
    if (!list.length) ctx.addIssue({ code: "custom", path: ["emails"], message: "common.validation.required" });
    if (list.length > MAX_EMAILS) ctx.addIssue({ code: "custom", path: ["emails"], message: "business.errors.tooManyEmails" });
    return { emails: list, locale: v.locale, message: v.message, expiresAt: v.expiresAt, department: v.department ?? null, position: v.position ?? null };
  });

export const inviteUpdateSchema = z.object({
  email: fields.email(),
  resend: z.boolean().optional(),
  isActive: z.boolean().optional(),
  locale: z.enum(["ru", "en"]).optional(),
});

/**
 * What the company sees of an invitation. A personal invitation's link is never among it: the link
 * reaches the invited mailbox only, so arriving with it proves that mailbox (join.ts confirms the
 * address on it); the owner resends instead of copying.
 */
export function toInviteDoc(i: typeof invites.$inferSelect) {
  // a link join's address is the person's own, never the company's to see
  return {
    _id: i.id,
    email: i.kind === "email" || i.kind === "candidate" ? i.email : null,
    user: i.userId,
    kind: i.kind,
    status: i.status,
    isActive: i.isActive,
    expiresAt: i.expiresAt,
    expired: Boolean(i.expiresAt && i.expiresAt.getTime() < Date.now() && !i.userId),
    message: i.message,
    reminders: i.reminders,
    createdAt: i.createdAt,
    updatedAt: i.updatedAt,
  };
}

/** An accepted invite whose person has since finished the test shows "completed test". */
async function syncStatuses(scope: Scope) {
  await scope.db
    .update(invites)
    .set({ status: "completed test", updatedAt: new Date() })
    .where(
      and(
        eq(invites.projectId, scope.project.id),
        inArray(invites.status, ["Accepted", "pending activation"]),
        sql`exists (select 1 from ${users} u where u.id = ${invites.userId} and u.format_code is not null)`,
      ),
    );
}

export async function listInvites(scope: Scope, input: z.output<typeof inviteListSchema>) {
  requireCan(scope, "invites");
  await syncStatuses(scope);
  const where = and(eq(invites.projectId, scope.project.id), input.status ? eq(invites.status, input.status) : undefined);
  const counts = await scope.db
    .select({ status: invites.status, n: sql<number>`count(*)` })
    .from(invites)
    .where(eq(invites.projectId, scope.project.id))
    .groupBy(invites.status);
  const total = input.status ? (counts.find((c) => c.status === input.status)?.n ?? 0) : counts.reduce((s, c) => s + c.n, 0);
  const rows = await scope.db
    .select()
    .from(invites)
    .where(where)
    .orderBy(desc(invites.createdAt), desc(invites.id))
    .limit(input.limit)
    .offset((input.page - 1) * input.limit);
  return {
    ...paged(rows.map(toInviteDoc), total, input.page, input.limit),
    counts: Object.fromEntries(INVITE_STATUSES.map((s) => [s, counts.find((c) => c.status === s)?.n ?? 0])) as Record<InviteStatus, number>,
    balance: scope.project.inviteBalance,
    /** held by pending e-mail invitations: the balance minus these is what new invitations may use */
    reserved: await reservedCount(scope),
    inviteCode: scope.project.inviteCode,
  };
}

export { quotedName };
export { freeInvites, inviteUrl, isPaidProject, recipientKey, requireConfirmedSender, takeMailQuota } from "./invite-quota";
import { freeInvites, inviteUrl, isPaidProject, recipientKey, requireConfirmedSender, takeMailQuota } from "./invite-quota";

/** Queues the invitation's mail in the caller's unit of work (the outbox sends it after the commit). */
async function sendInviteMail(
  deps: AppDeps,
  scope: Scope,
  invite: { id: string; email: string; link: string; message?: string | null; expiresAt?: Date | null },
  fallback: Locale,
) {
  const [known] = await scope.db.select({ locale: users.locale }).from(users).where(eq(users.email, invite.email));
  const locale = (known?.locale as Locale | undefined) ?? fallback;
  // the company's name is quoted and never opens the subject: it is the sender's own text
  const mail = inviteMail(locale, {
    kind: "invite",
    company: scope.project.name,
    url: inviteUrl(deps.config, invite.link),
    message: invite.message,
    expiresAt: invite.expiresAt,
    zone: deps.config.TIME_ZONE,
  });
  await enqueueMail(scope, { to: invite.email, ...mail });
  // the reminders count from the last mail (server/services/business/follow-up.ts)
  await scope.db.update(invites).set({ mailedAt: new Date() }).where(eq(invites.id, invite.id));
  await scope.db
    .update(invites)
    .set({ status: "Sent", updatedAt: new Date() })
    .where(and(eq(invites.id, invite.id), eq(invites.status, "Invited")));
}

/** An invitation's last moment: the end of the chosen day in the operator's zone; a day already over is refused. */
function deadlineOf(day: string | null | undefined, zone: string) {
  if (!day) return null;
  const at = endOfDayIn(day, zone);
  if (Number.isNaN(at.getTime()) || at.getTime() < Date.now()) throw badRequest("followup.errors.deadlinePast", { expiresAt: "followup.errors.deadlinePast" });
  return at;
}

/** Invites the addresses not yet invited to the project; refuses when the balance can't cover them. */
export async function createInvites(
  scope: Scope,
  input: Omit<z.output<typeof inviteCreateSchema>, "department" | "position"> & {
    department?: string | null;
    position?: string | null;
    placement?: Map<string, { name: string | null; departmentId: string | null; positionId: string | null }>;
  },
) {
  const { deps, locale } = scope;
  requireCan(scope, "invites");
  requireConfirmedSender(scope);
  const expiresAt = deadlineOf(input.expiresAt, deps.config.TIME_ZONE);
  const existing = await scope.db
    .select()
    .from(invites)
    .where(and(eq(invites.projectId, scope.project.id), inArray(invites.email, input.emails), eq(invites.isActive, true)));
  const place = await invitedPlace(scope, input);
  const known = new Set(existing.map((i) => i.email));
  const fresh = input.emails.filter((e) => !known.has(e));
  // an unpaid project's invitations carry no words of the sender's (a free account is no relay for
  // its text and links); the answer shows the message as not kept
  const message = (await isPaidProject(scope)) ? (input.message ?? null) : null;
  const created = fresh.map((email) => ({
    id: createId(),
    projectId: scope.project.id,
    email,
    link: createId().slice(8) + createId().slice(8),
    kind: "email" as const,
    status: "Invited" as const,
    message,
    expiresAt,
    // the form's department and position for everyone; a CSV row's own place wins
    ...place,
    ...input.placement?.get(email),
  }));
  // the invitations, their mails and their count against the limits: all or none
  await transaction(scope, async (tx) => {
    if (fresh.length && (await freeInvites(tx)) < fresh.length) throw noInvitesLeft();
    await takeMailQuota(
      tx,
      created.map((c) => c.email),
    );
    if (created.length) await tx.db.insert(invites).values(created);
    for (const [n, i] of created.entries()) {
      await sendInviteMail(deps, tx, i, input.locale ?? locale);
      if (n === 0) crashPoint("invites.afterFirstMail");
    }
  });
  const rows = created.length
    ? await scope.db
        .select()
        .from(invites)
        .where(
          inArray(
            invites.id,
            created.map((c) => c.id),
          ),
        )
    : [];
  return { docs: rows.map(toInviteDoc), skipped: [...known] };
}

/** The department and position an invitation names, each checked to be this project's. */
async function invitedPlace(scope: Scope, input: { department?: string | null; position?: string | null }) {
  // both fields' messages at once
  const fields: Record<string, string> = {};
  if (input.department && !(await belongsToProject(scope, departments, input.department))) fields.department = "business.errors.notInProject";
  if (input.position && !(await belongsToProject(scope, positions, input.position))) fields.position = "business.errors.notInProject";
  if (Object.keys(fields).length) throw badRequest("errors.validation", fields);
  return { departmentId: input.department ?? null, positionId: input.position ?? null };
}

async function findInvite(scope: Scope, inviteId: string) {
  if (!ID_PATTERN.test(inviteId)) throw notFound();
  const [row] = await scope.db
    .select()
    .from(invites)
    .where(and(eq(invites.id, inviteId), eq(invites.projectId, scope.project.id)));
  if (!row) throw notFound();
  return row;
}

export async function getInvite(scope: Scope, inviteId: string) {
  requireCan(scope, "invites");
  return toInviteDoc(await findInvite(scope, inviteId));
}

/** PUT createOrUpdateInvite: an address's invite is created, or re-sent / switched on or off. */
export async function createOrUpdateInvite(scope: Scope, input: z.infer<typeof inviteUpdateSchema>) {
  requireCan(scope, "invites");
  const [row] = await scope.db
    .select()
    .from(invites)
    .where(and(eq(invites.projectId, scope.project.id), eq(invites.email, input.email)))
    .orderBy(desc(invites.createdAt))
    .limit(1);
  if (!row) return (await createInvites(scope, { emails: [input.email], locale: input.locale, message: null, expiresAt: null })).docs[0]!;
  return updateInvite(scope, row.id, input);
}

/** The balance less the invites that pending e-mail invitations hold. */
async function reservedCount(scope: Scope) {
  const [row] = await scope.db
    .select({ n: reservedInvites(scope.project.id) })
    .from(projects)
    .where(eq(projects.id, scope.project.id));
  return row?.n ?? 0;
}

export async function updateInvite(scope: Scope, inviteId: string, input: { resend?: boolean; isActive?: boolean; locale?: Locale }) {
  const { deps, locale } = scope;
  requireCan(scope, "invites");
  const row = await findInvite(scope, inviteId);
  const resend = Boolean(input.resend && row.email && !row.userId);
  if (resend) requireConfirmedSender(scope);
  // an expired invitation is not sent again as it is: its link would only say "expired"
  if (resend && row.expiresAt && row.expiresAt.getTime() < Date.now()) throw new AppError(409, "invite_expired", "followup.errors.resendExpired");
  await transaction(scope, async (tx) => {
    // switching a pending invitation back on reserves an invite again: it must fit the balance
    // (switching it off freed its place; without this, off and on made invitations out of nothing)
    if (input.isActive === true && !row.isActive && !row.userId && (row.status === "Invited" || row.status === "Sent") && (await freeInvites(tx)) < 1)
      throw noInvitesLeft();
    if (input.isActive !== undefined) await tx.db.update(invites).set({ isActive: input.isActive, updatedAt: new Date() }).where(eq(invites.id, row.id));
    if (resend && row.email && (input.isActive ?? row.isActive)) {
      // at most 3 resends of one invitation, not more often than every 10 minutes
      await take(tx.db, "inviteResendGap", recipientKey(row.projectId, row.email), 1, "business.errors.resendTooSoon");
      await take(tx.db, "inviteResend", recipientKey(row.projectId, row.email), 1, "business.errors.resendLimit");
      await takeMailQuota(tx, [row.email]);
      await tx.db.update(invites).set({ status: "Invited" }).where(eq(invites.id, row.id));
      // a candidate's invitation is resent with its own text (the position named)
      if (row.kind === "candidate") await resendCandidateMail(deps, tx, row as typeof row & { email: string }, input.locale ?? locale);
      else await sendInviteMail(deps, tx, row as typeof row & { email: string }, input.locale ?? locale);
    }
  });
  return toInviteDoc(await findInvite(scope, row.id));
}

/** Withdraws an invite not yet accepted; an accepted one is only switched off (its employee stays). */
export async function deleteInvite(scope: Scope, inviteId: string) {
  requireCan(scope, "invites");
  const row = await findInvite(scope, inviteId);
  if (row.userId) await scope.db.update(invites).set({ isActive: false, status: "no action", updatedAt: new Date() }).where(eq(invites.id, row.id));
  else await scope.db.delete(invites).where(eq(invites.id, row.id));
  return { ok: true };
}

/**
 * "Resend to all pending": every e-mail invitation not yet accepted and not expired is sent again,
 * each in its own unit of work under the same limits as one resend; those a limit holds back (sent
 * a moment ago, resent three times, the day's mail used up) are counted, not failed.
 */
export async function resendAllPending(scope: Scope) {
  requireCan(scope, "invites");
  requireConfirmedSender(scope);
  const rows = await scope.db
    .select({ id: invites.id })
    .from(invites)
    .where(
      and(
        eq(invites.projectId, scope.project.id),
        eq(invites.kind, "email"),
        eq(invites.isActive, true),
        isNull(invites.userId),
        inArray(invites.status, ["Invited", "Sent"]),
        or(isNull(invites.expiresAt), sql`${invites.expiresAt} > ${Date.now()}`),
      ),
    )
    .orderBy(invites.createdAt)
    .limit(1000);
  let sent = 0;
  let held = 0;
  for (const { id } of rows) {
    try {
      await updateInvite(scope, id, { resend: true });
      sent++;
    } catch (e) {
      if (!(e instanceof AppError) || e.status >= 500 || e.status === 403) throw e;
      held++;
    }
  }
  return { sent, held };
}
