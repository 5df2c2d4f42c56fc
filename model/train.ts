/**
 * `npm run model:train` — builds model/classifier.onnx and model/classifier.card.json.
 *
 * 1. Simulates calibration respondents (model/simulate.ts) for training and a separate held-out set.
 * 2. Adds every completed result a manager marked correct (`results.is_correct`) in the database at
 *    DATABASE_URL (default file:data/app.db), labelled with its stored format, weighted ×5.
 * 3. Trains the MLP (model/net.ts) and exports it to ONNX with the input scaling folded in.
 *
 * Options: --n 100000 --holdout 20000 --hidden 64 --epochs 14 --seed 1 --out model
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { FORMATS, FORMAT_BY_CODE, N_FORMATS } from "./formats";
import { ITEM_BANK_VERSION, N_ITEMS } from "./items";
import { foldInputScale, initWeights, mlpForward, trainMlp, type MlpWeights } from "./net";
import { exportOnnx } from "./onnx";
import { SCORING_VERSION } from "./scoring";
import { simulate, type Dataset } from "./simulate";

export const TRAIN_SEED = 1;
export const HOLDOUT_SEED = 2;
export const CORRECTED_WEIGHT = 5;

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

export function toInputs(answers: Int8Array, scale = 0.5): Float32Array {
  const X = new Float32Array(answers.length);
  for (let i = 0; i < answers.length; i++) X[i] = answers[i] * scale;
  return X;
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

async function main() {
  const { values } = parseArgs({
    options: {
      n: { type: "string", default: "100000" },
      holdout: { type: "string", default: "20000" },
      hidden: { type: "string", default: "64" },
      epochs: { type: "string", default: "14" },
      seed: { type: "string", default: String(TRAIN_SEED) },
      out: { type: "string", default: "model" },
    },
  });
  const n = Number(values.n);
  const nHold = Number(values.holdout);
  const hidden = Number(values.hidden);
  const epochs = Number(values.epochs);
  const seed = Number(values.seed);
  const t0 = Date.now();

  const sim = simulate(n, seed);
  const hold = simulate(nHold, HOLDOUT_SEED);
  const corrected = await loadCorrectedResults();
  const nc = corrected.labels.length;
  console.log(`data: ${n} simulated + ${nc} manager-confirmed (${corrected.source}); held-out ${nHold} simulated`);

  const answers = new Int8Array((n + nc) * N_ITEMS);
  answers.set(sim.answers);
  answers.set(corrected.answers, n * N_ITEMS);
  const labels = new Int32Array(n + nc);
  labels.set(sim.labels);
  labels.set(corrected.labels, n);
  const weights = new Float32Array(n + nc).fill(1);
  weights.fill(CORRECTED_WEIGHT, n);

  const w0 = initWeights(N_ITEMS, hidden, N_FORMATS, seed);
  const trained = trainMlp(w0, toInputs(answers), labels, weights, {
    epochs,
    batchSize: 128,
    lr: 3e-3,
    lrMin: 5e-5,
    weightDecay: 1e-4,
    seed,
    onEpoch: (e, loss, w, s) => {
      const acc = e % 3 === 0 || e === epochs ? ` held-out acc ${(100 * accuracy(foldInputScale(w, 0.5), hold)).toFixed(2)}%` : "";
      console.log(`epoch ${e}/${epochs} loss ${loss.toFixed(4)}${acc} (${s.toFixed(0)} s)`);
    },
  });
  const exported = foldInputScale(trained, 0.5);
  const attentive = (i: number) => hold.careless[i] === 0;
  const heldOut = accuracy(exported, hold);
  const heldOutAttentive = accuracy(exported, hold, attentive);
  const version = `mlp-${hidden}-${new Date().toISOString().slice(0, 10)}-n${n + nc}`;

  // confusion summary: the most frequent confusions on the held-out set
  const confusions = new Map<string, number>();
  const x = new Float32Array(N_ITEMS);
  for (let i = 0; i < hold.n; i++) {
    for (let j = 0; j < N_ITEMS; j++) x[j] = hold.answers[i * N_ITEMS + j];
    const p = mlpForward(exported, x);
    let best = 0;
    for (let c = 1; c < N_FORMATS; c++) if (p[c] > p[best]) best = c;
    if (best !== hold.labels[i]) {
      const k = `${FORMATS[hold.labels[i]].code} → ${FORMATS[best].code}`;
      confusions.set(k, (confusions.get(k) ?? 0) + 1);
    }
  }
  const card = {
    version,
    createdAt: new Date().toISOString(),
    architecture: { input: N_ITEMS, hidden, activation: "relu", output: N_FORMATS, softmax: true, opset: 13 },
    itemBank: ITEM_BANK_VERSION,
    scoring: SCORING_VERSION,
    data: { simulated: n, managerConfirmed: nc, confirmedWeight: CORRECTED_WEIGHT, heldOut: nHold, trainSeed: seed, heldOutSeed: HOLDOUT_SEED },
    training: { epochs, batchSize: 128, optimizer: "AdamW, cosine decay 3e-3 → 5e-5, weight decay 1e-4", seconds: Math.round((Date.now() - t0) / 1000) },
    heldOutAccuracy: Number(heldOut.toFixed(4)),
    heldOutAccuracyAttentive: Number(heldOutAttentive.toFixed(4)),
    topConfusions: [...confusions.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([pair, count]) => ({ pair, count })),
    labels: FORMATS.map((f) => f.code),
  };
  const out = resolve(values.out!);
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "classifier.onnx"), exportOnnx(exported, { version, itemBank: ITEM_BANK_VERSION, scoring: SCORING_VERSION }));
  writeFileSync(join(out, "classifier.card.json"), JSON.stringify(card, null, 2) + "\n");
  console.log(`held-out accuracy ${(100 * heldOut).toFixed(2)}% (attentive respondents ${(100 * heldOutAttentive).toFixed(2)}%)`);
  console.log(`wrote ${join(out, "classifier.onnx")} and classifier.card.json (${version}) in ${card.training.seconds} s`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename ?? ""))
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
