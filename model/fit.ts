/**
 * Fit for a position ("efficiency", 0–100) with its explanation. Pure functions, no I/O; the
 * formula, its reasons and its limits are written down in model/FIT.md — change both together and
 * bump FIT_VERSION (stored rows with another version are recomputed).
 */

import { FORMATS, type FormatInfo } from "./formats";
import { inCrisis, isAnxious, isConfident } from "./scoring";

/** Whose work the activity organises: the person's own, work with people, or organising others / the wider whole. */
export type Communication = "individual" | "team" | "global";
/** The pace of decisions: on the spot, depends on the case, after weighing everything. */
export type Decision = "balanced" | "moderate" | "improvisation";
/** Depth in one narrow area, some of both, or many different topics at once. */
export type Breadth = "depth" | "mixed" | "broad";
/** How the work is done: by a set order (system), by questioning and finding new ways (analytics), either. */
export type Method = "order" | "inquiry" | "either";
export type Sphere = "ME" | "WE" | "WR";

export const BREADTHS: readonly Breadth[] = ["depth", "mixed", "broad"];
export const METHODS: readonly Method[] = ["order", "inquiry", "either"];

export interface Activity {
  name: string;
  communication: Communication;
  decision: Decision;
  /** 0–100; a weight of 1 + priority / 25 (so 1…5). */
  priority?: number | null;
  /** Contact with clients or the public: structure in work with people and confidence count too. */
  client?: boolean | null;
  /** Not asked before fit-v3: then it follows whose work it is (DEFAULT_BREADTH), as fit-v2 read it. */
  breadth?: Breadth | null;
  /** Not asked before fit-v3: then either way of structuring serves. */
  method?: Method | null;
}

/** The breadth an activity had before it was asked: own work deep, with people between, organising others broad. */
export const DEFAULT_BREADTH: Record<Communication, Breadth> = { individual: "depth", team: "mixed", global: "broad" };
export const breadthOf = (a: Pick<Activity, "communication" | "breadth">): Breadth => a.breadth ?? DEFAULT_BREADTH[a.communication];

/** A result's indicators as stored (any subset; older results may lack the sphere scales). */
export type IndicatorValues = Partial<Record<string, number | null>>;

export const SPHERE_OF: Record<Communication, Sphere> = { individual: "ME", team: "WE", global: "WR" };

/**
 * Everything numeric in the formula, so the calibrated scale and the one before it are the same code
 * (model/fit-spread.ts prints both). Each component scores 0–1 against the activity's need; a term is
 * gain × share × weight × (score − centre), and the efficiency is base + the terms, kept within 0–100.
 */
export interface FitScale {
  version: string;
  /** Where every position starts: the efficiency of a person whose every component sits at its centre. */
  base: number;
  /** Points per unit of a component's score above or below its centre, for the whole position. */
  gain: number;
  /** Shares of an activity's score. */
  weight: { structure: number; pace: number; volume: number };
  /** Structure at or below lo scores 0, at or above hi 1. */
  structure: { lo: number; hi: number };
  /** Presentation the decision style wants (presentation runs −100 slow … 100 fast); 0 at paceWidth away. */
  paceTarget: Record<Decision, number>;
  paceWidth: number;
  /** Volume the activity's breadth wants (0 depth … 100 breadth); 0 at volumeWidth away. */
  volumeTarget: Record<Breadth, number>;
  volumeWidth: number;
  /** A component's score that neither adds nor takes points: what the reference population's middle person gets. */
  centre: { structure: number; pace: number; volume: number };
  /** The structure weight's factor when the activity takes either way of structuring. */
  eitherStructure: number;
  /** "Either way" reads the mean of the sphere's two scales (fit-v3) rather than the stronger one (which favours the one-sided). */
  eitherAsMean: boolean;
  /** Confidence under improvisation: anxious (≥ 6) and confident (≤ −6) move the activity's score by these. */
  anxiety: { anxious: number; confident: number };
}

/**
 * fit-v1, as shipped before the calibration: every component centred on ½ and a gain of 100.
 * On a realistic population it put everyone between about 50 and 80 (model/FIT.md, Calibration).
 */
export const FIT_V1: FitScale = {
  version: "fit-v1",
  base: 50,
  gain: 100,
  weight: { structure: 0.5, pace: 0.35, volume: 0.15 },
  structure: { lo: 30, hi: 80 },
  paceTarget: { improvisation: 50, balanced: 0, moderate: -50 },
  paceWidth: 100,
  volumeTarget: { depth: 35, mixed: 50, broad: 70 },
  volumeWidth: 50,
  centre: { structure: 0.5, pace: 0.5, volume: 0.5 },
  eitherStructure: 1,
  eitherAsMean: false,
  anxiety: { anxious: -0.1, confident: 0.05 },
};

/**
 * fit-v2, calibrated on the simulator's "realistic" population (model/fit-spread.ts, FIT.md): targets
 * inside the range people actually reach, components centred on the population's middle, and a gain
 * that spreads the positions' scores over the scale.
 */
export const FIT_V2: FitScale = {
  version: "fit-v2",
  base: 50,
  gain: 160,
  weight: { structure: 0.3, pace: 0.4, volume: 0.3 },
  structure: { lo: 30, hi: 90 },
  paceTarget: { improvisation: 40, balanced: 0, moderate: -40 },
  paceWidth: 60,
  volumeTarget: { depth: 25, mixed: 50, broad: 75 },
  volumeWidth: 50,
  centre: { structure: 0.63, pace: 0.48, volume: 0.48 },
  eitherStructure: 1,
  eitherAsMean: false,
  anxiety: { anxious: -0.1, confident: 0.05 },
};

/**
 * fit-v3: the activity is asked what the numbers read — whose work (sphere), client contact, breadth
 * (volume), how the work is done (system, analytics or either) and pace — and tuned on the fit-validity
 * bench (model/fit-validity.ts, FIT.md) so that dissimilar jobs rank people differently; the centres and the
 * gain are refitted on the reference population as for fit-v2.
 */
export const FIT_V3: FitScale = {
  version: "fit-v3",
  base: 50,
  gain: 140,
  weight: { structure: 0.3, pace: 0.35, volume: 0.35 },
  structure: { lo: 30, hi: 90 },
  paceTarget: { improvisation: 40, balanced: 0, moderate: -40 },
  paceWidth: 60,
  volumeTarget: { depth: 25, mixed: 50, broad: 75 },
  volumeWidth: 50,
  centre: { structure: 0.37, pace: 0.48, volume: 0.48 },
  eitherStructure: 0.5,
  eitherAsMean: true,
  anxiety: { anxious: -0.1, confident: 0.05 },
};

/** The scale in use. Bump its version on any change: stored efficiencies of another version are recomputed. */
export const FIT_SCALE: FitScale = FIT_V3;
export const FIT_VERSION = FIT_SCALE.version;
/** Kept for the readers of the single values (the current scale's). */
export const PACE_TARGET = FIT_SCALE.paceTarget;
export const COMPONENT_WEIGHT = FIT_SCALE.weight;
/** A good fit starts here: a position nobody in the project reaches this on is "uncovered" (FIT.md, Coverage). */
export const GOOD_FIT = 60;

export type FitFlag = "noResult" | "noActivities" | "partial" | "crisis" | "anxious";
export type ReasonKind = keyof typeof COMPONENT_WEIGHT | "anxiety";

export interface FitReason {
  kind: ReasonKind;
  /** The indicator behind it (ME_SYSTEM … WR_ANALYT, system, analytics, presentation, volume, anxiety). */
  indicator: string;
  value: number;
  /** What the activity wants, where it has a target (pace, volume). */
  target?: number;
  /** Signed points of the 0–100 efficiency this reason adds (+) or takes away (−) against the base. */
  points: number;
}

export interface ActivityFit {
  name: string;
  communication: Communication;
  /** The breadth it wants (asked, or from whose work it is for an activity saved before it was asked). */
  breadth: Breadth;
  decision: Decision;
  /** The activity's share of the position, percent. */
  share: number;
  /** How well the person meets this activity, 0–100. */
  score: number;
  reasons: FitReason[];
}

export interface FitResult {
  version: string;
  /** Where the position starts (the scale's base): base + Σ reasons' points + bounded = efficiency. */
  base: number;
  /** Points the 0–100 bounds took away (−) or gave (+); 0 unless the terms ran past an end. */
  bounded: number;
  /** 0–100, or null when there is nothing to compute from (see flags). */
  efficiency: number | null;
  flags: FitFlag[];
  activities: ActivityFit[];
}

const clamp01 = (v: number) => Math.max(0, Math.min(1, v));
const round1 = (v: number) => Math.round(v * 10) / 10 + 0;
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/**
 * A sphere's structure for a way of working: "order" reads its system scale, "inquiry" its analytics
 * scale, "either" the stronger of the two (either way of structuring the work serves it). Without the
 * sphere's own scales, the overall system/analytics stand in (flagged "partial").
 */
export function sphereStructure(
  ind: IndicatorValues,
  s: Sphere,
  method: Method = "either",
  eitherAsMean = false,
): { indicator: string; value: number; partial: boolean } | null {
  const keys =
    method === "order"
      ? [["SYSTEM", "system"]]
      : method === "inquiry"
        ? [["ANALYT", "analytics"]]
        : [
            ["SYSTEM", "system"],
            ["ANALYT", "analytics"],
          ];
  const known = (list: [string, number | null][]) => list.filter((e): e is [string, number] => e[1] !== null);
  const own = known(keys.map(([k]) => [`${s}_${k}`, num(ind[`${s}_${k}`])]));
  const partial = own.length === 0;
  const pool = own.length ? own : known(keys.map(([, k]) => [k, num(ind[k])]));
  if (!pool.length) return null;
  // either way serves: the sphere's structure as a whole, so neither the systematic nor the analytic is favoured
  if (method === "either" && eitherAsMean && pool.length === 2)
    return { indicator: partial ? "structure" : `${s}_STRUCTURE`, value: round1((pool[0]![1] + pool[1]![1]) / 2), partial };
  const [indicator, value] = pool.reduce((a, b) => (b[1] > a[1] ? b : a));
  return { indicator, value, partial };
}

/** Structure lo or below → 0, hi or above → 1, linear between. */
export const structureScore = (v: number, sc: FitScale = FIT_SCALE) => clamp01((v - sc.structure.lo) / (sc.structure.hi - sc.structure.lo));
/** 1 at the target, 0 at paceWidth points away. */
export const paceScore = (presentation: number, target: number, sc: FitScale = FIT_SCALE) => clamp01(1 - Math.abs(presentation - target) / sc.paceWidth);
/** 1 at the target, 0 at volumeWidth points away. */
export const volumeScore = (volume: number, target: number, sc: FitScale = FIT_SCALE) => clamp01(1 - Math.abs(volume - target) / sc.volumeWidth);

export const activityWeight = (a: Pick<Activity, "priority">) => 1 + Math.max(0, Math.min(100, a.priority ?? 0)) / 25;

/**
 * efficiency = base + Σ over activities and components of gain × share × weight × (score − centre),
 * plus the confidence modulation; kept within 0–100 and rounded. Each term is one reason, and what the
 * 0–100 bounds cut is `bounded`, so base + the reasons + bounded is the efficiency (± rounding).
 */
export function fitFor(indicators: IndicatorValues | null | undefined, activities: readonly Activity[], sc: FitScale = FIT_SCALE): FitResult {
  const flags = new Set<FitFlag>();
  const ind = indicators ?? {};
  const hasAny = indicators && Object.values(indicators).some((v) => num(v) !== null);
  if (!hasAny) flags.add("noResult");
  if (!activities.length) flags.add("noActivities");
  const empty = { version: sc.version, base: sc.base, bounded: 0 };
  if (flags.size) return { ...empty, efficiency: null, flags: [...flags], activities: [] };

  const harmony = num(ind.harmony);
  const anxiety = num(ind.anxiety);
  const presentation = num(ind.presentation);
  const volume = num(ind.volume);
  const crisis = harmony !== null && inCrisis(harmony);
  if (crisis) flags.add("crisis");
  if (anxiety !== null && isAnxious(anxiety)) flags.add("anxious");
  if (harmony === null || anxiety === null || presentation === null || volume === null) flags.add("partial");

  const totalWeight = activities.reduce((a, x) => a + activityWeight(x), 0);
  let total = sc.base;
  let counted = 0;
  const out: ActivityFit[] = activities.map((a) => {
    const share = activityWeight(a) / totalWeight;
    const parts: { kind: ReasonKind; indicator: string; value: number; target?: number; score: number; weight: number }[] = [];
    // structure in the sphere of whose work it is; with clients, in work with people too (half each)
    const spheres: Sphere[] = a.client && SPHERE_OF[a.communication] !== "WE" ? [SPHERE_OF[a.communication], "WE"] : [SPHERE_OF[a.communication]];
    for (const sphere of spheres) {
      const st = sphereStructure(ind, sphere, a.method ?? "either", sc.eitherAsMean);
      if (!st) continue;
      if (st.partial) flags.add("partial");
      const weight = (sc.weight.structure * (a.method && a.method !== "either" ? 1 : sc.eitherStructure)) / spheres.length;
      parts.push({ kind: "structure", indicator: st.indicator, value: st.value, score: structureScore(st.value, sc), weight });
    }
    if (presentation !== null) {
      const target = sc.paceTarget[a.decision];
      parts.push({ kind: "pace", indicator: "presentation", value: presentation, target, score: paceScore(presentation, target, sc), weight: sc.weight.pace });
    }
    if (volume !== null) {
      const target = sc.volumeTarget[breadthOf(a)];
      parts.push({ kind: "volume", indicator: "volume", value: volume, target, score: volumeScore(volume, target, sc), weight: sc.weight.volume });
    }
    if (!parts.length) {
      flags.add("partial");
      return { name: a.name, communication: a.communication, breadth: breadthOf(a), decision: a.decision, share: round1(share * 100), score: 50, reasons: [] };
    }
    counted++;
    // missing components drop out and the rest are renormalised
    const wsum = parts.reduce((s, p) => s + p.weight, 0);
    let score = 0;
    const reasons: FitReason[] = parts.map((p) => {
      const w = p.weight / wsum;
      score += w * p.score;
      const points = sc.gain * share * w * (p.score - sc.centre[p.kind as keyof FitScale["centre"]]);
      total += points;
      return { kind: p.kind, indicator: p.indicator, value: p.value, ...(p.target !== undefined ? { target: p.target } : {}), points: round1(points) };
    });
    // confidence matters where decisions are made on the spot or clients are met; in crisis it is flagged, never scored
    if ((a.decision === "improvisation" || a.client) && anxiety !== null && !crisis && (isAnxious(anxiety) || isConfident(anxiety))) {
      const delta = isAnxious(anxiety) ? sc.anxiety.anxious : sc.anxiety.confident;
      const before = score;
      score = clamp01(score + delta);
      const points = sc.gain * share * (score - before);
      total += points;
      reasons.push({ kind: "anxiety", indicator: "anxiety", value: anxiety, points: round1(points) });
    }
    return {
      name: a.name,
      communication: a.communication,
      breadth: breadthOf(a),
      decision: a.decision,
      share: round1(share * 100),
      score: Math.round(score * 100),
      reasons,
    };
  });
  if (!counted) return { ...empty, efficiency: null, flags: [...flags, "noResult"], activities: out };
  const kept = Math.max(0, Math.min(100, total));
  return { ...empty, efficiency: Math.round(kept), bounded: round1(kept - total), flags: [...flags], activities: out };
}

export interface PositionFit {
  positionId: string;
  name: string;
  efficiency: number | null;
}

/**
 * Positions best first: higher efficiency, then the current position (a tie keeps a person where
 * they are), then name; unknown efficiencies last.
 */
export function rankPositions<P extends PositionFit>(list: readonly P[], currentId?: string | null): P[] {
  return [...list].sort((a, b) => {
    if (a.efficiency === null || b.efficiency === null) return a.efficiency === null ? (b.efficiency === null ? a.name.localeCompare(b.name) : 1) : -1;
    if (b.efficiency !== a.efficiency) return b.efficiency - a.efficiency;
    if (a.positionId === currentId) return -1;
    if (b.positionId === currentId) return 1;
    return a.name.localeCompare(b.name);
  });
}

/** diff = the best position's efficiency − the current one's (0 when the current is the best; null without a current fit). */
export function diffOf(list: readonly PositionFit[], currentId?: string | null): { best: PositionFit | null; diff: number | null } {
  const best = rankPositions(list, currentId)[0] ?? null;
  const current = list.find((p) => p.positionId === currentId);
  if (!best || best.efficiency === null || !current || current.efficiency === null) return { best: best?.efficiency === null ? null : best, diff: null };
  return { best, diff: best.efficiency - current.efficiency };
}

// ---------------------------------------------------------------- explanations in words
export type Translate = (key: string, params?: Record<string, string | number>) => string;

/** One reason as a sentence in the reader's language (keys in locales/<lang>/analytics.json). */
export function explainReason(r: FitReason, t: Translate): string {
  const direction = r.points > 0 ? "helped" : r.points < 0 ? "hurt" : "neutral";
  return t(`analytics.fit.reason.${r.kind}.${direction}`, {
    indicator: t(`analytics.indicator.${r.indicator}`),
    value: r.value,
    target: r.target ?? "",
    points: Math.abs(r.points).toFixed(1),
  });
}

/** The whole fit in words: a headline, the flags, and per activity its reasons, biggest first. */
export function explainFit(fit: FitResult, t: Translate) {
  return {
    headline: fit.efficiency === null ? t("analytics.fit.unknown") : t("analytics.fit.headline", { efficiency: fit.efficiency, lost: 100 - fit.efficiency }),
    base: fit.base,
    bounded: fit.bounded,
    flags: fit.flags.map((f) => t(`analytics.fit.flag.${f}`)),
    activities: fit.activities.map((a) => ({
      name: a.name,
      share: a.share,
      score: a.score,
      needs: t("analytics.fit.needs", {
        sphere: t(`analytics.sphere.${SPHERE_OF[a.communication]}`),
        breadth: t(`analytics.breadth.${a.breadth}`),
        pace: t(`analytics.pace.${a.decision}`),
      }),
      reasons: [...a.reasons].sort((x, y) => Math.abs(y.points) - Math.abs(x.points)).map((r) => ({ ...r, text: explainReason(r, t) })),
    })),
  };
}

// ---------------------------------------------------------------- the position as a job target
/** A format's prototype indicators: its structure, volume and pace at the middle of their bands (for the target's closest formats). */
export function formatPrototype(f: Pick<FormatInfo, "structure" | "volume" | "presentation">): IndicatorValues {
  const [sys, anl] = f.structure === "system" ? [75, 35] : f.structure === "analytic" ? [35, 75] : [50, 50];
  const volume = { low: 20, middle: 50, high: 80 }[f.volume];
  const presentation = { slow: -40, middle: 0, fast: 40 }[f.presentation];
  const spheres = Object.fromEntries(
    (["ME", "WE", "WR"] as const).flatMap((s) => [
      [`${s}_SYSTEM`, sys],
      [`${s}_ANALYT`, anl],
    ]),
  );
  return { ...spheres, system: sys, analytics: anl, volume, presentation, harmony: 55, anxiety: 0 };
}

export interface PositionTarget {
  /** The presentation and volume the activities want, weighted by their priorities. */
  presentation: number;
  volume: number;
  /** Share (percent) of the position wanting structure in each sphere, and wanting each decision style. */
  spheres: Record<Sphere, number>;
  decisions: Record<Decision, number>;
  /** The 27 formats' prototypes on this position, best first (code and efficiency). */
  formats: { code: string; efficiency: number }[];
}

/** What a position needs, from its activities (PI's "job target"): the targets the fit scores against, in numbers. */
export function positionTarget(activities: readonly Activity[], sc: FitScale = FIT_SCALE): PositionTarget | null {
  if (!activities.length) return null;
  const total = activities.reduce((s, a) => s + activityWeight(a), 0);
  const spheres: Record<Sphere, number> = { ME: 0, WE: 0, WR: 0 };
  const decisions: Record<Decision, number> = { balanced: 0, moderate: 0, improvisation: 0 };
  let presentation = 0;
  let volume = 0;
  for (const a of activities) {
    const w = activityWeight(a) / total;
    spheres[SPHERE_OF[a.communication]] += w;
    decisions[a.decision] += w;
    presentation += w * sc.paceTarget[a.decision];
    volume += w * sc.volumeTarget[breadthOf(a)];
  }
  const pct = <K extends string>(r: Record<K, number>) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Math.round((v as number) * 100)])) as Record<K, number>;
  const formats = FORMATS.map((f) => ({ code: f.code, efficiency: fitFor(formatPrototype(f), activities, sc).efficiency ?? 0 })).sort(
    (a, b) => b.efficiency - a.efficiency || a.code.localeCompare(b.code),
  );
  return { presentation: Math.round(presentation), volume: Math.round(volume), spheres: pct(spheres), decisions: pct(decisions), formats };
}
