// Candidates for a position: the company invites someone who is not an employee
// to take the test against a position, and sees their fit ranked among the team's. The invitation is
// the ordinary e-mail invitation (kind "candidate": its link, balance reservation, mail quota and
// outbox); joining through it makes a candidate row instead of an employee. The candidate sees their
// own result; the company sees their name, e-mail (it typed it), format and fit for the position.
// Hiring turns the candidate into an employee holding the position; removing withdraws them.
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client";
import { candidates, employees, invites, positions, type projects, results, users } from "../../../db/schema";
import { tFor, type Locale } from "../../../locales";
import { fitFor, type IndicatorValues } from "../../../model/fit";
import type { AppDeps } from "../../context";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { crashPoint } from "../../lib/crash-points";
import { createId, ID_PATTERN } from "../../lib/ids";
import { fields } from "../../lib/validate";
import { enqueue, enqueueMail, transaction, type Scope as UnitScope } from "../../scope";
import { logActivity } from "../activity";
import type { UserRow } from "../users";
import { can, requireCan, requireWritable, type Scope } from "./access";
import { positionCandidates } from "./efficiency";
import { candidateLabel, candidatesUrl, notifyOwner, quotedName } from "./follow-up";
import { freeInvites, inviteUrl, requireConfirmedSender, takeMailQuota } from "./invite-quota";
import { fitRange } from "./fit-target";
import { activitiesOf, getPosition } from "./positions";
import { queueWebhook } from "./webhooks";
import { decisionMail, sendDecisionMail } from "./candidate-decision";
import { reliabilityOf } from "./reliability";
import { noInvitesLeft, spendInvite } from "./projects";

export const candidateInviteSchema = z.object({
  email: fields.email(),
  name: z.string().trim().max(120, "common.validation.tooLong").optional(),
  locale: z.enum(["ru", "en"]).optional(),
  /** The ATS's own id for the person, echoed in every webhook and API answer about them. */
  externalId: z.string().trim().max(200, "common.validation.tooLong").optional(),
});

export async function findCandidate(scope: Scope, candidateId: string) {
  if (!ID_PATTERN.test(candidateId)) throw notFound();
  const [row] = await scope.db
    .select()
    .from(candidates)
    .where(and(eq(candidates.id, candidateId), eq(candidates.projectId, scope.project.id)));
  if (!row) throw notFound();
  return row;
}

/** Invites a candidate for a position: one e-mail invitation of kind "candidate" (it reserves an invite as any pending one does). */
export async function inviteCandidate(scope: Scope, positionId: string, input: z.infer<typeof candidateInviteSchema>) {
  const { deps, locale } = scope;
  requireCan(scope, "invites");
  requireWritable(scope);
  requireConfirmedSender(scope);
  const position = await getPosition(scope, positionId);
  const email = input.email.trim().toLowerCase();
  const [already] = await scope.db
    .select({ id: candidates.id })
    .from(candidates)
    .where(and(eq(candidates.positionId, position._id), eq(candidates.email, email)));
  if (already) throw badRequest("errors.validation", { email: "jobfit.candidates.already" });
  const invite = {
    id: createId(),
    projectId: scope.project.id,
    email,
    link: createId().slice(8) + createId().slice(8),
    kind: "candidate" as const,
    status: "Invited" as const,
  };
  const candidateId = createId();
  await transaction(scope, async (tx) => {
    if ((await freeInvites(tx)) < 1) throw noInvitesLeft();
    await takeMailQuota(tx, [email]);
    await tx.db.insert(invites).values(invite);
    await tx.db.insert(candidates).values({
      id: candidateId,
      projectId: scope.project.id,
      positionId: position._id,
      inviteId: invite.id,
      email,
      name: input.name ?? "",
      externalId: input.externalId || null,
    });
    await queueCandidateMail(deps, tx, invite, position.name, input.locale ?? locale);
  });
  return {
    _id: candidateId,
    position: { _id: position._id, name: position.name },
    email,
    externalId: input.externalId || null,
    invite: { _id: invite.id },
  };
}

/** Queues a candidate's invitation mail (its own text: the position named) in the caller's unit of work. */
export async function queueCandidateMail(
  deps: AppDeps,
  tx: Scope,
  invite: { id: string; email: string; link: string },
  positionName: string,
  fallback: Locale,
) {
  const [known] = await tx.db.select({ locale: users.locale }).from(users).where(eq(users.email, invite.email));
  const t = tFor((known?.locale as Locale | undefined) ?? fallback);
  // the company's and the position's names are the sender's own text: quoted, never opening the subject
  const company = quotedName(tx.project.name);
  const title = quotedName(positionName);
  const text = [
    t("business.mail.invite.greeting"),
    "",
    t("jobfit.candidates.mail.body", { company, position: title }),
    inviteUrl(deps.config, invite.link),
    "",
    t("mail.signature"),
  ].join("\n");
  await enqueueMail(tx, { to: invite.email, subject: t("jobfit.candidates.mail.subject", { position: title }), text });
  // the reminders count from the last mail (follow-up.ts), as an e-mail invitation's do
  await tx.db.update(invites).set({ status: "Sent", mailedAt: new Date(), updatedAt: new Date() }).where(eq(invites.id, invite.id));
}

/** A resent candidate invitation (invites.ts updateInvite) keeps the candidate's text. */
export async function resendCandidateMail(deps: AppDeps, tx: Scope, invite: { id: string; email: string; link: string }, fallback: Locale) {
  const found = await candidateOfInvite(tx.db, invite.id);
  if (!found) throw notFound();
  await queueCandidateMail(deps, tx, invite, found.position, fallback);
}

/** The candidate row an invitation of kind "candidate" belongs to, with its position's name. */
export async function candidateOfInvite(db: Db, inviteId: string) {
  const [row] = await db
    .select({ candidate: candidates, position: positions.name })
    .from(candidates)
    .innerJoin(positions, eq(positions.id, candidates.positionId))
    .where(eq(candidates.inviteId, inviteId));
  return row ?? null;
}

/**
 * Joining through a candidate invitation (called by joinProject inside its unit of work): the invite
 * is spent as any join spends one, the invitation claimed, and the candidate row gets the account —
 * no employee is made.
 */
export async function joinAsCandidate(
  tx: UnitScope,
  user: UserRow,
  project: typeof projects.$inferSelect,
  invite: typeof invites.$inferSelect,
  name: string | null,
) {
  const db = tx.db;
  const found = await candidateOfInvite(db, invite.id);
  if (!found) throw notFound("business.errors.inviteNotFound");
  const status = user.formatCode ? ("completed test" as const) : ("Accepted" as const);
  const result = { project: { _id: project.id, name: project.name }, employee: null, candidate: found.candidate.id, status };
  if (found.candidate.userId === user.id) {
    await db.update(candidates).set({ consentWithdrawnAt: null }).where(eq(candidates.id, found.candidate.id));
    return { ...result, already: true };
  }
  // the invitation's reservation is this invite: spend it without keeping others' reservations back
  if (!(await spendInvite(db, project.id))) throw new AppError(402, "no_invites", "business.errors.noPlacesLeft");
  const claimed = await db
    .update(invites)
    .set({ userId: user.id, status, updatedAt: new Date() })
    .where(and(eq(invites.id, invite.id), eq(invites.isActive, true)))
    .returning({ id: invites.id });
  if (!claimed.length) throw new AppError(409, "invite_used", "business.errors.inviteUsed");
  const shownName = name ?? (found.candidate.name || user.name || "");
  await db.update(candidates).set({ userId: user.id, joinedAt: new Date(), name: shownName }).where(eq(candidates.id, found.candidate.id));
  await logActivity(db, user.id, "business.candidate.joined", { project: project.id, position: found.candidate.positionId });
  await notifyOwner(tx, project.id, "candidateJoined", {
    userId: user.id,
    name: candidateLabel(shownName || found.candidate.email, found.position),
    link: candidatesUrl(tx.deps, project.id, found.candidate.positionId),
  });
  return { ...result, already: false };
}

/** The candidate's own view of the invitation: joined, and whether they still share their result. */
export async function candidateMembership(db: Db, user: UserRow, inviteId: string) {
  const found = await candidateOfInvite(db, inviteId);
  return found && found.candidate.userId === user.id ? found.candidate : null;
}

/** The candidate withdraws (or gives back) the sharing of their result with the company. */
export async function setCandidateConsent(scope: UnitScope, user: UserRow, inviteId: string, consent: boolean) {
  const row = await candidateMembership(scope.db, user, inviteId);
  if (!row) throw notFound();
  await transaction(scope, async (tx) => {
    await tx.db
      .update(candidates)
      .set({ consentWithdrawnAt: consent ? null : new Date() })
      .where(eq(candidates.id, row.id));
    // the company's systems hear of a withdrawal in the same unit (a webhook, if they asked for it)
    if (!consent && !row.consentWithdrawnAt) await queueWebhook(tx, row.projectId, "consent.withdrawn", `${row.id}:${Date.now()}`, { candidateId: row.id });
  });
  return { consent };
}

/** Where a candidate is: invited → joined → tested → shortlisted → (hired: an employee) or declined; withdrawn: they stopped sharing. */
export const CANDIDATE_STAGES = ["invited", "joined", "tested", "shortlisted", "declined", "withdrawn"] as const;
export type CandidateStatus = (typeof CANDIDATE_STAGES)[number];

/** The stage a candidate row is at; `tested`: whether their latest completed result is shared. */
export function stageOf(
  row: { userId: string | null; consentWithdrawnAt: Date | null; stage: "shortlisted" | "declined" | null },
  tested: boolean,
): CandidateStatus {
  if (row.stage === "declined") return "declined";
  if (!row.userId) return "invited";
  if (row.consentWithdrawnAt) return "withdrawn";
  if (row.stage === "shortlisted") return "shortlisted";
  return tested ? "tested" : "joined";
}

/** A declined candidate's result is no longer the company's to read (the decline mail says so). */
export const sharesResult = (row: { userId: string | null; consentWithdrawnAt: Date | null; stage: string | null }) =>
  Boolean(row.userId && !row.consentWithdrawnAt && row.stage !== "declined");

/**
 * The position's candidates ranked among the team: every measured employee's stored fit and every
 * candidate's fit (computed from their latest completed result, as the stored ones were), one list
 * best first, with the team's range.
 */
export async function listCandidates(scope: Scope, positionId: string, opts: { stage?: CandidateStatus } = {}) {
  requireCan(scope, "invites");
  const position = await getPosition(scope, positionId);
  const team = await positionCandidates(scope, position._id);
  const rows = await scope.db
    .select()
    .from(candidates)
    .where(and(eq(candidates.positionId, position._id), eq(candidates.projectId, scope.project.id)))
    .orderBy(asc(candidates.createdAt));
  const userIds = rows.filter(sharesResult).map((r) => r.userId!);
  const latest = new Map<string, { formatCode: string | null; indicators: IndicatorValues | null }>();
  if (userIds.length) {
    const done = await scope.db
      .select({ userId: results.userId, formatCode: results.formatCode, indicators: results.indicators, completedAt: results.completedAt })
      .from(results)
      .where(and(inArray(results.userId, userIds), eq(results.isCompleted, true)))
      .orderBy(desc(results.completedAt));
    for (const r of done) if (!latest.has(r.userId)) latest.set(r.userId, { formatCode: r.formatCode, indicators: r.indicators as IndicatorValues | null });
  }
  const activities = activitiesOf(position);
  const rel = await reliabilityOf(scope, userIds);
  const people = rows.map((r) => {
    const result = sharesResult(r) ? latest.get(r.userId!) : undefined;
    const status = stageOf(r, Boolean(result));
    return {
      _id: r.id,
      name: r.name,
      email: r.email,
      externalId: r.externalId,
      status,
      stage: status,
      formatCode: result?.formatCode ?? null,
      efficiency: result ? fitFor(result.indicators, activities).efficiency : null,
      reliability: result && r.userId ? (rel.get(r.userId) ?? null) : null,
      createdAt: r.createdAt,
    };
  });
  // a stage filter narrows the candidates; the team stays, as the measure they are ranked against
  const shown = opts.stage ? people.filter((p) => p.status === opts.stage) : people;
  const ranked = [
    ...team.docs.map((d) => ({
      kind: "employee" as const,
      _id: d._id,
      name: d.name,
      efficiency: d.efficiency === null ? null : Math.round(d.efficiency),
      isCurrent: d.isCurrent,
      reliability: d.reliability,
    })),
    ...shown
      .filter((p) => p.efficiency !== null)
      .map((p) => ({
        kind: "candidate" as const,
        _id: p._id,
        name: p.name || p.email,
        efficiency: p.efficiency,
        isCurrent: false,
        reliability: p.reliability,
        stage: p.status,
      })),
  ].sort(
    (a, b) => (b.efficiency ?? -1) - (a.efficiency ?? -1) || Number(b.kind === "candidate") - Number(a.kind === "candidate") || a.name.localeCompare(b.name),
  );
  return {
    position: { _id: position._id, name: position.name, department: position.department },
    stage: opts.stage ?? null,
    team: fitRange(
      team.docs
        .map((d) => d.efficiency)
        .filter((e): e is number => e !== null)
        .map(Math.round),
    ),
    candidates: shown.map((p) => ({ ...p, rank: p.efficiency === null ? null : ranked.findIndex((r) => r.kind === "candidate" && r._id === p._id) + 1 })),
    ranked: ranked.map((r, i) => ({ ...r, rank: i + 1 })),
  };
}

/** A decision's options: `notify` sends the candidate the mail the owner previewed (candidate-decision.ts). */
export interface DecisionOptions {
  notify?: boolean;
  locale?: Locale;
}

/** Hires a candidate who has joined: an employee holding the position (in its department); the candidate row goes. */
export async function hireCandidate(scope: Scope, candidateId: string, opts: DecisionOptions = {}) {
  requireCan(scope, "invites");
  requireCan(scope, "people");
  requireWritable(scope);
  const row = await findCandidate(scope, candidateId);
  if (!row.userId) throw badRequest("jobfit.candidates.notJoined");
  if (row.stage === "declined") throw badRequest("jobfit.stages.alreadyDeclined");
  const position = await getPosition(scope, row.positionId);
  const [user] = await scope.db.select({ name: users.name }).from(users).where(eq(users.id, row.userId));
  const name = row.name || user?.name || "";
  const mail = opts.notify ? await decisionMail(scope, row, position.name, "hire", opts.locale ?? "ru") : null;
  const employeeId = await transaction(scope, async (tx) => {
    const [existing] = await tx.db
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.projectId, scope.project.id), eq(employees.userId, row.userId!)));
    const id = existing?.id ?? createId();
    const placed = {
      departmentId: position.department?._id ?? null,
      positionId: position._id,
      consentWithdrawnAt: row.consentWithdrawnAt,
      // the ATS keeps knowing the person by its own id (an earlier one stays when this invitation had none)
      ...(row.externalId ? { externalId: row.externalId } : {}),
    };
    if (existing) await tx.db.update(employees).set(placed).where(eq(employees.id, id));
    else await tx.db.insert(employees).values({ id, projectId: scope.project.id, userId: row.userId, name, ...placed });
    crashPoint("hire.afterEmployee");
    await tx.db.delete(candidates).where(eq(candidates.id, row.id));
    await logActivity(tx.db, row.userId!, "business.candidate.hired", { project: scope.project.id, position: position._id });
    await enqueue(tx, "recompute-project", { projectId: scope.project.id, employees: [id] });
    crashPoint("hire.beforeMail");
    if (mail) await sendDecisionMail(tx, mail);
    return id;
  });
  return { employee: employeeId, name, externalId: row.externalId ?? null, position: { _id: position._id, name: position.name } };
}

/** Removes a candidate: a pending invitation is withdrawn (its reserved invite freed), a used one switched off. */
export async function removeCandidate(scope: Scope, candidateId: string, opts: DecisionOptions = {}) {
  requireCan(scope, "invites");
  requireWritable(scope);
  const row = await findCandidate(scope, candidateId);
  // only someone who joined is told (an invitation nobody opened is simply withdrawn)
  const mail =
    opts.notify && row.userId ? await decisionMail(scope, row, (await getPosition(scope, row.positionId)).name, "decline", opts.locale ?? "ru") : null;
  await transaction(scope, async (tx) => {
    if (mail) await sendDecisionMail(tx, mail);
    await tx.db.delete(candidates).where(eq(candidates.id, row.id));
    if (row.inviteId) {
      if (row.userId) await tx.db.update(invites).set({ isActive: false, status: "no action", updatedAt: new Date() }).where(eq(invites.id, row.inviteId));
      else await tx.db.delete(invites).where(eq(invites.id, row.inviteId));
    }
  });
  return { ok: true };
}

/** Candidates per position of the project (the positions list links to each position's candidates). */
export async function candidateCounts(scope: Scope): Promise<Record<string, number>> {
  if (!can(scope, "invites")) return {};
  const rows = await scope.db
    .select({ positionId: candidates.positionId, n: sql<number>`count(*)` })
    .from(candidates)
    .where(eq(candidates.projectId, scope.project.id))
    .groupBy(candidates.positionId);
  return Object.fromEntries(rows.map((r) => [r.positionId, r.n]));
}
