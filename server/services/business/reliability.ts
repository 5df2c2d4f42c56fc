// How far a company may trust an employee's result: the same facts the employee's own
// report shows (the model's confidence, "between two formats", the answers' quality grade and
// flags), and asking the person to retake the test, with the request's state.
import { and, desc, eq, inArray } from "drizzle-orm";
import { results } from "../../../db/schema";
import { certainty } from "../reports";
import type { Scope } from "./access";

export interface Reliability {
  /** the model's confidence in the named format, % */
  probability: number;
  between: boolean;
  /** the neighbouring format when the result is between two (or a close second) */
  runnerUp: string | null;
  runnerUpProbability: number;
  grade: "good" | "fair" | "poor";
  flags: string[];
  completedAt: Date | null;
  /**
   * "Careless answers": too fast, patterned or contradictory (the answers' grade is poor) — act: ask for
   * a retake. Set on the simulator: 0.2 % of attentive and about 94 % of careless respondents (model:eval).
   */
  careless: boolean;
  /** Kept for the API's readers: the same as `careless` (between two formats is information, not doubt). */
  doubtful: boolean;
}

/** The two marks every list, ranking, comparison, export and PDF shows beside a person's fit or format. */
export type ReliabilityMark = "careless" | "between";
export const marksOf = (r: Pick<Reliability, "careless" | "between"> | null | undefined): ReliabilityMark[] =>
  r ? [...(r.careless ? (["careless"] as const) : []), ...(r.between ? (["between"] as const) : [])] : [];

/** The latest completed result's reliability for each of these people (one query). */
export async function reliabilityOf(scope: Pick<Scope, "db">, userIds: string[]): Promise<Map<string, Reliability>> {
  const out = new Map<string, Reliability>();
  if (!userIds.length) return out;
  const rows = await scope.db
    .select({
      userId: results.userId,
      probability: results.probability,
      runnerUpCode: results.runnerUpCode,
      runnerUpProbability: results.runnerUpProbability,
      isCorrect: results.isCorrect,
      quality: results.quality,
      completedAt: results.completedAt,
    })
    .from(results)
    .where(and(inArray(results.userId, [...new Set(userIds)]), eq(results.isCompleted, true)))
    .orderBy(desc(results.completedAt));
  for (const r of rows) {
    if (!r.userId || out.has(r.userId)) continue;
    const c = certainty(r);
    const grade = (["good", "fair", "poor"].includes(r.quality?.grade ?? "") ? r.quality!.grade : "good") as Reliability["grade"];
    out.set(r.userId, {
      probability: c.probability,
      between: c.between,
      runnerUp: c.runnerUp,
      runnerUpProbability: c.runnerUpProbability,
      grade,
      flags: r.quality?.flags ?? [],
      completedAt: r.completedAt,
      careless: grade === "poor",
      doubtful: grade === "poor",
    });
  }
  return out;
}

/** The reliability as the lines every company view shows (the employee page, compare, the business
 * report and its PDF): confidence, "between two formats" with the second's name, the answers' grade. */
export function reliabilityLines(t: (k: string, p?: Record<string, string | number>) => string, r: Reliability, runnerUpName: string | null) {
  return [
    t("cabinet.reliability.confidence", { p: r.probability }),
    ...(r.between ? [t("cabinet.reliability.between", { b: runnerUpName ?? r.runnerUp ?? "" })] : []),
    t(`cabinet.reliability.grade.${r.grade}`),
    ...(r.flags.includes("misfit") ? [t("cabinet.reliability.misfit")] : []),
    ...(r.flags.includes("manyDontKnow") ? [t("cabinet.reliability.manyDontKnow")] : []),
  ];
}

/** A company asks a person to retake the test at most once a day, so it cannot flood their mailbox. */
export const RETAKE_GAP_MS = 24 * 60 * 60 * 1000;

/** The state of the company's request to retake: none, asked (and when), or retaken since. */
export function retakeState(asked: Date | null, latest: Date | null, now = Date.now()) {
  // `canAsk`: a new request is possible (none in the last day)
  const canAsk = !asked || now - asked.getTime() >= RETAKE_GAP_MS;
  if (!asked) return { state: "none" as const, at: null, canAsk };
  if (latest && latest.getTime() > asked.getTime()) return { state: "retaken" as const, at: latest, canAsk };
  return { state: "asked" as const, at: asked, canAsk };
}
