/**
 * Fit for a position ("efficiency", 0–100) with its explanation. Pure functions, no I/O; the
 * formula, its reasons and its limits are written down in model/FIT.md — change both together and
 * bump FIT_VERSION (stored rows with another version are recomputed).
 */

import { inCrisis, isAnxious, isConfident } from "./scoring";

/** Bump on any change of the formula: stored efficiencies of another version are recomputed. */
export const FIT_VERSION = "fit-v1";

export type Communication = "individual" | "team" | "global";
export type Decision = "balanced" | "moderate" | "improvisation";
export type Sphere = "ME" | "WE" | "WR";

export interface Activity {
  name: string;
  communication: Communication;
  decision: Decision;
  /** 0–100; a weight of 1 + priority / 25 (so 1…5). */
  priority?: number | null;
}

/** A result's indicators as stored (any subset; older results may lack the sphere scales). */
export type IndicatorValues = Partial<Record<string, number | null>>;

export const SPHERE_OF: Record<Communication, Sphere> = { individual: "ME", team: "WE", global: "WR" };
/** Presentation the decision style wants (presentation runs −100 slow … 100 fast). */
export const PACE_TARGET: Record<Decision, number> = { improvisation: 50, balanced: 0, moderate: -50 };
/** Volume the communication level wants (0 depth … 100 breadth). */
export const VOLUME_TARGET: Record<Communication, number> = { individual: 35, team: 50, global: 70 };
/** Shares of an activity's score. */
export const COMPONENT_WEIGHT = { structure: 0.5, pace: 0.35, volume: 0.15 } as const;
/** Confidence under improvisation: anxious (≥ 6) −0.10, confident (≤ −6) +0.05 of the activity's score. */
export const ANXIETY_EFFECT = { anxious: -0.1, confident: 0.05 } as const;
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
  /** Signed points of the 0–100 efficiency this reason adds (+) or takes away (−) against a neutral 50. */
  points: number;
}

export interface ActivityFit {
  name: string;
  communication: Communication;
  decision: Decision;
  /** The activity's share of the position, percent. */
  share: number;
  /** How well the person meets this activity, 0–100. */
  score: number;
  reasons: FitReason[];
}

export interface FitResult {
  version: string;
  /** 0–100, or null when there is nothing to compute from (see flags). */
  efficiency: number | null;
  flags: FitFlag[];
  activities: ActivityFit[];
}

const clamp01 = (v: number) => Math.max(0, Math.min(1, v));
const round1 = (v: number) => Math.round(v * 10) / 10 + 0;
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/**
 * A sphere's structure: the stronger of its system and analytics scales (either way of structuring
 * the work serves it). Without the sphere's own scales, the overall system/analytics stand in
 * (flagged "partial").
 */
export function sphereStructure(ind: IndicatorValues, s: Sphere): { indicator: string; value: number; partial: boolean } | null {
  const own = [
    [`${s}_SYSTEM`, num(ind[`${s}_SYSTEM`])],
    [`${s}_ANALYT`, num(ind[`${s}_ANALYT`])],
  ].filter((e): e is [string, number] => e[1] !== null);
  const partial = own.length === 0;
  const pool = own.length
    ? own
    : [
        ["system", num(ind.system)],
        ["analytics", num(ind.analytics)],
      ].filter((e): e is [string, number] => e[1] !== null);
  if (!pool.length) return null;
  const [indicator, value] = pool.reduce((a, b) => (b[1] > a[1] ? b : a));
  return { indicator, value, partial };
}

/** 30 or below → 0, 80 or above → 1, linear between (a neutral 50–55 sits near the middle). */
export const structureScore = (v: number) => clamp01((v - 30) / 50);
/** 1 at the target, 0 at 100 points away. */
export const paceScore = (presentation: number, target: number) => clamp01(1 - Math.abs(presentation - target) / 100);
/** 1 at the target, 0 at 50 points away. */
export const volumeScore = (volume: number, target: number) => clamp01(1 - Math.abs(volume - target) / 50);

export const activityWeight = (a: Pick<Activity, "priority">) => 1 + Math.max(0, Math.min(100, a.priority ?? 0)) / 25;

/**
 * efficiency = 50 + Σ over activities and components of 100 × share × componentWeight × (score − ½),
 * plus the confidence modulation; clamped to 0–100 and rounded. Each term is one reason, so the
 * reasons add up to the distance from a neutral 50.
 */
export function fitFor(indicators: IndicatorValues | null | undefined, activities: readonly Activity[]): FitResult {
  const flags = new Set<FitFlag>();
  const ind = indicators ?? {};
  const hasAny = indicators && Object.values(indicators).some((v) => num(v) !== null);
  if (!hasAny) flags.add("noResult");
  if (!activities.length) flags.add("noActivities");
  if (flags.size) return { version: FIT_VERSION, efficiency: null, flags: [...flags], activities: [] };

  const harmony = num(ind.harmony);
  const anxiety = num(ind.anxiety);
  const presentation = num(ind.presentation);
  const volume = num(ind.volume);
  const crisis = harmony !== null && inCrisis(harmony);
  if (crisis) flags.add("crisis");
  if (anxiety !== null && isAnxious(anxiety)) flags.add("anxious");
  if (harmony === null || anxiety === null || presentation === null || volume === null) flags.add("partial");

  const totalWeight = activities.reduce((a, x) => a + activityWeight(x), 0);
  let total = 50;
  let counted = 0;
  const out: ActivityFit[] = activities.map((a) => {
    const share = activityWeight(a) / totalWeight;
    const parts: { kind: ReasonKind; indicator: string; value: number; target?: number; score: number; weight: number }[] = [];
    const st = sphereStructure(ind, SPHERE_OF[a.communication]);
    if (st) {
      if (st.partial) flags.add("partial");
      parts.push({ kind: "structure", indicator: st.indicator, value: st.value, score: structureScore(st.value), weight: COMPONENT_WEIGHT.structure });
    }
    if (presentation !== null) {
      const target = PACE_TARGET[a.decision];
      parts.push({
        kind: "pace",
        indicator: "presentation",
        value: presentation,
        target,
        score: paceScore(presentation, target),
        weight: COMPONENT_WEIGHT.pace,
      });
    }
    if (volume !== null) {
      const target = VOLUME_TARGET[a.communication];
      parts.push({ kind: "volume", indicator: "volume", value: volume, target, score: volumeScore(volume, target), weight: COMPONENT_WEIGHT.volume });
    }
    if (!parts.length) {
      flags.add("partial");
      return { name: a.name, communication: a.communication, decision: a.decision, share: round1(share * 100), score: 50, reasons: [] };
    }
    counted++;
    // missing components drop out and the rest are renormalised
    const wsum = parts.reduce((s, p) => s + p.weight, 0);
    let score = 0;
    const reasons: FitReason[] = parts.map((p) => {
      const w = p.weight / wsum;
      score += w * p.score;
      const points = 100 * share * w * (p.score - 0.5);
      total += points;
      return { kind: p.kind, indicator: p.indicator, value: p.value, ...(p.target !== undefined ? { target: p.target } : {}), points: round1(points) };
    });
    // confidence matters where decisions are made on the spot; in crisis it is flagged, never scored
    if (a.decision === "improvisation" && anxiety !== null && !crisis && (isAnxious(anxiety) || isConfident(anxiety))) {
      const delta = isAnxious(anxiety) ? ANXIETY_EFFECT.anxious : ANXIETY_EFFECT.confident;
      const before = score;
      score = clamp01(score + delta);
      const points = 100 * share * (score - before);
      total += points;
      reasons.push({ kind: "anxiety", indicator: "anxiety", value: anxiety, points: round1(points) });
    }
    return { name: a.name, communication: a.communication, decision: a.decision, share: round1(share * 100), score: Math.round(score * 100), reasons };
  });
  if (!counted) return { version: FIT_VERSION, efficiency: null, flags: [...flags, "noResult"], activities: out };
  return { version: FIT_VERSION, efficiency: Math.max(0, Math.min(100, Math.round(total))), flags: [...flags], activities: out };
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
    flags: fit.flags.map((f) => t(`analytics.fit.flag.${f}`)),
    activities: fit.activities.map((a) => ({
      name: a.name,
      share: a.share,
      score: a.score,
      needs: t("analytics.fit.needs", {
        sphere: t(`analytics.sphere.${SPHERE_OF[a.communication]}`),
        pace: t(`analytics.pace.${a.decision}`),
      }),
      reasons: [...a.reasons].sort((x, y) => Math.abs(y.points) - Math.abs(x.points)).map((r) => ({ ...r, text: explainReason(r, t) })),
    })),
  };
}
