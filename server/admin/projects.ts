// Any company's project in the back-office: its employees, invites and orders (paged), a new
// owner by e-mail (both owners are told, through the mail outbox), and deletion. Managers only (spec
// manager §6). Each write is one unit of work with its audit entry.
import { and, count, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { employees, invites, orders, projects, users } from "../../db/schema";
import { DEMO_USER_ID } from "../../db/seed/demo-ids";
import { translator } from "../../locales";
import { notFound, validationFailed } from "../lib/errors";
import { createId, ID_PATTERN } from "../lib/ids";
import { paged, pagingSchema } from "../lib/listing";
import { fields } from "../lib/validate";
import { enqueueMail, transaction, type ManagerScope } from "../scope";
import { quotedName } from "../services/business/follow-up";
import { newInviteCode } from "../services/business/projects";
import { auditBy } from "./audit";

export const projectPaging = pagingSchema(200);

async function pageOf<T>(rows: Promise<T[]>, total: Promise<{ n: number }[]>, page: number, limit: number) {
  const [docs, [t]] = await Promise.all([rows, total]);
  return paged(docs, t!.n, page, limit);
}

/** The project's employees, invites and orders, one page of each (page and limit shared). */
export async function projectLists(db: Db, id: string, page: number, limit: number) {
  const offset = (page - 1) * limit;
  const [staff, sent, bought] = await Promise.all([
    pageOf(
      db
        .select({
          _id: employees.id,
          name: employees.name,
          user: employees.userId,
          email: users.email,
          isProjectManager: employees.isProjectManager,
          createdAt: employees.createdAt,
        })
        .from(employees)
        .leftJoin(users, eq(users.id, employees.userId))
        .where(eq(employees.projectId, id))
        .orderBy(employees.name)
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(employees).where(eq(employees.projectId, id)),
      page,
      limit,
    ),
    pageOf(
      db
        .select({ _id: invites.id, email: invites.email, link: invites.link, status: invites.status, isActive: invites.isActive, createdAt: invites.createdAt })
        .from(invites)
        .where(eq(invites.projectId, id))
        .orderBy(desc(invites.createdAt))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(invites).where(eq(invites.projectId, id)),
      page,
      limit,
    ),
    pageOf(
      db
        .select({
          _id: orders.id,
          entityType: orders.entityType,
          quantity: orders.quantity,
          amount: orders.amount,
          method: orders.method,
          state: orders.state,
          createdAt: orders.createdAt,
          paidAt: orders.paidAt,
        })
        .from(orders)
        .where(eq(orders.projectId, id))
        .orderBy(desc(orders.createdAt))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(orders).where(eq(orders.projectId, id)),
      page,
      limit,
    ),
  ]);
  return { employees: staff, invites: sent, orders: bought };
}

async function requireProject(db: Db, id: string) {
  const [p] = await db.select().from(projects).where(eq(projects.id, id));
  if (!p) throw notFound();
  return p;
}

/**
 * The account a manager may make a project's owner: it exists, is active and has confirmed its
 * address (an unconfirmed one may have been signed up by anyone), and it is not the
 * public demo account (its companies are shown to every visitor). Field messages otherwise.
 */
export async function ownerAccount(db: Db, email: string, field: string) {
  const [u] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  if (!u) throw validationFailed({ [field]: "manager.projects.noSuchUser" });
  return checkOwnerAccount(u, field);
}

export function checkOwnerAccount<U extends Pick<typeof users.$inferSelect, "id" | "isActive" | "emailConfirmedAt">>(u: U, field: string) {
  if (u.id === DEMO_USER_ID) throw validationFailed({ [field]: "manager.projects.demoOwner" });
  if (!u.isActive) throw validationFailed({ [field]: "manager.projects.inactiveOwner" });
  if (!u.emailConfirmedAt) throw validationFailed({ [field]: "manager.projects.unconfirmedOwner" });
  return u;
}

/**
 * Before a page hands a company over, whose the typed address is: the account's name and e-mail and
 * how many projects it owns, as the question the form asks (an account that cannot own it is refused
 * here already, with the same messages as the change).
 */
export async function askOwner(scope: ManagerScope, projectId: string, email: string) {
  const project = await requireProject(scope.db, projectId);
  const next = await ownerAccount(scope.db, email, "email");
  if (next.id === project.ownerId) throw validationFailed({ email: "manager.projects.sameOwner" });
  const [owned] = await scope.db.select({ n: count() }).from(projects).where(eq(projects.ownerId, next.id));
  const who = next.name ? `${next.name} (${next.email})` : next.email;
  throw validationFailed({ confirmOwner: scope.t("manager.projects.ownerAsk", { who, projects: owned?.n ?? 0, project: quotedName(project.name) }) });
}

export const changeOwnerSchema = z.object({ projectId: z.string().regex(ID_PATTERN, "common.validation.invalid"), email: fields.email() });

/** Hands the project to another account (confirmed and active, `ownerAccount`); the old and the new owner get an e-mail each. */
export async function changeOwner(scope: ManagerScope, projectId: string, email: string) {
  return transaction(scope, async (tx) => {
    const db = tx.db;
    const project = await requireProject(db, projectId);
    const next = await ownerAccount(db, email, "email");
    if (next.id === project.ownerId) throw validationFailed({ email: "manager.projects.sameOwner" });
    const [prev] = await db.select().from(users).where(eq(users.id, project.ownerId));
    await db.update(projects).set({ ownerId: next.id }).where(eq(projects.id, projectId));
    // owning a project is what a business account is for
    await db.update(users).set({ isBusiness: true, currentProjectId: projectId }).where(eq(users.id, next.id));
    if (prev)
      await db
        .update(users)
        .set({ currentProjectId: null })
        .where(and(eq(users.id, prev.id), eq(users.currentProjectId, projectId)));
    await auditBy(tx, {
      action: "projects.changeOwner",
      entity: "projects",
      entityId: projectId,
      subjectUserId: next.id,
      changes: { owner: { from: project.ownerId, to: next.id } },
    });
    // the mails commit with the change and leave after it (retried while SMTP is down)
    const tellNew = translator(next.locale);
    // the project's name is its owner's text: one line, cut, quoted after fixed words
    const name = quotedName(project.name);
    await enqueueMail(tx, {
      to: next.email,
      subject: tellNew("manager.projects.mail.newSubject", { project: name }),
      text: tellNew("manager.projects.mail.newText", { project: project.name }),
    });
    if (prev) {
      const tellOld = translator(prev.locale);
      await enqueueMail(tx, {
        to: prev.email,
        subject: tellOld("manager.projects.mail.oldSubject", { project: name }),
        text: tellOld("manager.projects.mail.oldText", { project: project.name, email: next.email }),
      });
    }
    return { _id: projectId, owner: next.id };
  });
}

/** Deletes the project with its departments, employees and invites; its orders stay (they are money). */
/** What goes with a project's deletion, for its confirmation: its employees' places (with their
 * analytics) and its invite balance. */
export async function projectHoldings(db: Db, id: string) {
  const [staff] = await db.select({ n: count() }).from(employees).where(eq(employees.projectId, id));
  const [p] = await db.select({ balance: projects.inviteBalance }).from(projects).where(eq(projects.id, id));
  return { employees: staff?.n ?? 0, balance: p?.balance ?? 0 };
}

export async function deleteProject(scope: ManagerScope, id: string, opts: { confirmName?: string } = {}) {
  await transaction(scope, async (tx) => {
    const project = await requireProject(tx.db, id);
    // typing the project's name is the page's confirmation
    if (opts.confirmName !== undefined && project.name.trim() !== opts.confirmName.trim())
      throw validationFailed({ confirm: "manager.projects.confirmMismatch" });
    await auditBy(tx, {
      action: "projects.delete",
      entity: "projects",
      entityId: id,
      subjectUserId: project.ownerId,
      changes: { name: { from: project.name, to: null } },
    });
    await tx.db.update(users).set({ currentProjectId: null }).where(eq(users.currentProjectId, id));
    await tx.db.delete(projects).where(eq(projects.id, id));
    // their last project gone, the owner is no longer a business account
    const [other] = await tx.db.select({ id: projects.id }).from(projects).where(eq(projects.ownerId, project.ownerId)).limit(1);
    const [owner] = await tx.db.select({ isBusiness: users.isBusiness }).from(users).where(eq(users.id, project.ownerId));
    if (!other && owner?.isBusiness) {
      await tx.db.update(users).set({ isBusiness: false, updatedAt: new Date() }).where(eq(users.id, project.ownerId));
      await auditBy(tx, {
        action: "users.update",
        entity: "users",
        entityId: project.ownerId,
        subjectUserId: project.ownerId,
        changes: { isBusiness: { from: true, to: false }, reason: "projects.delete" },
      });
    }
  });
}

export const projectCreateSchema = z.object({
  name: fields.name(),
  description: z.string().trim().max(2000).optional(),
  /** the owner's e-mail (an existing account) */
  email: fields.email(),
  inviteBalance: z.number("common.validation.invalid").int().min(0).max(1_000_000).optional(),
});
export const projectUpdateSchema = z.object({
  name: fields.name().optional(),
  description: z.string().trim().max(2000).optional(),
  inviteBalance: z.number("common.validation.invalid").int().min(0).max(1_000_000).optional(),
});

/** Runs inside createResource's unit of work (which audits it). */
export async function insertProject(scope: ManagerScope, input: z.infer<typeof projectCreateSchema>) {
  const db = scope.db;
  const owner = await ownerAccount(db, input.email, "email");
  const id = createId();
  await db.insert(projects).values({
    id,
    name: input.name,
    description: input.description || null,
    ownerId: owner.id,
    inviteCode: newInviteCode(),
    inviteBalance: input.inviteBalance ?? 0,
  });
  await db
    .update(users)
    .set({ isBusiness: true, currentProjectId: sql`coalesce(${users.currentProjectId}, ${id})` })
    .where(eq(users.id, owner.id));
  return id;
}
