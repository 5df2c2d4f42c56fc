/**
 * "Model after top performers": the owner marks the people who do a job well, and the position's
 * target is moved toward what those people share. Pure functions, no I/O; the rule and its bounds
 * are written down in model/FIT.md ("Calibrating a position from its top performers").
 *
 * The target can only be what the wizard can say (an activity's pace, breadth and way of working),
 * so the calibrated target is a set of activities, and adopting it is an ordinary position edit.
 * Whose work an activity organises and whether it meets clients are facts about the job, not about
 * the people who do it well: they are never changed.
 */

import {
  type Activity,
  type Breadth,
  breadthOf,
  type Decision,
  FIT_SCALE,
  type FitScale,
  fitFor,
  type IndicatorValues,
  type Method,
  type ReasonKind,
  SPHERE_OF,
  type Sphere,
  activityWeight,
} from "./fit";

/** Fewer marked people than this say nothing about the job: no suggestion. */
export const MIN_PERFORMERS = 2;
/** Performers whose spread (standard deviation) on a dimension exceeds this do not share a level of it. */
export const SPREAD_LIMIT = { pace: 30, volume: 20, method: 30 } as const;
/** A sphere's system − analytics at or beyond this (either sign) is a lean toward order or inquiry. */
export const LEAN = 15;
/** How many people count as "the top" of a ranking when the change is shown. */
export const TOP_N = 5;

const DECISIONS_BY_PACE: readonly Decision[] = ["moderate", "balanced", "improvisation"];
const BREADTHS_BY_VOLUME: readonly Breadth[] = ["depth", "mixed", "broad"];
const METHOD_LEVEL: Record<Method, number> = { inquiry: -1, either: 0, order: 1 };
const METHOD_OF_LEVEL: Record<number, Method> = { [-1]: "inquiry", 0: "either", 1: "order" };

export type Dimension = "pace" | "volume" | "method";

export interface Performer {
  id: string;
  indicators: IndicatorValues | null;
}

export interface DimensionSummary {
  /** The position's current target on it, weighted by the activities' priorities (pace: presentation; volume: volume). */
  current: number;
  /** The performers' mean of the indicator. */
  mean: number;
  /** Their standard deviation: above SPREAD_LIMIT they do not share a level. */
  spread: number;
  /** The shift applied to every activity's target, bounded to one level (before snapping to a level). */
  shift: number;
}

export interface ActivityChange {
  /** The activity's index in the position. */
  index: number;
  name: string;
  field: "decision" | "breadth" | "method";
  from: string;
  to: string;
}

export type CalibrationStatus = "tooFew" | "dissimilar" | "unchanged" | "ready";

export interface Calibration {
  status: CalibrationStatus;
  /** Performers with a usable result (pace and volume known). */
  counted: number;
  /** The dimensions on which the performers differ too much (status "dissimilar"). */
  dissimilar: Dimension[];
  pace: DimensionSummary | null;
  volume: DimensionSummary | null;
  /** Per sphere the position reads: the performers' mean lean (system − analytics) and its spread. */
  lean: Partial<Record<Sphere, { mean: number; spread: number }>>;
  /** The calibrated activities (the current ones unless status is "ready"). */
  activities: Activity[];
  changes: ActivityChange[];
}

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const round1 = (v: number) => Math.round(v * 10) / 10 + 0;
const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const sd = (xs: readonly number[]) => {
  const m = mean(xs);
  return Math.sqrt(mean(xs.map((x) => (x - m) ** 2)));
};
const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

/** The level of `levels` (target values, ascending) nearest to `value`; a tie keeps `current`. */
function snap<K extends string>(value: number, order: readonly K[], target: Record<K, number>, current: K): K {
  let best = current;
  for (const k of order) if (Math.abs(target[k] - value) < Math.abs(target[best] - value)) best = k;
  return best;
}

/** A sphere's lean toward order (+) or inquiry (−): its system minus analytics scale, the overall ones when the sphere's are missing. */
export function leanOf(ind: IndicatorValues, s: Sphere): number | null {
  const sys = num(ind[`${s}_SYSTEM`]) ?? num(ind.system);
  const anl = num(ind[`${s}_ANALYT`]) ?? num(ind.analytics);
  return sys === null || anl === null ? null : sys - anl;
}

/**
 * The position's target moved toward its top performers. Per dimension: the performers' mean is
 * compared with the position's (priority-weighted) target, the difference is bounded to one level
 * (pace 40 points of presentation, volume 25 of volume), every activity's target moves by it and is
 * snapped to the nearest level the wizard offers — so a difference of less than half a level changes
 * nothing, and no activity moves more than one level. The way of working moves one level (order ↔
 * either ↔ inquiry) toward the performers' lean in the activity's sphere. Fewer than MIN_PERFORMERS
 * people, or people who differ by more than SPREAD_LIMIT on a dimension, give no suggestion.
 */
export function calibrateFromPerformers(activities: readonly Activity[], performers: readonly Performer[], sc: FitScale = FIT_SCALE): Calibration {
  const usable = performers.filter((p) => p.indicators && num(p.indicators.presentation) !== null && num(p.indicators.volume) !== null);
  const base: Calibration = {
    status: "tooFew",
    counted: usable.length,
    dissimilar: [],
    pace: null,
    volume: null,
    lean: {},
    activities: activities.map((a) => ({ ...a })),
    changes: [],
  };
  if (usable.length < MIN_PERFORMERS || !activities.length) return base;

  const total = activities.reduce((s, a) => s + activityWeight(a), 0);
  const weighted = (f: (a: Activity) => number) => activities.reduce((s, a) => s + (activityWeight(a) / total) * f(a), 0);
  const summary = (values: number[], current: number, step: number): DimensionSummary => {
    const m = mean(values);
    return { current: round1(current), mean: round1(m), spread: round1(sd(values)), shift: round1(clamp(m - current, -step, step)) };
  };
  const paceStep = sc.paceTarget.improvisation - sc.paceTarget.balanced;
  const volumeStep = sc.volumeTarget.mixed - sc.volumeTarget.depth;
  const pace = summary(
    usable.map((p) => num(p.indicators!.presentation)!),
    weighted((a) => sc.paceTarget[a.decision]),
    paceStep,
  );
  const volume = summary(
    usable.map((p) => num(p.indicators!.volume)!),
    weighted((a) => sc.volumeTarget[breadthOf(a)]),
    volumeStep,
  );
  const lean: Calibration["lean"] = {};
  for (const a of activities) {
    const s = SPHERE_OF[a.communication];
    if (lean[s]) continue;
    const values = usable.map((p) => leanOf(p.indicators!, s)).filter((v): v is number => v !== null);
    if (values.length >= MIN_PERFORMERS) lean[s] = { mean: round1(mean(values)), spread: round1(sd(values)) };
  }
  const dissimilar: Dimension[] = [];
  if (pace.spread > SPREAD_LIMIT.pace) dissimilar.push("pace");
  if (volume.spread > SPREAD_LIMIT.volume) dissimilar.push("volume");
  if (Object.values(lean).some((l) => l.spread > SPREAD_LIMIT.method)) dissimilar.push("method");
  const out = { ...base, pace, volume, lean, dissimilar };
  if (dissimilar.length) return { ...out, status: "dissimilar" };

  const changes: ActivityChange[] = [];
  const calibrated = activities.map((a, index) => {
    const decision = snap(sc.paceTarget[a.decision] + pace.shift, DECISIONS_BY_PACE, sc.paceTarget, a.decision);
    const breadth = snap(sc.volumeTarget[breadthOf(a)] + volume.shift, BREADTHS_BY_VOLUME, sc.volumeTarget, breadthOf(a));
    const l = lean[SPHERE_OF[a.communication]];
    const from = a.method ?? "either";
    const wanted = !l ? METHOD_LEVEL[from] : l.mean >= LEAN ? 1 : l.mean <= -LEAN ? -1 : 0;
    const method = METHOD_OF_LEVEL[METHOD_LEVEL[from] + clamp(wanted - METHOD_LEVEL[from], -1, 1)]!;
    if (decision !== a.decision) changes.push({ index, name: a.name, field: "decision", from: a.decision, to: decision });
    if (breadth !== breadthOf(a)) changes.push({ index, name: a.name, field: "breadth", from: breadthOf(a), to: breadth });
    if (method !== from) changes.push({ index, name: a.name, field: "method", from, to: method });
    // adopting writes what was read: an activity saved before breadth and method were asked gets them explicitly
    return { ...a, decision, breadth, method };
  });
  if (!changes.length) return { ...out, status: "unchanged" };
  return { ...out, status: "ready", activities: calibrated, changes };
}

export interface RankedPerson {
  id: string;
  name: string;
  indicators: IndicatorValues | null;
}

export interface RankRow {
  id: string;
  name: string;
  /** 1-based rank and fit under the current target, and under the calibrated one. */
  before: { rank: number; efficiency: number };
  after: { rank: number; efficiency: number };
  /** The component whose points changed most between the two targets, and by how much (signed). */
  reason: { kind: ReasonKind; points: number } | null;
  performer: boolean;
}

export interface RankingChange {
  /** Everyone measurable, in the calibrated order. */
  rows: RankRow[];
  /** Who enters and who leaves the top TOP_N. */
  movedIn: string[];
  movedOut: string[];
  topN: number;
}

const pointsByKind = (fit: ReturnType<typeof fitFor>) => {
  const out = new Map<ReasonKind, number>();
  for (const a of fit.activities) for (const r of a.reasons) out.set(r.kind, (out.get(r.kind) ?? 0) + r.points);
  return out;
};

/** Ranks people under both targets (fit, then name) and says who enters or leaves the top and why. */
export function rankingChange(
  people: readonly RankedPerson[],
  before: readonly Activity[],
  after: readonly Activity[],
  performers: ReadonlySet<string>,
  topN = TOP_N,
): RankingChange {
  const scored = people
    .map((p) => ({ p, b: fitFor(p.indicators, before), a: fitFor(p.indicators, after) }))
    .filter((s) => s.b.efficiency !== null && s.a.efficiency !== null);
  const rankBy = (key: "a" | "b") =>
    new Map(
      [...scored]
        .sort((x, y) => y[key].efficiency! - x[key].efficiency! || x.p.name.localeCompare(y.p.name) || x.p.id.localeCompare(y.p.id))
        .map((s, i) => [s.p.id, i + 1]),
    );
  const rb = rankBy("b");
  const ra = rankBy("a");
  const rows: RankRow[] = scored
    .map((s) => {
      const pb = pointsByKind(s.b);
      const pa = pointsByKind(s.a);
      let reason: RankRow["reason"] = null;
      for (const kind of new Set([...pb.keys(), ...pa.keys()])) {
        const d = round1((pa.get(kind) ?? 0) - (pb.get(kind) ?? 0));
        if (Math.abs(d) >= 0.5 && (!reason || Math.abs(d) > Math.abs(reason.points))) reason = { kind, points: d };
      }
      return {
        id: s.p.id,
        name: s.p.name,
        before: { rank: rb.get(s.p.id)!, efficiency: s.b.efficiency! },
        after: { rank: ra.get(s.p.id)!, efficiency: s.a.efficiency! },
        reason,
        performer: performers.has(s.p.id),
      };
    })
    .sort((x, y) => x.after.rank - y.after.rank);
  const inTop = (r: RankRow, k: "before" | "after") => r[k].rank <= topN;
  return {
    rows,
    movedIn: rows.filter((r) => inTop(r, "after") && !inTop(r, "before")).map((r) => r.id),
    movedOut: rows.filter((r) => !inTop(r, "after") && inTop(r, "before")).map((r) => r.id),
    topN,
  };
}
