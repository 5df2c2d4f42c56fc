import { and, eq, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { employees, invites, projects } from "../../db/schema";
import { notFound } from "../lib/errors";
import { createId } from "../lib/ids";
import type { UserRow } from "./users";

/** Invitations addressed to this user (by account or by e-mail), with their project's name. */
export async function listOwnInvites(db: Db, user: UserRow) {
  const rows = await db
    .select({ invite: invites, projectName: projects.name })
    .from(invites)
    .innerJoin(projects, eq(projects.id, invites.projectId))
    .where(and(eq(invites.isActive, true), or(eq(invites.userId, user.id), eq(invites.email, user.email))));
  return rows.map(({ invite, projectName }) => ({
    _id: invite.id,
    project: { _id: invite.projectId, name: projectName },
    status: invite.status,
    link: invite.link,
    createdAt: invite.createdAt,
  }));
}

/** Accepting an invitation makes the user an employee of the project. */
export async function acceptInvite(db: Db, user: UserRow, inviteId: string) {
  const [invite] = await db
    .select()
    .from(invites)
    .where(and(eq(invites.id, inviteId), eq(invites.isActive, true), or(eq(invites.userId, user.id), eq(invites.email, user.email))));
  if (!invite) throw notFound();
  const status = invite.status === "completed test" ? invite.status : user.formatCode ? "completed test" : "Accepted";
  await db.update(invites).set({ userId: user.id, status, updatedAt: new Date() }).where(eq(invites.id, invite.id));
  await db
    .insert(employees)
    .values({ id: createId(), projectId: invite.projectId, userId: user.id, name: user.name ?? user.email })
    .onConflictDoNothing();
  return { _id: invite.id, status };
}

/** An active invitation by the code of its link (what /invite/{id} carries), with its project. */
export async function findInviteByLink(db: Db, link: string) {
  const [row] = await db
    .select({ invite: invites, projectName: projects.name })
    .from(invites)
    .innerJoin(projects, eq(projects.id, invites.projectId))
    .where(and(eq(invites.link, link), eq(invites.isActive, true)));
  return row ?? null;
}
