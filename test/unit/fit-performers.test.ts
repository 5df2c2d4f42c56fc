// Calibrating a position from its top performers (model/fit-performers.ts): the target moves toward
// what the marked people share, by at most one level per activity; too few or too different people
// give no suggestion; and the ranking's change says who enters or leaves the top and why.
import { describe, expect, it } from "vitest";
import { type Activity, fitFor } from "../../model/fit";
import { calibrateFromPerformers, MIN_PERFORMERS, rankingChange, SPREAD_LIMIT } from "../../model/fit-performers";
import { performersBench } from "../../model/fit-performers-bench";
import { personaPanel } from "../../model/fit-validity";
import { flatIndicators } from "../fixtures/indicators";

/** A person with the same structure in every sphere (system, analytics), a pace and a volume. */
const person = (presentation: number, volume: number, system = 60, analytics = 60) => flatIndicators(presentation, volume, system, analytics);

// a job described as deliberate, narrow and orderly
const slowDeep: Activity[] = [
  { name: "Reports", communication: "individual", decision: "moderate", breadth: "depth", method: "order", priority: 50 },
  { name: "Client calls", communication: "team", client: true, decision: "balanced", breadth: "depth", method: "order", priority: 0 },
];

describe("calibrateFromPerformers", () => {
  it("gives no suggestion with fewer than two people with a result", () => {
    const one = calibrateFromPerformers(slowDeep, [{ id: "a", indicators: person(40, 80) }]);
    expect(MIN_PERFORMERS).toBe(2);
    expect(one.status).toBe("tooFew");
    expect(one.changes).toEqual([]);
    expect(one.activities).toEqual(slowDeep);
    // a marked person without a result does not count
    const noResult = calibrateFromPerformers(slowDeep, [
      { id: "a", indicators: person(40, 80) },
      { id: "b", indicators: null },
    ]);
    expect(noResult).toMatchObject({ status: "tooFew", counted: 1 });
  });

  it("moves every activity toward fast, broad performers by one level at most", () => {
    const c = calibrateFromPerformers(slowDeep, [
      { id: "a", indicators: person(45, 80) },
      { id: "b", indicators: person(35, 70) },
    ]);
    expect(c.status).toBe("ready");
    // the mean pace (+40) is far above the target (−40 at weight 3, 0 at weight 1: −30): the shift is bounded to one level (40)
    expect(c.pace).toMatchObject({ mean: 40, shift: 40 });
    expect(c.pace!.current).toBe(-30);
    expect(c.volume).toMatchObject({ mean: 75, current: 25, shift: 25 });
    // moderate → balanced (one level, not two), balanced → on the spot; depth → mixed for both
    expect(c.activities.map((a) => [a.decision, a.breadth])).toEqual([
      ["balanced", "mixed"],
      ["improvisation", "mixed"],
    ]);
    // whose work and client contact are facts about the job: never changed
    expect(c.activities.map((a) => [a.communication, a.client ?? false])).toEqual([
      ["individual", false],
      ["team", true],
    ]);
    expect(c.changes).toContainEqual({ index: 0, name: "Reports", field: "decision", from: "moderate", to: "balanced" });
    // balanced structure (lean 0): the way of working moves from order to either
    expect(c.changes).toContainEqual({ index: 1, name: "Client calls", field: "method", from: "order", to: "either" });
    // and the performers fit the calibrated target better than the current one
    for (const p of [person(45, 80), person(35, 70)]) expect(fitFor(p, c.activities).efficiency!).toBeGreaterThan(fitFor(p, slowDeep).efficiency!);
  });

  it("changes nothing when the performers are within half a level of the target", () => {
    const c = calibrateFromPerformers(slowDeep, [
      { id: "a", indicators: person(-30, 30, 75, 40) },
      { id: "b", indicators: person(-20, 20, 70, 35) },
    ]);
    expect(c.status).toBe("unchanged");
    expect(c.changes).toEqual([]);
    expect(c.activities).toEqual(slowDeep);
  });

  it("says the performers are too different instead of suggesting", () => {
    const c = calibrateFromPerformers(slowDeep, [
      { id: "a", indicators: person(60, 50) },
      { id: "b", indicators: person(-60, 50) },
    ]);
    expect(c.pace!.spread).toBeGreaterThan(SPREAD_LIMIT.pace);
    expect(c.status).toBe("dissimilar");
    expect(c.dissimilar).toEqual(["pace"]);
    expect(c.changes).toEqual([]);
    expect(c.activities).toEqual(slowDeep);
    // opposite ways of working are too different as well
    const ways = calibrateFromPerformers(slowDeep, [
      { id: "a", indicators: person(-30, 25, 85, 30) },
      { id: "b", indicators: person(-30, 25, 30, 85) },
    ]);
    expect(ways.dissimilar).toEqual(["method"]);
  });

  it("reads an activity saved before breadth and method were asked as the fit does, and writes them out", () => {
    const old: Activity[] = [{ name: "Planning", communication: "global", decision: "balanced", priority: 0 }];
    const c = calibrateFromPerformers(old, [
      { id: "a", indicators: person(0, 25, 80, 40) },
      { id: "b", indicators: person(5, 30, 78, 45) },
    ]);
    // organising others read as broad (75); the performers are deep (27.5): broad → mixed; they lean to order
    expect(c.status).toBe("ready");
    expect(c.activities[0]).toMatchObject({ decision: "balanced", breadth: "mixed", method: "order" });
  });
});

describe("rankingChange", () => {
  const people = [
    { id: "slow1", name: "Anna", indicators: person(-40, 25, 80, 40) },
    { id: "slow2", name: "Boris", indicators: person(-35, 20, 75, 40) },
    { id: "slow3", name: "Vera", indicators: person(-45, 30, 70, 35) },
    { id: "fast1", name: "Dmitry", indicators: person(40, 75) },
    { id: "fast2", name: "Elena", indicators: person(45, 80) },
    { id: "none", name: "Zoya", indicators: null },
  ];
  it("ranks everyone measurable under both targets and names who enters and leaves the top with the reason", () => {
    const c = calibrateFromPerformers(slowDeep, [
      { id: "fast1", indicators: people[3]!.indicators },
      { id: "fast2", indicators: people[4]!.indicators },
    ]);
    const r = rankingChange(people, slowDeep, c.activities, new Set(["fast1", "fast2"]), 2);
    expect(r.rows.map((x) => x.id)).not.toContain("none");
    expect(r.rows).toHaveLength(5);
    const elena = r.rows.find((x) => x.id === "fast2")!;
    expect(elena.performer).toBe(true);
    expect(elena.after.rank).toBeLessThan(elena.before.rank);
    expect(elena.after.efficiency).toBeGreaterThan(elena.before.efficiency);
    // the fast, broad people enter the top two; the slow ones leave it
    expect(new Set(r.movedIn)).toEqual(new Set(["fast1", "fast2"]));
    expect(r.movedOut.every((id) => id.startsWith("slow"))).toBe(true);
    // the reason is the component that moved most, signed
    expect(elena.reason?.points).toBeGreaterThan(0);
    expect(["pace", "volume"]).toContain(elena.reason?.kind);
    const anna = r.rows.find((x) => x.id === "slow1")!;
    expect(anna.reason!.points).toBeLessThan(0);
  });
});

describe("the bench: calibrating from the intended persona's people", () => {
  it("moves every vague archetype's ranking toward the persona it was calibrated from", () => {
    const r = performersBench(personaPanel(6));
    expect(r.suggested).toBeGreaterThanOrEqual(10);
    expect(r.rankAfter).toBeLessThan(r.rankBefore);
    expect(r.improved).toBeGreaterThanOrEqual(9);
    expect(r.worse).toBe(0);
    expect(r.topQuarterAfter).toBeGreaterThanOrEqual(0.8);
  });
});
