// Business requests in the back-office: the leads (demo, corporate, research, lead, contact),
// consultation tickets and webinar sign-ups the public forms store, in one list with a status a
// manager moves, each with its page (the mails sent to its address and a reply by e-mail); creating
// a business account for a client by hand; removing an invite.
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { businessRequests, consultationTickets, invites, projects, requestNotes, users, webinarSignups } from "../../db/schema";
import { AppError, notFound, validationFailed } from "../lib/errors";
import { crashPoint } from "../lib/crash-points";
import { createId, idSchema } from "../lib/ids";
import { paged, parsePaging, parseMatch } from "../lib/listing";
import { fields } from "../lib/validate";
import { tFor } from "../../locales";
import { enqueueMail, transaction, type ManagerScope } from "../scope";
import { CONFIRM_TTL_MS, issueEmailToken } from "../services/accounts/email-tokens";
import { logActivity } from "../services/activity";
import { newInviteCode } from "../services/business/projects";
import { findUserByEmail, findUserById, isManager } from "../services/users";
import { escapeHtml } from "../lib/html";
import { readSetting } from "../services/operator-settings";
import { auditBy, auditOfRecord } from "./audit";
import { userMails } from "./user-story";
import { checkOwnerAccount } from "./projects";

export const REQUEST_SOURCES = ["business", "consultation", "webinar"] as const;
export const REQUEST_STATUSES = ["new", "in_progress", "done", "rejected"] as const;
const TABLES = { business: businessRequests, consultation: consultationTickets, webinar: webinarSignups } as const;

const matchSchema = {
  status: z.enum(REQUEST_STATUSES),
  source: z.enum(REQUEST_SOURCES),
};

export interface RequestDoc {
  _id: string;
  source: (typeof REQUEST_SOURCES)[number];
  kind: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
  message: string | null;
  status: (typeof REQUEST_STATUSES)[number];
  createdAt: Date;
  /** the account with this address, if any, and whether its owner confirmed it */
  account: { _id: string; confirmed: boolean } | null;
  /** a manager's note on it, and the manager who has it */
  note: string | null;
  assignee: { _id: string; email: string | null } | null;
}

/** All three kinds in one list, newest first; `match` may hold status and source. `one` narrows it
 * to one request (its page), read the same way as its row in the list. */
export async function listRequests(db: Db, query: Record<string, string | undefined>, one?: { source: string; id: string }) {
  const { page, limit } = parsePaging(query, 200);
  const match = parseMatch(query.match, matchSchema);
  const union = sql`
    select id, 'business' as source, kind, name, email, phone, company, message, status, created_at from business_requests
    union all select id, 'consultation', 'consultation', name, email, phone, null, message, status, created_at from consultation_tickets
    union all select id, 'webinar', webinar, name, email, phone, null, null, status, created_at from webinar_signups`;
  const where = sql`where 1 = 1 ${match.status ? sql`and status = ${match.status}` : sql``} ${match.source ? sql`and source = ${match.source}` : sql``} ${
    one ? sql`and source = ${one.source} and id = ${one.id}` : sql``
  }`;
  const rows = (await db.all(
    sql`select r.*, n.note as note, n.assignee_id as assignee_id, a.email as assignee_email from (select * from (${union}) ${where} order by created_at desc limit ${limit} offset ${(page - 1) * limit}) r
      left join request_notes n on n.source = r.source and n.request_id = r.id
      left join users a on a.id = n.assignee_id
      order by r.created_at desc`,
  )) as Record<string, unknown>[];
  const [total] = (await db.all(sql`select count(*) as n from (${union}) ${where}`)) as { n: number }[];
  const docs: RequestDoc[] = rows.map((r) => ({
    _id: r.id as string,
    source: r.source as RequestDoc["source"],
    kind: r.kind as string,
    name: (r.name as string) ?? null,
    email: (r.email as string) ?? null,
    phone: (r.phone as string) ?? null,
    company: (r.company as string) ?? null,
    message: (r.message as string) ?? null,
    status: r.status as RequestDoc["status"],
    createdAt: new Date(Number(r.created_at)),
    account: null,
    note: (r.note as string) ?? null,
    assignee: r.assignee_id ? { _id: r.assignee_id as string, email: (r.assignee_email as string) ?? null } : null,
  }));
  const emails = [...new Set(docs.map((d) => d.email?.trim().toLowerCase()).filter((e): e is string => !!e))];
  if (emails.length) {
    const known = await db.select({ _id: users.id, email: users.email, confirmedAt: users.emailConfirmedAt }).from(users).where(inArray(users.email, emails));
    const by = new Map(known.map((u) => [u.email, { _id: u._id, confirmed: u.confirmedAt != null }]));
    for (const d of docs) d.account = by.get(d.email?.trim().toLowerCase() ?? "") ?? null;
  }
  return paged(docs, total?.n ?? 0, page, limit);
}

const isSource = (source: string): source is (typeof REQUEST_SOURCES)[number] => (REQUEST_SOURCES as readonly string[]).includes(source);

/** One request as its row in the list shows it; 404 for an unknown source or id. */
export async function findRequest(db: Db, source: string, id: string): Promise<RequestDoc> {
  if (!isSource(source)) throw notFound();
  const [doc] = (await listRequests(db, {}, { source, id })).docs;
  if (!doc) throw notFound();
  return doc;
}

/** The request's page: the request, the mails sent to its address (the outbox, as the user
 * page's "mails sent"), and what managers did to it (replies with their text among them). */
export async function requestThread(db: Db, source: string, id: string) {
  const request = await findRequest(db, source, id);
  const [mails, history, replyTo] = await Promise.all([
    request.email ? userMails(db, request.account?._id ?? "", request.email) : Promise.resolve([]),
    auditOfRecord(db, `requests.${source}`, id),
    replyAddress(db),
  ]);
  return { request, mails, history, replyTo };
}

/** Where a client's answer to a reply goes: the contacts address in Settings (null when none is set). */
export async function replyAddress(db: Db) {
  return (await readSetting(db, "contacts")).email || null;
}

export const replySchema = z.object({
  subject: z.string().trim().min(1).max(200),
  text: z.string().trim().min(1).max(5_000),
});

/** A reply by e-mail to the requester: queued through the outbox with its audit entry in one unit
 * of work (the mail leaves after the commit, retried while SMTP is down). Plain text, escaped in
 * the HTML part; the entry keeps the text (a sent mail keeps only its address and subject). It
 * carries a Reply-To (the contacts address in Settings), so the client's answer reaches a person,
 * and a new request is in progress once answered. */
export async function replyToRequest(scope: ManagerScope, source: string, id: string, input: z.infer<typeof replySchema>) {
  const request = await findRequest(scope.db, source, id);
  if (!request.email) throw validationFailed({ text: "manager.requests.noEmail" });
  const to = request.email;
  return transaction(scope, async (tx) => {
    const html = `<div style="white-space:pre-wrap">${escapeHtml(input.text)}</div>`;
    const replyTo = await replyAddress(tx.db);
    const mailId = await enqueueMail(tx, { to, subject: input.subject, text: input.text, html, ...(replyTo ? { replyTo } : {}) });
    crashPoint("reply.afterMail");
    await auditBy(tx, {
      action: "requests.reply",
      entity: `requests.${source}`,
      entityId: id,
      subjectUserId: request.account?._id ?? null,
      changes: { to, subject: input.subject, text: input.text, ...(replyTo ? { replyTo } : {}) },
    });
    if (request.status === "new") await setRequestStatus(tx, source, id, "in_progress");
    return { _id: mailId, to, subject: input.subject, replyTo };
  });
}

export const statusSchema = z.object({ status: z.enum(REQUEST_STATUSES) });

export async function setRequestStatus(scope: ManagerScope, source: string, id: string, status: (typeof REQUEST_STATUSES)[number]) {
  if (!isSource(source)) throw notFound();
  const table = TABLES[source as keyof typeof TABLES];
  return transaction(scope, async (tx) => {
    const [row] = await tx.db.select().from(table).where(eq(table.id, id)).limit(1);
    if (!row) throw notFound();
    if (row.status !== status) {
      await tx.db.update(table).set({ status }).where(eq(table.id, id));
      await auditBy(tx, {
        action: "requests.status",
        entity: `requests.${source}`,
        entityId: id,
        subjectUserId: row.userId,
        changes: { status: { from: row.status, to: status } },
      });
    }
    return { _id: id, source, status };
  });
}

/** Several requests at once (a bulk action on the requests screen): all in one unit of work, one audit entry each. */
export async function setRequestStatuses(scope: ManagerScope, items: { source: string; id: string }[], status: (typeof REQUEST_STATUSES)[number]) {
  return transaction(scope, async (tx) => {
    for (const it of items) await setRequestStatus(tx, it.source, it.id, status);
    return items.length;
  });
}

export const handlingSchema = z.object({
  note: z.string().trim().max(2_000).optional(),
  assigneeId: z.union([z.literal(""), idSchema()]).optional(),
});

/** The managers a request can be given to (confirmed managers), by e-mail. */
export async function requestAssignees(db: Db) {
  return db
    .select({ _id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.role, "admin"), isNotNull(users.emailConfirmedAt)))
    .orderBy(users.email)
    .limit(200);
}

/** Who has a request and a note on it; audited with before and after, nothing written when nothing changes. */
export async function setRequestHandling(scope: ManagerScope, source: string, id: string, input: z.infer<typeof handlingSchema>) {
  if (!(REQUEST_SOURCES as readonly string[]).includes(source)) throw notFound();
  const src = source as (typeof REQUEST_SOURCES)[number];
  const table = TABLES[src];
  return transaction(scope, async (tx) => {
    const [row] = await tx.db.select({ id: table.id, userId: table.userId }).from(table).where(eq(table.id, id)).limit(1);
    if (!row) throw notFound();
    const assigneeId = input.assigneeId || null;
    if (assigneeId) {
      const [a] = await tx.db.select({ role: users.role, confirmed: users.emailConfirmedAt }).from(users).where(eq(users.id, assigneeId));
      if (!a || a.role !== "admin" || !a.confirmed) throw validationFailed({ assigneeId: "manager.requests.badAssignee" });
    }
    const [before] = await tx.db
      .select()
      .from(requestNotes)
      .where(and(eq(requestNotes.source, src), eq(requestNotes.requestId, id)));
    const note = input.note || null;
    if ((before?.note ?? null) === note && (before?.assigneeId ?? null) === assigneeId) return;
    await tx.db
      .insert(requestNotes)
      .values({ source: src, requestId: id, note, assigneeId, updatedAt: new Date() })
      .onConflictDoUpdate({ target: [requestNotes.source, requestNotes.requestId], set: { note, assigneeId, updatedAt: new Date() } });
    crashPoint("request.afterNote");
    await auditBy(tx, {
      action: "requests.handling",
      entity: `requests.${source}`,
      entityId: id,
      subjectUserId: row.userId,
      changes: {
        ...((before?.note ?? null) !== note ? { note: { from: before?.note ?? null, to: note } } : {}),
        ...((before?.assigneeId ?? null) !== assigneeId ? { assignee: { from: before?.assigneeId ?? null, to: assigneeId } } : {}),
      },
    });
  });
}

/** The request's form: its status, and (when the form carries them) who has it and the note, in one unit of work. */
export async function saveRequest(
  scope: ManagerScope,
  source: string,
  id: string,
  input: { status: (typeof REQUEST_STATUSES)[number] } & z.infer<typeof handlingSchema>,
) {
  return transaction(scope, async (tx) => {
    await setRequestStatus(tx, source, id, input.status);
    if (input.note !== undefined || input.assigneeId !== undefined) await setRequestHandling(tx, source, id, input);
  });
}

export const createBusinessSchema = z.object({
  email: fields.email(),
  name: z.string().trim().max(200).optional(),
  company: z.string().trim().min(1).max(200),
  invites: z.number().int().min(0).max(100_000).default(0),
});

/** A business account for a client by hand: the user (made if new; they set a password through
 * "restore"), business on, and always a NEW project with its free test plus any invites given. An
 * existing account must be confirmed and active: an unconfirmed one may be an attacker's who signed
 * up with the client's address, and the paid invites must never land in a project someone else
 * set up. */
export async function createBusinessAccount(scope: ManagerScope, input: z.infer<typeof createBusinessSchema>) {
  return transaction(scope, async (tx) => {
    const db = tx.db;
    let user = await findUserByEmail(db, input.email);
    if (user && isManager(user)) throw new AppError(409, "manager_target", "manager.errors.managerTarget");
    if (user) checkOwnerAccount(user, "email");
    const created = !user;
    if (!user) {
      const id = createId();
      await db.insert(users).values({ id, email: input.email, name: input.name ?? null, locale: tx.locale });
      user = (await findUserById(db, id))!;
    }
    const projectId = createId();
    await db.insert(projects).values({ id: projectId, name: input.company, ownerId: user.id, inviteCode: newInviteCode(), inviteBalance: 1 + input.invites });
    await db
      .update(users)
      .set({ isBusiness: true, currentProjectId: sql`coalesce(${users.currentProjectId}, ${projectId})`, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await logActivity(db, user.id, "business.activated", { project: projectId }, tx.actor.realActorId);
    await auditBy(tx, {
      action: "business.create",
      entity: "projects",
      entityId: projectId,
      subjectUserId: user.id,
      changes: { user: user.id, created, company: input.company, invites: input.invites },
    });
    if (created) {
      // a new client has no password: a set-password link, through the outbox with the account
      const t = tFor(tx.locale);
      const token = await issueEmailToken(db, user.id, "restore", CONFIRM_TTL_MS);
      const link = `${tx.deps.config.PUBLIC_URL}/restore?token=${token}`;
      crashPoint("business.beforeMail");
      await enqueueMail(tx, {
        to: user.email,
        subject: t("mail.businessWelcome.subject"),
        text: [t("mail.businessWelcome.body", { company: input.company }), "", t("mail.businessWelcome.setPassword"), link, "", t("mail.signature")].join("\n"),
      });
    }
    const [fresh] = await db.select().from(projects).where(eq(projects.id, projectId));
    return {
      user: { _id: user.id, email: user.email, created },
      project: { _id: fresh!.id, name: fresh!.name, inviteCode: fresh!.inviteCode, inviteBalance: fresh!.inviteBalance },
    };
  });
}

export async function deleteInvite(scope: ManagerScope, id: string) {
  return transaction(scope, async (tx) => {
    const [row] = await tx.db.select().from(invites).where(eq(invites.id, id)).limit(1);
    if (!row) throw notFound();
    await tx.db.delete(invites).where(eq(invites.id, id));
    await auditBy(tx, {
      action: "business.deleteInvite",
      entity: "invites",
      entityId: id,
      subjectUserId: row.userId,
      changes: { project: row.projectId, email: row.email, status: row.status },
    });
    return { deleted: id };
  });
}
