// Following up invitations and telling the owner what happened:
// - the invitation mail itself (with the owner's own words and the deadline) and its reminders:
//   a sweep (`sendReminders`, run by the job runner's clock) mails people who have not joined, or
//   joined and not finished the test, 3 and 7 days after the invitation (or, for whoever joined by
//   the project's link, after joining), at most twice: e-mail invitations, link joiners and
//   candidates alike, by one rule over their `invites` rows;
// - the owner's notices of joins, completions and consent changes: a mail at once, or one daily
//   digest (`sendDigests`), or none (projects.notify);
// Every send is its own unit of work: the counter or the "digested" mark and the queued mail
// commit together, and a conditional update makes a second runner (another instance, a retry)
// find nothing to do.
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { z } from "zod";
import { candidates, employees, invites, ownerEvents, positions, projects, users } from "../../../db/schema";
import { intlLocale, tFor, type Locale } from "../../../locales";
import type { AppDeps } from "../../context";
import { escapeHtml } from "../../lib/html";
import { crashPoint } from "../../lib/crash-points";
import { dayIn, formatIn, startOfDayIn } from "../../lib/time-zone";
import { createId } from "../../lib/ids";
import { enqueueMail, systemScope, transaction, type Scope as BaseScope } from "../../scope";
import { requireCan, type ProjectScope } from "./access";
import { saveChecked, type VersionOpts } from "./versions";
import { pruneIntegrationLogs } from "./integration-retention";
import { queueExpiredInvitations, queueWebhookForNotice } from "./webhooks";

/** The owner's own words in an invitation: plain text, this long at most. */
export const MESSAGE_MAX = 500;
/** Reminders per invitation, and the days after the last mail each one waits. */
export const REMINDER_LIMIT = 2;
export const REMINDER_GAPS_DAYS = [3, 4] as const; // day 3 and day 7 after the invitation
const DAY = 86_400_000;

export type InviteMailKind = "invite" | "remindJoin" | "remindCandidate" | "remindFinish";

/** A deadline as people read it: its day in the operator's zone (TIME_ZONE), where the day was picked. */
export const deadlineText = (at: Date, locale: Locale, zone: string) =>
  formatIn(at, zone, intlLocale(locale), { day: "numeric", month: "long", year: "numeric" });

/** The company's name as the subject and body quote it: one line, not too long. */
export const quotedName = (name: string) => {
  const line = name.replace(/[\s\u0000-\u001f\u007f]+/g, " ").trim();
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
};

/**
 * The invitation mail and its reminders, in the recipient's language: plain text, and HTML where
 * every piece of the sender's text (company name, message) is escaped.
 */
export function inviteMail(
  locale: Locale,
  input: { kind: InviteMailKind; company: string; url: string; message?: string | null; expiresAt?: Date | null; zone: string; position?: string },
) {
  const t = tFor(locale);
  const company = quotedName(input.company);
  const position = quotedName(input.position ?? "");
  const k = `followup.mail.${input.kind}`;
  const lead = input.kind === "invite" ? t("business.mail.invite.body", { company }) : t(`${k}.body`, { company, position });
  const subject = input.kind === "invite" ? t("business.mail.invite.subject", { company }) : t(`${k}.subject`, { company, position });
  const message = input.message?.trim() ? input.message.trim().slice(0, MESSAGE_MAX) : null;
  const deadline = input.expiresAt ? t("followup.mail.deadline", { date: deadlineText(input.expiresAt, locale, input.zone) }) : null;
  const paragraphs: (string | null)[] = [
    t("business.mail.invite.greeting"),
    lead,
    message ? `${t("followup.mail.ownerWrites", { company })}\n${message}` : null,
    deadline,
    input.kind === "remindFinish" ? null : t("business.mail.invite.consent"),
    t("mail.signature"),
  ];
  const kept = paragraphs.filter((p): p is string => Boolean(p));
  // the link follows the lead paragraph, as the plain mail always had it
  const text = [kept[0], "", kept[1], input.url, "", ...kept.slice(2).flatMap((p) => [p, ""])].join("\n").trimEnd();
  const html = [
    `<p>${escapeHtml(kept[0]!)}</p>`,
    `<p>${escapeHtml(kept[1]!)}<br><a href="${escapeHtml(input.url)}">${escapeHtml(input.url)}</a></p>`,
    ...kept.slice(2).map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`),
  ].join("\n");
  return { subject, text, html };
}

// ——— reminders ———

/** The locale to write to an invited address in: the person's own if they have an account, else the owner's. */
async function recipientLocale(db: BaseScope["db"], email: string, ownerId: string): Promise<Locale> {
  const [known] = await db.select({ locale: users.locale }).from(users).where(eq(users.email, email));
  if (known?.locale) return known.locale as Locale;
  const [owner] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, ownerId));
  return (owner?.locale as Locale | undefined) ?? "ru";
}

/** Invitations owed a reminder at `now` (ids only; each is re-checked in its own unit). */
async function dueReminders(deps: AppDeps, now: Date, limit: number) {
  const first = new Date(now.getTime() - REMINDER_GAPS_DAYS[0] * DAY);
  const second = new Date(now.getTime() - REMINDER_GAPS_DAYS[1] * DAY);
  const rows = await deps.db
    .select({ id: invites.id })
    .from(invites)
    .where(
      and(
        or(and(eq(invites.reminders, 0), lte(invites.mailedAt, first)), and(eq(invites.reminders, 1), lte(invites.mailedAt, second))),
        // every kind: an e-mail invitation, a candidate's, and a link joiner's row (whose clock
        // starts at the join: join.ts); rows made before the clock existed have no mailedAt
        eq(invites.isActive, true),
        or(isNull(invites.expiresAt), sql`${invites.expiresAt} > ${now.getTime()}`),
      ),
    )
    .orderBy(asc(invites.mailedAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Whether the person still shares their results with the project: as an employee, or as a
 * candidate (a withdrawn consent is their "leave me alone": no reminder goes to them).
 */
async function stillSharing(db: BaseScope["db"], projectId: string, userId: string) {
  const [employee] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.projectId, projectId), eq(employees.userId, userId), isNull(employees.consentWithdrawnAt)))
    .limit(1);
  if (employee) return true;
  const [candidate] = await db
    .select({ id: candidates.id })
    .from(candidates)
    .where(and(eq(candidates.projectId, projectId), eq(candidates.userId, userId), isNull(candidates.consentWithdrawnAt)))
    .limit(1);
  return Boolean(candidate);
}

/** The position a candidate's invitation is for (null once the candidate row is gone: hired or removed). */
async function candidatePosition(db: BaseScope["db"], inviteId: string) {
  const [row] = await db
    .select({ name: positions.name })
    .from(candidates)
    .innerJoin(positions, eq(positions.id, candidates.positionId))
    .where(eq(candidates.inviteId, inviteId));
  return row?.name ?? null;
}

/**
 * Sends the reminders due at `now` (the clock is an input, so tests move time instead of waiting).
 * Not joined: "you are invited" (a candidate: "…for the position"); joined (by an e-mail
 * invitation, the project's link or as a candidate) but not tested: "finish the test"; tested,
 * withdrawn, deactivated or expired: nothing, and the invitation leaves the sweep. Returns how many were queued.
 */
export async function sendReminders(deps: AppDeps, now = new Date(), limit = 200) {
  let sent = 0;
  for (const id of await dueReminders(deps, now, limit)) {
    const queued = await transaction(systemScope(deps), async (tx) => {
      const [row] = await tx.db
        .select({
          invite: invites,
          project: projects,
          formatCode: users.formatCode,
          userEmail: users.email,
          userLocale: users.locale,
          userActive: users.isActive,
        })
        .from(invites)
        .innerJoin(projects, eq(projects.id, invites.projectId))
        .leftJoin(users, eq(users.id, invites.userId))
        .where(eq(invites.id, id));
      if (!row || row.invite.reminders >= REMINDER_LIMIT || row.project.isDemo) return false;
      const { invite } = row;
      const position = invite.kind === "candidate" ? await candidatePosition(tx.db, invite.id) : null;
      const pending =
        !invite.userId &&
        (invite.status === "Invited" || invite.status === "Sent") &&
        Boolean(invite.email) &&
        (invite.kind !== "candidate" || position !== null);
      const unfinished = Boolean(invite.userId && row.userActive && !row.formatCode && (await stillSharing(tx.db, invite.projectId, invite.userId)));
      const won = await tx.db
        .update(invites)
        .set(pending || unfinished ? { reminders: sql`${invites.reminders} + 1`, mailedAt: now } : { reminders: REMINDER_LIMIT })
        .where(and(eq(invites.id, id), eq(invites.reminders, invite.reminders)))
        .returning({ id: invites.id });
      if (!won.length || !(pending || unfinished)) return false;
      crashPoint("reminder.afterCount");
      const to = pending ? invite.email! : row.userEmail!;
      const locale = pending ? await recipientLocale(tx.db, to, row.project.ownerId) : ((row.userLocale as Locale | null) ?? "ru");
      const url = `${deps.config.PUBLIC_URL}/invite/${encodeURIComponent(invite.link)}`;
      await enqueueMail(tx, {
        to,
        ...inviteMail(locale, {
          kind: unfinished ? "remindFinish" : position !== null ? "remindCandidate" : "remindJoin",
          company: row.project.name,
          url,
          message: pending ? invite.message : null,
          expiresAt: pending ? invite.expiresAt : null,
          position: position ?? undefined,
          zone: deps.config.TIME_ZONE,
        }),
      });
      return true;
    });
    if (queued) sent++;
  }
  return sent;
}

// ——— the owner's notices ———

export type OwnerEventKind = (typeof ownerEvents.$inferInsert)["kind"];

async function ownerOf(db: BaseScope["db"], projectId: string) {
  const [row] = await db
    .select({ project: projects, email: users.email, locale: users.locale })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.ownerId))
    .where(eq(projects.id, projectId));
  return row ?? null;
}

const cabinetUrl = (deps: AppDeps, projectId: string) => `${deps.config.PUBLIC_URL}/business/employees?project=${projectId}`;

/** Where the owner sees a candidate: their position's page, its candidates. */
export const candidatesUrl = (deps: AppDeps, projectId: string, positionId: string) =>
  `${deps.config.PUBLIC_URL}/business/positions/${positionId}?project=${projectId}#candidates`;

/** How a candidate is named in the owner's notices: the name and the position they apply for. */
export const candidateLabel = (name: string, position: string) => `${name} («${quotedName(position)}»)`;

/**
 * Tells the project's owner that a person joined, finished the test or changed their consent: a
 * mail now (queued in the caller's unit), a row for tomorrow's digest, or nothing, as the owner
 * chose. The name is the one the company sees (a candidate's with their position); the owner is
 * never told about themselves. `link`: where the mail sends the owner (default: the employees).
 */
export async function notifyOwner(tx: BaseScope, projectId: string, kind: OwnerEventKind, person: { userId: string | null; name: string; link?: string }) {
  // the company's systems hear of it too, whatever the owner's own mail setting
  await queueWebhookForNotice(tx, projectId, kind, person.userId);
  const found = await ownerOf(tx.db, projectId);
  if (!found || found.project.isDemo || found.project.notify === "off" || person.userId === found.project.ownerId) return;
  const { project } = found;
  if (project.notify === "digest") {
    await tx.db.insert(ownerEvents).values({ id: createId(), projectId, ownerId: project.ownerId, kind, name: person.name });
    crashPoint("notice.afterWrite");
    return;
  }
  const locale = (found.locale as Locale) ?? "ru";
  const t = tFor(locale);
  const company = quotedName(project.name);
  // the person's own text: one line, cut, and quoted by the strings after fixed words (never opening the subject)
  const name = quotedName(person.name) || t("followup.noName");
  await enqueueMail(tx, {
    to: found.email,
    subject: t(`followup.owner.${kind}.subject`, { name, company }),
    text: [
      t(`followup.owner.${kind}.body`, { name, company }),
      "",
      t("followup.owner.open"),
      person.link ?? cabinetUrl(tx.deps, projectId),
      "",
      t("followup.owner.settings"),
      "",
      t("mail.signature"),
    ].join("\n"),
  });
  // the caller's change (a join, a completion, a consent) has more to write, or was written before
  crashPoint("notice.afterWrite");
}

/** A person finished the test: the owners of the companies that see their results are told (as employee or as candidate). */
export async function notifyOwnersOfCompletion(tx: BaseScope, userId: string) {
  const rows = await tx.db
    .select({ projectId: employees.projectId, name: employees.name })
    .from(employees)
    .where(and(eq(employees.userId, userId), isNull(employees.consentWithdrawnAt)));
  for (const r of rows) await notifyOwner(tx, r.projectId, "completed", { userId, name: r.name });
  const applied = await tx.db
    .select({ projectId: candidates.projectId, positionId: candidates.positionId, name: candidates.name, email: candidates.email, position: positions.name })
    .from(candidates)
    .innerJoin(positions, eq(positions.id, candidates.positionId))
    .where(and(eq(candidates.userId, userId), isNull(candidates.consentWithdrawnAt)));
  for (const r of applied)
    await notifyOwner(tx, r.projectId, "candidateCompleted", {
      userId,
      // the company typed the candidate's address itself: it may name them by it
      name: candidateLabel(r.name || r.email, r.position),
      link: candidatesUrl(tx.deps, r.projectId, r.positionId),
    });
}

/**
 * The daily digest: one mail per owner with the events recorded before today, grouped by
 * company; nothing when there were none. Returns how many mails were queued.
 */
export async function sendDigests(deps: AppDeps, now = new Date()) {
  // the operator's day (TIME_ZONE): the digest goes out after its midnight with the day before
  const before = startOfDayIn(dayIn(now, deps.config.TIME_ZONE), deps.config.TIME_ZONE);
  const owners = await deps.db
    .selectDistinct({ ownerId: ownerEvents.ownerId })
    .from(ownerEvents)
    .where(and(isNull(ownerEvents.digestedAt), sql`${ownerEvents.createdAt} < ${before.getTime()}`))
    .limit(500);
  let sent = 0;
  for (const { ownerId } of owners) {
    const queued = await transaction(systemScope(deps), async (tx) => {
      const events = await tx.db
        .select({ event: ownerEvents, company: projects.name })
        .from(ownerEvents)
        .innerJoin(projects, eq(projects.id, ownerEvents.projectId))
        .where(and(eq(ownerEvents.ownerId, ownerId), isNull(ownerEvents.digestedAt), sql`${ownerEvents.createdAt} < ${before.getTime()}`))
        .orderBy(asc(ownerEvents.createdAt));
      if (!events.length) return false;
      await tx.db
        .update(ownerEvents)
        .set({ digestedAt: now })
        .where(
          inArray(
            ownerEvents.id,
            events.map((e) => e.event.id),
          ),
        );
      const [owner] = await tx.db.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, ownerId));
      if (!owner) return false;
      crashPoint("digest.afterMark");
      const locale = (owner.locale as Locale) ?? "ru";
      const t = tFor(locale);
      const lines: string[] = [];
      let company = "";
      for (const { event, company: name } of events) {
        if (name !== company) {
          company = name;
          lines.push("", `«${quotedName(name)}»`);
        }
        const when = formatIn(event.createdAt, deps.config.TIME_ZONE, intlLocale(locale), {
          day: "numeric",
          month: "short",
          hour: "2-digit",
          minute: "2-digit",
        });
        lines.push(`— ${when}: ${t(`followup.digest.${event.kind}`, { name: event.name || t("followup.noName") })}`);
      }
      await enqueueMail(tx, {
        to: owner.email,
        subject: t("followup.digest.subject", { count: events.length }),
        text: [
          t("followup.digest.intro"),
          ...lines,
          "",
          t("followup.owner.open"),
          `${deps.config.PUBLIC_URL}/business/employees`,
          "",
          t("followup.owner.settings"),
          "",
          t("mail.signature"),
        ].join("\n"),
      });
      return true;
    });
    if (queued) sent++;
  }
  return sent;
}

/** What the job runner's clock runs (server/jobs.ts): reminders, digests and expired invitations' webhooks due at `now`, and the integrations' old logs. */
export async function runFollowUps(deps: AppDeps, now = new Date()) {
  return {
    reminders: await sendReminders(deps, now),
    digests: await sendDigests(deps, now),
    expired: await queueExpiredInvitations(deps, now),
    pruned: await pruneIntegrationLogs(deps, now),
  };
}

export const notifySchema = z.object({ notify: z.enum(["each", "digest", "off"], { error: "common.validation.invalid" }) });

/** The owner's choice of notices (their own mailbox: the owner's or a manager's to change). */
export async function updateNotify(scope: ProjectScope, input: z.infer<typeof notifySchema>, opts: VersionOpts = {}) {
  requireCan(scope, "billing");
  await saveChecked(scope, "project", scope.project.id, opts.version, (tx) =>
    tx.db.update(projects).set({ notify: input.notify }).where(eq(projects.id, tx.project.id)),
  );
  return { notify: input.notify };
}
