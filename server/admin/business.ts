// Business requests in the back-office: the leads (demo, corporate, research, lead, contact),
// consultation tickets and webinar sign-ups the public forms store, in one list with a status a
// manager moves; creating a business account for a client by hand; removing an invite.
import { eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { businessRequests, consultationTickets, invites, projects, users, webinarSignups } from "../../db/schema";
import { AppError, notFound } from "../lib/errors";
import { createId } from "../lib/ids";
import { paged, parsePaging, parseMatch } from "../lib/listing";
import { fields } from "../lib/validate";
import { tFor } from "../../locales";
import { enqueueMail, transaction, type ManagerScope } from "../scope";
import { CONFIRM_TTL_MS, issueEmailToken } from "../services/accounts/email-tokens";
import { logActivity } from "../services/activity";
import { newInviteCode } from "../services/business/projects";
import { findUserByEmail, findUserById, isManager } from "../services/users";
import { auditBy } from "./audit";
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
}

/** All three kinds in one list, newest first; `match` may hold status and source. */
export async function listRequests(db: Db, query: Record<string, string | undefined>) {
  const { page, limit } = parsePaging(query, 200);
  const match = parseMatch(query.match, matchSchema);
  const union = sql`
    select id, 'business' as source, kind, name, email, phone, company, message, status, created_at from business_requests
    union all select id, 'consultation', 'consultation', name, email, phone, null, message, status, created_at from consultation_tickets
    union all select id, 'webinar', webinar, name, email, phone, null, null, status, created_at from webinar_signups`;
  const where = sql`where 1 = 1 ${match.status ? sql`and status = ${match.status}` : sql``} ${match.source ? sql`and source = ${match.source}` : sql``}`;
  const rows = (await db.all(sql`select * from (${union}) ${where} order by created_at desc limit ${limit} offset ${(page - 1) * limit}`)) as Record<
    string,
    unknown
  >[];
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
  }));
  const emails = [...new Set(docs.map((d) => d.email?.trim().toLowerCase()).filter((e): e is string => !!e))];
  if (emails.length) {
    const known = await db.select({ _id: users.id, email: users.email, confirmedAt: users.emailConfirmedAt }).from(users).where(inArray(users.email, emails));
    const by = new Map(known.map((u) => [u.email, { _id: u._id, confirmed: u.confirmedAt != null }]));
    for (const d of docs) d.account = by.get(d.email?.trim().toLowerCase() ?? "") ?? null;
  }
  return paged(docs, total?.n ?? 0, page, limit);
}

export const statusSchema = z.object({ status: z.enum(REQUEST_STATUSES) });

export async function setRequestStatus(scope: ManagerScope, source: string, id: string, status: (typeof REQUEST_STATUSES)[number]) {
  if (!(REQUEST_SOURCES as readonly string[]).includes(source)) throw notFound();
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
 * set up (issue 29 #1). */
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
      // a new client has no password: a set-password link, through the outbox with the account (issue 32 m32)
      const t = tFor(tx.locale);
      const token = await issueEmailToken(db, user.id, "restore", CONFIRM_TTL_MS);
      const link = `${tx.deps.config.PUBLIC_URL}/restore?token=${token}`;
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
