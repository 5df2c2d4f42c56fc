/**
 * Per-person recalibration after the network (calibration). The network's temperatures are one per
 * axis for everyone; here each person gets their own temperature T = exp(w · f), f a few features of their
 * answers and of the network's output and, when known, of the population they belong to (below), and the 27
 * probabilities become p_c^(1/T) / Σ p^(1/T). That keeps
 * the order of the formats (the network's top format stays on top, so accuracy is unchanged) and moves only
 * the confidence. The features (standardised with the fitting set's means and sds):
 *
 *   logit of the top probability, entropy of the 27 probabilities, "don't know" share, extremity (mean |answer|
 *   over the answered items), the pooled within-scale sd of the keyed answers, that sd over the extremity,
 *   acquiescence (|mean answer| over the answered items, whatever the key) and typicality (distance of the
 *   scale means from the nearest format prototype's expected answers under the reference item model).
 *
 * Noisy answers within a scale (weak items) go with an underconfident network, answers far from every
 * prototype with an overconfident one.
 *
 * The population. The same answers mean a surer format where people form tight types than in a continuous
 * population, and one person's answers cannot say which (model/README.md, Limits). The population's answers
 * can: the means of three answer features over the test's recent attentive respondents (`PopulationProfile`:
 * typicality, within-scale sd, acquiescence; no labels, no network) enter log T, alone and times the person's
 * top logit. Below `minPeople` respondents the profile is unknown, and a second set of weights fitted without
 * population terms applies (as before the population terms existed).
 *
 * The weights are fitted by `tsx model/calibration-fit.ts` on fresh simulated populations (the grid's
 * conditions and random ones over its range; its own seeds, never the evaluation's) for one model version,
 * and stored in calibration-map.json; a map fitted for another version is not applied (identity).
 */
import { N_ITEMS } from "./items";
import { expectedKeyedAnswer, ITEM_PARAMS, SIM } from "./simulate";

export const N_CALIBRATION_FEATURES = 8;
export const CALIBRATION_FEATURE_NAMES = [
  "logitTop",
  "entropy",
  "dontKnow",
  "extremity",
  "withinScaleSd",
  "sdOverExtremity",
  "acquiescence",
  "typicality",
] as const;
/** log T is clamped to ±this: the map never more than doubles or halves the network's temperature. */
export const LOG_T_LIMIT = Math.log(2);

/** The person features whose means over a population describe it (answer-derived: no network needed). */
export const POPULATION_FEATURE_NAMES = ["typicality", "withinScaleSd", "acquiescence"] as const;
const POPULATION_FEATURE_INDEX = POPULATION_FEATURE_NAMES.map((name) => CALIBRATION_FEATURE_NAMES.indexOf(name));
const LOGIT_TOP = CALIBRATION_FEATURE_NAMES.indexOf("logitTop");

/** How many of a test's latest attentive respondents make its profile (server/services/population.ts; the evaluation's population samples). */
export const POPULATION_WINDOW = 1000;

/** A population's means of POPULATION_FEATURE_NAMES over `people` respondents. */
export interface PopulationProfile {
  people: number;
  means: number[];
}

export interface CalibrationMap {
  /** The classifier version (classifier.card.json) the map was fitted for. */
  modelVersion: string;
  mean: number[];
  sd: number[];
  /** How the population's means are standardised (over the fitting populations), and the fewest people that make a profile. */
  population: { features: readonly string[]; mean: number[]; sd: number[]; minPeople: number };
  /**
   * log T = w0 + Σ w_k z_k (the person's standardised features) + Σ v_j u_j (the population's) + Σ x_j u_j z_logitTop:
   * the intercept, one weight per person feature, then one per population feature, then one per population
   * feature times the person's top logit.
   */
  weights: number[];
  /** For a population unknown or too small: the intercept and one weight per person feature, fitted without population terms. */
  weightsWithoutPopulation: number[];
}

/** Mean keyed answer over a scale's items for a person at θ under the reference model (no styles). */
function expectedKeyed(scale: number, theta: number): number {
  let total = 0;
  let count = 0;
  for (let j = 0; j < N_ITEMS; j++) {
    if (ITEM_PARAMS.scale[j] !== scale) continue;
    total += expectedKeyedAnswer(j, theta);
    count++;
  }
  return total / count;
}
const LEVELS = [SIM.levelProto.low, SIM.levelProto.middle, SIM.levelProto.high];
const VOLUME_PROTOS = LEVELS.map((t) => expectedKeyed(6, t));
const SPEED_PROTOS = LEVELS.map((t) => expectedKeyed(7, t));
const STRUCTURE_PROTOS = Object.values(SIM.structureProto).map(([s, a]) => [expectedKeyed(0, s), expectedKeyed(1, a)] as const);

/** The raw features of one person (answers: 110 values −2..2; probs: 27 from offset o). */
export function calibrationFeatures(answers: ArrayLike<number>, probs: ArrayLike<number>, o = 0): number[] {
  let top = 0;
  let entropy = 0;
  for (let c = 0; c < 27; c++) {
    const p = probs[o + c];
    if (p > top) top = p;
    if (p > 0) entropy -= p * Math.log(p);
  }
  top = Math.min(Math.max(top, 1e-6), 1 - 1e-6);
  return [Math.log(top / (1 - top)), entropy, ...answerFeatures(answers)];
}

/** The population features (POPULATION_FEATURE_NAMES) among a person's calibration features. */
export function populationFeaturesOf(features: readonly number[]): number[] {
  return POPULATION_FEATURE_INDEX.map((k) => features[k]);
}

/** One person's contribution to a population profile, from the answers alone (the network's two features are not among them). */
export function personProfile(answers: ArrayLike<number>): number[] {
  return populationFeaturesOf([NaN, NaN, ...answerFeatures(answers)]);
}

/** The features after the network's two: "don't know" share … typicality (CALIBRATION_FEATURE_NAMES order). */
function answerFeatures(answers: ArrayLike<number>): number[] {
  const sums = new Float64Array(10);
  const squares = new Float64Array(10);
  const counts = new Float64Array(10);
  let dontKnow = 0;
  let extremity = 0;
  let raw = 0;
  for (let j = 0; j < N_ITEMS; j++) {
    const v = answers[j];
    if (v === 0) {
      dontKnow++;
      continue;
    }
    const y = v * ITEM_PARAMS.sign[j];
    const s = ITEM_PARAMS.scale[j];
    sums[s] += y;
    squares[s] += y * y;
    counts[s]++;
    extremity += Math.abs(v);
    raw += v;
  }
  const answered = N_ITEMS - dontKnow;
  let within = 0;
  let dof = 0;
  for (let s = 0; s < 10; s++)
    if (counts[s] > 1) {
      within += squares[s] - sums[s] ** 2 / counts[s];
      dof += counts[s] - 1;
    }
  const sd = dof ? Math.sqrt(within / dof) : 0;
  const ext = answered ? extremity / answered : 0;
  const m = Array.from(sums, (v, s) => (counts[s] ? v / counts[s] : 0));
  const system = (m[0] + m[2] + m[4]) / 3;
  const analytics = (m[1] + m[3] + m[5]) / 3;
  const typicality =
    Math.min(...VOLUME_PROTOS.map((v) => Math.abs(m[6] - v))) +
    Math.min(...SPEED_PROTOS.map((v) => Math.abs(m[7] - v))) +
    Math.min(...STRUCTURE_PROTOS.map(([x, y]) => Math.hypot(system - x, analytics - y)));
  return [dontKnow / N_ITEMS, ext, sd, sd / Math.max(ext, 0.3), answered ? Math.abs(raw / answered) : 0, typicality];
}

/** The population's standardised means, or null when it is unknown or too small. */
export function populationTerms(map: Pick<CalibrationMap, "population">, population?: PopulationProfile | null): number[] | null {
  const { mean, sd, minPeople } = map.population;
  return population && population.people >= minPeople ? mean.map((m, j) => (population.means[j] - m) / sd[j]) : null;
}

/**
 * What log T weighs, in the order of the map's weights: 1, the person's standardised features z, and in a
 * population (populationTerms) its standardised means u_j, then each u_j times the person's z of the top logit.
 * Without one, the first 1 + K (weightsWithoutPopulation's). calibration-fit.ts fits on the same rows.
 */
export function calibrationDesign(map: Pick<CalibrationMap, "mean" | "sd">, features: readonly number[], population: readonly number[] | null): number[] {
  const z = features.map((f, k) => (f - map.mean[k]) / map.sd[k]);
  return population ? [1, ...z, ...population, ...population.map((u) => u * z[LOGIT_TOP])] : [1, ...z];
}

/** log T for one person's raw features, in a population (populationTerms; null: the weights without population terms). */
export function logTemperature(
  map: Pick<CalibrationMap, "mean" | "sd" | "weights" | "weightsWithoutPopulation">,
  features: readonly number[],
  population: readonly number[] | null,
): number {
  const w = population ? map.weights : map.weightsWithoutPopulation;
  const x = calibrationDesign(map, features, population);
  let z = 0;
  for (let d = 0; d < x.length; d++) z += w[d] * x[d];
  return Math.min(LOG_T_LIMIT, Math.max(-LOG_T_LIMIT, z));
}

/** p^(1/T), renormalised, in place (27 probabilities from offset o). */
export function applyTemperature(probs: Float32Array | Float64Array, o: number, temperature: number): void {
  let max = -Infinity;
  const logs = new Float64Array(27);
  for (let c = 0; c < 27; c++) {
    logs[c] = Math.log(Math.max(probs[o + c], 1e-30)) / temperature;
    if (logs[c] > max) max = logs[c];
  }
  let total = 0;
  for (let c = 0; c < 27; c++) total += logs[c] = Math.exp(logs[c] - max);
  for (let c = 0; c < 27; c++) probs[o + c] = logs[c] / total;
}

/** Recalibrates n people's probabilities (n × 27) in place with their answers (n × 110), in their population. */
export function recalibrate(
  map: CalibrationMap,
  probs: Float32Array,
  answers: ArrayLike<number>,
  n: number,
  population?: PopulationProfile | null,
): Float32Array {
  const terms = populationTerms(map, population);
  for (let i = 0; i < n; i++) {
    const a = Array.from({ length: N_ITEMS }, (_, j) => answers[i * N_ITEMS + j]);
    applyTemperature(probs, i * 27, Math.exp(logTemperature(map, calibrationFeatures(a, probs, i * 27), terms)));
  }
  return probs;
}

/** The profile of a population from its people's personProfile rows (means; null when there is nobody). */
export function populationProfile(rows: readonly (readonly number[])[]): PopulationProfile | null {
  if (!rows.length) return null;
  const means = POPULATION_FEATURE_NAMES.map((_, j) => rows.reduce((s, r) => s + r[j] / rows.length, 0));
  return { people: rows.length, means };
}
