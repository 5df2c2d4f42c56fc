/**
 * The fit-validity bench's line for "model after top performers" (model/FIT.md): every archetype
 * described vaguely — whose work and client contact only, every pace, breadth and way of working left
 * in the middle — then calibrated once from three panel people of its intended persona, marked as the
 * top performers. It prints where the intended persona ranks before and after: calibrating from the
 * right people should move the ranking toward them. Pure apart from the panel's seeded simulation.
 */
import { resolve } from "node:path";
import type { Activity } from "./fit";
import { calibrateFromPerformers } from "./fit-performers";
import { ARCHETYPES, type Archetype, fitValidity, type PanelPerson, personaPanel } from "./fit-validity";

/** How many of the intended persona's panel people are marked. */
export const MARKED = 3;

/** The job as a hurried HR lead leaves it: only whose work it organises and client contact are said. */
const vague = (a: Archetype): Archetype => ({
  ...a,
  activities: a.activities.map((x): Activity => ({ ...x, decision: "balanced", breadth: "mixed", method: "either" })),
});

export function performersBench(panel: readonly PanelPerson[] = personaPanel()) {
  const before = ARCHETYPES.map(vague);
  const statuses: string[] = [];
  const after = before.map((a) => {
    const marked = panel.filter((p) => p.persona === a.intended).slice(0, MARKED);
    const c = calibrateFromPerformers(
      a.activities,
      marked.map((p, i) => ({ id: String(i), indicators: p.indicators })),
    );
    statuses.push(c.status);
    return { ...a, activities: c.activities };
  });
  const rb = fitValidity(panel, undefined, before).rankings;
  const ra = fitValidity(panel, undefined, after).rankings;
  const median = (v: number[]) => {
    const s = [...v].sort((x, y) => x - y);
    return (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2;
  };
  return {
    archetypes: ARCHETYPES.length,
    suggested: statuses.filter((s) => s === "ready").length,
    dissimilar: statuses.filter((s) => s === "dissimilar").length,
    rankBefore: median(rb.map((r) => r.intendedRank)),
    rankAfter: median(ra.map((r) => r.intendedRank)),
    improved: ra.filter((r, i) => r.intendedRank < rb[i]!.intendedRank).length,
    worse: ra.filter((r, i) => r.intendedRank > rb[i]!.intendedRank).length,
    topQuarterBefore: rb.filter((r) => r.topQuarter).length / rb.length,
    topQuarterAfter: ra.filter((r) => r.topQuarter).length / ra.length,
  };
}

/** The bench's line, as `npm run model:eval` prints it after the fit-validity lines. */
export function printPerformersBench(panel: readonly PanelPerson[] = personaPanel()) {
  const r = performersBench(panel);
  console.log(
    `calibrating vague descriptions from ${MARKED} of the intended persona's people (${r.suggested} of ${r.archetypes} suggested, ${r.dissimilar} too dissimilar): ` +
      `intended persona's median rank ${r.rankBefore} → ${r.rankAfter} (better in ${r.improved}, worse in ${r.worse}); ` +
      `in the top quarter ${Math.round(r.topQuarterBefore * 100)} % → ${Math.round(r.topQuarterAfter * 100)} % of archetypes`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename ?? "")) printPerformersBench();
