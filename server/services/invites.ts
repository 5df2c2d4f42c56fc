// Invitations to a company's project. Who may take one: the person
// holding its link (the link is the secret), or the owner of the invited address once that address
// is confirmed; an accepted invitation is never handed to anyone else.
import { and, eq, isNull, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { invites, projects } from "../../db/schema";
import { notFound } from "../lib/errors";
import type { UserRow } from "./users";
import type { Scope, UserScope } from "../scope";
import { joinProject } from "./business/join";

/** The invitations this user may see and take: already theirs, or open ones sent to their address
 * if they have confirmed it (an unconfirmed sign-up with someone else's address sees nothing). */
function addressedTo(user: UserRow): SQL {
  const mine = eq(invites.userId, user.id);
  if (!user.emailConfirmedAt) return mine;
  return or(mine, and(isNull(invites.userId), eq(invites.email, user.email)))!;
}

/** Invitations addressed to this user, with their project's name. */
export async function listOwnInvites(scope: UserScope) {
  const { db, user } = scope;
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

/** Accepting an invitation by its id: the person joins the project (one invite is spent). */
export async function acceptInvite(scope: Scope, user: UserRow, inviteId: string) {
  const [invite] = await scope.db
    .select()
    .from(invites)
    .where(and(eq(invites.id, inviteId), eq(invites.isActive, true), addressedTo(user)));
  if (!invite) throw notFound();
  const joined = await joinProject(scope, user, invite.link);
  return { _id: invite.id, status: joined.status };
}

/**
 * The sign-up body's `invite`: holding the link is the proof, so the invitation is claimed for
 * this account (atomically, never taken from someone else). Joining the company, with its
 * consent, is the invitation page's step (routes/business/join.tsx).
 */
export async function acceptInviteByLink(db: Db, user: UserRow, link: string) {
  const claimed = await db
    .update(invites)
    .set({ userId: user.id, status: "Accepted", updatedAt: new Date() })
    .where(and(eq(invites.link, link), eq(invites.isActive, true), isNull(invites.userId)))
    .returning({ id: invites.id });
  return claimed[0] ?? null;
}
