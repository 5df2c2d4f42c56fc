/**
 * Rule-based scoring key (SCORING_VERSION). Pure functions, no I/O.
 *
 * Answers are coded yes / probably yes / don't know / probably not / no = 2, 1, 0, −1, −2.
 * An item's contribution to a scale is sign × weight × answer.
 */
import { ANALYT_SCALES, ITEMS, N_ITEMS, SCALES, SYSTEM_SCALES, type Scale } from "./items";
import { findFormat, type Level3, type Pace, type Structure } from "./formats";

export type AnswerValue = -2 | -1 | 0 | 1 | 2;
export const ANSWER_VALUES: Record<"yes" | "probablyYes" | "dontKnow" | "probablyNot" | "no", AnswerValue> = {
  yes: 2,
  probablyYes: 1,
  dontKnow: 0,
  probablyNot: -1,
  no: -2,
};

/** v2: system and analytics are two independent scales (v1 had analytics = 100 − system). */
export const SCORING_VERSION = "scoring-v2";

export interface Indicators {
  ME_SYSTEM: number;
  ME_ANALYT: number;
  WE_SYSTEM: number;
  WE_ANALYT: number;
  WR_SYSTEM: number;
  WR_ANALYT: number;
  system: number;
  analytics: number;
  volume: number;
  presentation: number;
  harmony: number;
  anxiety: number;
}

/** Throws a clear Error unless answers is 110 integers in −2..2. */
export function validateAnswers(answers: ArrayLike<unknown>): void {
  if (!answers || typeof answers.length !== "number") throw new Error("answers must be an array of 110 values");
  if (answers.length !== N_ITEMS) throw new Error(`answers must have exactly ${N_ITEMS} values, got ${answers.length}`);
  for (let i = 0; i < N_ITEMS; i++) {
    const v = answers[i];
    if (typeof v !== "number" || !Number.isInteger(v) || v < -2 || v > 2)
      throw new Error(`answer at position ${i + 1} must be an integer in -2..2, got ${String(v)}`);
  }
}

// ---------------------------------------------------------------- precomputed keys
interface ScaleKey {
  idx: Int16Array;
  coef: Float64Array; // sign × weight
  max: number; // 2 × Σ weight
}
/** Every scale's items and coefficients, built from per-item keys (a scoring version's keying). */
export type ScoringKey = Record<Scale, ScaleKey>;

/** One item's keys by position: what a scoring version stores (see scoring_versions in db/schema/items.ts). */
export type Keying = { position: number; keys: readonly { scale: string; sign: number; weight?: number }[] }[];

export function buildKey(items: Keying): ScoringKey {
  const key = {} as ScoringKey;
  for (const s of SCALES) {
    const idx: number[] = [];
    const coef: number[] = [];
    for (const it of items)
      for (const k of it.keys)
        if (k.scale === s) {
          idx.push(it.position - 1);
          coef.push(k.sign * (k.weight ?? 1));
        }
    key[s] = { idx: Int16Array.from(idx), coef: Float64Array.from(coef), max: 2 * coef.reduce((a, c) => a + Math.abs(c), 0) };
  }
  return key;
}
/** The item bank's own keying (SCORING_VERSION). */
const KEYS: ScoringKey = buildKey(ITEMS);
/** Items (0-based indices) keyed to each scale, with their signed weights. */
export function scaleKey(s: Scale): { idx: Int16Array; coef: Float64Array; max: number } {
  return KEYS[s];
}

/** Sufficient statistics for the indicators: the raw (signed) sum of each scale. */
export interface ScaleSums {
  raw: Record<Scale, number>;
}

export function sumsFromAnswers(answers: ArrayLike<number>, key: ScoringKey = KEYS): ScaleSums {
  const raw = {} as Record<Scale, number>;
  for (const s of SCALES) {
    const { idx, coef } = key[s];
    let r = 0;
    for (let j = 0; j < idx.length; j++) r += coef[j] * answers[idx[j]];
    raw[s] = r;
  }
  return { raw };
}

/** Round half away from zero (so that −4.5 and 4.5 are treated alike). */
export function roundSym(v: number): number {
  return v < 0 ? -Math.round(-v) : Math.round(v);
}
const pct = (raw: number, max: number) => Math.round((100 * (raw + max)) / (2 * max));
const sumOver = (scales: readonly Scale[], f: (s: Scale) => number) => scales.reduce((a, s) => a + f(s), 0);

/**
 * Indicators from scale sums:
 * - the six sphere indicators, volume and harmony: percent of the scale range, 0..100 (50 = neutral);
 * - system and analytics: two independent scales, each the percent of the range of its three spheres
 *   together (30 items each), 0..100 (50 = neutral), banded 0–30 / 30–60 / 60–100 (spec §9);
 * - presentation = round(100 × d³), d = SPEED raw / SPEED max ∈ [−1, 1] (the cube gives the spec's
 *   narrow −4..4 middle zone a width of |d| < 0.36);
 * - anxiety = round(10 × ANXIETY raw / max), −10 (confident) .. 10 (anxious).
 */
export function indicatorsFromSums(s: ScaleSums, key: ScoringKey = KEYS): Indicators {
  const SYSTEM_MAX = sumOver(SYSTEM_SCALES, (k) => key[k].max);
  const ANALYT_MAX = sumOver(ANALYT_SCALES, (k) => key[k].max);
  const d = s.raw.SPEED / key.SPEED.max;
  return {
    ME_SYSTEM: pct(s.raw.ME_SYSTEM, key.ME_SYSTEM.max),
    ME_ANALYT: pct(s.raw.ME_ANALYT, key.ME_ANALYT.max),
    WE_SYSTEM: pct(s.raw.WE_SYSTEM, key.WE_SYSTEM.max),
    WE_ANALYT: pct(s.raw.WE_ANALYT, key.WE_ANALYT.max),
    WR_SYSTEM: pct(s.raw.WR_SYSTEM, key.WR_SYSTEM.max),
    WR_ANALYT: pct(s.raw.WR_ANALYT, key.WR_ANALYT.max),
    system: pct(
      sumOver(SYSTEM_SCALES, (k) => s.raw[k]),
      SYSTEM_MAX,
    ),
    analytics: pct(
      sumOver(ANALYT_SCALES, (k) => s.raw[k]),
      ANALYT_MAX,
    ),
    volume: pct(s.raw.VOLUME, key.VOLUME.max),
    presentation: roundSym(100 * d * d * d) + 0, // +0 turns −0 into 0
    harmony: pct(s.raw.HARMONY, key.HARMONY.max),
    anxiety: roundSym((10 * s.raw.ANXIETY) / key.ANXIETY.max) + 0,
  };
}

// ---------------------------------------------------------------- bands (spec §9)
export type HarmonyBand = "crisis" | "norm" | "comfort";
export type AnxietyBand = "confident" | "rather-confident" | "rather-anxious" | "anxious";
export type PresentationDetail = "slow" | "rather-slow" | "neutral" | "rather-fast" | "fast";

/** Spec §9's warning edges: harmony below 40 is a crisis, anxiety from 6 (to 10) is high, down to −6 confident. */
export const HARMONY_CRISIS_BELOW = 40;
export const ANXIETY_HIGH_FROM = 6;
/** The warnings on a stored value (fit, skills, team statistics), with no rounding of their own. */
export const inCrisis = (harmony: number) => harmony < HARMONY_CRISIS_BELOW;
export const isAnxious = (anxiety: number) => anxiety >= ANXIETY_HIGH_FROM;
export const isConfident = (anxiety: number) => anxiety <= -ANXIETY_HIGH_FROM;

/** Harmony 0-40 crisis, 40-60 norm, 60-100 comfort (lower edge inclusive: 40 → norm, 60 → comfort). */
export function harmonyBand(v: number): HarmonyBand {
  return inCrisis(v) ? "crisis" : v < 60 ? "norm" : "comfort";
}
/** System and analytics: 0-30 low, 30-60 middle, 60-100 high (30 → middle, 60 → high). */
export function structureLevel(v: number): Level3 {
  return v < 30 ? "low" : v < 60 ? "middle" : "high";
}
/** Volume (not banded in spec §9; our choice, symmetric around 50): 0-35 low, 35-65 middle, 65-100 high. */
export function volumeBand(v: number): Level3 {
  return v < 35 ? "low" : v < 65 ? "middle" : "high";
}
/** Anxiety, integer bands −10..−6, −5..0, 1..5, 6..10 (value rounded half away from zero first). */
export function anxietyBand(v: number): AnxietyBand {
  const r = roundSym(v);
  return isConfident(r) ? "confident" : r <= 0 ? "rather-confident" : isAnxious(r) ? "anxious" : "rather-anxious";
}
/** Presentation, five bands −100..−5, −4..−1, 0, 1..4, 5..100. */
export function presentationDetail(v: number): PresentationDetail {
  const r = roundSym(v);
  return r <= -5 ? "slow" : r < 0 ? "rather-slow" : r === 0 ? "neutral" : r < 5 ? "rather-fast" : "fast";
}
/** Presentation level: −100..−5 slow, −4..4 middle, 5..100 fast. */
export function presentationBand(v: number): Pace {
  const r = roundSym(v);
  return r <= -5 ? "slow" : r >= 5 ? "fast" : "middle";
}
const LEVEL_RANK: Record<Level3, number> = { low: 0, middle: 1, high: 2 };
/**
 * Structure of the format from the two scales' bands: the scale whose band is higher decides (system
 * high + analytics middle → system; system low + analytics middle → analytic); equal bands are
 * balanced, and which balance it is — both low, both middle or both high — is kept in structureProfile
 * and named in the report, so nobody is "balanced" silently.
 */
export function structureOf(ind: Pick<Indicators, "system" | "analytics">): Structure {
  const s = LEVEL_RANK[structureLevel(ind.system)];
  const a = LEVEL_RANK[structureLevel(ind.analytics)];
  return s > a ? "system" : a > s ? "analytic" : "balanced";
}
export interface StructureProfile {
  structure: Structure;
  system: Level3;
  analytics: Level3;
  /** Balanced with both scales low or both high: the report says so. */
  balancedAs: "both-low" | "both-middle" | "both-high" | null;
}
export function structureProfile(ind: Pick<Indicators, "system" | "analytics">): StructureProfile {
  const system = structureLevel(ind.system);
  const analytics = structureLevel(ind.analytics);
  const structure = structureOf(ind);
  return { structure, system, analytics, balancedAs: structure === "balanced" ? (`both-${system}` as const) : null };
}

export function bands(ind: Indicators): {
  harmony: HarmonyBand;
  system: Level3;
  analytics: Level3;
  anxiety: AnxietyBand;
  presentation: Pace;
  volume: Level3;
} {
  return {
    harmony: harmonyBand(ind.harmony),
    system: structureLevel(ind.system),
    analytics: structureLevel(ind.analytics),
    anxiety: anxietyBand(ind.anxiety),
    presentation: presentationBand(ind.presentation),
    volume: volumeBand(ind.volume),
  };
}

export function formatFromIndicators(ind: Indicators): { index: number; code: string } {
  const f = findFormat(structureOf(ind), volumeBand(ind.volume), presentationBand(ind.presentation));
  return { index: f.index, code: f.code };
}

/** The rule-based scorer: 110 answers in position order → indicators and the format by the bands
 * (with the item bank's keying, or a later scoring version's `key`). */
export function scoreAnswers(answers: readonly AnswerValue[], key: ScoringKey = KEYS): { indicators: Indicators; formatCode: string } {
  validateAnswers(answers);
  const indicators = indicatorsFromSums(sumsFromAnswers(answers, key), key);
  return { indicators, formatCode: formatFromIndicators(indicators).code };
}

/**
 * How far the indicators sit from a band edge that would change the format, per dimension, in points
 * of the scale's range (0–100). Presentation is measured on the SPEED percentage (50 + 50·d), where its
 * edges ±4.5 lie at d = ±0.356.
 */
export interface FormatMargins {
  structure: number;
  volume: number;
  presentation: number;
}
const PRESENTATION_EDGE_D = Math.cbrt(0.045);
const edgeDistance = (v: number, edges: readonly number[]) => Math.min(...edges.map((e) => Math.abs(v - e)));
/** Structure: the nearer of system's and analytics' distances to their band edges (30, 60). */
export function formatMargins(ind: Indicators): FormatMargins {
  const d = Math.sign(ind.presentation) * Math.cbrt(Math.abs(ind.presentation) / 100);
  return {
    structure: Math.min(edgeDistance(ind.system, [30, 60]), edgeDistance(ind.analytics, [30, 60])),
    volume: edgeDistance(ind.volume, [35, 65]),
    presentation: 50 * Math.abs(Math.abs(d) - PRESENTATION_EDGE_D),
  };
}

// ---------------------------------------------------------------- scoring versions
/**
 * A scoring version: the keying a result was scored with. SCORING_VERSION is the item bank's own;
 * a manager's change of an item's keying makes a new one (server/services/scoring-versions.ts),
 * so results scored before keep their indicators and new results use the newest.
 */
export interface ScoringVersion {
  version: string;
  key: ScoringKey;
  /** per item, +1 or −1: an item whose sign was reversed against the item bank is mirrored before
   * the network, which was trained on the item bank's keying (a scale change can't be mapped) */
  mirror: Int8Array;
}

export const DEFAULT_SCORING: ScoringVersion = { version: SCORING_VERSION, key: KEYS, mirror: new Int8Array(N_ITEMS).fill(1) };

export function scoringVersion(version: string, keying: Keying): ScoringVersion {
  const mirror = new Int8Array(N_ITEMS).fill(1);
  for (const it of keying) {
    const bank = ITEMS[it.position - 1];
    const was = bank?.keys[0];
    const now = it.keys.find((k) => k.scale === was?.scale);
    if (was && now && Math.sign(now.sign) === -was.sign) mirror[it.position - 1] = -1;
  }
  return { version, key: buildKey(keying), mirror };
}
