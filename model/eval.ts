/**
 * `npm run model:eval` — the figures behind the product's accuracy claim, on fresh simulated data
 * (seeds distinct from training), through the production path (onnxruntime-node):
 * held-out accuracy and Cohen's kappa for the network and the rule-based scorer, per-class recall,
 * mean top probability, retest consistency, careless-response detection, Cronbach's alpha per scale,
 * and a sensitivity check on a continuous (non-typological) population.
 *
 * Options: --n 20000 (held-out size)
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { FORMATS, FORMAT_BY_CODE, N_FORMATS } from "./formats";
import { loadClassifier, predictProbabilities } from "./index";
import { ITEMS, N_ITEMS, SCALES } from "./items";
import { responseQuality } from "./quality";
import { scoreAnswers, type AnswerValue } from "./scoring";
import { CARELESS_KINDS, simulate, type Dataset } from "./simulate";

export const EVAL_SEED = 3;
export const ALPHA_TARGET = 0.7;
export const ACCURACY_TARGET = 0.97;

export function cohensKappa(truth: ArrayLike<number>, pred: ArrayLike<number>, k: number): number {
  const n = truth.length;
  const rows = new Float64Array(k);
  const cols = new Float64Array(k);
  let agree = 0;
  for (let i = 0; i < n; i++) {
    rows[truth[i]]++;
    cols[pred[i]]++;
    if (truth[i] === pred[i]) agree++;
  }
  const po = agree / n;
  let pe = 0;
  for (let c = 0; c < k; c++) pe += (rows[c] / n) * (cols[c] / n);
  return (po - pe) / (1 - pe);
}

/** Cronbach's alpha of one scale's keyed items (sign × answer) over all respondents. */
export function cronbachAlpha(d: Pick<Dataset, "n" | "answers">, scale: string): number {
  const items = ITEMS.flatMap((it) => it.keys.filter((k) => k.scale === scale).map((k) => ({ j: it.position - 1, s: k.sign })));
  const k = items.length;
  const sum = new Float64Array(k);
  const sq = new Float64Array(k);
  let tSum = 0;
  let tSq = 0;
  for (let i = 0; i < d.n; i++) {
    let total = 0;
    items.forEach(({ j, s }, q) => {
      const v = s * d.answers[i * N_ITEMS + j];
      sum[q] += v;
      sq[q] += v * v;
      total += v;
    });
    tSum += total;
    tSq += total * total;
  }
  const variance = (s: number, s2: number) => s2 / d.n - (s / d.n) ** 2;
  let itemVar = 0;
  for (let q = 0; q < k; q++) itemVar += variance(sum[q], sq[q]);
  return (k / (k - 1)) * (1 - itemVar / variance(tSum, tSq));
}

const argmax = (p: ArrayLike<number>, o: number, k: number) => {
  let b = 0;
  for (let c = 1; c < k; c++) if (p[o + c] > p[o + b]) b = c;
  return b;
};

async function predictAll(d: Dataset) {
  const probs = await predictProbabilities(d.answers, d.n);
  const nn = new Int32Array(d.n);
  const top = new Float32Array(d.n);
  const rules = new Int32Array(d.n);
  for (let i = 0; i < d.n; i++) {
    nn[i] = argmax(probs, i * N_FORMATS, N_FORMATS);
    top[i] = probs[i * N_FORMATS + nn[i]];
    const a = Array.from(d.answers.subarray(i * N_ITEMS, (i + 1) * N_ITEMS)) as AnswerValue[];
    rules[i] = FORMAT_BY_CODE.get(scoreAnswers(a).formatCode)!.index;
  }
  return { nn, top, rules };
}

function subset(xs: ArrayLike<number>, mask: boolean[]) {
  return Array.from(xs).filter((_, i) => mask[i]);
}
const pct = (v: number) => `${(100 * v).toFixed(2)}%`;

async function main() {
  const { values } = parseArgs({ options: { n: { type: "string", default: "20000" } } });
  const n = Number(values.n);
  const t0 = Date.now();
  const { version } = await loadClassifier();
  console.log(`model ${version}; ${n} simulated held-out respondents (seed ${EVAL_SEED}), 5% careless mixed in\n`);

  const d = simulate(n, EVAL_SEED, { timing: true });
  const { nn, top, rules } = await predictAll(d);
  const attentive = Array.from(d.careless, (c) => c === 0);
  const all = attentive.map(() => true);
  const acc = (pred: Int32Array, m: boolean[]) => {
    let ok = 0;
    let k = 0;
    for (let i = 0; i < d.n; i++) if (m[i]) (k++, pred[i] === d.labels[i] && ok++);
    return ok / k;
  };
  const line = (name: string, pred: Int32Array) =>
    console.log(
      `${name.padEnd(12)} accuracy ${pct(acc(pred, attentive))} attentive, ${pct(acc(pred, all))} all · kappa ${cohensKappa(subset(d.labels, attentive), subset(pred, attentive), N_FORMATS).toFixed(4)} attentive, ${cohensKappa(d.labels, pred, N_FORMATS).toFixed(4)} all`,
    );
  line("network", nn);
  line("rules", rules);
  const nnAcc = acc(nn, attentive);
  console.log(`target ≥ ${pct(ACCURACY_TARGET)} (attentive): ${nnAcc >= ACCURACY_TARGET ? "met" : "NOT met"}; network better than rules: ${nnAcc > acc(rules, attentive) ? "yes" : "NO"}`);

  let topSum = 0;
  for (let i = 0; i < d.n; i++) if (attentive[i]) topSum += top[i];
  console.log(`mean top probability ${(topSum / attentive.filter(Boolean).length).toFixed(4)} (attentive)`);

  console.log("\nper-class recall (network, attentive):");
  const recall = FORMATS.map((f) => {
    let hit = 0;
    let tot = 0;
    for (let i = 0; i < d.n; i++) if (attentive[i] && d.labels[i] === f.index) (tot++, nn[i] === f.index && hit++);
    return `${f.code} ${pct(hit / tot)}`;
  });
  for (let i = 0; i < recall.length; i += 3) console.log("  " + recall.slice(i, i + 3).map((s) => s.padEnd(24)).join(""));

  // retest: the same people answer again with fresh response noise
  const retest = simulate(n, EVAL_SEED, { timing: false, people: d.people, replication: 1 });
  const again = await predictAll(retest);
  let same = 0;
  let sameRules = 0;
  for (let i = 0; i < n; i++) if (attentive[i]) (nn[i] === again.nn[i] && same++, rules[i] === again.rules[i] && sameRules++);
  const na = attentive.filter(Boolean).length;
  console.log(`\nretest consistency (same format twice, attentive): network ${pct(same / na)}, rules ${pct(sameRules / na)}`);

  // careless responding: flag rates by kind
  console.log("\nresponse-quality flags (share flagged careless, i.e. grade poor):");
  for (const [k, kind] of CARELESS_KINDS.entries()) {
    let flagged = 0;
    let tot = 0;
    for (let i = 0; i < n; i++) {
      if (d.careless[i] !== k) continue;
      tot++;
      const q = responseQuality(d.answers.subarray(i * N_ITEMS, (i + 1) * N_ITEMS), d.elapsed!.subarray(i * N_ITEMS, (i + 1) * N_ITEMS), top[i]);
      if (q.grade === "poor") flagged++;
    }
    console.log(`  ${kind.padEnd(9)} ${String(tot).padStart(6)} respondents, flagged ${pct(flagged / tot)}`);
  }

  console.log("\nCronbach's alpha per scale (calibration data):");
  const alphas = SCALES.map((s) => [s, cronbachAlpha(d, s)] as const);
  for (const [s, a] of alphas) console.log(`  ${s.padEnd(10)} ${a.toFixed(3)} ${a >= ALPHA_TARGET ? "" : "< 0.70"}`);
  console.log(`every scale ≥ ${ALPHA_TARGET}: ${alphas.every(([, a]) => a >= ALPHA_TARGET) ? "yes" : "NO"}`);

  const cont = simulate(Math.min(n, 10000), EVAL_SEED + 1, { population: "continuous", careless: false });
  const cp = await predictAll(cont);
  let cn = 0;
  let cr = 0;
  for (let i = 0; i < cont.n; i++) (cp.nn[i] === cont.labels[i] && cn++, cp.rules[i] === cont.labels[i] && cr++);
  console.log(
    `\nsensitivity, continuous population (no types; label = true-score band): network ${pct(cn / cont.n)}, rules ${pct(cr / cont.n)}`,
  );
  console.log(`\n${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename ?? ""))
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
