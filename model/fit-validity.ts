/**
 * The fit-validity bench (model/FIT.md, "Does the fit tell jobs apart?"): job archetypes described the way
 * an HR lead fills in the position wizard, each with the persona the theory says should fit it best —
 * written down here before anything was computed — and a panel of simulated respondents around every
 * format's prototype, answering the 110 items and scored by the rules as a real result is.
 *
 * It measures what a company deciding on the numbers needs:
 * - dissimilar jobs rank people differently (mean rank correlation between dissimilar archetypes ≤ 0.3);
 * - the intended persona is near the top (its median fit in the top quarter of the 27 personas, for ≥ 80 %
 *   of the archetypes);
 * - how far one select of the wizard moves a person.
 * Pure apart from the simulator's seeded random numbers; `npm run model:eval` prints it first, and
 * `npx tsx model/fit-validity.ts` alone (about a second).
 */
import { resolve } from "node:path";
import { type Activity, BREADTHS, type FitScale, FIT_SCALE, FIT_V2, fitFor, type IndicatorValues, METHODS } from "./fit";
import { FORMAT_BY_CODE, FORMATS, N_FORMATS } from "./formats";
import { N_ITEMS } from "./items";
import { spearman } from "./metrics";
import { STRESS_GRID } from "./scenarios";
import { type AnswerValue, scoreAnswers } from "./scoring";
import { mixSeed, type Person, Rng, samplePerson, simulate } from "./simulate";

export { spearman };
export const VALIDITY_SEED = 4101;
export const VALIDITY_TARGETS = { maxDissimilarR: 0.3, minTopQuarter: 0.8 } as const;

export interface Archetype {
  name: string;
  /** How an HR lead describes the job before opening the wizard. */
  description: string;
  activities: Activity[];
  /** The format the theory (FIT.md: whose work → sphere, method → system/analytics, breadth → volume, pace →
   * presentation) says fits best; decided from the description, not from the computed ranking. */
  intended: string;
}

/** Twelve jobs as the wizard's fields describe them, with the intended persona of each. */
export const ARCHETYPES: readonly Archetype[] = [
  {
    name: "Sales manager (client meetings)",
    description: "Meets new clients every day, reads the room and closes on the spot; talks about any product the client brings up.",
    activities: [
      {
        name: "Client meetings and negotiation",
        communication: "team",
        client: true,
        decision: "improvisation",
        breadth: "broad",
        method: "either",
        priority: 80,
      },
      { name: "CRM notes", communication: "individual", decision: "balanced", breadth: "mixed", method: "either", priority: 10 },
    ],
    intended: "BAL-HIGH-FAST",
  },
  {
    name: "Storekeeper",
    description: "Receives and issues goods strictly by the procedure, keeps the records exact, one warehouse, no hurry to improvise.",
    activities: [
      { name: "Receiving and issuing goods", communication: "individual", decision: "moderate", breadth: "depth", method: "order", priority: 80 },
      { name: "Stock records", communication: "individual", decision: "moderate", breadth: "depth", method: "order", priority: 40 },
    ],
    intended: "SYS-LOW-SLOW",
  },
  {
    name: "Data analyst",
    description: "Digs into one data set at a time, questions every assumption, takes the time to get it right.",
    activities: [
      { name: "Analysis", communication: "individual", decision: "moderate", breadth: "depth", method: "inquiry", priority: 90 },
      { name: "Presenting findings", communication: "team", decision: "balanced", breadth: "mixed", method: "inquiry", priority: 20 },
    ],
    intended: "ANL-LOW-SLOW",
  },
  {
    name: "Dispatcher",
    description: "Sends trucks by the route plan and reacts at once when something breaks; one fleet, one set of rules.",
    activities: [
      { name: "Dispatching", communication: "individual", decision: "improvisation", breadth: "depth", method: "order", priority: 90 },
      { name: "Route plan", communication: "individual", decision: "balanced", breadth: "depth", method: "order", priority: 30 },
    ],
    intended: "SYS-LOW-FAST",
  },
  {
    name: "Head of strategy",
    description: "Thinks about the whole market and the company's direction for years ahead, questions the obvious, decides after long deliberation.",
    activities: [
      { name: "Market strategy", communication: "global", decision: "moderate", breadth: "broad", method: "inquiry", priority: 90 },
      { name: "Board papers", communication: "global", decision: "moderate", breadth: "broad", method: "inquiry", priority: 40 },
    ],
    intended: "ANL-HIGH-SLOW",
  },
  {
    name: "Operations chief",
    description: "Runs several sites by a firm system and takes command at once in an emergency.",
    activities: [
      { name: "Running the sites", communication: "global", decision: "improvisation", breadth: "broad", method: "order", priority: 80 },
      { name: "Emergencies", communication: "global", decision: "improvisation", breadth: "broad", method: "order", priority: 50 },
    ],
    intended: "SYS-HIGH-FAST",
  },
  {
    name: "Accountant",
    description: "Closes the books by the rules, several areas of accounting, careful rather than quick.",
    activities: [
      { name: "Closing the books", communication: "individual", decision: "moderate", breadth: "mixed", method: "order", priority: 90 },
      { name: "Questions from colleagues", communication: "team", decision: "balanced", breadth: "mixed", method: "order", priority: 10 },
    ],
    intended: "SYS-MID-SLOW",
  },
  {
    name: "Technical support (calls)",
    description: "Takes customers' calls, finds the cause of one product's faults by asking the right questions, answers there and then.",
    activities: [
      { name: "Customer calls", communication: "team", client: true, decision: "improvisation", breadth: "depth", method: "inquiry", priority: 90 },
      { name: "Tickets", communication: "individual", decision: "balanced", breadth: "depth", method: "inquiry", priority: 30 },
    ],
    intended: "ANL-LOW-FAST",
  },
  {
    name: "Consultant",
    description: "Works with clients on their problems, looks for new approaches, several topics, takes a measured pace.",
    activities: [
      { name: "Client workshops", communication: "team", client: true, decision: "balanced", breadth: "mixed", method: "inquiry", priority: 80 },
      { name: "Reports", communication: "individual", decision: "balanced", breadth: "mixed", method: "inquiry", priority: 30 },
    ],
    intended: "ANL-MID-MID",
  },
  {
    name: "Project coordinator",
    description: "Keeps a team to the plan and the process, several workstreams, unblocks people quickly.",
    activities: [
      { name: "Team coordination", communication: "team", decision: "improvisation", breadth: "mixed", method: "order", priority: 80 },
      { name: "Status reports", communication: "individual", decision: "balanced", breadth: "mixed", method: "order", priority: 20 },
    ],
    intended: "SYS-MID-FAST",
  },
  {
    name: "Head of product",
    description: "Sets the product's direction across many areas, uses whatever approach works, decides at a middle pace.",
    activities: [
      { name: "Product direction", communication: "global", decision: "balanced", breadth: "broad", method: "either", priority: 80 },
      { name: "Roadmap reviews", communication: "team", decision: "balanced", breadth: "broad", method: "either", priority: 40 },
    ],
    intended: "BAL-HIGH-MID",
  },
  {
    name: "Mentor for new hires",
    description: "Works one to one with newcomers on their craft, patient, in depth, any method that helps the person.",
    activities: [
      { name: "Mentoring sessions", communication: "team", decision: "moderate", breadth: "depth", method: "either", priority: 80 },
      { name: "Learning plans", communication: "individual", decision: "moderate", breadth: "depth", method: "either", priority: 30 },
    ],
    intended: "BAL-LOW-SLOW",
  },
];

/** Two archetypes are dissimilar when their intended personas differ on at least two of the format's three axes. */
export function dissimilar(a: Archetype, b: Archetype): boolean {
  const fa = FORMAT_BY_CODE.get(a.intended)!;
  const fb = FORMAT_BY_CODE.get(b.intended)!;
  return [fa.structure !== fb.structure, fa.volume !== fb.volume, fa.presentation !== fb.presentation].filter(Boolean).length >= 2;
}

export interface PanelPerson {
  persona: string;
  indicators: IndicatorValues;
}

/**
 * `perFormat` attentive respondents around each of the 27 prototypes, drawn as the stress grid's realistic
 * scenario draws people (spread 0.5, weak items, response styles), answering with fresh noise and scored by
 * the rules. The persona is the prototype they were drawn around, whatever format their answers give.
 */
export function personaPanel(perFormat = 12, seed = VALIDITY_SEED): PanelPerson[] {
  const scenario = { ...STRESS_GRID.find((g) => g.key === "realistic")!.scenario, careless: false };
  const rng = new Rng(mixSeed(seed, 1));
  const byFormat: Person[][] = Array.from({ length: N_FORMATS }, () => []);
  let left = N_FORMATS * perFormat;
  while (left > 0) {
    const p = samplePerson(rng, scenario);
    if (byFormat[p.proto]!.length < perFormat) {
      byFormat[p.proto]!.push(p);
      left--;
    }
  }
  const people = byFormat.flat();
  const d = simulate(people.length, mixSeed(seed, 2), { people });
  return people.map((p, i) => ({
    persona: FORMATS[p.proto]!.code,
    indicators: scoreAnswers(Array.from(d.answers.subarray(i * N_ITEMS, (i + 1) * N_ITEMS)) as AnswerValue[]).indicators as unknown as IndicatorValues,
  }));
}

const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2 : 0;
};

/** Every way to change one select of one activity: the field, its new value and the changed activities. */
function oneSelectChanges(activities: readonly Activity[]) {
  const out: { field: string; activities: Activity[] }[] = [];
  const options: Record<string, readonly unknown[]> = {
    communication: ["individual", "team", "global"],
    decision: ["improvisation", "balanced", "moderate"],
    breadth: BREADTHS,
    method: METHODS,
    client: [true, false],
  };
  activities.forEach((a, j) => {
    for (const [field, values] of Object.entries(options)) {
      const current = (a as unknown as Record<string, unknown>)[field] ?? (field === "client" ? false : undefined);
      for (const v of values) {
        if (v === current) continue;
        out.push({ field, activities: activities.map((x, k) => (k === j ? { ...x, [field]: v } : x)) });
      }
    }
  });
  return out;
}

export interface ValidityReport {
  people: number;
  rankings: { name: string; intended: string; intendedRank: number; top: string[]; topQuarter: boolean }[];
  pairs: { a: string; b: string; r: number; dissimilar: boolean }[];
  meanDissimilarR: number;
  maxSimilarR: number;
  topQuarterShare: number;
  /** One select changed: the median over changes of the median person's move, and the largest move of anyone. */
  selectMove: {
    medianOfMedians: number;
    largestMedian: { archetype: string; field: string; points: number };
    largestPerson: { archetype: string; field: string; points: number };
  };
}

export function fitValidity(
  panel: readonly PanelPerson[] = personaPanel(),
  scale: FitScale = FIT_SCALE,
  archetypes: readonly Archetype[] = ARCHETYPES,
): ValidityReport {
  const score = (acts: readonly Activity[]) => panel.map((p) => fitFor(p.indicators, acts, scale).efficiency ?? 0);
  const fits = archetypes.map((a) => score(a.activities));
  const quarter = Math.ceil(N_FORMATS / 4);
  const rankings = archetypes.map((a, k) => {
    const byPersona = new Map<string, number[]>();
    panel.forEach((p, i) => byPersona.set(p.persona, [...(byPersona.get(p.persona) ?? []), fits[k]![i]!]));
    const order = [...byPersona.entries()].map(([code, v]) => ({ code, m: median(v) })).sort((x, y) => y.m - x.m || x.code.localeCompare(y.code));
    const intendedRank = order.findIndex((o) => o.code === a.intended) + 1;
    return { name: a.name, intended: a.intended, intendedRank, top: order.slice(0, 3).map((o) => o.code), topQuarter: intendedRank <= quarter };
  });
  const pairs: ValidityReport["pairs"] = [];
  for (let i = 0; i < archetypes.length; i++)
    for (let j = i + 1; j < archetypes.length; j++)
      pairs.push({ a: archetypes[i]!.name, b: archetypes[j]!.name, r: spearman(fits[i]!, fits[j]!), dissimilar: dissimilar(archetypes[i]!, archetypes[j]!) });
  const dis = pairs.filter((p) => p.dissimilar);
  const medians: number[] = [];
  let largestMedian = { archetype: "", field: "", points: 0 };
  let largestPerson = { archetype: "", field: "", points: 0 };
  archetypes.forEach((a, k) => {
    for (const change of oneSelectChanges(a.activities)) {
      const moved = score(change.activities).map((v, i) => Math.abs(v - fits[k]![i]!));
      const m = median(moved);
      medians.push(m);
      if (m > largestMedian.points) largestMedian = { archetype: a.name, field: change.field, points: m };
      const top = Math.max(...moved);
      if (top > largestPerson.points) largestPerson = { archetype: a.name, field: change.field, points: top };
    }
  });
  return {
    people: panel.length,
    rankings,
    pairs,
    meanDissimilarR: dis.reduce((s, p) => s + p.r, 0) / dis.length,
    maxSimilarR: Math.max(...pairs.filter((p) => !p.dissimilar).map((p) => p.r)),
    topQuarterShare: rankings.filter((r) => r.topQuarter).length / rankings.length,
    selectMove: { medianOfMedians: median(medians), largestMedian, largestPerson },
  };
}

/** The same jobs as fit-v2's wizard could describe them: only whose work it is and the pace (no client, breadth or method). */
export const TWO_QUESTIONS: readonly Archetype[] = ARCHETYPES.map((a) => ({
  ...a,
  activities: a.activities.map(({ name, communication, decision, priority }) => ({ name, communication, decision, priority })),
}));

/** The bench's lines, as `npm run model:eval` prints them. */
export function printFitValidity(panel: readonly PanelPerson[] = personaPanel(), version = FIT_SCALE.version) {
  const report = fitValidity(panel);
  const before = fitValidity(panel, FIT_V2, TWO_QUESTIONS);
  const name = (code: string) => `${code}`;
  console.log(`fit validity (${version}): ${ARCHETYPES.length} job archetypes × ${report.people} simulated people around the 27 formats' prototypes`);
  console.log(`${"archetype".padEnd(34)} ${"intended persona".padEnd(16)} rank  top three personas`);
  for (const r of report.rankings)
    console.log(
      `${r.name.padEnd(34)} ${name(r.intended).padEnd(16)} ${String(r.intendedRank).padStart(4)}  ${r.top.join(", ")}${r.topQuarter ? "" : "  (not in the top quarter)"}`,
    );
  const dis = report.pairs.filter((p) => p.dissimilar);
  const highest = [...report.pairs].sort((a, b) => b.r - a.r).slice(0, 3);
  console.log(
    `rank correlation between dissimilar archetypes (${dis.length} pairs): mean ${report.meanDissimilarR.toFixed(2)} (target ≤ ${VALIDITY_TARGETS.maxDissimilarR}: ${report.meanDissimilarR <= VALIDITY_TARGETS.maxDissimilarR ? "met" : "NOT met"}), largest ${Math.max(...dis.map((p) => p.r)).toFixed(2)}`,
  );
  console.log(`most alike pairs: ${highest.map((p) => `${p.a} / ${p.b} ${p.r.toFixed(2)}`).join("; ")}`);
  console.log(
    `intended persona in the top quarter: ${Math.round(report.topQuarterShare * 100)} % of archetypes (target ≥ ${Math.round(VALIDITY_TARGETS.minTopQuarter * 100)} %: ${report.topQuarterShare >= VALIDITY_TARGETS.minTopQuarter ? "met" : "NOT met"})`,
  );
  console.log(
    `for comparison, the same jobs with fit-v2's two questions only: mean rank correlation ${before.meanDissimilarR.toFixed(2)}, intended persona in the top quarter ${Math.round(before.topQuarterShare * 100)} %`,
  );
  const m = report.selectMove;
  console.log(
    `one select changed: median person moves ${m.medianOfMedians} points (median over every select and value); largest median move ${m.largestMedian.points} (${m.largestMedian.archetype}, ${m.largestMedian.field}); largest move of one person ${m.largestPerson.points} (${m.largestPerson.archetype}, ${m.largestPerson.field})`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename ?? "")) printFitValidity();
