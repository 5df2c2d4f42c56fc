// A user's own data: the export (everything we hold, without secrets) and the account's deletion.
import { and, eq, inArray, isNull, or } from "drizzle-orm";
import {
  answers,
  couponUses,
  emailTokens,
  employeeAnalytics,
  employeeFits,
  employees,
  invites,
  logs,
  oauthAccounts,
  orders,
  results,
  reviews,
  sessions,
  skills,
  users,
} from "../../../db/schema";
import type { Db } from "../../../db/client";
import { tFor } from "../../../locales";
import { validationFailed } from "../../lib/errors";
import { enqueueMail, transaction, type Scope, type UserScope } from "../../scope";
import { mailLink } from "../../lib/links";
import { hit, LIMITS } from "../rate-limits";
import { consumeEmailToken, issueEmailToken } from "./email-tokens";
import { verifyPassword } from "../passwords";
import type { UserRow } from "../users";

export async function exportData(scope: UserScope) {
  const { db, user } = scope;
  const { passwordHash: _secret, ...profile } = user;
  const userResults = await db.select().from(results).where(eq(results.userId, user.id));
  const userAnswers = [];
  for (const r of userResults) userAnswers.push(...(await db.select().from(answers).where(eq(answers.resultId, r.id))));
  return {
    exportedAt: new Date().toISOString(),
    profile,
    results: userResults,
    answers: userAnswers,
    sessions: (await db.select().from(sessions).where(eq(sessions.userId, user.id))).map(({ tokenHash: _t, ...s }) => s),
    orders: await db.select().from(orders).where(eq(orders.userId, user.id)),
    reviews: await db.select().from(reviews).where(eq(reviews.userId, user.id)),
    activity: await db.select().from(logs).where(eq(logs.userId, user.id)),
  };
}

/**
 * Deletes the account after the password is re-entered. Answers, results, sessions, tokens and
 * sign-in links go; orders and payments are kept as accounting law requires, attached to an
 * anonymised stub instead of the person.
 */
export async function deleteAccount(scope: UserScope, input: { password: string }) {
  const { user } = scope;
  if (!(await verifyPassword(user.passwordHash, input.password))) throw validationFailed({ password: scope.t("auth.errors.currentWrong") });
  // all of it or none: a half-erased account would keep some of the person and lose the way in
  await transaction(scope, (tx) => eraseAccount(tx.db, user));
}

/**
 * Deleting an account that has no password (made with an e-mail only): a one-hour link to the
 * address proves it is theirs, where a password would. The link opens in any browser, signed in or not.
 */
export async function requestDeletionLink(scope: UserScope) {
  const { user } = scope;
  const { count } = await hit(scope.db, `delete-link:${user.id}`, LIMITS.restore);
  if (count > LIMITS.restore.max) return;
  const t = tFor(user.locale);
  await transaction(scope, async (tx) => {
    const token = await issueEmailToken(tx.db, user.id, "delete");
    const link = mailLink(tx.deps.config.PUBLIC_URL, `/account/delete?token=${token}`, user.locale);
    await enqueueMail(tx, {
      to: user.email,
      subject: t("mail.deleteAccount.subject"),
      text: [t("mail.deleteAccount.body"), link, "", t("mail.deleteAccount.ignore"), "", t("mail.signature")].join("\n"),
    });
  });
}

/** The mailed deletion link, confirmed: the token is spent with the erasure or not at all. Null for a dead link. */
export async function deleteByLink(scope: Scope, token: string): Promise<string | null> {
  return transaction(scope, async (tx) => {
    const userId = await consumeEmailToken(tx.db, token, "delete");
    if (!userId) return null;
    const [user] = await tx.db.select().from(users).where(eq(users.id, userId));
    if (!user) return null;
    await eraseAccount(tx.db, user);
    return userId;
  });
}

/** What a company sees in place of a person who deleted their account (both languages: the row is read in either). */
export const DELETED_PERSON = `${tFor("ru")("business.deletedPerson")} / ${tFor("en")("business.deletedPerson")}`;

/**
 * The person in the companies they joined: the employee row keeps
 * its place in the structure, but not the name, the link to the account, the invitation's address,
 * the notes written about them, or the fits computed from their results.
 */
async function forgetInCompanies(db: Db, user: UserRow) {
  const mine = (await db.select({ id: employees.id }).from(employees).where(eq(employees.userId, user.id))).map((e) => e.id);
  if (mine.length) {
    await db.update(employees).set({ name: DELETED_PERSON, userId: null, isProjectManager: false }).where(inArray(employees.id, mine));
    await db.update(skills).set({ description: null, updatedAt: new Date() }).where(inArray(skills.employeeId, mine));
    await db.delete(employeeFits).where(inArray(employeeFits.employeeId, mine));
    await db.delete(employeeAnalytics).where(inArray(employeeAnalytics.employeeId, mine));
  }
  // notes they wrote as a supervisor keep the note, not the author's name
  await db.update(skills).set({ enteredBy: null, enteredByName: DELETED_PERSON }).where(eq(skills.enteredBy, user.id));
  // invitations: to their address or taken by them; one not yet taken no longer holds an invite
  const theirs = or(eq(invites.userId, user.id), eq(invites.email, user.email));
  await db
    .update(invites)
    .set({ isActive: false, updatedAt: new Date() })
    .where(and(theirs, isNull(invites.userId), inArray(invites.status, ["Invited", "Sent"])));
  await db.update(invites).set({ email: null, userId: null, updatedAt: new Date() }).where(theirs);
}

/** The deletion rules themselves, shared by a user's own deletion and a manager's (back-office). */
export async function eraseAccount(db: Db, user: UserRow) {
  await forgetInCompanies(db, user);
  const resultIds = (await db.select({ id: results.id }).from(results).where(eq(results.userId, user.id))).map((r) => r.id);
  for (const id of resultIds) await db.delete(answers).where(eq(answers.resultId, id));
  await db.delete(results).where(eq(results.userId, user.id));
  await db.delete(sessions).where(eq(sessions.userId, user.id));
  await db.delete(emailTokens).where(eq(emailTokens.userId, user.id));
  await db.delete(oauthAccounts).where(eq(oauthAccounts.userId, user.id));
  await db.delete(couponUses).where(eq(couponUses.userId, user.id));
  await db.update(reviews).set({ userId: null }).where(eq(reviews.userId, user.id));
  await db.delete(logs).where(eq(logs.userId, user.id));
  const [kept] = await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, user.id)).limit(1);
  if (kept) {
    await db
      .update(users)
      .set({
        email: `deleted-${user.id}@deleted.invalid`,
        passwordHash: null,
        name: null,
        phone: null,
        birthday: null,
        city: null,
        gender: null,
        personnelId: null,
        utm: null,
        isActive: false,
        formatCode: null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id));
  } else {
    await db.delete(users).where(eq(users.id, user.id));
  }
}
