/**
 * Response-quality checks (careless responding). Thresholds were set on simulated respondents over the
 * whole stress grid (model/eval.ts prints the false-alarm and detection rates) — see README.md.
 *
 * Fairness rules (issue 19): "don't know" is a legitimate answer, so it never counts towards a run or a
 * misfit, and heavy use of it is its own flag with its own advice (grade fair, not poor) — only "don't
 * know" on 90% of the items or more counts as not answering; a careful fast reader (≥ 1.5 s per item) is
 * not "too fast". A misfit alone is a softer grade (fair, with advice); only strong evidence grades poor.
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
  /**
   * Person-fit log Bayes factor above this: some answers look random (flag misfit, grade fair, its own advice).
   * Set so that at most 5% of attentive simulated people are flagged in every scenario of the stress grid.
   */
  misfit: 2.35,
  /** Above this the evidence is strong (≤ 0.5% of attentive people in every grid scenario): grade poor. */
  misfitPoor: 3.63,
  /** Top class probability under this: the person sits between two formats (the report names both). */
  lowConfidence: BETWEEN_CONFIDENCE,
} as const;

export type QualityFlag = "straightLine" | "tooFast" | "inconsistent" | "misfit" | "manyDontKnow" | "lowConfidence";
export type QualityGrade = "good" | "fair" | "poor";
export interface ResponseQuality {
  grade: QualityGrade;
  flags: QualityFlag[];
}
/** Flags that mean the answers were not given attentively: grade poor (misfit only above QUALITY.misfitPoor). */
const CARELESS_FLAGS: readonly QualityFlag[] = ["straightLine", "tooFast", "inconsistent"];

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
 * Person fit: a Bayes factor between two accounts of the answers under the reference item-response model
 * (simulate.ts ITEM_PARAMS):
 *   (1) honest — every answer follows the person's traits, with a discrimination and an extremity of the
 *       person's own (so an honest but noisy respondent, or one who rarely uses the extremes, fits);
 *   (2) partly random — the same, with a share π of the answers uniformly random.
 * The statistic is log P(answers | 2) − log P(answers | 1), each a marginal likelihood: the traits (system,
 * analytics, volume, speed, harmony, anxiety) integrated over a grid with a N(0, 1.5²) prior, and the
 * discrimination, extremity and π averaged over small grids. Integrating instead of maximising (the
 * statistic before) matters: a profile likelihood lets the honest account absorb random answers into a low
 * discrimination and an estimated trait pulled towards them; the marginal likelihood pays for that freedom.
 * "Don't know" answers are left out (a legitimate answer, never evidence of carelessness). The item
 * parameters are the simulator's: once a pilot has calibrated real ones (README.md, limits), they replace
 * these and the thresholds are set again.
 */
const FIT = {
  theta: Array.from({ length: 31 }, (_, k) => -3 + 0.2 * k),
  discrimination: [0.6, 0.75, 0.9, 1.05, 1.2],
  extremity: [0.85, 1, 1.2],
  randomShare: [0.2, 0.4],
  priorSd: 1.5,
  traits: [[0, 2, 4], [1, 3, 5], [6], [7], [8], [9]] as const, // SCALES indices
};
const G = FIT.theta.length;
const TRAIT_ITEMS = FIT.traits.map((scales) => Array.from({ length: N_ITEMS }, (_, j) => j).filter((j) => (scales as readonly number[]).includes(ITEM_PARAMS.scale[j])));
const PRIOR = FIT.theta.map((t) => -0.5 * (t / FIT.priorSd) ** 2);
interface FitTable {
  randomShare: number;
  /** log P(keyed answer | answer ≠ 0, θ): item × θ × 5 categories. */
  logP: Float32Array;
}
let fitTables: FitTable[] | null = null;
/** One table per (discrimination, extremity, random share incl. 0); built once (≈ 1 MB). */
function tables(): FitTable[] {
  fitTables ??= FIT.discrimination.flatMap((alpha) =>
    FIT.extremity.flatMap((ext) =>
      [0, ...FIT.randomShare].map((pi) => {
        const t = new Float32Array(N_ITEMS * G * 5);
        for (let j = 0; j < N_ITEMS; j++) {
          const a = ITEM_PARAMS.a[j] * alpha;
          for (let g = 0; g < G; g++) {
            const cum = [1, ...SIM.tau.map((tau) => 1 / (1 + Math.exp(-a * (FIT.theta[g] - ITEM_PARAMS.b[j] - ext * tau)))), 0];
            const notZero = 1 - (cum[2] - cum[3]);
            for (let c = 0; c < 5; c++) if (c !== 2) t[(j * G + g) * 5 + c] = Math.log(((1 - pi) * Math.max(cum[c] - cum[c + 1], 1e-9)) / notZero + pi / 4);
          }
        }
        return { randomShare: pi, logP: t };
      }),
    ),
  );
  return fitTables;
}
/** log(e^a + e^b) without overflow. */
const logAdd = (a: number, b: number) => (a === -Infinity ? b : b === -Infinity ? a : Math.max(a, b) + Math.log1p(Math.exp(-Math.abs(a - b))));
/** log marginal likelihood of the answers under one table: Σ over traits of log Σ_θ prior(θ) P(answers | θ). */
function logMarginal(answers: ArrayLike<number>, t: Float32Array, l: Float64Array): number {
  let total = 0;
  for (const items of TRAIT_ITEMS) {
    for (let g = 0; g < G; g++) l[g] = PRIOR[g];
    for (const j of items) {
      const v = answers[j];
      if (v === 0) continue;
      const o = j * G * 5 + ITEM_PARAMS.sign[j] * v + 2;
      for (let g = 0; g < G; g++) l[g] += t[o + g * 5];
    }
    let m = -Infinity;
    for (let g = 0; g < G; g++) m = logAdd(m, l[g]);
    total += m;
  }
  return total;
}
/**
 * The person-fit statistic: log Bayes factor of "partly random" against "honest" (see above); larger =
 * more like partly random answering. Around 0 or below for attentive people.
 */
export function personFit(answers: ArrayLike<number>): number {
  let honest = -Infinity;
  let contaminated = -Infinity;
  const l = new Float64Array(G);
  for (const { randomShare, logP } of tables()) {
    const m = logMarginal(answers, logP, l);
    if (randomShare === 0) honest = logAdd(honest, m);
    else contaminated = logAdd(contaminated, m);
  }
  // each account averages over its own number of tables
  const perAccount = FIT.discrimination.length * FIT.extremity.length;
  return contaminated - Math.log(perAccount * FIT.randomShare.length) - (honest - Math.log(perAccount));
}

/**
 * Grade: poor when a careless flag is set (straight line, too fast, inconsistent pairs) or the person fit
 * is strong evidence of random answers (> misfitPoor); fair when only misfit (> misfit) or manyDontKnow,
 * each with its own advice in the report; otherwise good. lowConfidence (between two formats) is about the
 * person's position, not the answers, and does not change the grade.
 */
export function responseQuality(answers: ArrayLike<number>, elapsedMs: ArrayLike<number | null | undefined> | undefined, topProbability: number): ResponseQuality {
  const flags: QualityFlag[] = [];
  const dontKnow = dontKnowShare(answers);
  if (longestRun(answers) >= QUALITY.longRun || dominantShare(answers) >= QUALITY.dominantShare || dontKnow >= QUALITY.dontKnowOnly) flags.push("straightLine");
  const median = medianElapsed(elapsedMs);
  if (median !== null && median < QUALITY.fastMedianMs) flags.push("tooFast");
  if (disagreeingPairs(answers) >= QUALITY.inconsistentPairs) flags.push("inconsistent");
  const fit = personFit(answers);
  if (fit > QUALITY.misfit) flags.push("misfit");
  if (dontKnow >= QUALITY.manyDontKnowShare) flags.push("manyDontKnow");
  if (topProbability < QUALITY.lowConfidence) flags.push("lowConfidence");
  const careless = flags.some((f) => CARELESS_FLAGS.includes(f)) || fit > QUALITY.misfitPoor;
  const grade = careless ? "poor" : flags.includes("misfit") || flags.includes("manyDontKnow") ? "fair" : "good";
  return { grade, flags };
}
