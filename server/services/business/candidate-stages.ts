// A candidate's way through the company's process: invited → tested (read from the row and their
// results) → shortlisted (the owner's mark, taken back at will) → hired (an employee, the row goes:
// candidates.ts) or declined (a decision: the row stays with its notes, the company stops seeing the
// result, as the mail tells the candidate). And the private notes the owner and project managers
// keep on a candidate. Who may: whoever may invite candidates (owner, project managers); heads of
// department see no candidates at all. Every change is a row in the activity log with its actor.
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { candidateNotes, candidates, invites } from "../../../db/schema";
import { crashPoint } from "../../lib/crash-points";
import { notFound } from "../../lib/errors";
import { createId, ID_PATTERN } from "../../lib/ids";
import { transaction } from "../../scope";
import { logActivity } from "../activity";
import { requireCan, requireWritable, type Scope } from "./access";
import { decisionMail, sendDecisionMail } from "./candidate-decision";
import { type DecisionOptions, findCandidate } from "./candidates";
import { getPosition } from "./positions";

export const shortlistSchema = z.object({ shortlisted: z.boolean({ error: "common.validation.required" }) });
export const noteSchema = z.object({
  text: z.string({ error: "common.validation.required" }).trim().min(1, "common.validation.required").max(2000, "common.validation.tooLong"),
});

/** A candidate the caller may change: owner or project manager, not the read-only demo. */
async function writable(scope: Scope, candidateId: string) {
  requireCan(scope, "invites");
  requireWritable(scope);
  return findCandidate(scope, candidateId);
}

/** The owner's mark: on the shortlist or off it again. A declined candidate is not shortlisted. */
export async function shortlistCandidate(scope: Scope, candidateId: string, input: z.infer<typeof shortlistSchema>) {
  const row = await writable(scope, candidateId);
  if (row.stage === "declined") throw notFound("jobfit.stages.alreadyDeclined");
  const stage = input.shortlisted ? ("shortlisted" as const) : null;
  if (row.stage !== stage)
    await transaction(scope, async (tx) => {
      await tx.db.update(candidates).set({ stage, stageAt: new Date() }).where(eq(candidates.id, row.id));
      await logActivity(
        tx.db,
        scope.user.id,
        input.shortlisted ? "business.candidate.shortlisted" : "business.candidate.unshortlisted",
        audit(scope, row),
        scope.auth.actorId,
      );
    });
  return { _id: row.id, stage: stage ?? null };
}

/**
 * Declines a candidate: the row stays (with its notes, shown as declined), their invitation is
 * switched off (a pending one withdrawn, its invite freed), and with `notify` the mail the owner
 * previewed leaves in the same unit of work.
 */
export async function declineCandidate(scope: Scope, candidateId: string, opts: DecisionOptions = {}) {
  const row = await writable(scope, candidateId);
  if (row.stage === "declined") return { _id: row.id, stage: "declined" as const };
  const mail =
    opts.notify && row.userId ? await decisionMail(scope, row, (await getPosition(scope, row.positionId)).name, "decline", opts.locale ?? "ru") : null;
  await transaction(scope, async (tx) => {
    await tx.db.update(candidates).set({ stage: "declined", stageAt: new Date() }).where(eq(candidates.id, row.id));
    if (row.inviteId) {
      if (row.userId) await tx.db.update(invites).set({ isActive: false, status: "no action", updatedAt: new Date() }).where(eq(invites.id, row.inviteId));
      else {
        // nobody opened it: the invitation goes and the candidate row no longer points at it
        await tx.db.update(candidates).set({ inviteId: null }).where(eq(candidates.id, row.id));
        await tx.db.delete(invites).where(eq(invites.id, row.inviteId));
      }
    }
    await logActivity(tx.db, scope.user.id, "business.candidate.declined", { ...audit(scope, row), notified: Boolean(mail) }, scope.auth.actorId);
    crashPoint("decline.beforeMail");
    if (mail) await sendDecisionMail(tx, mail);
  });
  return { _id: row.id, stage: "declined" as const };
}

/** The notes on a candidate, oldest first, each with its author and time. */
export async function listNotes(scope: Scope, candidateId: string) {
  requireCan(scope, "invites");
  const row = await findCandidate(scope, candidateId);
  const rows = await scope.db
    .select()
    .from(candidateNotes)
    .where(eq(candidateNotes.candidateId, row.id))
    .orderBy(asc(candidateNotes.createdAt), asc(candidateNotes.id));
  return rows.map((n) => ({ _id: n.id, text: n.text, author: { _id: n.authorId, name: n.authorName }, createdAt: n.createdAt }));
}

export async function addNote(scope: Scope, candidateId: string, input: z.infer<typeof noteSchema>) {
  const row = await writable(scope, candidateId);
  const note = { id: createId(), candidateId: row.id, authorId: scope.user.id, authorName: scope.user.name || scope.user.email, text: input.text };
  await transaction(scope, async (tx) => {
    await tx.db.insert(candidateNotes).values(note);
    await logActivity(tx.db, scope.user.id, "business.candidate.noteAdded", { ...audit(scope, row), note: note.id }, scope.auth.actorId);
  });
  return { _id: note.id, text: note.text, author: { _id: note.authorId, name: note.authorName }, createdAt: new Date() };
}

export async function deleteNote(scope: Scope, candidateId: string, noteId: string) {
  const row = await writable(scope, candidateId);
  if (!ID_PATTERN.test(noteId)) throw notFound();
  await transaction(scope, async (tx) => {
    const gone = await tx.db
      .delete(candidateNotes)
      .where(and(eq(candidateNotes.id, noteId), eq(candidateNotes.candidateId, row.id)))
      .returning({ id: candidateNotes.id });
    if (!gone.length) throw notFound();
    await logActivity(tx.db, scope.user.id, "business.candidate.noteDeleted", { ...audit(scope, row), note: noteId }, scope.auth.actorId);
  });
  return { ok: true };
}

const audit = (scope: Scope, row: { id: string; positionId: string }) => ({ project: scope.project.id, position: row.positionId, candidate: row.id });
