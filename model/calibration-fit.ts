/**
 * `tsx model/calibration-fit.ts` — fits the per-person recalibration map (model/recalibrate.ts) for the
 * committed classifier, on fresh attentive populations (seed RECALIBRATION_SEED, distinct from training's, the
 * temperature's and the evaluation's): the grid's eight conditions (CALIBRATION_SCENARIOS: the RU/EN item shift
 * of a training seed instead of the grid's), 12,000 people each, and 24 random populations over the grid's range
 * (drawCalibrationPopulation: typological, continuous or mixed), 3,000 people each. Each person's population
 * terms are their own population's means (PopulationProfile).
 *
 * 1. The weights by maximum likelihood (the NLL of the true format under p^(1/T), gradient descent from T = 1),
 *    every population weighing the same.
 * 2. Then Nelder–Mead, from the NLL solution, on the largest ECE over the eight conditions plus half the random
 *    populations' mean ECE: pooled NLL weighs the typological conditions against the continuous one (as for the
 *    network's common factor, train.ts), and the random ones keep the population terms from fitting eight points.
 * 3. The same two steps for the person's features alone: `weightsWithoutPopulation`, for a test with fewer
 *    respondents than POPULATION_MIN_PEOPLE.
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
import {
  calibrationDesign,
  calibrationFeatures,
  LOG_T_LIMIT,
  N_CALIBRATION_FEATURES,
  POPULATION_FEATURE_NAMES,
  populationFeaturesOf,
  populationProfile,
  populationTerms,
  type CalibrationMap,
} from "./recalibrate";
import { CALIBRATION_SCENARIOS, drawCalibrationPopulation } from "./scenarios";
import { mixSeed, Rng, simulate, type Scenario } from "./simulate";

export const RECALIBRATION_SEED = 11;
export const RECALIBRATION_DEFAULTS = { perCondition: 12000, randomPopulations: 24, perRandom: 3000, out: "data" } as const;
/** Fewer respondents than this make no population profile (the pilot study's N per language, model/README.md). */
export const POPULATION_MIN_PEOPLE = 300;

const K = N_CALIBRATION_FEATURES;
const P = POPULATION_FEATURE_NAMES.length;
/** The design's width (recalibrate.ts calibrationDesign): intercept, person features, population terms, population terms × the person's top logit. */
const D = 1 + K + 2 * P;

interface Population {
  key: string;
  n: number;
  /** raw person features, n × K */
  raw: Float64Array;
  /** log probabilities, n × 27 */
  lp: Float64Array;
  label: Int32Array;
  /** the population's means of the population features */
  profile: number[];
  /** the designs (after standardisation): with the population terms, n × D, and the person's features alone, n × (1 + K) */
  withPopulation?: Float64Array;
  personOnly?: Float64Array;
}
type Design = "withPopulation" | "personOnly";

/** log T of person i of a population at weights w (of the design's width). */
function logT(z: Float64Array, i: number, w: number[]) {
  let lt = 0;
  for (let d = 0; d < w.length; d++) lt += w[d] * z[i * w.length + d];
  return Math.min(LOG_T_LIMIT, Math.max(-LOG_T_LIMIT, lt));
}

/** The ECE of a population's recalibrated top probability at weights w. */
function populationEce(p: Population, w: number[], design: Design) {
  const z = p[design]!;
  const top = new Float64Array(p.n);
  const correct: boolean[] = new Array(p.n);
  for (let i = 0; i < p.n; i++) {
    const invT = Math.exp(-logT(z, i, w));
    let max = -Infinity;
    let arg = 0;
    for (let c = 0; c < 27; c++) if (p.lp[i * 27 + c] > max) (max = p.lp[i * 27 + c]), (arg = c);
    let total = 0;
    for (let c = 0; c < 27; c++) total += Math.exp((p.lp[i * 27 + c] - max) * invT);
    top[i] = 1 / total;
    correct[i] = arg === p.label[i];
  }
  return expectedCalibrationError(top, correct);
}

/** Mean NLL of the true format under p^(1/T) over the populations (each weighing the same), and its gradient in w. */
function nllGrad(populations: Population[], w: number[], design: Design) {
  const D = w.length;
  const g = new Array(D).fill(0);
  let nll = 0;
  const p = new Float64Array(27);
  for (const pop of populations) {
    const weight = 1 / pop.n / populations.length;
    const z = pop[design]!;
    for (let i = 0; i < pop.n; i++) {
      let lt = 0;
      for (let d = 0; d < D; d++) lt += w[d] * z[i * D + d];
      const clamped = Math.abs(lt) >= LOG_T_LIMIT;
      const invT = Math.exp(-Math.min(LOG_T_LIMIT, Math.max(-LOG_T_LIMIT, lt)));
      let max = -Infinity;
      for (let c = 0; c < 27; c++) max = Math.max(max, pop.lp[i * 27 + c] * invT);
      let total = 0;
      for (let c = 0; c < 27; c++) total += p[c] = Math.exp(pop.lp[i * 27 + c] * invT - max);
      let mean = 0;
      for (let c = 0; c < 27; c++) mean += (p[c] /= total) * pop.lp[i * 27 + c] * invT;
      nll -= weight * Math.log(Math.max(p[pop.label[i]], 1e-300));
      if (clamped) continue;
      // d NLL / d log T = z_y − E_p[z] (z = log p / T)
      const s = pop.lp[i * 27 + pop.label[i]] * invT - mean;
      for (let d = 0; d < D; d++) g[d] += weight * s * z[i * D + d];
    }
  }
  return { nll, grad: g };
}

function fitNll(populations: Population[], D: number, design: Design, steps = 300): number[] {
  const w = new Array(D).fill(0);
  const m = new Array(D).fill(0);
  const v = new Array(D).fill(0);
  for (let t = 1; t <= steps; t++) {
    const { grad } = nllGrad(populations, w, design);
    for (let k = 0; k < D; k++) {
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
      else
        simplex = simplex
          .map((p, k) => (k === 0 ? p : { x: p.x.map((v, j) => simplex[0].x[j] + 0.5 * (v - simplex[0].x[j])), f: NaN }))
          .map((p) => (Number.isNaN(p.f) ? { x: p.x, f: f(p.x) } : p));
    }
  }
  simplex.sort((a, b) => a.f - b.f);
  return simplex[0].x;
}

async function main() {
  const { values } = parseArgs({
    options: {
      "per-condition": { type: "string", default: String(RECALIBRATION_DEFAULTS.perCondition) },
      out: { type: "string", default: RECALIBRATION_DEFAULTS.out },
    },
  });
  const per = Number(values["per-condition"]);
  const perRandom = Math.round((per * RECALIBRATION_DEFAULTS.perRandom) / RECALIBRATION_DEFAULTS.perCondition);
  const classifier = await openClassifier(CLASSIFIER_PATH, CARD_PATH);
  const make = async (key: string, n: number, seed: number, scenario: Scenario | ((person: Rng) => Scenario)): Promise<Population> => {
    const sim = simulate(n, seed, { scenario });
    const probs = await classifier.predictNetwork(sim.answers, n);
    const raw = new Float64Array(n * K);
    const lp = new Float64Array(n * 27);
    const shares: number[][] = [];
    for (let i = 0; i < n; i++) {
      const f = calibrationFeatures(sim.answers.subarray(i * N_ITEMS, (i + 1) * N_ITEMS), probs, i * 27);
      raw.set(f, i * K);
      shares.push(populationFeaturesOf(f));
      for (let c = 0; c < 27; c++) lp[i * 27 + c] = Math.log(Math.max(probs[i * 27 + c], 1e-30));
    }
    return { key, n, raw, lp, label: sim.labels, profile: populationProfile(shares)!.means };
  };
  const named: Population[] = [];
  for (const [k, g] of CALIBRATION_SCENARIOS.entries()) named.push(await make(g.key, per, mixSeed(RECALIBRATION_SEED, k), g.scenario));
  const random: Population[] = [];
  const draw = new Rng(mixSeed(RECALIBRATION_SEED, 1000));
  for (let k = 0; k < RECALIBRATION_DEFAULTS.randomPopulations; k++)
    random.push(await make(`random-${k}`, perRandom, mixSeed(RECALIBRATION_SEED, 1001 + k), drawCalibrationPopulation(draw)));
  const all = [...named, ...random];

  // standardisation: person features over all people, population means over the populations
  const round = (v: number) => Number(v.toFixed(6));
  const people = all.reduce((s, p) => s + p.n, 0);
  const mean = Array.from({ length: K }, (_, q) =>
    round(all.reduce((s, p) => s + Array.from({ length: p.n }, (_, i) => p.raw[i * K + q]).reduce((a, v) => a + v, 0), 0) / people),
  );
  const sd = Array.from({ length: K }, (_, q) =>
    round(
      Math.sqrt(all.reduce((s, p) => s + Array.from({ length: p.n }, (_, i) => (p.raw[i * K + q] - mean[q]) ** 2).reduce((a, v) => a + v, 0), 0) / people) || 1,
    ),
  );
  const popMean = Array.from({ length: P }, (_, j) => round(all.reduce((s, p) => s + p.profile[j], 0) / all.length));
  const popSd = Array.from({ length: P }, (_, j) => round(Math.sqrt(all.reduce((s, p) => s + (p.profile[j] - popMean[j]) ** 2, 0) / all.length) || 1));
  // every fitting population has a profile, however small a --per-condition makes it
  const standardisation = { mean, sd, population: { features: POPULATION_FEATURE_NAMES, mean: popMean, sd: popSd, minPeople: 0 } };
  for (const p of all) {
    const u = populationTerms(standardisation, { people: p.n, means: p.profile })!;
    p.withPopulation = new Float64Array(p.n * D);
    p.personOnly = new Float64Array(p.n * (1 + K));
    for (let i = 0; i < p.n; i++) {
      const f = Array.from(p.raw.subarray(i * K, (i + 1) * K));
      p.withPopulation.set(calibrationDesign(standardisation, f, u), i * D);
      p.personOnly.set(calibrationDesign(standardisation, f, null), i * (1 + K));
    }
  }

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  /** NLL, then minimax from there, for one design; prints the three steps. */
  const fit = (design: Design, D: number) => {
    const eceOf = (w: number[]) => ({ named: named.map((p) => populationEce(p, w, design)), random: random.map((p) => populationEce(p, w, design)) });
    const objective = (w: number[]) => {
      const e = eceOf(w);
      return Math.max(...e.named) + (0.5 * e.random.reduce((s, v) => s + v, 0)) / e.random.length;
    };
    const show = (w: number[]) => {
      const e = eceOf(w);
      return `${e.named.map((v, k) => `${named[k].key} ${v.toFixed(3)}`).join(", ")} (max ${Math.max(...e.named).toFixed(3)}); random populations median ${median(e.random).toFixed(3)}, max ${Math.max(...e.random).toFixed(3)}`;
    };
    const zero = new Array(D).fill(0);
    const wNll = fitNll(all, D, design);
    const weights = nelderMead(objective, wNll, 0.05, 400).map(round);
    console.log(`${design === "withPopulation" ? "with the population terms" : "without a population (the person's features alone)"}:`);
    console.log(`  ECE, network alone: ${show(zero)}`);
    console.log(`  after the NLL fit: ${show(wNll)}; NLL ${nllGrad(all, zero, design).nll.toFixed(4)} → ${nllGrad(all, wNll, design).nll.toFixed(4)}`);
    console.log(`  after the minimax step: ${show(weights)}`);
    return { weights, before: eceOf(zero), after: eceOf(weights) };
  };
  console.log(
    `fitting set: ${per} fresh people per condition and ${random.length} random populations of ${perRandom} (seed ${RECALIBRATION_SEED}), model ${classifier.networkVersion}`,
  );
  const { weights, before, after } = fit("withPopulation", D);
  const alone = fit("personOnly", 1 + K);
  const map: CalibrationMap & { fit: object } = {
    modelVersion: classifier.networkVersion,
    mean,
    sd,
    population: { features: POPULATION_FEATURE_NAMES, mean: popMean, sd: popSd, minPeople: POPULATION_MIN_PEOPLE },
    weights,
    weightsWithoutPopulation: alone.weights,
    fit: {
      script: "model/calibration-fit.ts",
      population:
        "attentive people: the stress grid's eight conditions (CALIBRATION_SCENARIOS) and random populations over its range (drawCalibrationPopulation)",
      seed: RECALIBRATION_SEED,
      perCondition: per,
      randomPopulations: random.length,
      perRandom,
      eceBefore: Object.fromEntries(before.named.map((v, k) => [named[k].key, round(v)])),
      eceAfter: Object.fromEntries(after.named.map((v, k) => [named[k].key, round(v)])),
      randomEceAfter: { median: round(median(after.random)), max: round(Math.max(...after.random)) },
      eceAfterWithoutPopulation: Object.fromEntries(alone.after.named.map((v, k) => [named[k].key, round(v)])),
    },
  };
  const text = JSON.stringify(map, null, 2) + "\n";
  const outDir = resolve(values.out!);
  mkdirSync(outDir, { recursive: true });
  const outPath = join(outDir, "calibration-map.json");
  writeFileSync(outPath, text);
  const committed = join(import.meta.dirname, "calibration-map.json");
  console.log(
    `wrote ${outPath}; ${existsSync(committed) && readFileSync(committed, "utf8") === text ? "identical to" : "differs from"} model/calibration-map.json`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename ?? ""))
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
