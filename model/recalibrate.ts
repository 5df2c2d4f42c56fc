/**
 * Per-person recalibration after the network (issue 19, calibration). The network's temperatures are one per
 * axis for everyone; here each person gets their own temperature T = exp(w · f), f a few features of their
 * answers and of the network's output, and the 27 probabilities become p_c^(1/T) / Σ p^(1/T). That keeps
 * the order of the formats (the network's top format stays on top, so accuracy is unchanged) and moves only
 * the confidence. The features (standardised with the fitting set's means and sds):
 *
 *   logit of the top probability, entropy of the 27 probabilities, "don't know" share, extremity (mean |answer|
 *   over the answered items), the pooled within-scale sd of the keyed answers, that sd over the extremity,
 *   acquiescence (|mean answer| over the answered items, whatever the key) and typicality (distance of the
 *   scale means from the nearest format prototype's expected answers under the reference item model).
 *
 * Noisy answers within a scale (weak items) go with an underconfident network, answers far from every
 * prototype with an overconfident one. The weights are fitted by `tsx model/calibration-fit.ts` on fresh
 * simulated people under the grid's conditions (its own seed, never the evaluation's) for one model version,
 * and stored in calibration-map.json; a map fitted for another version is not applied (identity).
 */
import { N_ITEMS } from "./items";
import { expectedKeyedAnswer, ITEM_PARAMS, SIM } from "./simulate";

export const N_CALIBRATION_FEATURES = 8;
export const CALIBRATION_FEATURE_NAMES = ["logitTop", "entropy", "dontKnow", "extremity", "withinScaleSd", "sdOverExtremity", "acquiescence", "typicality"] as const;
/** log T is clamped to ±this: the map never more than doubles or halves the network's temperature. */
export const LOG_T_LIMIT = Math.log(2);

export interface CalibrationMap {
  /** The classifier version (classifier.card.json) the map was fitted for. */
  modelVersion: string;
  mean: number[];
  sd: number[];
  /** Intercept, then one weight per standardised feature: log T = w0 + Σ w_k z_k. */
  weights: number[];
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
  return [Math.log(top / (1 - top)), entropy, dontKnow / N_ITEMS, ext, sd, sd / Math.max(ext, 0.3), answered ? Math.abs(raw / answered) : 0, typicality];
}

/** log T for one person's raw features. */
export function logTemperature(map: Pick<CalibrationMap, "mean" | "sd" | "weights">, features: readonly number[]): number {
  let z = map.weights[0];
  for (let k = 0; k < features.length; k++) z += map.weights[k + 1] * ((features[k] - map.mean[k]) / map.sd[k]);
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

/** Recalibrates n people's probabilities (n × 27) in place with their answers (n × 110). */
export function recalibrate(map: CalibrationMap, probs: Float32Array, answers: ArrayLike<number>, n: number): Float32Array {
  for (let i = 0; i < n; i++) {
    const a = Array.from({ length: N_ITEMS }, (_, j) => answers[i * N_ITEMS + j]);
    applyTemperature(probs, i * 27, Math.exp(logTemperature(map, calibrationFeatures(a, probs, i * 27))));
  }
  return probs;
}
