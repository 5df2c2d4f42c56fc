// A position as a job target (like Predictive Index's Job Targets): what its
// activities ask of a person, in numbers and words, and how the current team fits a profile — the
// saved one on the position page, the one being edited in the wizard's live preview
// (POST /api/business/positions/preview). Both run the pure formula (model/fit.ts) on the project's
// shared results, so the preview is what saving would give.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { employees } from "../../../db/schema";
import { type Activity, fitFor, GOOD_FIT, positionTarget } from "../../../model/fit";
import { spearman } from "../../../model/metrics";
import { requireCan, type Scope } from "./access";
import { employeeInputs } from "./efficiency";
import { activitiesOf, activitySchema, listPositions, MAX_ACTIVITIES } from "./positions";

export const previewSchema = z.object({
  tasks: z
    .array(activitySchema, { error: "business.errors.activities" })
    .min(1, "business.errors.activities")
    .max(MAX_ACTIVITIES, "business.errors.activities"),
});

export interface TeamFit {
  /** People with a shared result the caller may see. */
  measured: number;
  min: number | null;
  median: number | null;
  max: number | null;
  /** How many reach a good fit (GOOD_FIT or more). */
  good: number;
  goodFrom: number;
  /** The best five, best first. */
  top: { _id: string; name: string; efficiency: number }[];
}

/** The range and the (lower) median of fit scores, as the team's fit is shown wherever it is. */
export function fitRange(values: readonly number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    measured: sorted.length,
    min: sorted.length ? sorted[0]! : null,
    median: sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : null,
    max: sorted.length ? sorted[sorted.length - 1]! : null,
  };
}

/** The project's visible people with a shared result, and their names. */
export async function measuredPeople(scope: Scope) {
  const inputs = (await employeeInputs(scope.db, scope.project.id)).filter((e) => e.shared && e.indicators);
  if (!inputs.length) return [];
  const rows = await scope.db
    .select({ id: employees.id, name: employees.name, departmentId: employees.departmentId })
    .from(employees)
    .where(eq(employees.projectId, scope.project.id));
  const byId = new Map(rows.map((r) => [r.id, r]));
  // a supervisor sees their departments' people only
  return inputs
    .map((e) => ({ ...e, row: byId.get(e.id) }))
    .filter((e) => e.row && (!scope.departments || (e.row.departmentId && scope.departments.has(e.row.departmentId))))
    .map((e) => ({ id: e.id, name: e.row!.name, indicators: e.indicators! }));
}

/** The team's fit for a profile: range, median, how many fit well, the best five. */
export async function teamFit(scope: Scope, activities: readonly Activity[]): Promise<TeamFit> {
  requireCan(scope, "read");
  const people = await measuredPeople(scope);
  const scored = people
    .map((p) => ({ _id: p.id, name: p.name, efficiency: fitFor(p.indicators, activities).efficiency }))
    .filter((p): p is { _id: string; name: string; efficiency: number } => p.efficiency !== null)
    .sort((a, b) => b.efficiency - a.efficiency || a.name.localeCompare(b.name));
  const values = scored.map((s) => s.efficiency);
  return {
    ...fitRange(values),
    good: values.filter((v) => v >= GOOD_FIT).length,
    goodFrom: GOOD_FIT,
    top: scored.slice(0, 5),
  };
}

/** The wizard's live preview: the target and the team's fit for the activities as typed (nothing is saved). */
export async function previewPositionFit(scope: Scope, input: z.infer<typeof previewSchema>) {
  return { target: positionTarget(input.tasks), team: await teamFit(scope, input.tasks) };
}

/** Two positions whose rankings of the measured people correlate above this are flagged as ranking people nearly the same. */
export const ALIKE_R = 0.9;
/** Below this many measured people a rank correlation says little: no warning. */
export const ALIKE_MIN_PEOPLE = 5;

/**
 * The other positions that rank the team nearly the same way as this one (Spearman's r > ALIKE_R over
 * the people the caller may see): then the two descriptions do not tell the jobs apart, and the
 * owner should check what differs between them (model/FIT.md, the fit-validity bench).
 */
export async function alikePositions(scope: Scope, positionId: string): Promise<{ _id: string; name: string; r: number }[]> {
  requireCan(scope, "read");
  const people = await measuredPeople(scope);
  if (people.length < ALIKE_MIN_PEOPLE) return [];
  const positions = await listPositions(scope);
  const mine = positions.find((p) => p._id === positionId);
  if (!mine?.tasks.length) return [];
  const scores = (acts: Activity[]) => people.map((p) => fitFor(p.indicators, acts).efficiency ?? 0);
  const own = scores(activitiesOf(mine));
  return positions
    .filter((p) => p._id !== positionId && p.tasks.length)
    .map((p) => ({ _id: p._id, name: p.name, r: Math.round(spearman(own, scores(activitiesOf(p))) * 100) / 100 }))
    .filter((p) => p.r > ALIKE_R)
    .sort((a, b) => b.r - a.r || a.name.localeCompare(b.name));
}
