/**
 * Soft skills from the indicators (natural skills). Every skill is a weighted mean of features —
 * indicators put on one 0–100 scale — so built-in skills and a company's own skills work alike.
 * The five spec families (researcher, businessman, leader, manager, seller) add their fields on
 * top. Definitions and formulas: model/FIT.md (the table there is printed by `skillTable()`).
 */
import type { IndicatorValues } from "./fit";
import { inCrisis, isAnxious } from "./scoring";

/** Features, each 0–100 where higher means "more of it". */
export const FEATURES = [
  "ME_SYSTEM",
  "ME_ANALYT",
  "WE_SYSTEM",
  "WE_ANALYT",
  "WR_SYSTEM",
  "WR_ANALYT",
  "system",
  "analytics",
  "volume",
  "depth",
  "speed",
  "deliberation",
  "harmony",
  "confidence",
] as const;
export type Feature = (typeof FEATURES)[number];
export type Weights = Partial<Record<Feature, number>>;

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const inv = (v: number | null) => (v === null ? null : 100 - v);

/** Indicators → features; missing indicators give null features (presentation −100…100 → speed 0–100, anxiety −10…10 → confidence 100…0). */
export function featuresOf(ind: IndicatorValues | null | undefined): Record<Feature, number | null> {
  const i = ind ?? {};
  const p = num(i.presentation);
  const a = num(i.anxiety);
  const speed = p === null ? null : (p + 100) / 2;
  const volume = num(i.volume);
  return {
    ME_SYSTEM: num(i.ME_SYSTEM) ?? num(i.system),
    ME_ANALYT: num(i.ME_ANALYT) ?? num(i.analytics),
    WE_SYSTEM: num(i.WE_SYSTEM) ?? num(i.system),
    WE_ANALYT: num(i.WE_ANALYT) ?? num(i.analytics),
    WR_SYSTEM: num(i.WR_SYSTEM) ?? num(i.system),
    WR_ANALYT: num(i.WR_ANALYT) ?? num(i.analytics),
    system: num(i.system),
    analytics: num(i.analytics),
    volume,
    depth: inv(volume),
    speed,
    deliberation: inv(speed),
    harmony: num(i.harmony),
    confidence: a === null ? null : (10 - a) * 5,
  };
}

/** Σ w·f / Σ w over the features present; null when none of the weighted features is known. */
export function weighted(features: Record<Feature, number | null>, weights: Weights): number | null {
  let s = 0;
  let w = 0;
  for (const [k, wk] of Object.entries(weights) as [Feature, number][]) {
    const f = features[k];
    if (f === null || f === undefined || !wk) continue;
    s += wk * f;
    w += wk;
  }
  return w > 0 ? Math.round(s / w) : null;
}

export type SkillFamily = "researcher" | "businessman" | "leader" | "manager" | "seller" | "general";
export interface SkillType {
  key: string;
  family: SkillFamily;
  weights: Weights;
}

const T = (key: string, family: SkillFamily, weights: Weights): SkillType => ({ key, family, weights });

/** The built-in skill types (41): the five families' measures and general soft skills. */
export const SKILL_TYPES: readonly SkillType[] = [
  T("researcher", "researcher", { analytics: 0.6, volume: 0.2, deliberation: 0.2 }),
  T("businessman.system", "businessman", { system: 0.6, WR_SYSTEM: 0.4 }),
  T("businessman.energy", "businessman", { speed: 0.4, volume: 0.3, confidence: 0.3 }),
  T("leader.organizer", "leader", { WE_SYSTEM: 0.6, confidence: 0.2, harmony: 0.2 }),
  T("leader.visionary", "leader", { WR_ANALYT: 0.5, volume: 0.3, confidence: 0.2 }),
  T("leader.inspirer", "leader", { WE_ANALYT: 0.4, speed: 0.4, confidence: 0.2 }),
  T("leader.expert", "leader", { ME_SYSTEM: 0.3, ME_ANALYT: 0.3, depth: 0.4 }),
  T("manager.tactical", "manager", { ME_SYSTEM: 0.3, WE_SYSTEM: 0.3, speed: 0.2, confidence: 0.2 }),
  T("manager.team", "manager", { WE_SYSTEM: 0.4, WE_ANALYT: 0.3, harmony: 0.3 }),
  T("manager.strategic", "manager", { WR_SYSTEM: 0.3, WR_ANALYT: 0.3, volume: 0.3, deliberation: 0.1 }),
  T("seller", "seller", { WE_ANALYT: 0.3, speed: 0.3, confidence: 0.25, volume: 0.15 }),
  T("planning", "general", { ME_SYSTEM: 0.5, system: 0.3, deliberation: 0.2 }),
  T("analysis", "general", { analytics: 0.6, depth: 0.2, deliberation: 0.2 }),
  T("criticalThinking", "general", { ME_ANALYT: 0.5, analytics: 0.3, confidence: 0.2 }),
  T("systemsThinking", "general", { WR_SYSTEM: 0.5, volume: 0.3, system: 0.2 }),
  T("teamwork", "general", { WE_SYSTEM: 0.4, WE_ANALYT: 0.3, harmony: 0.3 }),
  T("communication", "general", { WE_ANALYT: 0.4, speed: 0.3, confidence: 0.3 }),
  T("publicSpeaking", "general", { WR_ANALYT: 0.3, speed: 0.3, confidence: 0.4 }),
  T("conflictResolution", "general", { WE_ANALYT: 0.4, harmony: 0.4, deliberation: 0.2 }),
  T("mentoring", "general", { WE_SYSTEM: 0.4, harmony: 0.3, deliberation: 0.3 }),
  T("delegation", "general", { WE_SYSTEM: 0.5, confidence: 0.3, volume: 0.2 }),
  T("customerFocus", "general", { WE_ANALYT: 0.5, harmony: 0.3, speed: 0.2 }),
  T("stressTolerance", "general", { confidence: 0.5, harmony: 0.5 }),
  T("resilience", "general", { harmony: 0.6, confidence: 0.4 }),
  T("adaptability", "general", { analytics: 0.4, speed: 0.4, confidence: 0.2 }),
  T("learningAgility", "general", { analytics: 0.4, volume: 0.4, speed: 0.2 }),
  T("attentionToDetail", "general", { depth: 0.5, system: 0.3, deliberation: 0.2 }),
  T("bigPicture", "general", { volume: 0.7, WR_ANALYT: 0.3 }),
  T("decisionSpeed", "general", { speed: 0.7, confidence: 0.3 }),
  T("deliberateness", "general", { deliberation: 0.7, depth: 0.3 }),
  T("selfOrganization", "general", { ME_SYSTEM: 0.7, harmony: 0.3 }),
  T("timeManagement", "general", { ME_SYSTEM: 0.5, system: 0.3, speed: 0.2 }),
  T("processDiscipline", "general", { system: 0.5, WR_SYSTEM: 0.3, deliberation: 0.2 }),
  T("creativity", "general", { analytics: 0.5, volume: 0.3, speed: 0.2 }),
  T("innovation", "general", { WR_ANALYT: 0.5, volume: 0.3, confidence: 0.2 }),
  T("initiative", "general", { speed: 0.4, confidence: 0.4, ME_ANALYT: 0.2 }),
  T("riskTaking", "general", { confidence: 0.5, speed: 0.5 }),
  T("multitasking", "general", { volume: 0.6, speed: 0.4 }),
  T("focus", "general", { depth: 0.6, ME_SYSTEM: 0.4 }),
  T("reliability", "general", { system: 0.5, harmony: 0.3, deliberation: 0.2 }),
  T("empathy", "general", { WE_ANALYT: 0.5, harmony: 0.3, deliberation: 0.2 }),
];
export const SKILL_BY_KEY = new Map(SKILL_TYPES.map((s) => [s.key, s]));

export const LEADER_TYPES = ["organizer", "visionary", "inspirer", "expert"] as const;
export const MANAGER_TYPES = ["tactical", "team", "strategic"] as const;
export type LeaderType = (typeof LEADER_TYPES)[number];
export type ManagerType = (typeof MANAGER_TYPES)[number];
/** Tactical management looks about a year ahead, strategic about five (spec §9). */
export const MANAGER_HORIZON_YEARS: Record<ManagerType, number> = { tactical: 1, team: 1, strategic: 5 };

/**
 * How much of the potential shows now: 1 from harmony 60 up, down to 0.75 at harmony 0; anxious
 * (≥ 6) takes a further 0.1. Only "actual" and the manager's "resource" use it — they describe
 * the present state on purpose; the potentials never do.
 */
export function stateFactor(ind: IndicatorValues | null | undefined): number {
  const h = num(ind?.harmony);
  const a = num(ind?.anxiety);
  let m = 1;
  if (h !== null && h < 60) m -= 0.25 * ((60 - h) / 60);
  if (a !== null && isAnxious(a)) m -= 0.1;
  return m;
}

export interface NaturalSkills {
  researcher: { min: number | null; max: number | null; potential: number | null; actual: number | null };
  businessman: { system: number | null; energy: number | null };
  leader: { type: LeaderType | null; strength: number | null; scores: Record<LeaderType, number | null> };
  manager: {
    type: ManagerType | null;
    resource: number | null;
    tactical: number | null;
    team: number | null;
    strategic: number | null;
    horizonYears: number | null;
  };
  seller: { percent: number | null };
  /** Every built-in skill type's value. */
  all: Record<string, number | null>;
  crisis: boolean;
}

const argmax = <K extends string>(scores: Record<K, number | null>): K | null => {
  let best: K | null = null;
  for (const [k, v] of Object.entries(scores) as [K, number | null][]) if (v !== null && (best === null || v > (scores[best] as number))) best = k;
  return best;
};

export function naturalSkills(ind: IndicatorValues | null | undefined): NaturalSkills {
  const f = featuresOf(ind);
  const all = Object.fromEntries(SKILL_TYPES.map((s) => [s.key, weighted(f, s.weights)]));
  const m = stateFactor(ind);
  const spheres = [f.ME_ANALYT, f.WE_ANALYT, f.WR_ANALYT].filter((v): v is number => v !== null);
  const leaderScores = Object.fromEntries(LEADER_TYPES.map((k) => [k, all[`leader.${k}`]])) as Record<LeaderType, number | null>;
  const managerScores = Object.fromEntries(MANAGER_TYPES.map((k) => [k, all[`manager.${k}`]])) as Record<ManagerType, number | null>;
  const leaderType = argmax(leaderScores);
  const managerType = argmax(managerScores);
  const potential = all.researcher ?? null;
  return {
    researcher: {
      min: spheres.length ? Math.round(Math.min(...spheres)) : null,
      max: spheres.length ? Math.round(Math.max(...spheres)) : null,
      potential,
      actual: potential === null ? null : Math.round(potential * m),
    },
    businessman: { system: all["businessman.system"] ?? null, energy: all["businessman.energy"] ?? null },
    leader: { type: leaderType, strength: leaderType ? leaderScores[leaderType] : null, scores: leaderScores },
    manager: {
      type: managerType,
      resource: managerType && managerScores[managerType] !== null ? Math.round(managerScores[managerType]! * m) : null,
      ...managerScores,
      horizonYears: managerType ? MANAGER_HORIZON_YEARS[managerType] : null,
    },
    seller: { percent: all.seller ?? null },
    all,
    crisis: num(ind?.harmony) !== null && inCrisis(num(ind?.harmony)!),
  };
}

/** A company's own skill: the same weighted mean over features. */
export function customSkill(ind: IndicatorValues | null | undefined, weights: Weights): number | null {
  return weighted(featuresOf(ind), weights);
}

/** The definitions table of FIT.md (`npx tsx -e 'import("./model/skills").then(m => console.log(m.skillTable()))'`). */
export function skillTable(): string {
  const rows = SKILL_TYPES.map((s) => {
    const total = Object.values(s.weights).reduce((a, w) => a + (w ?? 0), 0);
    const formula = Object.entries(s.weights)
      .map(([k, w]) => `${Math.round(((w ?? 0) / total) * 100)}% ${k}`)
      .join(" + ");
    return `| \`${s.key}\` | ${s.family} | ${formula} |`;
  });
  return ["| key | family | formula (weighted mean of features) |", "| --- | --- | --- |", ...rows].join("\n");
}
