/**
 * Response-quality checks (careless responding). Thresholds were set on simulated respondents over the
 * whole stress grid (model/eval.ts prints the false-alarm and detection rates) — see README.md.
 *
 * Fairness rules (issue 19): "don't know" is a legitimate answer, so it never counts towards a run or a
 * misfit, and heavy use of it is its own flag with its own advice (grade fair, not poor) — only "don't
 * know" on 90% of the items or more counts as not answering; a careful fast reader (≥ 1.5 s per item) is
 * not "too fast".
 */
import { N_ITEMS, PAIRS } from "./items";
import { BETWEEN_CONFIDENCE } from "./between";
import { ITEM_PARAMS, SIM } from "./simulate";

export const QUALITY = {
  /** A run of the same answer (other than "don't know") this long or longer. */
  longRun: 12,
  /** One answer (other than "don't know") used for this share of all items or more. */
  dominantShare: 0.7,
  /** Median time per item below this is faster than reading allows; random clickers take ≈ 0.9 s, careful fast readers ≥ 1.5 s. */
  fastMedianMs: 1200,
  /** A pair disagrees when its keyed answers are 3 or more points apart (e.g. yes vs probably not). */
  pairGap: 3,
  /** This many disagreeing pairs (of 5) flag the test as inconsistent. */
  inconsistentPairs: 3,
  /**
   * "Don't know" on this share of items or more: the result is less precise (flag manyDontKnow, grade fair).
   * "Don't know" is also the middle of the scale: attentive simulated people use it on 27% of items (median),
   * 40% at the 90th percentile, so the flag starts at half the items.
   */
  manyDontKnowShare: 0.5,
  /** "Don't know" on this share of items or more is not answering at all: a straight line (poor). */
  dontKnowOnly: 0.9,
  /** Person-fit likelihood ratio above this: the answers look partly random (≤ 1% of attentive people over the grid). */
  misfit: 2.4,
  /** Top class probability under this: the person sits between two formats (the report names both). */
  lowConfidence: BETWEEN_CONFIDENCE,
} as const;

export type QualityFlag = "straightLine" | "tooFast" | "inconsistent" | "misfit" | "manyDontKnow" | "lowConfidence";
export type QualityGrade = "good" | "fair" | "poor";
export interface ResponseQuality {
  grade: QualityGrade;
  flags: QualityFlag[];
}
/** Flags that mean the answers were not given attentively: grade poor. */
const CARELESS_FLAGS: readonly QualityFlag[] = ["straightLine", "tooFast", "inconsistent", "misfit"];

/** The longest run of one answer, "don't know" (0) not counted. */
export function longestRun(answers: ArrayLike<number>): number {
  let best = 0;
  let run = 0;
  for (let i = 0; i < answers.length; i++) {
    run = answers[i] !== 0 && i > 0 && answers[i] === answers[i - 1] ? run + 1 : answers[i] !== 0 ? 1 : 0;
    if (run > best) best = run;
  }
  return best;
}

/** The share of all items given the most frequent answer other than "don't know". */
export function dominantShare(answers: ArrayLike<number>): number {
  const counts = [0, 0, 0, 0, 0];
  for (let i = 0; i < answers.length; i++) counts[answers[i] + 2]++;
  counts[2] = 0;
  return Math.max(...counts) / answers.length;
}

export function dontKnowShare(answers: ArrayLike<number>): number {
  let n = 0;
  for (let i = 0; i < answers.length; i++) if (answers[i] === 0) n++;
  return n / answers.length;
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

// ---------------------------------------------------------------- person fit
/**
 * Person fit: a likelihood ratio between two accounts of the answers under the reference item-response
 * model (simulate.ts ITEM_PARAMS) — (1) every answer follows the person's traits, with a discrimination of
 * the person's own (so an honest but noisy respondent fits), and (2) the same with a share π of answers
 * uniformly random. The statistic is max log-likelihood of (2) minus that of (1), ≥ 0; traits are
 * profiled out per trait (system, analytics, volume, speed, harmony, anxiety) on a grid with a N(0, 1.5²)
 * prior. "Don't know" answers are left out. The item parameters are the simulator's: once a pilot has
 * calibrated real ones (README.md, limits), they replace these and the threshold is set again.
 */
const FIT = {
  theta: Array.from({ length: 31 }, (_, k) => -3 + 0.2 * k),
  discrimination: [0.5, 0.7, 0.85, 1, 1.2],
  randomShare: [0, 0.2, 0.4],
  priorSd: 1.5,
  traits: [[0, 2, 4], [1, 3, 5], [6], [7], [8], [9]] as const, // SCALES indices
};
const G = FIT.theta.length;
const TRAIT_ITEMS = FIT.traits.map((scales) => Array.from({ length: N_ITEMS }, (_, j) => j).filter((j) => (scales as readonly number[]).includes(ITEM_PARAMS.scale[j])));
const PRIOR = FIT.theta.map((t) => -0.5 * (t / FIT.priorSd) ** 2);
let fitTables: Float32Array[][] | null = null;
/** log P(keyed answer | answer ≠ 0, θ) per (discrimination, random share): item × θ × 5 categories; built once (≈ 1 MB). */
function tables(): Float32Array[][] {
  fitTables ??= FIT.discrimination.map((alpha) =>
    FIT.randomShare.map((pi) => {
      const t = new Float32Array(N_ITEMS * G * 5);
      for (let j = 0; j < N_ITEMS; j++) {
        const a = ITEM_PARAMS.a[j] * alpha;
        for (let g = 0; g < G; g++) {
          const cum = [1, ...SIM.tau.map((tau) => 1 / (1 + Math.exp(-a * (FIT.theta[g] - ITEM_PARAMS.b[j] - tau)))), 0];
          const notZero = 1 - (cum[2] - cum[3]);
          for (let c = 0; c < 5; c++) if (c !== 2) t[(j * G + g) * 5 + c] = Math.log(((1 - pi) * Math.max(cum[c] - cum[c + 1], 1e-9)) / notZero + pi / 4);
        }
      }
      return t;
    }),
  );
  return fitTables;
}
function logLikelihood(answers: ArrayLike<number>, t: Float32Array): number {
  let total = 0;
  for (const items of TRAIT_ITEMS) {
    let best = -Infinity;
    for (let g = 0; g < G; g++) {
      let l = PRIOR[g];
      for (const j of items) if (answers[j] !== 0) l += t[(j * G + g) * 5 + ITEM_PARAMS.sign[j] * answers[j] + 2];
      if (l > best) best = l;
    }
    total += best;
  }
  return total;
}
/** The person-fit likelihood ratio (≥ 0; larger = more like partly random answering). */
export function personFit(answers: ArrayLike<number>): number {
  let honest = -Infinity;
  let contaminated = -Infinity;
  for (const row of tables())
    row.forEach((t, k) => {
      const l = logLikelihood(answers, t);
      if (k === 0) honest = Math.max(honest, l);
      contaminated = Math.max(contaminated, l);
    });
  return contaminated - honest;
}

/**
 * Grade: poor when a careless flag is set (straight line, too fast, inconsistent pairs, misfit); fair when
 * only manyDontKnow; otherwise good. lowConfidence (between two formats) is about the person's position,
 * not the answers, and does not change the grade.
 */
export function responseQuality(answers: ArrayLike<number>, elapsedMs: ArrayLike<number | null | undefined> | undefined, topProbability: number): ResponseQuality {
  const flags: QualityFlag[] = [];
  const dontKnow = dontKnowShare(answers);
  if (longestRun(answers) >= QUALITY.longRun || dominantShare(answers) >= QUALITY.dominantShare || dontKnow >= QUALITY.dontKnowOnly) flags.push("straightLine");
  const median = medianElapsed(elapsedMs);
  if (median !== null && median < QUALITY.fastMedianMs) flags.push("tooFast");
  if (disagreeingPairs(answers) >= QUALITY.inconsistentPairs) flags.push("inconsistent");
  if (personFit(answers) > QUALITY.misfit) flags.push("misfit");
  if (dontKnow >= QUALITY.manyDontKnowShare) flags.push("manyDontKnow");
  if (topProbability < QUALITY.lowConfidence) flags.push("lowConfidence");
  const grade = flags.some((f) => CARELESS_FLAGS.includes(f)) ? "poor" : flags.includes("manyDontKnow") ? "fair" : "good";
  return { grade, flags };
}
