// "Model after top performers": the owner marks the company's tested people who do a position's job
// well; the position then shows a target calibrated from them (model/fit-performers.ts), how the top
// of the ranking would change, and where the marked people rank now; adopting writes the calibrated
// activities to the position as an ordinary, versioned position edit. Owner only (and the
// back-office's admin): the marks say who the company thinks is good, and adopting reshapes a job.
// Every change is a row in the owner's activity log with its actor.
import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { employees, positionPerformers } from "../../../db/schema";
import { type Locale, tFor } from "../../../locales";
import { type Activity, positionTarget } from "../../../model/fit";
import { calibrateFromPerformers, rankingChange, type RankRow } from "../../../model/fit-performers";
import { conflict, forbidden, validationFailed } from "../../lib/errors";
import { idSchema } from "../../lib/ids";
import { recordVersion } from "../../lib/versions";
import { enqueue, transaction } from "../../scope";
import { logActivity } from "../activity";
import { employeeInScope, requireWritable, type Scope } from "./access";
import { measuredPeople } from "./fit-target";
import { activitiesOf, getPosition, writeTasks } from "./positions";
import { saveChecked, type VersionOpts } from "./versions";

/** More marks than this would be "everyone", not the people who do the job best. */
export const MAX_PERFORMERS = 20;

export const performersSchema = z.object({
  employees: z.array(idSchema("business.errors.badId"), { error: "jobfit.performers.errors.list" }).max(MAX_PERFORMERS, "jobfit.performers.errors.tooMany"),
});
export const adoptSchema = z.object({
  // the suggestion the owner read (GET …/calibration answers it): another one is not adopted silently
  suggestion: z.string({ error: "common.validation.required" }).regex(/^[0-9a-f]{16}$/, "jobfit.performers.errors.suggestion"),
});

/** Marking and calibrating are the owner's (and the back-office admin's). */
export const canCalibrate = (scope: Pick<Scope, "role">) => scope.role === "owner" || scope.role === "admin";

function requireOwner(scope: Scope) {
  if (!canCalibrate(scope)) throw forbidden("business.errors.notAllowed");
}

/** The position's marked people in the order they were marked, and whether their result counts now. */
async function marked(scope: Scope, positionId: string) {
  const rows = await scope.db
    .select({ id: employees.id, name: employees.name, markedAt: positionPerformers.createdAt })
    .from(positionPerformers)
    .innerJoin(employees, eq(employees.id, positionPerformers.employeeId))
    .where(and(eq(positionPerformers.positionId, positionId), eq(employees.projectId, scope.project.id)))
    .orderBy(asc(positionPerformers.createdAt), asc(employees.name));
  return rows;
}

export async function listPerformers(scope: Scope, input: { position: string }) {
  requireOwner(scope);
  const position = await getPosition(scope, input.position);
  const people = new Set((await measuredPeople(scope)).map((p) => p.id));
  const rows = await marked(scope, position._id);
  // a person who withdrew their consent (or has no result) stays marked but does not count
  return { docs: rows.map((r) => ({ _id: r.id, name: r.name, markedAt: r.markedAt, counted: people.has(r.id) })) };
}

/**
 * Sets the position's marked people to exactly `employees` (an empty list clears them): each must be
 * this company's (another's is a 404, as everywhere) and tested with their result shared (400 per field).
 */
export async function setPerformers(scope: Scope, input: { position: string } & z.infer<typeof performersSchema>) {
  requireOwner(scope);
  requireWritable(scope);
  const position = await getPosition(scope, input.position);
  const wanted = [...new Set(input.employees)];
  for (const id of wanted) await employeeInScope(scope, id);
  const tested = new Set((await measuredPeople(scope)).map((p) => p.id));
  const fields: Record<string, string> = {};
  input.employees.forEach((id, i) => {
    if (!tested.has(id)) fields[`employees.${i}`] = "jobfit.performers.errors.notTested";
  });
  if (Object.keys(fields).length) throw validationFailed(fields);
  const before = new Set((await marked(scope, position._id)).map((r) => r.id));
  const added = wanted.filter((id) => !before.has(id));
  const removed = [...before].filter((id) => !wanted.includes(id));
  if (added.length || removed.length)
    await transaction(scope, async (tx) => {
      if (removed.length)
        await tx.db.delete(positionPerformers).where(and(eq(positionPerformers.positionId, position._id), inArray(positionPerformers.employeeId, removed)));
      if (added.length)
        await tx.db.insert(positionPerformers).values(added.map((employeeId) => ({ positionId: position._id, employeeId, markedBy: scope.user.id })));
      await logActivity(
        tx.db,
        scope.user.id,
        "business.position.performersMarked",
        { project: scope.project.id, position: position._id, added, removed },
        scope.auth.actorId,
      );
    });
  return listPerformers(scope, { position: position._id });
}

/** The calibration of a position as it stands: the pure rule on the marked people who count. */
async function compute(scope: Scope, positionId: string) {
  const position = await getPosition(scope, positionId);
  const people = await measuredPeople(scope);
  const byId = new Map(people.map((p) => [p.id, p]));
  const marks = await marked(scope, position._id);
  const counted = marks.filter((m) => byId.has(m.id));
  const current = activitiesOf(position);
  const calibration = calibrateFromPerformers(
    current,
    counted.map((m) => ({ id: m.id, indicators: byId.get(m.id)!.indicators })),
  );
  const suggestion = calibration.status === "ready" ? recordVersion({ from: current, to: calibration.activities }) : null;
  return { position, people, marks, counted, current, calibration, suggestion };
}

const rowOut = (r: RankRow, t: ReturnType<typeof tFor>) => ({
  _id: r.id,
  name: r.name,
  performer: r.performer,
  before: r.before,
  after: r.after,
  reason: r.reason
    ? {
        ...r.reason,
        text: t(`jobfit.performers.reason.${r.reason.kind}.${r.reason.points > 0 ? "up" : "down"}`, { points: Math.abs(r.reason.points).toFixed(1) }),
      }
    : null,
});

const moved = (r: ReturnType<typeof rowOut>, way: "in" | "out", t: ReturnType<typeof tFor>) => {
  const against = way === "in" ? r.after.efficiency < r.before.efficiency : r.after.efficiency > r.before.efficiency;
  return { ...r, note: against ? t(`jobfit.performers.relative.${way}`) : null };
};

/** What the target would become and how the ranking would change, in numbers and in the reader's words. */
export async function positionCalibration(scope: Scope, input: { position: string; locale: Locale }) {
  requireOwner(scope);
  const t = tFor(input.locale);
  const { position, people, marks, counted, current, calibration: c, suggestion } = await compute(scope, input.position);
  const performerIds = new Set(counted.map((m) => m.id));
  const ranking = rankingChange(people, current, c.activities, performerIds);
  const byId = new Map(ranking.rows.map((r) => [r.id, rowOut(r, t)]));
  const target = (acts: readonly Activity[]) => {
    const pt = positionTarget(acts);
    return pt ? { presentation: pt.presentation, volume: pt.volume, formats: pt.formats.slice(0, 3) } : null;
  };
  const message =
    c.status === "tooFew"
      ? t("jobfit.performers.status.tooFew", { n: c.counted })
      : c.status === "dissimilar"
        ? t("jobfit.performers.status.dissimilar", { list: c.dissimilar.map((d) => t(`jobfit.performers.dimension.${d}`)).join(", ") })
        : t(`jobfit.performers.status.${c.status}`);
  return {
    position: { _id: position._id, name: position.name },
    performers: marks.map((m) => ({ _id: m.id, name: m.name, counted: performerIds.has(m.id) })),
    status: c.status,
    message,
    counted: c.counted,
    dissimilar: c.dissimilar,
    pace: c.pace,
    volume: c.volume,
    // the id of this suggestion, for adopting exactly it (null when there is nothing to adopt)
    suggestion,
    current: { target: target(current), activities: current },
    calibrated: { target: target(c.activities), activities: c.activities },
    changes: c.changes.map((ch) => ({
      ...ch,
      text: t(`jobfit.performers.change.${ch.field}`, {
        name: ch.name,
        from: t(`cabinet.positions.${FIELD_LABELS[ch.field]}.${ch.from}`),
        to: t(`cabinet.positions.${FIELD_LABELS[ch.field]}.${ch.to}`),
      }),
    })),
    ranking: {
      topN: ranking.topN,
      measured: ranking.rows.length,
      before: [...ranking.rows]
        .sort((a, b) => a.before.rank - b.before.rank)
        .slice(0, ranking.topN)
        .map((r) => byId.get(r.id)!),
      after: ranking.rows.slice(0, ranking.topN).map((r) => byId.get(r.id)!),
      // entering the top while one's own fit falls (others fall further) is said so, and the other way round
      movedIn: ranking.movedIn.map((id) => moved(byId.get(id)!, "in", t)),
      movedOut: ranking.movedOut.map((id) => moved(byId.get(id)!, "out", t)),
      // where the marked people rank now and would rank: do they rank high under the current target?
      performers: ranking.rows.filter((r) => r.performer).map((r) => byId.get(r.id)!),
    },
  };
}
export type PositionCalibration = Awaited<ReturnType<typeof positionCalibration>>;

const FIELD_LABELS = { decision: "styles", breadth: "breadths", method: "methods" } as const;

/**
 * Writes the calibrated activities to the position (their names, contents and priorities kept) —
 * the suggestion the owner read, on the position version they read (`If-Match`), or 409 — in one
 * unit of work with the fits' recomputation and the log row. Undo is an ordinary position edit.
 */
export async function adoptCalibration(scope: Scope, input: { position: string } & z.infer<typeof adoptSchema>, opts: VersionOpts = {}) {
  requireOwner(scope);
  requireWritable(scope);
  const position = await getPosition(scope, input.position);
  await saveChecked(scope, "position", position._id, opts.version, async (tx) => {
    // computed again inside the unit: marks, results or the position may have changed since the page
    const { calibration, suggestion } = await compute(tx, position._id);
    if (!suggestion) throw conflict("jobfit.performers.errors.nothingToAdopt");
    if (suggestion !== input.suggestion) throw conflict("jobfit.performers.errors.changed");
    await writeTasks(
      tx,
      position._id,
      position.tasks.map((a, i) => {
        const to = calibration.activities[i]!;
        return { ...a, content: a.content ?? undefined, decision: to.decision, breadth: to.breadth, method: to.method };
      }),
    );
    await enqueue(tx, "recompute-project", { projectId: tx.project.id, positions: [position._id] });
    await logActivity(
      tx.db,
      scope.user.id,
      "business.position.calibrationAdopted",
      { project: scope.project.id, position: position._id, changes: calibration.changes },
      scope.auth.actorId,
    );
  });
  return getPosition(scope, position._id);
}
