/**
 * Response-quality checks (careless responding). Thresholds were calibrated on simulated attentive
 * respondents (model/eval.ts prints the false-alarm and detection rates) — see README.md.
 */
import { N_ITEMS, PAIRS } from "./items";

export const QUALITY = {
  /** A run of the same answer this long or longer (attentive people: < 0.5% reach it). */
  longRun: 12,
  /** One answer used for this share of all items or more. */
  dominantShare: 0.7,
  /** Median time per item below this is faster than reading the statement allows (≈ 2 s). */
  fastMedianMs: 2000,
  /** A pair disagrees when its keyed answers are 3 or more points apart (e.g. yes vs probably not). */
  pairGap: 3,
  /** This many disagreeing pairs (of 10) flag the test as inconsistent. */
  inconsistentPairs: 3,
  /** Top class probability under this: the person sits near a format boundary. */
  lowConfidence: 0.6,
} as const;

export type QualityFlag = "straightLine" | "tooFast" | "inconsistent" | "lowConfidence";
export type QualityGrade = "good" | "fair" | "poor";
export interface ResponseQuality {
  grade: QualityGrade;
  flags: QualityFlag[];
}

export function longestRun(answers: ArrayLike<number>): number {
  let best = 1;
  let run = 1;
  for (let i = 1; i < answers.length; i++) {
    run = answers[i] === answers[i - 1] ? run + 1 : 1;
    if (run > best) best = run;
  }
  return best;
}

export function dominantShare(answers: ArrayLike<number>): number {
  const counts = [0, 0, 0, 0, 0];
  for (let i = 0; i < answers.length; i++) counts[answers[i] + 2]++;
  return Math.max(...counts) / answers.length;
}

export function disagreeingPairs(answers: ArrayLike<number>): number {
  let n = 0;
  for (const [a, b, s] of PAIRS) if (Math.abs(answers[a] - s * answers[b]) >= QUALITY.pairGap) n++;
  return n;
}

/** Median of the known per-item times, or null when fewer than half the items were timed. */
export function medianElapsed(elapsedMs: ArrayLike<number | null | undefined> | undefined): number | null {
  if (!elapsedMs) return null;
  const known: number[] = [];
  for (let i = 0; i < elapsedMs.length; i++) {
    const v = elapsedMs[i];
    if (typeof v === "number" && Number.isFinite(v)) known.push(v);
  }
  if (known.length < N_ITEMS / 2) return null;
  known.sort((x, y) => x - y);
  const m = known.length >> 1;
  return known.length % 2 ? known[m] : (known[m - 1] + known[m]) / 2;
}

export function responseQuality(
  answers: ArrayLike<number>,
  elapsedMs: ArrayLike<number | null | undefined> | undefined,
  topProbability: number,
): ResponseQuality {
  const flags: QualityFlag[] = [];
  if (longestRun(answers) >= QUALITY.longRun || dominantShare(answers) >= QUALITY.dominantShare) flags.push("straightLine");
  const median = medianElapsed(elapsedMs);
  if (median !== null && median < QUALITY.fastMedianMs) flags.push("tooFast");
  if (disagreeingPairs(answers) >= QUALITY.inconsistentPairs) flags.push("inconsistent");
  if (topProbability < QUALITY.lowConfidence) flags.push("lowConfidence");
  const careless = flags.some((f) => f !== "lowConfidence");
  return { grade: careless ? "poor" : flags.length ? "fair" : "good", flags };
}
