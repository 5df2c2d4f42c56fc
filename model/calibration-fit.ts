/**
 * `tsx model/calibration-fit.ts` — fits the per-person recalibration map (model/recalibrate.ts) for the
 * committed classifier, on fresh attentive people under the grid's eight conditions in equal shares
 * (CALIBRATION_SCENARIOS: the RU/EN item shift of a training seed instead of the grid's; seed
 * RECALIBRATION_SEED, distinct from training's, the temperature's and the evaluation's).
 *
 * 1. The weights by maximum likelihood (the NLL of the true format under p^(1/T), gradient descent from T = 1).
 * 2. Then Nelder–Mead on the largest ECE over the eight conditions, from the NLL solution: pooled NLL weighs
 *    seven typological conditions against one continuous one (as for the network's common factor, train.ts).
 *
 * Writes data/calibration-map.json and says whether it equals model/calibration-map.json; `--out model`
 * replaces the committed map. Refit whenever the classifier changes (the map names its model version and is
 * not applied to another one).
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { CARD_PATH, CLASSIFIER_PATH, openClassifier } from "./index";
import { N_ITEMS } from "./items";
import { expectedCalibrationError } from "./metrics";
import { calibrationFeatures, LOG_T_LIMIT, N_CALIBRATION_FEATURES, type CalibrationMap } from "./recalibrate";
import { CALIBRATION_SCENARIOS } from "./scenarios";
import { mixSeed, simulate } from "./simulate";

export const RECALIBRATION_SEED = 11;
export const RECALIBRATION_DEFAULTS = { perCondition: 6000, out: "data" } as const;

interface FitData {
  n: number;
  /** log probabilities, n × 27 */
  lp: Float64Array;
  label: Int32Array;
  condition: Int32Array;
  /** standardised features, n × K */
  z: Float64Array;
}

/** Top probability and whether the top format is right, for every person at weights w. */
function topAt(d: FitData, w: number[]) {
  const K = N_CALIBRATION_FEATURES;
  const top = new Float64Array(d.n);
  const correct: boolean[] = new Array(d.n);
  for (let i = 0; i < d.n; i++) {
    let lt = w[0];
    for (let k = 0; k < K; k++) lt += w[k + 1] * d.z[i * K + k];
    const invT = Math.exp(-Math.min(LOG_T_LIMIT, Math.max(-LOG_T_LIMIT, lt)));
    let max = -Infinity;
    let arg = 0;
    for (let c = 0; c < 27; c++) if (d.lp[i * 27 + c] > max) (max = d.lp[i * 27 + c]), (arg = c);
    let total = 0;
    for (let c = 0; c < 27; c++) total += Math.exp((d.lp[i * 27 + c] - max) * invT);
    top[i] = 1 / total;
    correct[i] = arg === d.label[i];
  }
  return { top, correct };
}

/** The largest ECE over the conditions, and each condition's. */
export function conditionEce(d: FitData, w: number[], conditions: number) {
  const { top, correct } = topAt(d, w);
  const per = Array.from({ length: conditions }, (_, k) => {
    const idx = Array.from({ length: d.n }, (_, i) => i).filter((i) => d.condition[i] === k);
    return expectedCalibrationError(idx.map((i) => top[i]), idx.map((i) => correct[i]));
  });
  return { max: Math.max(...per), per };
}

/** NLL of the true format under p^(1/T) and its gradient in w (log T = w · [1, z]). */
function nllGrad(d: FitData, w: number[]) {
  const K = N_CALIBRATION_FEATURES;
  const g = new Array(K + 1).fill(0);
  let nll = 0;
  const p = new Float64Array(27);
  for (let i = 0; i < d.n; i++) {
    let lt = w[0];
    for (let k = 0; k < K; k++) lt += w[k + 1] * d.z[i * K + k];
    const clamped = Math.abs(lt) >= LOG_T_LIMIT;
    const invT = Math.exp(-Math.min(LOG_T_LIMIT, Math.max(-LOG_T_LIMIT, lt)));
    let max = -Infinity;
    for (let c = 0; c < 27; c++) max = Math.max(max, d.lp[i * 27 + c] * invT);
    let total = 0;
    for (let c = 0; c < 27; c++) total += p[c] = Math.exp(d.lp[i * 27 + c] * invT - max);
    let mean = 0;
    for (let c = 0; c < 27; c++) mean += (p[c] /= total) * d.lp[i * 27 + c] * invT;
    const zy = d.lp[i * 27 + d.label[i]] * invT;
    nll -= Math.log(Math.max(p[d.label[i]], 1e-300));
    if (clamped) continue;
    // d NLL / d log T = z_y − E_p[z] (z = log p / T)
    const s = zy - mean;
    g[0] += s;
    for (let k = 0; k < K; k++) g[k + 1] += s * d.z[i * K + k];
  }
  return { nll: nll / d.n, grad: g.map((v) => v / d.n) };
}

function fitNll(d: FitData, steps = 300): number[] {
  const K = N_CALIBRATION_FEATURES + 1;
  const w = new Array(K).fill(0);
  const m = new Array(K).fill(0);
  const v = new Array(K).fill(0);
  for (let t = 1; t <= steps; t++) {
    const { grad } = nllGrad(d, w);
    for (let k = 0; k < K; k++) {
      m[k] = 0.9 * m[k] + 0.1 * grad[k];
      v[k] = 0.999 * v[k] + 0.001 * grad[k] ** 2;
      w[k] -= (0.01 * (m[k] / (1 - 0.9 ** t))) / (Math.sqrt(v[k] / (1 - 0.999 ** t)) + 1e-8);
    }
  }
  return w;
}

/** Nelder–Mead (standard coefficients), deterministic; returns the best point. */
export function nelderMead(f: (x: number[]) => number, x0: number[], step = 0.05, iterations = 600): number[] {
  const n = x0.length;
  let simplex = [x0, ...x0.map((_, k) => x0.map((v, j) => (j === k ? v + step : v)))].map((x) => ({ x, f: f(x) }));
  for (let it = 0; it < iterations; it++) {
    simplex.sort((a, b) => a.f - b.f);
    const centroid = x0.map((_, j) => simplex.slice(0, n).reduce((s, p) => s + p.x[j], 0) / n);
    const worst = simplex[n];
    const at = (t: number) => centroid.map((c, j) => c + t * (worst.x[j] - c));
    const r = at(-1);
    const fr = f(r);
    if (fr < simplex[0].f) {
      const e = at(-2);
      const fe = f(e);
      simplex[n] = fe < fr ? { x: e, f: fe } : { x: r, f: fr };
    } else if (fr < simplex[n - 1].f) simplex[n] = { x: r, f: fr };
    else {
      const c = fr < worst.f ? at(-0.5) : at(0.5);
      const fc = f(c);
      if (fc < Math.min(fr, worst.f)) simplex[n] = { x: c, f: fc };
      else simplex = simplex.map((p, k) => (k === 0 ? p : { x: p.x.map((v, j) => simplex[0].x[j] + 0.5 * (v - simplex[0].x[j])), f: NaN })).map((p) => (Number.isNaN(p.f) ? { x: p.x, f: f(p.x) } : p));
    }
  }
  simplex.sort((a, b) => a.f - b.f);
  return simplex[0].x;
}

async function main() {
  const { values } = parseArgs({ options: { "per-condition": { type: "string", default: String(RECALIBRATION_DEFAULTS.perCondition) }, out: { type: "string", default: RECALIBRATION_DEFAULTS.out } } });
  const per = Number(values["per-condition"]);
  const classifier = await openClassifier(CLASSIFIER_PATH, CARD_PATH);
  const K = N_CALIBRATION_FEATURES;
  const n = per * CALIBRATION_SCENARIOS.length;
  const raw = new Float64Array(n * K);
  const d: FitData = { n, lp: new Float64Array(n * 27), label: new Int32Array(n), condition: new Int32Array(n), z: new Float64Array(n * K) };
  for (const [k, g] of CALIBRATION_SCENARIOS.entries()) {
    const sim = simulate(per, mixSeed(RECALIBRATION_SEED, k), { scenario: g.scenario });
    const probs = await classifier.predictNetwork(sim.answers, per);
    for (let i = 0; i < per; i++) {
      const r = k * per + i;
      const f = calibrationFeatures(sim.answers.subarray(i * N_ITEMS, (i + 1) * N_ITEMS), probs, i * 27);
      for (let q = 0; q < K; q++) raw[r * K + q] = f[q];
      for (let c = 0; c < 27; c++) d.lp[r * 27 + c] = Math.log(Math.max(probs[i * 27 + c], 1e-30));
      d.label[r] = sim.labels[i];
      d.condition[r] = k;
    }
  }
  const round = (v: number) => Number(v.toFixed(6));
  const mean = Array.from({ length: K }, (_, q) => round(Array.from({ length: n }, (_, i) => raw[i * K + q]).reduce((s, v) => s + v, 0) / n));
  const sd = Array.from({ length: K }, (_, q) => round(Math.sqrt(Array.from({ length: n }, (_, i) => (raw[i * K + q] - mean[q]) ** 2).reduce((s, v) => s + v, 0) / n) || 1));
  for (let i = 0; i < n; i++) for (let q = 0; q < K; q++) d.z[i * K + q] = (raw[i * K + q] - mean[q]) / sd[q];

  const zero = new Array(K + 1).fill(0);
  const before = conditionEce(d, zero, CALIBRATION_SCENARIOS.length);
  const wNll = fitNll(d);
  const afterNll = conditionEce(d, wNll, CALIBRATION_SCENARIOS.length);
  const weights = nelderMead((w) => conditionEce(d, w, CALIBRATION_SCENARIOS.length).max, wNll).map(round);
  const after = conditionEce(d, weights, CALIBRATION_SCENARIOS.length);
  const show = (e: { per: number[] }) => e.per.map((v, k) => `${CALIBRATION_SCENARIOS[k].key} ${v.toFixed(3)}`).join(", ");
  console.log(`fitting set: ${per} fresh people per condition (seed ${RECALIBRATION_SEED}), model ${classifier.networkVersion}`);
  console.log(`ECE per condition, network alone: ${show(before)} (max ${before.max.toFixed(3)})`);
  console.log(`after the NLL fit: ${show(afterNll)} (max ${afterNll.max.toFixed(3)}); NLL ${nllGrad(d, zero).nll.toFixed(4)} → ${nllGrad(d, wNll).nll.toFixed(4)}`);
  console.log(`after the minimax step: ${show(after)} (max ${after.max.toFixed(3)})`);
  const map: CalibrationMap & { fit: object } = {
    modelVersion: classifier.networkVersion,
    mean,
    sd,
    weights,
    fit: {
      script: "model/calibration-fit.ts",
      population: "attentive people under the stress grid's eight conditions in equal shares (CALIBRATION_SCENARIOS)",
      seed: RECALIBRATION_SEED,
      perCondition: per,
      eceBefore: Object.fromEntries(before.per.map((v, k) => [CALIBRATION_SCENARIOS[k].key, round(v)])),
      eceAfter: Object.fromEntries(after.per.map((v, k) => [CALIBRATION_SCENARIOS[k].key, round(v)])),
    },
  };
  const text = JSON.stringify(map, null, 2) + "\n";
  const outDir = resolve(values.out!);
  mkdirSync(outDir, { recursive: true });
  const outPath = join(outDir, "calibration-map.json");
  writeFileSync(outPath, text);
  const committed = join(import.meta.dirname, "calibration-map.json");
  console.log(`wrote ${outPath}; ${existsSync(committed) && readFileSync(committed, "utf8") === text ? "identical to" : "differs from"} model/calibration-map.json`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename ?? ""))
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
