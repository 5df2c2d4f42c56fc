// Invitations to a company's project. Who may take one (security review, finding 3): the person
// holding its link (the link is the secret), or the owner of the invited address once that address
// is confirmed; an accepted invitation is never handed to anyone else.
import { and, eq, isNull, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { employees, invites, projects } from "../../db/schema";
import { notFound } from "../lib/errors";
import { createId } from "../lib/ids";
import type { UserRow } from "./users";

/** The invitations this user may see and take: already theirs, or open ones sent to their address
 * if they have confirmed it (an unconfirmed sign-up with someone else's address sees nothing). */
function addressedTo(user: UserRow): SQL {
  const mine = eq(invites.userId, user.id);
  if (!user.emailConfirmedAt) return mine;
  return or(mine, and(isNull(invites.userId), eq(invites.email, user.email)))!;
}

/** Invitations addressed to this user, with their project's name. */
export async function listOwnInvites(db: Db, user: UserRow) {
  const rows = await db
    .select({ invite: invites, projectName: projects.name })
    .from(invites)
    .innerJoin(projects, eq(projects.id, invites.projectId))
    .where(and(eq(invites.isActive, true), addressedTo(user)));
  return rows.map(({ invite, projectName }) => ({
    _id: invite.id,
    project: { _id: invite.projectId, name: projectName },
    status: invite.status,
    link: invite.link,
    createdAt: invite.createdAt,
  }));
}

/** Accepting an invitation by its id makes the user an employee of the project. */
export async function acceptInvite(db: Db, user: UserRow, inviteId: string) {
  const [invite] = await db
    .select()
    .from(invites)
    .where(and(eq(invites.id, inviteId), eq(invites.isActive, true), addressedTo(user)));
  if (!invite) throw notFound();
  return take(db, user, invite);
}

/** Accepting by the link code (at sign-up, or the invite page): holding the link is the proof. */
export async function acceptInviteByLink(db: Db, user: UserRow, link: string) {
  const [invite] = await db
    .select()
    .from(invites)
    .where(and(eq(invites.link, link), eq(invites.isActive, true), or(isNull(invites.userId), eq(invites.userId, user.id))));
  if (!invite) return null;
  return take(db, user, invite);
}

async function take(db: Db, user: UserRow, invite: typeof invites.$inferSelect) {
  const status = invite.status === "completed test" ? invite.status : user.formatCode ? "completed test" : "Accepted";
  // the condition makes the claim atomic: of two people racing for one link, one gets it
  const claimed = await db
    .update(invites)
    .set({ userId: user.id, status, updatedAt: new Date() })
    .where(and(eq(invites.id, invite.id), or(isNull(invites.userId), eq(invites.userId, user.id))))
    .returning({ id: invites.id });
  if (claimed.length === 0) throw notFound();
  await db
    .insert(employees)
    .values({ id: createId(), projectId: invite.projectId, userId: user.id, name: user.name ?? user.email })
    .onConflictDoNothing();
  return { _id: invite.id, status };
}
