/**
 * Response-quality checks (careless responding). Thresholds were set on simulated respondents over the
 * whole stress grid (model/eval.ts prints the false-alarm and detection rates) — see README.md.
 *
 * Fairness rules: "don't know" is a legitimate answer, so it never counts towards a run or a
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
   * Set (model/quality-thresholds.ts) so that at most 5% of attentive simulated people are flagged in every
   * scenario of the stress grid, timed or not, careful fast readers and heavy "don't know" users included.
   */
  misfit: 2.54,
  /** Above this the evidence is strong (≤ 0.5% of the same groups in every grid scenario): grade poor. */
  misfitPoor: 3.98,
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
 * "Don't know" answers are left out (a legitimate answer, never evidence of carelessness).
 *
 * When the answers were timed, "partly random" may also read the times (timeEvidence): a random answer
 * clicked through, an attended one at the person's own pace. Answers alone cannot tell 30 % random answers
 * from honest answers to weakly discriminating items; the times of the answers that do not fit can.
 *
 * The item parameters and the time model are the simulator's: once a pilot has calibrated real ones
 * (README.md, limits), they replace these and the thresholds are set again.
 */
const FIT = {
  theta: Array.from({ length: 31 }, (_, k) => -3 + 0.2 * k),
  discrimination: [0.6, 0.75, 0.9, 1.05, 1.2],
  extremity: [0.85, 1, 1.2],
  randomShare: [0.2, 0.4],
  priorSd: 1.5,
  traits: [[0, 2, 4], [1, 3, 5], [6], [7], [8], [9]] as const, // SCALES indices
  /**
   * The honest account lets a person click through this share of the items too (a familiar question, a
   * slip), with an honest answer: one quick item is then at most 1 / 0.1 = 10 times likelier random, so
   * quick answers alone never make a misfit — they must also not fit the rest.
   */
  quickHonest: 0.1,
};
const G = FIT.theta.length;
const TRAIT_ITEMS = FIT.traits.map((scales) =>
  Array.from({ length: N_ITEMS }, (_, j) => j).filter((j) => (scales as readonly number[]).includes(ITEM_PARAMS.scale[j])),
);
const PRIOR = FIT.theta.map((t) => -0.5 * (t / FIT.priorSd) ** 2);
/** One measurement condition (discrimination, extremity): P(keyed answer | answer ≠ 0, θ), item × θ × 5 categories. */
interface FitTable {
  probability: Float64Array;
  /** log P under the honest account, and under "partly random" with each share π of FIT.randomShare (answers untimed). */
  honest: Float32Array;
  partlyRandom: Float32Array[];
}
let fitTables: FitTable[] | null = null;
/** Built once (≈ 3 MB). */
function tables(): FitTable[] {
  fitTables ??= FIT.discrimination.flatMap((alpha) =>
    FIT.extremity.map((ext) => {
      const probability = new Float64Array(N_ITEMS * G * 5);
      for (let j = 0; j < N_ITEMS; j++) {
        const a = ITEM_PARAMS.a[j] * alpha;
        for (let g = 0; g < G; g++) {
          const cum = [1, ...SIM.tau.map((tau) => 1 / (1 + Math.exp(-a * (FIT.theta[g] - ITEM_PARAMS.b[j] - ext * tau)))), 0];
          const notZero = 1 - (cum[2] - cum[3]);
          for (let c = 0; c < 5; c++) if (c !== 2) probability[(j * G + g) * 5 + c] = Math.max(cum[c] - cum[c + 1], 1e-9) / notZero;
        }
      }
      const mix = (pi: number) => Float32Array.from(probability, (p) => Math.log((1 - pi) * p + pi / 4));
      return { probability, honest: mix(0), partlyRandom: FIT.randomShare.map(mix) };
    }),
  );
  return fitTables;
}
/** log(e^a + e^b) without overflow. */
const logAdd = (a: number, b: number) => (a === -Infinity ? b : b === -Infinity ? a : Math.max(a, b) + Math.log1p(Math.exp(-Math.abs(a - b))));
const logSum = (xs: Iterable<number>) => {
  let m = -Infinity;
  for (const x of xs) m = logAdd(m, x);
  return m;
};
const cell = (answers: ArrayLike<number>, j: number) => j * G * 5 + ITEM_PARAMS.sign[j] * answers[j] + 2;
/** "Partly random" reading the answers' times: P per cell, the share π, and timeEvidence's ratio per item. */
interface TimedReading {
  probability: Float64Array;
  pi: number;
  quick: Float64Array;
}
/**
 * log marginal likelihood of the answers: Σ over traits of log Σ_θ prior(θ) P(answers | θ), with P from a
 * table of log P per cell, or for timed answers (log P((1 − π)p + πρ/4)): an item is random with
 * probability π, and then its time is ρ = quick[j] times as likely as under the honest account (the times'
 * likelihood under the honest account is divided out of both, so the Bayes factor needs only this ratio).
 */
function logMarginal(answers: ArrayLike<number>, t: Float32Array | TimedReading, l: Float64Array): number {
  let total = 0;
  for (const items of TRAIT_ITEMS) {
    l.set(PRIOR);
    for (const j of items) {
      if (answers[j] === 0) continue;
      const o = cell(answers, j);
      if (t instanceof Float32Array) for (let g = 0; g < G; g++) l[g] += t[o + g * 5];
      else {
        const random = (t.pi * t.quick[j]) / 4;
        for (let g = 0; g < G; g++) l[g] += Math.log((1 - t.pi) * t.probability[o + g * 5] + random);
      }
    }
    total += logSum(l);
  }
  return total;
}

const logNormal = (x: number, mean: number, sd: number) => -0.5 * ((x - mean) / sd) ** 2 - Math.log(sd);
/**
 * Per item, how many times likelier its time is if it was answered at random, clicked through (≈ 0.9 s,
 * SIM.timing), than if it was attended: log-normal around the person's own pace and spread, read from the
 * slower part of their times (the 70th and 90th percentiles, which quick random answers barely move), the
 * spread never narrower than SIM.timing's; the honest account also allows a share FIT.quickHonest of quick
 * items, so no item weighs more than 1 / FIT.quickHonest. 1 for an item without a time; null when fewer than
 * half the items were timed (as the tooFast flag).
 */
export function timeEvidence(elapsedMs: ArrayLike<number | null | undefined> | undefined): Float64Array | null {
  if (!elapsedMs) return null;
  const logs: number[] = [];
  for (let j = 0; j < elapsedMs.length; j++) {
    const ms = elapsedMs[j];
    if (typeof ms === "number" && Number.isFinite(ms)) logs.push(Math.log(Math.max(ms, 1)));
  }
  if (logs.length < N_ITEMS / 2) return null; // medianElapsed's rule
  logs.sort((x, y) => x - y);
  const at = (q: number) => logs[Math.min(logs.length - 1, Math.floor(q * logs.length))];
  const { attendedLogSd, randomMedianS, randomLogSd } = SIM.timing;
  // normal quantiles: 70th = μ + 0.524σ, 90th = μ + 1.282σ
  const spread = Math.max(attendedLogSd, (at(0.9) - at(0.7)) / 0.758);
  const pace = at(0.7) - 0.524 * spread;
  const quick = Math.log(1000 * randomMedianS);
  const ratio = new Float64Array(N_ITEMS).fill(1);
  for (let j = 0; j < N_ITEMS; j++) {
    const ms = elapsedMs[j];
    if (typeof ms !== "number" || !Number.isFinite(ms)) continue;
    const t = Math.log(Math.max(ms, 1));
    const clicked = Math.exp(logNormal(t, quick, randomLogSd));
    const attended = Math.exp(logNormal(t, pace, spread));
    ratio[j] = clicked / ((1 - FIT.quickHonest) * attended + FIT.quickHonest * clicked);
  }
  return ratio;
}

/**
 * How much the clicked-through reading can at most add to the answers-alone one, per table of π: an item's
 * term log((1−π)p + πρ/4) exceeds log((1−π)p + π/4) by at most log ρ when ρ > 1 (at p → 0), and by
 * log((1−π + πρ/4) / (1−π + π/4)) < 0 otherwise (at p = 1). Lets personFit skip that reading, exactly, when
 * it cannot win — most attentive people, whose answers all took their usual time.
 */
function clickedBound(answers: ArrayLike<number>, quick: Float64Array, pi: number): number {
  let bound = 0;
  for (let j = 0; j < N_ITEMS; j++) {
    if (answers[j] === 0) continue;
    bound += quick[j] > 1 ? Math.log(quick[j]) : Math.log((1 - pi + (pi * quick[j]) / 4) / (1 - pi + pi / 4));
  }
  return bound;
}

/**
 * The person-fit statistic: log Bayes factor of "partly random" against "honest" (see above); larger =
 * more like partly random answering. Around 0 or below for attentive people. With the per-item times
 * (ms, position order) "partly random" takes the likelier of two readings: its random answers took the
 * person's usual time (the answers alone), or they were clicked through (timeEvidence) — so the times never
 * weigh less than the answers alone, and answers that do not fit and were given quickly weigh more.
 */
export function personFit(answers: ArrayLike<number>, elapsedMs?: ArrayLike<number | null | undefined>): number {
  return personFitDetail(answers, elapsedMs).fit;
}
/** personFit, and on the way the same statistic from the answers alone (what it is when untimed). */
export function personFitDetail(answers: ArrayLike<number>, elapsedMs?: ArrayLike<number | null | undefined>): { fit: number; answersAlone: number } {
  const l = new Float64Array(G);
  const shares = FIT.randomShare;
  let honest = -Infinity;
  /** log marginal of "partly random" per (table, π), from the answers alone */
  const alone: number[] = [];
  for (const t of tables()) {
    honest = logAdd(honest, logMarginal(answers, t.honest, l));
    for (const logP of t.partlyRandom) alone.push(logMarginal(answers, logP, l));
  }
  // the account averages over its tables and π as the honest one over its tables
  const statistic = (partlyRandom: number) => partlyRandom - Math.log(shares.length) - honest;
  const answersAlone = statistic(logSum(alone));
  const quick = timeEvidence(elapsedMs);
  if (!quick) return { fit: answersAlone, answersAlone };
  const bounds = shares.map((pi) => clickedBound(answers, quick, pi));
  if (statistic(logSum(alone.map((m, i) => m + bounds[i % shares.length]))) <= answersAlone) return { fit: answersAlone, answersAlone };
  const clicked = tables().flatMap(({ probability }) => shares.map((pi) => logMarginal(answers, { probability, pi, quick }, l)));
  return { fit: Math.max(answersAlone, statistic(logSum(clicked))), answersAlone };
}

/**
 * Grade: poor when a careless flag is set (straight line, too fast, inconsistent pairs) or the person fit
 * is strong evidence of random answers (> misfitPoor); fair when only misfit (> misfit) or manyDontKnow,
 * each with its own advice in the report; otherwise good. lowConfidence (between two formats) is about the
 * person's position, not the answers, and does not change the grade.
 */
export function responseQuality(
  answers: ArrayLike<number>,
  elapsedMs: ArrayLike<number | null | undefined> | undefined,
  topProbability: number,
): ResponseQuality {
  const flags: QualityFlag[] = [];
  const dontKnow = dontKnowShare(answers);
  if (longestRun(answers) >= QUALITY.longRun || dominantShare(answers) >= QUALITY.dominantShare || dontKnow >= QUALITY.dontKnowOnly) flags.push("straightLine");
  const median = medianElapsed(elapsedMs);
  if (median !== null && median < QUALITY.fastMedianMs) flags.push("tooFast");
  if (disagreeingPairs(answers) >= QUALITY.inconsistentPairs) flags.push("inconsistent");
  const fit = personFit(answers, elapsedMs);
  if (fit > QUALITY.misfit) flags.push("misfit");
  if (dontKnow >= QUALITY.manyDontKnowShare) flags.push("manyDontKnow");
  if (topProbability < QUALITY.lowConfidence) flags.push("lowConfidence");
  const careless = flags.some((f) => CARELESS_FLAGS.includes(f)) || fit > QUALITY.misfitPoor;
  const grade = careless ? "poor" : flags.includes("misfit") || flags.includes("manyDontKnow") ? "fair" : "good";
  return { grade, flags };
}
