/**
 * `npm run model:train` — trains the classifier (model/classifier.onnx and classifier.card.json).
 *
 * 1. Simulates training respondents from the training mixture (model/scenarios.ts: typological and
 *    continuous people under every measurement condition of the stress grid's range), labelled with the
 *    format of their true score (spec §9 band edges), and a separate attentive calibration set.
 * 2. Adds every completed result a manager marked correct (`results.is_correct`) in the database at
 *    DATABASE_URL (default file:data/app.db), labelled with its stored format, weighted ×5.
 * 3. Trains the MLP (model/net.ts), fits a temperature on the calibration set and folds it and the input
 *    scaling into the weights, and exports ONNX.
 *
 * Deterministic: the same options (and no manager-confirmed results) give the same bytes. Without --out it
 * writes to data/model-train/ and says whether the result is byte-identical to the committed model; it
 * replaces the committed model only when asked: --out model.
 *
 * Options: --n 200000 --calibration 20000 --hidden 96 --epochs 12 --seed 1 --out data/model-train
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { AXIS_NAMES, FORMAT_AXES, FORMAT_FACTORS, FORMATS, FORMAT_BY_CODE, N_FORMATS } from "./formats";
import { ITEM_BANK_VERSION, N_ITEMS } from "./items";
import { argmax, expectedCalibrationError } from "./metrics";
import {
  expandFactorised,
  fitTemperature,
  foldGroupTemperatures,
  foldInputScale,
  initWeights,
  inputFeatures,
  inputWidth,
  mlpForward,
  mlpLogits,
  temperatureNll,
  trainMlp,
  type MlpWeights,
} from "./net";
import { exportOnnx } from "./onnx";
import { CALIBRATION_SCENARIOS, drawTrainingScenario, TRAINING_MIXTURE } from "./scenarios";
import { SCORING_VERSION, scaleKey } from "./scoring";
import { ANALYT_SCALES, SYSTEM_SCALES, type Scale } from "./items";
import { mixSeed, simulate, type Dataset } from "./simulate";

export const TRAIN_SEED = 1;
export const CALIBRATION_SEED = 2;
export const CORRECTED_WEIGHT = 5;
/** The first layer sees the answers and their absolute values (net.ts inputFeatures). */
export const ABS_INPUTS = true;
/** The options the committed model was trained with: `npm run model:train` with no arguments reproduces it. */
export const TRAIN_DEFAULTS = { n: 200000, calibration: 20000, hidden: 96, epochs: 12, seed: TRAIN_SEED, out: "data/model-train" } as const;
const MODEL_DIR = dirname(fileURLToPath(import.meta.url));
/** One softmax head per format axis (structure, volume, presentation): 3 + 3 + 3 outputs. */
const AXIS_GROUPS = AXIS_NAMES.map((a) => FORMAT_AXES[a].length);
const axisLabels = (formatLabels: Int32Array) =>
  Int32Array.from(
    { length: formatLabels.length * AXIS_NAMES.length },
    (_, k) => FORMAT_FACTORS[formatLabels[Math.floor(k / AXIS_NAMES.length)]][k % AXIS_NAMES.length],
  );

/** Manager-confirmed results: answers in position order and the stored format's class index. */
export async function loadCorrectedResults(url = process.env.DATABASE_URL ?? "file:data/app.db") {
  const { filePathOf, isRemoteUrl, openDatabase } = await import("../db/client");
  if (!isRemoteUrl(url) && !existsSync(filePathOf(url))) return { answers: new Int8Array(0), labels: new Int32Array(0), source: `${url} (absent)` };
  const database = await openDatabase(url, process.env.DATABASE_AUTH_TOKEN);
  try {
    const { sql } = await import("drizzle-orm");
    const rows = (await database.db.all(sql`
      select r.id as id, r.format_code as format, q.position as position, a.value as value
      from results r
      join answers a on a.result_id = r.id
      join questions q on q.id = a.question_id
      where r.is_correct = 1 and r.is_completed = 1 and r.format_code is not null
      order by r.id, q.position`)) as { id: string; format: string; position: number; value: number }[];
    const byResult = new Map<string, { format: string; values: number[] }>();
    for (const row of rows) {
      const e = byResult.get(row.id) ?? { format: row.format, values: [] };
      e.values[row.position - 1] = row.value;
      byResult.set(row.id, e);
    }
    const usable = [...byResult.values()].filter((e) => FORMAT_BY_CODE.has(e.format) && e.values.filter((v) => v !== undefined).length === N_ITEMS);
    const answers = new Int8Array(usable.length * N_ITEMS);
    const labels = new Int32Array(usable.length);
    usable.forEach((e, i) => {
      answers.set(e.values, i * N_ITEMS);
      labels[i] = FORMAT_BY_CODE.get(e.format)!.index;
    });
    return { answers, labels, source: url };
  } finally {
    await database.close();
  }
}

/** The trainer's inputs: answers × 0.5 (and their absolute values with absInputs), see net.ts. */
export function toInputs(answers: Int8Array, absInputs = ABS_INPUTS, scale = 0.5): Float32Array {
  return inputFeatures(answers, N_ITEMS, absInputs, scale);
}

/** Accuracy of exported weights (raw −2..2 inputs) on a dataset, optionally only where mask is true. */
export function accuracy(w: MlpWeights, d: Pick<Dataset, "n" | "answers" | "labels">, mask?: (i: number) => boolean) {
  const x = new Float32Array(N_ITEMS);
  const h = new Float32Array(w.nHidden);
  const p = new Float32Array(w.nOut);
  let ok = 0;
  let n = 0;
  for (let i = 0; i < d.n; i++) {
    if (mask && !mask(i)) continue;
    for (let j = 0; j < N_ITEMS; j++) x[j] = d.answers[i * N_ITEMS + j];
    mlpForward(w, x, h, p);
    let best = 0;
    for (let c = 1; c < w.nOut; c++) if (p[c] > p[best]) best = c;
    if (best === d.labels[i]) ok++;
    n++;
  }
  return n ? ok / n : 0;
}

/**
 * The scoring key as a starting point: the first hidden units are set to the four format scores (system,
 * analytics, volume, speed; each the keyed sum over its range, −1..1) and to hinges at their band edges,
 * so the heads start from what the rules know and training spends its steps on what they miss (response
 * styles, "don't know" used as a non-answer, the prior). Inputs are answers × 0.5. Returns the number of
 * units set.
 */
export function seedFromScoringKey(w: MlpWeights): number {
  // band edges on the −1..1 scale: structure 30 / 60 → −0.4 / 0.2; volume 35 / 65 → ±0.3; speed d = ±∛0.045
  const speedEdge = Math.cbrt(0.045);
  const scores: { scales: readonly Scale[]; edges: [number, number] }[] = [
    { scales: SYSTEM_SCALES, edges: [-0.4, 0.2] },
    { scales: ANALYT_SCALES, edges: [-0.4, 0.2] },
    { scales: ["VOLUME"], edges: [-0.3, 0.3] },
    { scales: ["SPEED"], edges: [-speedEdge, speedEdge] },
  ];
  let unit = 0;
  for (const { scales, edges } of scores) {
    const row = new Float32Array(w.nIn);
    const max = scales.reduce((a, s) => a + scaleKey(s).max, 0);
    for (const s of scales) {
      const { idx, coef } = scaleKey(s);
      idx.forEach((j, q) => (row[j] = (2 * coef[q]) / max)); // × 2 undoes the input scaling
    }
    // r⁺, r⁻, (r − upper edge)⁺, (lower edge − r)⁺
    const width = inputWidth(w);
    for (const [sign, bias] of [
      [1, 0],
      [-1, 0],
      [1, -edges[1]],
      [-1, edges[0]],
    ] as const) {
      if (unit >= w.nHidden) return unit;
      for (let j = 0; j < width; j++) w.W1[unit * width + j] = j < w.nIn ? sign * row[j] : 0;
      w.b1[unit++] = bias;
    }
  }
  return unit;
}

/** Logits of exported weights (raw −2..2 inputs) for every respondent: n × 27. */
function logitsOf(w: MlpWeights, d: Pick<Dataset, "n" | "answers">): Float32Array {
  const out = new Float32Array(d.n * w.nOut);
  const h = new Float32Array(w.nHidden);
  for (let i = 0; i < d.n; i++) mlpLogits(w, d.answers.subarray(i * N_ITEMS, (i + 1) * N_ITEMS), h, out.subarray(i * w.nOut, (i + 1) * w.nOut));
  return out;
}

/** The most frequent confusions (true → predicted) of exported weights on a dataset. */
function topConfusions(w: MlpWeights, d: Dataset, k = 10) {
  const confusions = new Map<string, number>();
  for (let i = 0; i < d.n; i++) {
    const best = argmax(mlpForward(w, d.answers.subarray(i * N_ITEMS, (i + 1) * N_ITEMS)));
    if (best === d.labels[i]) continue;
    const key = `${FORMATS[d.labels[i]].code} → ${FORMATS[best].code}`;
    confusions.set(key, (confusions.get(key) ?? 0) + 1);
  }
  return [...confusions.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, k)
    .map(([pair, count]) => ({ pair, count }));
}

/** Several simulated datasets as one (answers, labels; people and careless kinds concatenated). */
function concatDatasets(parts: Dataset[]): Dataset {
  const n = parts.reduce((a, p) => a + p.n, 0);
  const answers = new Int8Array(n * N_ITEMS);
  const labels = new Int32Array(n);
  const careless = new Uint8Array(n);
  let o = 0;
  for (const p of parts) {
    answers.set(p.answers, o * N_ITEMS);
    labels.set(p.labels, o);
    careless.set(p.careless, o);
    o += p.n;
  }
  return { n, answers, elapsed: null, labels, careless, people: parts.flatMap((p) => p.people) };
}

/**
 * The common factor on the per-axis temperatures, from 0.80 to 1.25 in steps of 1%, that gives the smallest
 * largest ECE (27 formats, top class) over the calibration conditions.
 */
function minimaxTemperatureFactor(heads: MlpWeights, temperatures: readonly number[], parts: Dataset[]) {
  const logits = parts.map((d) => logitsOf(heads, d));
  const starts = AXIS_GROUPS.map((_, g) => AXIS_GROUPS.slice(0, g).reduce((a, k) => a + k, 0));
  const eceAt = (factor: number) =>
    parts.map((d, s) => {
      const z = logits[s];
      const top = new Float32Array(d.n);
      const correct: boolean[] = [];
      const q = new Float64Array(N_FORMATS);
      for (let i = 0; i < d.n; i++) {
        let m = -Infinity;
        for (let f = 0; f < N_FORMATS; f++) {
          let l = 0;
          for (let g = 0; g < AXIS_GROUPS.length; g++) l += z[i * heads.nOut + starts[g] + FORMAT_FACTORS[f][g]] / (temperatures[g] * factor);
          q[f] = l;
          if (l > m) m = l;
        }
        let sum = 0;
        for (let f = 0; f < N_FORMATS; f++) sum += q[f] = Math.exp(q[f] - m);
        const best = argmax(q);
        top[i] = q[best] / sum;
        correct.push(best === d.labels[i]);
      }
      return expectedCalibrationError(top, correct);
    });
  let best = { factor: 1, maxEce: Infinity, perCondition: [] as number[], worst: "" };
  for (let step = 0; step <= 45; step++) {
    const factor = Number((0.8 + 0.01 * step).toFixed(2));
    const perCondition = eceAt(factor);
    const maxEce = Math.max(...perCondition);
    if (maxEce < best.maxEce) best = { factor, maxEce, perCondition, worst: CALIBRATION_SCENARIOS[perCondition.indexOf(maxEce)].key };
  }
  return best;
}

const sameBytes = (a: string, b: string) => existsSync(a) && existsSync(b) && readFileSync(a).equals(readFileSync(b));

async function main() {
  const D = TRAIN_DEFAULTS;
  const { values } = parseArgs({
    options: {
      n: { type: "string", default: String(D.n) },
      calibration: { type: "string", default: String(D.calibration) },
      hidden: { type: "string", default: String(D.hidden) },
      epochs: { type: "string", default: String(D.epochs) },
      seed: { type: "string", default: String(D.seed) },
      out: { type: "string", default: D.out },
    },
  });
  const n = Number(values.n);
  const nCal = Number(values.calibration);
  const hidden = Number(values.hidden);
  const epochs = Number(values.epochs);
  const seed = Number(values.seed);
  const t0 = Date.now();

  const sim = simulate(n, seed, { scenario: drawTrainingScenario });
  // Calibration: attentive people (careless ones are flagged, not scored on confidence) under each of the
  // grid's conditions in equal shares, fresh people (scenarios.ts CALIBRATION_SCENARIOS).
  const calParts = CALIBRATION_SCENARIOS.map((c, k) =>
    simulate(Math.round(nCal / CALIBRATION_SCENARIOS.length), mixSeed(CALIBRATION_SEED, k), { scenario: c.scenario }),
  );
  const cal = concatDatasets(calParts);
  const corrected = await loadCorrectedResults();
  const nc = corrected.labels.length;
  console.log(`data: ${n} simulated (training mixture) + ${nc} manager-confirmed (${corrected.source}); calibration ${nCal} simulated`);

  const answers = new Int8Array((n + nc) * N_ITEMS);
  answers.set(sim.answers);
  answers.set(corrected.answers, n * N_ITEMS);
  const labels = new Int32Array(n + nc);
  labels.set(sim.labels);
  labels.set(corrected.labels, n);
  const weights = new Float32Array(n + nc).fill(1);
  weights.fill(CORRECTED_WEIGHT, n);

  const w0 = initWeights(
    N_ITEMS,
    hidden,
    AXIS_GROUPS.reduce((a, k) => a + k, 0),
    seed,
    ABS_INPUTS,
  );
  seedFromScoringKey(w0);
  const asFormats = (w: MlpWeights) => expandFactorised(foldInputScale(w, 0.5), AXIS_GROUPS, FORMAT_FACTORS);
  const trained = trainMlp(w0, toInputs(answers), axisLabels(labels), weights, {
    groups: AXIS_GROUPS,
    epochs,
    batchSize: 128,
    lr: 3e-3,
    lrMin: 5e-5,
    weightDecay: 1e-4,
    seed,
    onEpoch: (e, loss, w, s) => {
      const acc = e % 4 === 0 || e === epochs ? ` calibration-set acc ${(100 * accuracy(asFormats(w), cal)).toFixed(2)}%` : "";
      console.log(`epoch ${e}/${epochs} loss ${loss.toFixed(4)}${acc} (${s.toFixed(0)} s)`);
    },
  });
  // One temperature per axis, fitted on the calibration set's logits of that axis's head.
  const heads = foldInputScale(trained, 0.5);
  const calLogits = logitsOf(heads, cal);
  const calAxisLabels = axisLabels(cal.labels);
  let offset = 0;
  const nll: [number, number][] = [];
  const temperatures = AXIS_GROUPS.map((k, g) => {
    const z = Float32Array.from({ length: cal.n * k }, (_, q) => calLogits[Math.floor(q / k) * heads.nOut + offset + (q % k)]);
    offset += k;
    const y = Int32Array.from({ length: cal.n }, (_, i) => calAxisLabels[i * AXIS_GROUPS.length + g]);
    const t = fitTemperature(z, y, k);
    nll.push([temperatureNll(z, y, k), temperatureNll(z, y, k, t)]);
    return t;
  });
  // One common factor on the three temperatures: the one (of 0.80 … 1.25) with the smallest worst-condition
  // ECE on the calibration people. Pooled NLL weighs the seven typological conditions against the continuous
  // one and leaves the continuous people overconfident; the factor balances the worst two instead.
  const factor = minimaxTemperatureFactor(heads, temperatures, calParts);
  const scaled = temperatures.map((t) => t * factor.factor);
  const exported = expandFactorised(foldGroupTemperatures(heads, AXIS_GROUPS, scaled), AXIS_GROUPS, FORMAT_FACTORS);
  const calAccuracy = accuracy(exported, cal);
  const digest = createHash("sha256");
  for (const a of [exported.W1, exported.b1, exported.W2, exported.b2]) digest.update(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
  const version = `mlp-${hidden}-${digest.digest("hex").slice(0, 8)}`;

  // No dates or timings in the files: the same options give the same bytes.
  const card = {
    version,
    architecture: {
      input: N_ITEMS,
      features: ABS_INPUTS ? "answers and |answers| (Abs, Concat)" : "answers",
      firstLayerWidth: inputWidth(exported),
      hidden,
      activation: "relu",
      output: N_FORMATS,
      softmax: true,
      opset: 13,
    },
    itemBank: ITEM_BANK_VERSION,
    scoring: SCORING_VERSION,
    label: "format of the true score under the reference measurement model (spec §9 band edges)",
    data: {
      simulated: n,
      population: TRAINING_MIXTURE,
      managerConfirmed: nc,
      confirmedWeight: CORRECTED_WEIGHT,
      calibration: nCal,
      calibrationPopulation:
        "attentive people under the stress grid's eight conditions in equal shares (fresh seeds; a training RU/EN shift seed instead of the grid's)",
      trainSeed: seed,
      calibrationSeed: CALIBRATION_SEED,
    },
    training: {
      epochs,
      batchSize: 128,
      optimizer: "AdamW, cosine decay 3e-3 → 5e-5, weight decay 1e-4",
      heads: "one softmax per axis (structure, volume, presentation), expanded exactly into the 27 formats",
      temperatures: Object.fromEntries(AXIS_NAMES.map((a, g) => [a, Number(scaled[g].toFixed(4))])),
      temperatureFit: `per axis by NLL on the calibration set (${AXIS_NAMES.map((a, g) => `${a} ${temperatures[g].toFixed(4)}`).join(", ")}), then × ${factor.factor.toFixed(4)}, the common factor with the smallest worst-condition ECE (${factor.maxEce.toFixed(4)}, ${factor.worst})`,
      calibrationNll: Object.fromEntries(AXIS_NAMES.map((a, g) => [a, { before: Number(nll[g][0].toFixed(4)), after: Number(nll[g][1].toFixed(4)) }])),
    },
    calibrationSetAccuracy: Number(calAccuracy.toFixed(4)),
    calibrationSetEce: Object.fromEntries(CALIBRATION_SCENARIOS.map((c, k) => [c.key, Number(factor.perCondition[k].toFixed(4))])),
    topConfusions: topConfusions(exported, cal),
    labels: FORMATS.map((f) => f.code),
    note: "Simulated respondents only; the stress grid (npm run model:eval) and model/README.md give the figures and limits.",
  };
  const out = resolve(values.out!);
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "classifier.onnx"), exportOnnx(exported, { version, itemBank: ITEM_BANK_VERSION, scoring: SCORING_VERSION }));
  writeFileSync(join(out, "classifier.card.json"), JSON.stringify(card, null, 2) + "\n");
  console.log(
    `temperatures by NLL ${AXIS_NAMES.map((a, g) => `${a} ${temperatures[g].toFixed(3)} (NLL ${nll[g][0].toFixed(4)} → ${nll[g][1].toFixed(4)})`).join(", ")}`,
  );
  console.log(
    `common factor ${factor.factor.toFixed(3)}: calibration-set ECE per condition ${factor.perCondition.map((e, k) => `${CALIBRATION_SCENARIOS[k].key} ${e.toFixed(3)}`).join(", ")}`,
  );
  console.log(`calibration-set accuracy ${(100 * calAccuracy).toFixed(2)}% (grid conditions, attentive)`);
  console.log(`wrote ${join(out, "classifier.onnx")} and classifier.card.json (${version}) in ${Math.round((Date.now() - t0) / 1000)} s`);
  if (out !== MODEL_DIR) {
    const same = ["classifier.onnx", "classifier.card.json"].every((f) => sameBytes(join(out, f), join(MODEL_DIR, f)));
    console.log(`byte-identical to the committed model (model/): ${same ? "yes" : "no"}${same ? "" : " — `--out model` replaces it"}`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename ?? ""))
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
