/**
 * What the fit scale is calibrated on (model/FIT.md, Calibration): a reference population of simulated
 * respondents (the stress grid's "realistic" scenario, scored by the rules as a real result is) and a set
 * of realistic positions, and the spread statistics model/fit-spread.ts prints and the unit tests check.
 * Pure apart from the simulator's seeded random numbers.
 */
import { type Activity, FIT_SCALE, type FitScale, fitFor, type IndicatorValues } from "./fit";
import { N_ITEMS } from "./items";
import { STRESS_GRID } from "./scenarios";
import { type AnswerValue, scoreAnswers } from "./scoring";
import { simulate } from "./simulate";

export const REFERENCE_SEED = 3301;
export const REFERENCE_SCENARIO = "realistic";

export interface ReferencePosition {
  name: string;
  activities: Activity[];
}

/** Ten positions as companies describe them with the wizard's fields (1–3 activities each). */
export const REFERENCE_POSITIONS: readonly ReferencePosition[] = [
  {
    name: "Sales manager",
    activities: [
      { name: "Client meetings", communication: "team", client: true, breadth: "broad", decision: "improvisation", priority: 80 },
      { name: "Negotiation", communication: "team", client: true, decision: "balanced", priority: 50 },
      { name: "CRM notes", communication: "individual", method: "order", decision: "moderate", priority: 10 },
    ],
  },
  {
    name: "Accountant",
    activities: [
      { name: "Closing the books", communication: "individual", decision: "moderate", priority: 90 },
      { name: "Tax reports", communication: "individual", decision: "moderate", priority: 60 },
      { name: "Questions from colleagues", communication: "team", decision: "balanced", priority: 10 },
    ],
  },
  {
    name: "Software developer",
    activities: [
      { name: "Coding", communication: "individual", decision: "balanced", priority: 80 },
      { name: "Code review", communication: "team", decision: "moderate", priority: 40 },
      { name: "Incidents", communication: "individual", decision: "improvisation", priority: 20 },
    ],
  },
  {
    name: "Head of strategy",
    activities: [
      { name: "Market strategy", communication: "global", decision: "moderate", priority: 90 },
      { name: "Board presentations", communication: "global", decision: "balanced", priority: 50 },
    ],
  },
  {
    name: "Support agent",
    activities: [
      { name: "Calls", communication: "team", decision: "improvisation", priority: 90 },
      { name: "Tickets", communication: "individual", decision: "balanced", priority: 40 },
    ],
  },
  {
    name: "Project manager",
    activities: [
      { name: "Team coordination", communication: "team", decision: "balanced", priority: 80 },
      { name: "Planning", communication: "global", decision: "moderate", priority: 50 },
      { name: "Firefighting", communication: "team", decision: "improvisation", priority: 40 },
    ],
  },
  {
    name: "Dispatcher",
    activities: [
      { name: "Dispatching", communication: "individual", decision: "improvisation", priority: 90 },
      { name: "Route planning", communication: "individual", decision: "moderate", priority: 30 },
    ],
  },
  {
    name: "Data analyst",
    activities: [
      { name: "Analysis", communication: "individual", decision: "moderate", priority: 90 },
      { name: "Presenting findings", communication: "team", decision: "balanced", priority: 30 },
    ],
  },
  {
    name: "Chief executive",
    activities: [
      { name: "Direction", communication: "global", decision: "balanced", priority: 80 },
      { name: "Crises", communication: "global", decision: "improvisation", priority: 60 },
    ],
  },
  {
    name: "Team lead",
    activities: [{ name: "Running the team", communication: "team", decision: "balanced", priority: 50 }],
  },
];

export interface ReferencePerson {
  formatCode: string;
  indicators: IndicatorValues;
}

/** n people of the grid's realistic scenario (types with spread 0.5, weak items, response styles), scored by the rules. */
export function referencePopulation(n = 4000, seed = REFERENCE_SEED): ReferencePerson[] {
  const scenario = STRESS_GRID.find((g) => g.key === REFERENCE_SCENARIO)!.scenario;
  const d = simulate(n, seed, { scenario });
  const out: ReferencePerson[] = [];
  for (let i = 0; i < n; i++) {
    const r = scoreAnswers(Array.from(d.answers.subarray(i * N_ITEMS, (i + 1) * N_ITEMS)) as AnswerValue[]);
    out.push({ formatCode: r.formatCode, indicators: r.indicators as unknown as IndicatorValues });
  }
  return out;
}

/** The q-quantile of sorted values (nearest rank). */
export const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))]!;

export interface PositionSpread {
  name: string;
  min: number;
  p10: number;
  median: number;
  p90: number;
  max: number;
  /** Formats by their people's median efficiency on the position: the best and the worst, and the gap between them. */
  bestFormat: { code: string; median: number };
  worstFormat: { code: string; median: number };
  formatGap: number;
}

export interface SpreadReport {
  version: string;
  people: number;
  all: { min: number; p10: number; median: number; p90: number; max: number };
  positions: PositionSpread[];
  /** Per format and position, the median efficiency of the people of that format (formats with ≥ minPeople). */
  formatMedians: Map<string, number[]>;
}

const stats = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return { min: s[0]!, p10: quantile(s, 0.1), median: quantile(s, 0.5), p90: quantile(s, 0.9), max: s[s.length - 1]! };
};

/** The spread of the efficiency over people × positions under a scale; formats with fewer than minPeople are left out of the format gap. */
export function fitSpread(
  people: readonly ReferencePerson[],
  positions: readonly ReferencePosition[] = REFERENCE_POSITIONS,
  scale: FitScale = FIT_SCALE,
  minPeople = 20,
): SpreadReport {
  const all: number[] = [];
  const byFormat = new Map<string, number[][]>();
  const perPosition = positions.map((p) => {
    const values: number[] = [];
    for (const person of people) {
      const e = fitFor(person.indicators, p.activities, scale).efficiency;
      if (e === null) continue;
      values.push(e);
      all.push(e);
    }
    return values;
  });
  people.forEach((person, i) => {
    let rows = byFormat.get(person.formatCode);
    if (!rows) byFormat.set(person.formatCode, (rows = positions.map(() => [])));
    perPosition.forEach((values, j) => rows![j]!.push(values[i]!));
  });
  const formatMedians = new Map<string, number[]>();
  for (const [code, rows] of byFormat)
    if (rows[0]!.length >= minPeople)
      formatMedians.set(
        code,
        rows.map((r) => stats(r).median),
      );
  return {
    version: scale.version,
    people: people.length,
    all: stats(all),
    formatMedians,
    positions: positions.map((p, j) => {
      const ranked = [...formatMedians].map(([code, m]) => ({ code, median: m[j]! })).sort((a, b) => b.median - a.median || a.code.localeCompare(b.code));
      const best = ranked[0]!;
      const worst = ranked[ranked.length - 1]!;
      return { name: p.name, ...stats(perPosition[j]!), bestFormat: best, worstFormat: worst, formatGap: best.median - worst.median };
    }),
  };
}

const DECISIONS = ["balanced", "moderate", "improvisation"] as const;

/**
 * How much one dropdown moves people: every activity's decision style changed to each other value,
 * the median over people of |efficiency after − before|, and the largest such median; set against the
 * people's own spread on the position (p90 − p10), which the dropdown should not dwarf.
 */
export function dropdownSwing(people: readonly ReferencePerson[], positions: readonly ReferencePosition[] = REFERENCE_POSITIONS, scale: FitScale = FIT_SCALE) {
  const medians: number[] = [];
  const spreads: number[] = [];
  for (const p of positions) {
    const base = people.map((person) => fitFor(person.indicators, p.activities, scale).efficiency!);
    const sorted = [...base].sort((a, b) => a - b);
    spreads.push(quantile(sorted, 0.9) - quantile(sorted, 0.1));
    p.activities.forEach((a, j) => {
      for (const d of DECISIONS) {
        if (d === a.decision) continue;
        const changed = p.activities.map((x, k) => (k === j ? { ...x, decision: d } : x));
        const deltas = people.map((person, i) => Math.abs(fitFor(person.indicators, changed, scale).efficiency! - base[i]!)).sort((x, y) => x - y);
        medians.push(quantile(deltas, 0.5));
      }
    });
  }
  const sortedMedians = [...medians].sort((a, b) => a - b);
  const sortedSpreads = [...spreads].sort((a, b) => a - b);
  return { medianSwing: quantile(sortedMedians, 0.5), maxSwing: sortedMedians[sortedMedians.length - 1]!, medianPeopleSpread: quantile(sortedSpreads, 0.5) };
}
