/**
 * `npm run model:eval` — the figures behind the product's accuracy statements, on fresh simulated
 * respondents (seeds distinct from training), through the production path (onnxruntime-node).
 *
 * 1. The pre-registered stress grid (model/scenarios.ts): per scenario, accuracy and Cohen's kappa of the
 *    network (its ONNX output recalibrated per person, model/recalibrate.ts; the ECE of the ONNX output alone
 *    is printed too), of the product (model/between.ts: the rules lead between two formats) and of the
 *    rule-based scorer against the true-score format; expected calibration error and mean confidence;
 *    retest consistency; the share of people shown "between two formats"; network–rules agreement where
 *    the rules are unambiguous.
 * 2. Response-quality checks: false alarms on attentive people (incl. heavy "don't know" users and fast
 *    readers) and detection of careless responders; the person-fit statistic per scenario.
 * 3. Cronbach's alpha per scale.
 * 4. First, the fit-validity bench (model/fit-validity.ts): whether dissimilar jobs rank people differently,
 *    whether each job's intended persona is near the top, and how far one select of the wizard moves a person;
 *    then whether calibrating a vague description from the intended persona's people moves the ranking
 *    toward them (model/fit-performers-bench.ts).
 * The output ends with three lines that tooling reads (see README.md).
 *
 * Options: --n 10000 (respondents per scenario) --model model/classifier.onnx (another model to evaluate)
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { FORMAT_BY_CODE, N_FORMATS } from "./formats";
import { CLASSIFIER_PATH, openClassifier, type ClassifierSession } from "./index";
import { ITEMS, N_ITEMS, SCALES } from "./items";
import { accuracyOf, argmax, cohensKappa, expectedCalibrationError } from "./metrics";
import { QUALITY, responseQuality } from "./quality";
import { personFitGroups } from "./quality-thresholds";
import { BETWEEN_CONFIDENCE, productChoice } from "./between";
import { printPerformersBench } from "./fit-performers-bench";
import { personaPanel, printFitValidity } from "./fit-validity";
import { drawCalibrationPopulation, STRESS_GRID, type GridScenario } from "./scenarios";
import { POPULATION_MIN_PEOPLE } from "./calibration-fit";
import { personProfile, populationProfile, POPULATION_WINDOW, type PopulationProfile } from "./recalibrate";
import { formatMargins, scoreAnswers, type AnswerValue } from "./scoring";
import { BASELINE, CARELESS_KINDS, mixSeed, Rng, simulate, type Dataset, type Scenario } from "./simulate";

export const EVAL_SEED = 3;
export const ALPHA_TARGET = 0.7;
/** The model's targets (model/README.md). */
export const TARGETS = {
  maxEce: 0.03,
  rulesAgreement: 0.95,
  misfitFalseAlarms: 0.05,
  misfitDetection: 0.5,
  carelessFalseAlarms: 0.05,
  carelessDetection: 0.9,
} as const;
/** The rules are "unambiguous" for a person when every dimension is at least this far (points) from a band edge. */
export const UNAMBIGUOUS_MARGIN = 10;

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

const answersOf = (d: Pick<Dataset, "answers">, i: number) => d.answers.subarray(i * N_ITEMS, (i + 1) * N_ITEMS);

/**
 * Network, product (model/between.ts productChoice) and rule-based predictions for a dataset, with the
 * network's top probability, the probability of the product's format, and whether the rules are unambiguous.
 */
export async function predictAll(classifier: ClassifierSession, d: Dataset, population?: PopulationProfile | null) {
  const probs = await classifier.predict(d.answers, d.n, population);
  const nn = new Int32Array(d.n);
  const top = new Float32Array(d.n);
  const product = new Int32Array(d.n);
  const productP = new Float32Array(d.n);
  const rules = new Int32Array(d.n);
  const rulesLead = new Uint8Array(d.n);
  const unambiguous = new Uint8Array(d.n);
  for (let i = 0; i < d.n; i++) {
    const o = i * N_FORMATS;
    nn[i] = argmax(probs, o, N_FORMATS);
    top[i] = probs[o + nn[i]];
    const scored = scoreAnswers(Array.from(answersOf(d, i)) as AnswerValue[]);
    rules[i] = FORMAT_BY_CODE.get(scored.formatCode)!.index;
    const choice = productChoice(probs, rules[i], o);
    product[i] = choice.primary;
    rulesLead[i] = choice.decidedBy === "rules" ? 1 : 0;
    productP[i] = probs[o + product[i]];
    const m = formatMargins(scored.indicators);
    unambiguous[i] = Math.min(m.structure, m.volume, m.presentation) >= UNAMBIGUOUS_MARGIN ? 1 : 0;
  }
  return { nn, top, product, productP, rules, rulesLead, unambiguous };
}

export interface ScenarioResult {
  key: string;
  network: { accuracy: number; kappa: number; ece: number; meanConfidence: number; retest: number };
  /** ECE of the ONNX output before the per-person recalibration (the same top format). */
  networkAloneEce: number;
  /** ECE of the recalibration without a population profile (a test with fewer respondents than the map's minPeople). */
  noPopulationEce: number;
  product: { accuracy: number; kappa: number; ece: number; retest: number };
  rules: { accuracy: number; kappa: number; retest: number };
  between: number;
  /** Share of people whose reported format the rules decided (between two formats, model/between.ts). */
  rulesLead: number;
  unambiguousShare: number;
  agreementUnambiguous: number;
}

/**
 * The profile of a scenario's population as the product would know it: POPULATION_WINDOW other people of the
 * same scenario (earlier respondents), not the evaluated ones.
 */
export function scenarioPopulation(g: Pick<GridScenario, "scenario"> | { scenario: (person: Rng) => Scenario }, seed: number): PopulationProfile | null {
  const earlier = simulate(POPULATION_WINDOW, seed, { scenario: g.scenario });
  return populationProfile(Array.from({ length: earlier.n }, (_, i) => personProfile(answersOf(earlier, i))));
}

export async function evaluateScenario(classifier: ClassifierSession, g: GridScenario, n: number, seed: number): Promise<ScenarioResult> {
  const d = simulate(n, seed, { scenario: g.scenario });
  const population = scenarioPopulation(g, mixSeed(seed, 400));
  const p = await predictAll(classifier, d, population);
  const topOf = (probs: Float32Array) => Array.from({ length: n }, (_, i) => probs[i * N_FORMATS + argmax(probs, i * N_FORMATS, N_FORMATS)]);
  const aloneTop = topOf(await classifier.predictNetwork(d.answers, d.n));
  const unknownTop = topOf(await classifier.predict(d.answers, d.n, null));
  const again = await predictAll(classifier, simulate(n, seed, { people: d.people, replication: 1 }), population);
  const correct = Array.from(p.nn, (c, i) => c === d.labels[i]);
  let sameNn = 0;
  let sameProduct = 0;
  let sameRules = 0;
  let between = 0;
  let rulesLead = 0;
  let unamb = 0;
  let agree = 0;
  let confidence = 0;
  for (let i = 0; i < n; i++) {
    if (p.nn[i] === again.nn[i]) sameNn++;
    if (p.product[i] === again.product[i]) sameProduct++;
    if (p.rules[i] === again.rules[i]) sameRules++;
    if (p.top[i] < BETWEEN_CONFIDENCE) between++;
    rulesLead += p.rulesLead[i];
    confidence += p.top[i];
    if (p.unambiguous[i]) unamb++, p.nn[i] === p.rules[i] && agree++;
  }
  return {
    key: g.key,
    network: {
      accuracy: accuracyOf(d.labels, p.nn),
      kappa: cohensKappa(d.labels, p.nn, N_FORMATS),
      ece: expectedCalibrationError(p.top, correct),
      meanConfidence: confidence / n,
      retest: sameNn / n,
    },
    networkAloneEce: expectedCalibrationError(aloneTop, correct),
    noPopulationEce: expectedCalibrationError(unknownTop, correct),
    product: {
      accuracy: accuracyOf(d.labels, p.product),
      kappa: cohensKappa(d.labels, p.product, N_FORMATS),
      ece: expectedCalibrationError(
        p.productP,
        Array.from(p.product, (c, i) => c === d.labels[i]),
      ),
      retest: sameProduct / n,
    },
    rules: { accuracy: accuracyOf(d.labels, p.rules), kappa: cohensKappa(d.labels, p.rules, N_FORMATS), retest: sameRules / n },
    between: between / n,
    rulesLead: rulesLead / n,
    unambiguousShare: unamb / n,
    agreementUnambiguous: unamb ? agree / unamb : 1,
  };
}

/**
 * Beyond the grid: random populations over its range (drawCalibrationPopulation: typological, continuous or
 * mixed, one set of measurement conditions each; fresh seeds), the classifier's ECE in each with its profile
 * from other people of the same population. Not a target; it shows how far the calibration carries between
 * the grid's points.
 */
export async function randomPopulationsEce(classifier: ClassifierSession, count: number, n: number, seed: number) {
  const draw = new Rng(mixSeed(seed, 500));
  const eces: number[] = [];
  for (let k = 0; k < count; k++) {
    const scenario = drawCalibrationPopulation(draw);
    const d = simulate(n, mixSeed(seed, 501 + k), { scenario });
    const p = await predictAll(classifier, d, scenarioPopulation({ scenario }, mixSeed(seed, 601 + k)));
    eces.push(
      expectedCalibrationError(
        p.top,
        Array.from(p.nn, (c, i) => c === d.labels[i]),
      ),
    );
  }
  return eces.sort((a, b) => a - b);
}

const pct1 = (v: number) => (100 * v).toFixed(1);
const pct = (v: number) => `${pct1(v)}%`;

function printGrid(rows: ScenarioResult[]) {
  console.log("stress grid (attentive respondents; label = format of the true score)");
  console.log(
    "  network = the classifier: the network's output recalibrated per person (model/recalibrate.ts; same top format); product = what the report says (rules lead between two formats, model/between.ts)",
  );
  const head = [
    "scenario".padEnd(20),
    "network",
    "κ",
    "ECE",
    "conf",
    "product",
    "κ",
    "ECE",
    "rules",
    "κ",
    "retest nn",
    "prod",
    "rules",
    "between",
    "rules lead",
    "nn=rules",
  ];
  const widths = [20, 7, 6, 6, 5, 7, 6, 6, 7, 6, 9, 6, 6, 7, 10, 8];
  const line = (cells: string[]) => cells.map((c, k) => (k ? c.padStart(widths[k]) : c.padEnd(widths[k]))).join(" ");
  console.log(line(head));
  for (const r of rows)
    console.log(
      line([
        r.key,
        pct(r.network.accuracy),
        r.network.kappa.toFixed(3),
        r.network.ece.toFixed(3),
        r.network.meanConfidence.toFixed(2),
        pct(r.product.accuracy),
        r.product.kappa.toFixed(3),
        r.product.ece.toFixed(3),
        pct(r.rules.accuracy),
        r.rules.kappa.toFixed(3),
        pct(r.network.retest),
        pct(r.product.retest),
        pct(r.rules.retest),
        pct(r.between),
        pct(r.rulesLead),
        pct(r.agreementUnambiguous),
      ]),
    );
  console.log(
    `  between = top probability < ${BETWEEN_CONFIDENCE} (the report names two formats); rules lead = the rules' format named first (between two formats, when it is one of the two); nn=rules = network–rules agreement where every dimension is ≥ ${UNAMBIGUOUS_MARGIN} points from a band edge (share of people: ${rows.map((r) => pct(r.unambiguousShare)).join(", ")})`,
  );
  console.log(
    `  ECE of the network's output before the per-person recalibration: ${rows.map((r) => `${r.key} ${r.networkAloneEce.toFixed(3)}`).join(", ")} (max ${Math.max(...rows.map((r) => r.networkAloneEce)).toFixed(3)})`,
  );
  console.log(
    `  ECE recalibrated without a population profile (a test with fewer than ${POPULATION_MIN_PEOPLE} attentive respondents): ${rows.map((r) => `${r.key} ${r.noPopulationEce.toFixed(3)}`).join(", ")} (max ${Math.max(...rows.map((r) => r.noPopulationEce)).toFixed(3)})`,
  );
  console.log(`  the grid's figures use each scenario's population profile from ${POPULATION_WINDOW} other people of the scenario (its earlier respondents)`);
  for (const g of STRESS_GRID) console.log(`  ${g.key}: ${g.description}`);
}

/** Grade rates by kind of respondent, and the special attentive groups the flags must be fair to. */
function printQuality(classifier: ClassifierSession, probs: { top: Float32Array }, d: Dataset) {
  const kinds = new Map<string, { poor: number; misfit: number; total: number }>();
  const count = (kind: string, poor: boolean, misfit: boolean) => {
    const e = kinds.get(kind) ?? { poor: 0, misfit: 0, total: 0 };
    e.total++;
    if (poor) e.poor++;
    if (misfit) e.misfit++;
    kinds.set(kind, e);
  };
  for (let i = 0; i < d.n; i++) {
    const q = responseQuality(answersOf(d, i), d.elapsed!.subarray(i * N_ITEMS, (i + 1) * N_ITEMS), probs.top[i]);
    const p = d.people[i];
    const poor = q.grade === "poor";
    const misfit = q.flags.includes("misfit");
    count(CARELESS_KINDS[d.careless[i]], poor, misfit);
    if (p.careless === "none" && p.dkSkip > 0) count("attentive, don't know on 20–60% of items", poor, misfit);
    if (p.careless === "none" && p.pace < 3.5) count("attentive, reading 1.5–3.5 s per item", poor, misfit);
  }
  console.log(`\nresponse quality (share graded poor, share flagged misfit; model ${classifier.version}):`);
  for (const [kind, { poor, misfit, total }] of kinds)
    console.log(
      `  ${kind.padEnd(42)} ${String(total).padStart(6)} respondents, poor ${pct(poor / total).padStart(6)}, misfit ${pct(misfit / total).padStart(6)}`,
    );
  // the company's two marks (server/services/business/reliability.ts): "careless answers" is grade poor;
  // "between two formats" is the model's low confidence, information that a retake would not change
  const attentive = kinds.get("none")!;
  const careless = ["random", "straight", "partial"].map((k) => kinds.get(k) ?? { poor: 0, total: 0 });
  const flagged =
    careless.reduce((s, k) => s + k.poor, 0) /
    Math.max(
      1,
      careless.reduce((s, k) => s + k.total, 0),
    );
  const falseAlarms = attentive.poor / attentive.total;
  let between = 0;
  for (let i = 0; i < d.n; i++) if (d.careless[i] === 0 && probs.top[i] < QUALITY.lowConfidence) between++;
  console.log(
    `reliability marks: "careless answers" on ${pct(falseAlarms)} of attentive respondents (target ≤ ${pct(TARGETS.carelessFalseAlarms)}: ${falseAlarms <= TARGETS.carelessFalseAlarms ? "met" : "NOT met"}) and ${pct(flagged)} of careless ones (target ≥ ${pct(TARGETS.carelessDetection)}: ${flagged >= TARGETS.carelessDetection ? "met" : "NOT met"}); "between two formats" (information, not a retake) on ${pct(between / attentive.total)} of attentive respondents`,
  );
}

/**
 * The person-fit statistic per grid scenario, on fresh people (not the threshold's seeds; personFitGroups):
 * false alarms on attentive people (flagged misfit; graded poor for it), with their answers' times and from
 * the answers alone, and on the fairness groups (careful fast readers; "don't know" on 60% of the items);
 * detection of the same people answering 30% of the items at random, with times and from the answers alone.
 */
function printPersonFit(n: number) {
  console.log(
    `\nperson fit (log Bayes factor "partly random" vs "honest"; misfit > ${QUALITY.misfit} = flag, grade fair; > ${QUALITY.misfitPoor} = grade poor; share flagged / graded poor)`,
  );
  const head = ["scenario", "attentive", "answers only", "fast readers", "dk 60%", "30% random", "answers only"];
  const widths = [20, 13, 13, 13, 13, 13, 13];
  const line = (cells: string[]) => cells.map((c, k) => (k ? c.padStart(widths[k]) : c.padEnd(widths[k]))).join(" ");
  console.log(line(head));
  const rows = STRESS_GRID.map((g, k) => {
    const groups = personFitGroups(g.scenario, n, mixSeed(EVAL_SEED, 200 + k), true);
    const rate = (fits: number[]) => ({
      flagged: fits.filter((f) => f > QUALITY.misfit).length / fits.length,
      poor: fits.filter((f) => f > QUALITY.misfitPoor).length / fits.length,
    });
    const r = {
      attentive: rate(groups.attentive.fit),
      attentiveUntimed: rate(groups.attentive.answersAlone),
      fastReaders: rate(groups.fastReaders.fit),
      dontKnow: rate(groups.dontKnow.fit),
      partlyRandom: rate(groups.partlyRandom!.fit),
      partlyRandomUntimed: rate(groups.partlyRandom!.answersAlone),
    };
    const cell = ({ flagged, poor }: { flagged: number; poor: number }) => `${pct(flagged).padStart(6)} ${pct(poor).padStart(6)}`;
    console.log(
      line([g.key, cell(r.attentive), cell(r.attentiveUntimed), cell(r.fastReaders), cell(r.dontKnow), cell(r.partlyRandom), cell(r.partlyRandomUntimed)]),
    );
    return r;
  });
  return rows;
}

async function main() {
  const { values } = parseArgs({ options: { n: { type: "string", default: "10000" }, model: { type: "string", default: CLASSIFIER_PATH } } });
  const n = Number(values.n);
  const t0 = Date.now();
  const panel = personaPanel();
  printFitValidity(panel);
  printPerformersBench(panel);
  console.log("");
  const classifier = await openClassifier(resolve(values.model!));
  console.log(
    `model ${classifier.version} (${values.model}; per-person recalibration ${classifier.recalibrated ? "applied" : "none: no map fitted for this version"}); ${n} simulated respondents per scenario (seed ${EVAL_SEED})\n`,
  );

  const rows: ScenarioResult[] = [];
  for (const [k, g] of STRESS_GRID.entries()) rows.push(await evaluateScenario(classifier, g, n, mixSeed(EVAL_SEED, k)));
  printGrid(rows);
  const randomEce = await randomPopulationsEce(classifier, 12, Math.min(n, 3000), EVAL_SEED);
  console.log(
    `  beyond the grid, ${randomEce.length} random populations over its range (typological, continuous or mixed; ${Math.min(n, 3000)} people each): ECE median ${randomEce[randomEce.length >> 1].toFixed(3)}, largest ${randomEce.at(-1)!.toFixed(3)} (not a target; see README "Calibration in a population")`,
  );

  // Careless responding and fairness of the quality flags, on the committed population with 5% careless people
  // plus people who use "don't know" as a non-answer.
  const d = simulate(n, mixSeed(EVAL_SEED, 100), { scenario: { ...BASELINE, dkNonAnswer: 0.1 }, timing: true });
  printQuality(classifier, await predictAll(classifier, d), d);

  const fit = printPersonFit(Math.min(n, 2000));
  const range = (f: (r: (typeof fit)[number]) => number) => `${pct(Math.min(...fit.map(f)))}–${pct(Math.max(...fit.map(f)))}`;
  const fairGroups = fit.flatMap((r) => [r.attentive, r.attentiveUntimed, r.fastReaders, r.dontKnow]);
  console.log(
    `person fit: attentive flagged ${range((r) => r.attentive.flagged)} (${range((r) => r.attentiveUntimed.flagged)} from the answers alone; chosen rate ≤ ${pct(TARGETS.misfitFalseAlarms)} in every group: ${fairGroups.every((g) => g.flagged <= TARGETS.misfitFalseAlarms) ? "met" : "NOT met"}), graded poor for it ≤ ${pct(Math.max(...fairGroups.map((g) => g.poor)))} in every group incl. fast readers and "don't know" on 60%; 30% random answers flagged ${range((r) => r.partlyRandom.flagged)} (target ≥ ${pct(TARGETS.misfitDetection)}: ${Math.min(...fit.map((r) => r.partlyRandom.flagged)) >= TARGETS.misfitDetection ? "met" : "NOT met"}; from the answers alone ${range((r) => r.partlyRandomUntimed.flagged)}), graded poor ${range((r) => r.partlyRandom.poor)}`,
  );

  console.log("\nCronbach's alpha per scale (committed population):");
  const alphas = SCALES.map((s) => [s, cronbachAlpha(d, s)] as const);
  console.log("  " + alphas.map(([s, a]) => `${s} ${a.toFixed(2)}${a >= ALPHA_TARGET ? "" : " (< 0.70)"}`).join(", "));

  const continuous = rows.find((r) => r.key === "continuous")!;
  const worst = rows.reduce((w, r) => (r.network.accuracy < w.network.accuracy ? r : w));
  const maxEce = Math.max(...rows.map((r) => r.network.ece));
  const minAgreement = Math.min(...rows.map((r) => r.agreementUnambiguous));
  const productContinuous = continuous.product;
  const productWorst = rows.reduce((w, r) => (r.product.accuracy < w.product.accuracy ? r : w));
  console.log(
    `\nproduct (network, rules leading between two formats): continuous ${pct(productContinuous.accuracy)}, worst case ${pct(productWorst.product.accuracy)} (${productWorst.key}), max ECE ${Math.max(...rows.map((r) => r.product.ece)).toFixed(3)}`,
  );
  const overconfidence = Math.max(...rows.map((r) => r.network.meanConfidence - r.network.accuracy));
  console.log(`largest overconfidence (mean confidence − accuracy) ${overconfidence.toFixed(3)}; a negative gap is underconfidence`);
  console.log(
    `targets: network ≥ rules on continuous ${continuous.network.accuracy >= continuous.rules.accuracy ? "met" : "NOT met"}; max ECE ≤ ${TARGETS.maxEce} ${maxEce <= TARGETS.maxEce ? "met" : "NOT met"}; agreement where rules unambiguous ≥ ${pct(TARGETS.rulesAgreement)} ${minAgreement >= TARGETS.rulesAgreement ? "met" : "NOT met"} (min ${pct(minAgreement)})`,
  );
  const behind = rows.filter((r) => r.network.accuracy < r.rules.accuracy);
  console.log(
    `who decides: the network, except between two formats when the rules' format is one of the two (rules lead for ${pct(Math.min(...rows.map((r) => r.rulesLead)))}–${pct(Math.max(...rows.map((r) => r.rulesLead)))} of people); network below the rules in ${behind.length ? behind.map((r) => `${r.key} (network ${pct(r.network.accuracy)}, rules ${pct(r.rules.accuracy)}, product ${pct(r.product.accuracy)})`).join(", ") : "no scenario"}`,
  );
  console.log(`worst case scenario (lowest network accuracy): ${worst.key}`);
  console.log(`evaluated in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  console.log(`continuous: network ${pct1(continuous.network.accuracy)} % rules ${pct1(continuous.rules.accuracy)} %`);
  console.log(`stress worst case: network ${pct1(worst.network.accuracy)} % rules ${pct1(worst.rules.accuracy)} %`);
  console.log(`calibration: max ECE ${maxEce.toFixed(3)}`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename ?? ""))
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
