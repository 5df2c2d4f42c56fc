/**
 * Calibration respondents from an item-response model over the latent traits. Documented in README.md.
 *
 * Latent traits: one θ per scale (ME/WE/WR × system/analytics, VOLUME, SPEED, HARMONY, ANXIETY).
 * Item responses: graded response model (GRM), 5 ordered categories, on the *keyed* response y = sign × answer:
 *   P(y ≥ c) = σ( a_j · (θ_scale + sign_j·acq − b_j − ext·τ_c) ),  τ = (−1.6, −0.55, 0.55, 1.6)
 * with person response styles: acquiescence acq (shift towards "yes" whatever the key), extremity ext
 * (spread of the thresholds) and a don't-know tendency ρ (answer replaced by 0, most often on items
 * that are close to the person's indifference point). A share of careless responders is mixed in.
 *
 * Scenarios (model/scenarios.ts) vary how people are distributed (around 27 prototypes, or continuously)
 * and how the test measures them (item discrimination, response styles, cross-loadings, RU/EN item
 * parameters, "don't know" as a non-answer). Every person carries the parameters they respond with, so a
 * training set can mix scenarios person by person.
 *
 * The label is the format of the person's TRUE score, in every scenario: the scoring key applied to the
 * expected answers under the REFERENCE measurement model (ITEM_PARAMS, no cross-loadings, no language
 * shift, no response styles, no noise). So the label depends only on the person's traits and the spec's
 * band edges (§9); a scenario that measures worse cannot move the label, only the answers.
 */
import { ITEMS, N_ITEMS, SCALES, type Scale } from "./items";
import { FORMATS, N_FORMATS } from "./formats";
import { formatFromIndicators, indicatorsFromSums, type Indicators, type ScaleSums } from "./scoring";

// ---------------------------------------------------------------- deterministic RNG (sfc32 seeded by splitmix32)
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spare: number | null = null;
  constructor(seed: number) {
    let s = seed >>> 0;
    const sm = () => {
      s = (s + 0x9e3779b9) | 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = sm();
    this.b = sm();
    this.c = sm();
    this.d = sm();
    for (let i = 0; i < 12; i++) this.next();
  }
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }
  uniform(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  normal(): number {
    if (this.spare !== null) {
      const v = this.spare;
      this.spare = null;
      return v;
    }
    let u = 0;
    while (u <= 1e-12) u = this.next();
    const v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }
}

/** Deterministic 32-bit mix of several integers, for independent seeded streams. */
export function mixSeed(...xs: number[]): number {
  let h = 0x811c9dc5;
  for (const x of xs) {
    h = Math.imul(h ^ (x >>> 0), 0x01000193);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 12;
  }
  return h >>> 0;
}

// ---------------------------------------------------------------- simulation parameters (all documented)
export const SIM = {
  itemParamSeed: 20240611,
  /** GRM discrimination a ~ U(1.3, 2.3); reverse-keyed items discriminate 15% less. */
  aRange: [1.3, 2.3] as const,
  reverseAFactor: 0.85,
  /** Item location b ~ N(0, 0.3). */
  bSd: 0.3,
  tau: [-1.6, -0.55, 0.55, 1.6] as const,
  /** Don't-know tendency ρ: 70% U(0, .05), 25% U(.05, .15), 5% U(.15, .35); P(dk) = min(.9, 1.6ρ·e^(−|η|/2)). */
  dk: {
    mix: [0.7, 0.25, 0.05],
    ranges: [
      [0, 0.05],
      [0.05, 0.15],
      [0.15, 0.35],
    ] as const,
  },
  /** People who use "don't know" as a non-answer skip this share of items (uniform), whatever their traits. */
  dkNonAnswerRange: [0.2, 0.6] as const,
  /** Typological population: people drawn around the prototype of a uniformly chosen format. */
  structureProto: { system: [1.4, -0.9], analytic: [-0.9, 1.4], balanced: [0, 0] } as Record<string, [number, number]>,
  levelProto: { low: -2, middle: 0, high: 2, slow: -2, fast: 2 } as Record<string, number>,
  sphereSd: 0.2, // spread of the three spheres around the person's system / analytics level
  /** Harmony and anxiety are not part of the format: standard bivariate normal, r = −0.45. */
  harmonyAnxietyR: -0.45,
  /** Careless responders (share of all respondents, when a scenario mixes them in). */
  careless: { random: 0.01, straight: 0.01, partial: 0.03 },
  /** Continuous (non-typological) population: independent normal traits, no prototypes. */
  continuous: { structureMean: 0.2, structureSd: 0.9, levelSd: 1.0 },
  /** Reading pace of attentive people, median seconds per item: most read 3.5–9 s, a fifth 1.5–3.5 s. */
  pace: { fastShare: 0.2, fast: [1.5, 3.5] as const, usual: [3.5, 9] as const },
  /**
   * Time per item: an attended item log-normal around the person's pace (log sd 0.45); an item answered at
   * random is clicked through, log-normal around 0.9 s (log sd 0.4), whatever the person's pace; a straight
   * line keeps the pace (log sd 0.4). The person-fit statistic (quality.ts) reads the same figures.
   * attendedQuick: the share of attended items clicked through all the same (0 here; the person-fit
   * sensitivity check varies it, with the other figures, through SimulateOptions.timing).
   */
  timing: { attendedLogSd: 0.45, randomMedianS: 0.9, randomLogSd: 0.4, straightLogSd: 0.4, attendedQuick: 0 } as TimingModel,
  /** Language-specific item parameters: each language's a and b deviate from the reference. */
  languageShift: { aLogSd: 0.15, bSd: 0.3 },
};

export interface TimingModel {
  attendedLogSd: number;
  randomMedianS: number;
  randomLogSd: number;
  straightLogSd: number;
  attendedQuick: number;
}

/**
 * Each item's related scale, for cross-loadings: system ↔ analytics in the same sphere, volume ↔ speed,
 * harmony ↔ anxiety (index into SCALES).
 */
export const RELATED_SCALE = [1, 0, 3, 2, 5, 4, 7, 6, 9, 8] as const;

export type Careless = "none" | "random" | "straight" | "partial";
export const CARELESS_KINDS: Careless[] = ["none", "random", "straight", "partial"];
export type Population = "typological" | "continuous";
export type Language = "ru" | "en";

/** How respondents are drawn and how the test measures them. */
export interface Scenario {
  population: Population;
  /** Typological population: sd of a person around the prototype (system level, analytics level, volume, speed). */
  personSd: number;
  /** Multiplier on every item's discrimination a. */
  discrimination: number;
  /** Acquiescence acq ~ N(0, acqSd): a pull towards "yes" whatever the key. */
  acqSd: number;
  /** Extremity ext = exp(N(0, extLogSd)): the spread of the category thresholds. */
  extLogSd: number;
  /** Loading of every item on its related scale (RELATED_SCALE), besides its own. */
  crossLoading: number;
  /** Item parameters differ by language (half the people answer in each), seed of the shift; 0 = reference. */
  languageShiftSeed: number;
  /** Share of people who use "don't know" as a non-answer on 20–60% of the items. */
  dkNonAnswer: number;
  /** Mix in 5% careless responders. */
  careless: boolean;
}

/** The simulator as committed before the stress grid: typological, spread 0.2. */
export const BASELINE: Scenario = {
  population: "typological",
  personSd: 0.2,
  discrimination: 1,
  acqSd: 0.2,
  extLogSd: 0.2,
  crossLoading: 0,
  languageShiftSeed: 0,
  dkNonAnswer: 0,
  careless: true,
};

export interface ItemParams {
  a: Float64Array;
  b: Float64Array;
  sign: Int8Array;
  scale: Int8Array; // index into SCALES
}

export function makeItemParams(seed = SIM.itemParamSeed): ItemParams {
  const rng = new Rng(seed);
  const a = new Float64Array(N_ITEMS);
  const b = new Float64Array(N_ITEMS);
  const sign = new Int8Array(N_ITEMS);
  const scale = new Int8Array(N_ITEMS);
  ITEMS.forEach((it, j) => {
    if (it.keys.length !== 1) throw new Error(`simulation assumes single-key items (${it.code})`);
    const k = it.keys[0];
    sign[j] = k.sign;
    scale[j] = SCALES.indexOf(k.scale);
    a[j] = rng.uniform(SIM.aRange[0], SIM.aRange[1]) * (k.sign < 0 ? SIM.reverseAFactor : 1);
    b[j] = rng.normal() * SIM.bSd;
  });
  return { a, b, sign, scale };
}
/** The reference measurement model: it defines the true score and so the label. */
export const ITEM_PARAMS = makeItemParams();

/** The item parameters of one language: the reference with a per-item shift (a × e^N(0, .15), b + N(0, .3)). */
function languageParams(seed: number, language: Language): ItemParams {
  const rng = new Rng(mixSeed(seed, language === "ru" ? 1 : 2));
  const { aLogSd, bSd } = SIM.languageShift;
  const a = ITEM_PARAMS.a.map((v) => v * Math.exp(aLogSd * rng.normal()));
  const b = ITEM_PARAMS.b.map((v) => v + bSd * rng.normal());
  return { ...ITEM_PARAMS, a, b };
}
const languageCache = new Map<string, ItemParams>();
export function itemParamsFor(shiftSeed: number, language: Language): ItemParams {
  if (!shiftSeed) return ITEM_PARAMS;
  const key = `${shiftSeed}/${language}`;
  let ip = languageCache.get(key);
  if (!ip) languageCache.set(key, (ip = languageParams(shiftSeed, language)));
  return ip;
}

export interface Person {
  proto: number; // prototype format index (typological population) or −1
  theta: Float64Array; // per SCALES
  acq: number;
  ext: number;
  dk: number;
  /** Share of items answered "don't know" as a non-answer (0 for most people). */
  dkSkip: number;
  /** The item parameters this person answers with (their language's), the discrimination multiplier and cross-loading. */
  items: ItemParams;
  language: Language;
  discrimination: number;
  crossLoading: number;
  careless: Careless;
  /** random: unused; straight: [value, startIndex]; partial: share of items answered at random. */
  cParam: [number, number];
  /** Median seconds per item for the simulated timing. */
  pace: number;
  label: number; // the format of the true score (see the header)
  trueIndicators: Indicators;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** The expected keyed answer to item j (−2..2) of a person at θ on its scale, without response styles:
 * E[y] = −2 + Σ_c P(y ≥ c). */
export function expectedKeyedAnswer(j: number, theta: number, ip: ItemParams = ITEM_PARAMS): number {
  const base = ip.a[j] * (theta - ip.b[j]);
  let ey = -2;
  for (const t of SIM.tau) ey += sigmoid(base - ip.a[j] * t);
  return ey;
}

/** Expected scale sums under the reference GRM without response styles → true indicators and label. */
export function trueScore(theta: Float64Array, ip: ItemParams = ITEM_PARAMS): { indicators: Indicators; label: number } {
  const raw = Object.fromEntries(SCALES.map((s) => [s, 0])) as Record<Scale, number>;
  // keyed sum = Σ sign·answer = Σ y
  for (let j = 0; j < N_ITEMS; j++) raw[SCALES[ip.scale[j]]] += expectedKeyedAnswer(j, theta[ip.scale[j]], ip);
  const sums: ScaleSums = { raw };
  const indicators = indicatorsFromSums(sums);
  return { indicators, label: formatFromIndicators(indicators).index };
}

function pickDk(rng: Rng): number {
  const u = rng.next();
  let acc = 0;
  for (let i = 0; i < SIM.dk.mix.length; i++) {
    acc += SIM.dk.mix[i];
    if (u < acc) return rng.uniform(SIM.dk.ranges[i][0], SIM.dk.ranges[i][1]);
  }
  return 0;
}

function pickCareless(rng: Rng, on: boolean): { careless: Careless; cParam: [number, number] } {
  if (!on) return { careless: "none", cParam: [0, 0] };
  const u = rng.next();
  const c = SIM.careless;
  if (u < c.random) return { careless: "random", cParam: [0, 0] };
  if (u < c.random + c.straight) {
    const v = rng.next();
    const value = v < 0.3 ? 2 : v < 0.55 ? 1 : v < 0.8 ? 0 : v < 0.9 ? -1 : -2;
    return { careless: "straight", cParam: [value, rng.next() < 0.5 ? 0 : rng.int(70)] };
  }
  if (u < c.random + c.straight + c.partial) return { careless: "partial", cParam: [rng.uniform(0.25, 0.6), 0] };
  return { careless: "none", cParam: [0, 0] };
}

function pickPace(rng: Rng, careless: Careless): number {
  if (careless === "random" || careless === "straight") return rng.uniform(0.6, 1.6);
  const { fastShare, fast, usual } = SIM.pace;
  return rng.next() < fastShare ? rng.uniform(fast[0], fast[1]) : rng.uniform(usual[0], usual[1]);
}

export function samplePerson(rng: Rng, sc: Scenario = BASELINE): Person {
  const theta = new Float64Array(SCALES.length);
  let proto = -1;
  let mS: number, mA: number, vol: number, spd: number;
  if (sc.population === "typological") {
    proto = rng.int(N_FORMATS);
    const f = FORMATS[proto];
    const [ps, pa] = SIM.structureProto[f.structure];
    mS = ps + sc.personSd * rng.normal();
    mA = pa + sc.personSd * rng.normal();
    vol = SIM.levelProto[f.volume] + sc.personSd * rng.normal();
    spd = SIM.levelProto[f.presentation] + sc.personSd * rng.normal();
  } else {
    const c = SIM.continuous;
    mS = c.structureMean + c.structureSd * rng.normal();
    mA = c.structureMean + c.structureSd * rng.normal();
    vol = c.levelSd * rng.normal();
    spd = c.levelSd * rng.normal();
  }
  for (let k = 0; k < 3; k++) {
    theta[2 * k] = mS + SIM.sphereSd * rng.normal();
    theta[2 * k + 1] = mA + SIM.sphereSd * rng.normal();
  }
  theta[6] = vol;
  theta[7] = spd;
  const z1 = rng.normal();
  const z2 = rng.normal();
  const r = SIM.harmonyAnxietyR;
  theta[8] = z1;
  theta[9] = r * z1 + Math.sqrt(1 - r * r) * z2;

  const { careless, cParam } = pickCareless(rng, sc.careless);
  const language: Language = rng.next() < 0.5 ? "ru" : "en";
  const [lo, hi] = SIM.dkNonAnswerRange;
  const dkSkip = rng.next() < sc.dkNonAnswer ? rng.uniform(lo, hi) : 0;
  const t = trueScore(theta);
  return {
    proto,
    theta,
    acq: sc.acqSd * rng.normal(),
    ext: Math.exp(sc.extLogSd * rng.normal()),
    dk: pickDk(rng),
    dkSkip,
    items: itemParamsFor(sc.languageShiftSeed, language),
    language,
    discrimination: sc.discrimination,
    crossLoading: sc.crossLoading,
    careless,
    cParam,
    pace: pickPace(rng, careless),
    label: t.label,
    trueIndicators: t.indicators,
  };
}

/** One administration of the test: answers (−2..2, position order) and per-item elapsed ms. */
export function respond(p: Person, rng: Rng, out: Int8Array, elapsed?: Float32Array, timing: TimingModel = SIM.timing): void {
  const clicked = () => 1000 * Math.exp(Math.log(timing.randomMedianS) + timing.randomLogSd * rng.normal());
  const tau = SIM.tau;
  const ip = p.items;
  for (let j = 0; j < N_ITEMS; j++) {
    let x: number;
    if (p.careless === "random" || (p.careless === "partial" && rng.next() < p.cParam[0])) {
      x = rng.int(5) - 2;
      if (elapsed) elapsed[j] = clicked();
    } else if (p.careless === "straight" && j >= p.cParam[1]) {
      x = p.cParam[0];
    } else {
      const a = ip.a[j] * p.discrimination;
      const sg = ip.sign[j];
      const s = ip.scale[j];
      const eta = a * (p.theta[s] + p.crossLoading * p.theta[RELATED_SCALE[s]] + sg * p.acq - ip.b[j]);
      const pdk = Math.min(0.9, 1.6 * p.dk * Math.exp(-0.5 * Math.abs(eta)));
      if (rng.next() < pdk || (p.dkSkip > 0 && rng.next() < p.dkSkip)) x = 0;
      else {
        const u = rng.next();
        let y = -2;
        for (let c = 0; c < 4; c++) if (u < sigmoid(eta - a * p.ext * tau[c])) y++;
        x = sg * y;
      }
      if (elapsed)
        elapsed[j] = timing.attendedQuick > 0 && rng.next() < timing.attendedQuick ? clicked() : 1000 * p.pace * Math.exp(timing.attendedLogSd * rng.normal());
    }
    if (elapsed && p.careless === "straight") elapsed[j] = 1000 * p.pace * Math.exp(timing.straightLogSd * rng.normal());
    out[j] = x;
  }
}

export interface Dataset {
  n: number;
  answers: Int8Array; // n × 110
  elapsed: Float32Array | null; // n × 110
  labels: Int32Array;
  careless: Uint8Array; // index into CARELESS_KINDS
  people: Person[];
}

export interface SimulateOptions {
  /** One scenario for everyone, or a function drawing each person's scenario (a training mixture). */
  scenario?: Scenario | ((rng: Rng) => Scenario);
  /** Shorthands over BASELINE, kept for tests and the bench. */
  population?: Population;
  careless?: boolean;
  /** Simulate per-item times: true = SIM.timing, or another timing model. */
  timing?: boolean | TimingModel;
  people?: Person[];
  replication?: number;
}

/**
 * n respondents. People come from stream (seed, 1), answers from stream (seed, 2, replication), so the
 * same people can take the test again with fresh noise (replication 1, 2, ...).
 */
export function simulate(n: number, seed: number, opts: SimulateOptions = {}): Dataset {
  const people: Person[] = opts.people ?? [];
  if (!opts.people) {
    const fixed: Scenario = { ...BASELINE, population: opts.population ?? BASELINE.population, careless: opts.careless ?? BASELINE.careless };
    const pick = typeof opts.scenario === "function" ? opts.scenario : () => (opts.scenario as Scenario | undefined) ?? fixed;
    const pr = new Rng(mixSeed(seed, 1));
    for (let i = 0; i < n; i++) people.push(samplePerson(pr, pick(pr)));
  }
  const rr = new Rng(mixSeed(seed, 2, opts.replication ?? 0));
  const answers = new Int8Array(n * N_ITEMS);
  const elapsed = opts.timing ? new Float32Array(n * N_ITEMS) : null;
  const timingModel = typeof opts.timing === "object" ? opts.timing : SIM.timing;
  const labels = new Int32Array(n);
  const careless = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const p = people[i];
    respond(p, rr, answers.subarray(i * N_ITEMS, (i + 1) * N_ITEMS), elapsed ? elapsed.subarray(i * N_ITEMS, (i + 1) * N_ITEMS) : undefined, timingModel);
    labels[i] = p.label;
    careless[i] = CARELESS_KINDS.indexOf(p.careless);
  }
  return { n, answers, elapsed, labels, careless, people };
}
