// The calibrated fit scale (model/fit.ts FIT_SCALE, model/FIT.md "Calibration"): bounded, monotonic in
// what an activity needs, spread over the range on the fixed reference population where fit-v1 was not,
// clearly lower for unsuited formats, and its explanation (base + reasons + bounds) adds up to the score.
import { describe, expect, it } from "vitest";
import { type Activity, FIT_SCALE, FIT_V1, fitFor, type IndicatorValues } from "../../model/fit";
import { fitSpread, REFERENCE_POSITIONS, referencePopulation } from "../../model/fit-calibration";
import { Rng } from "../../model/simulate";

const people = referencePopulation(1500, 77);
const sales = REFERENCE_POSITIONS.find((p) => p.name === "Sales manager")!.activities;
const middle: IndicatorValues = {
  ME_SYSTEM: 55,
  ME_ANALYT: 50,
  WE_SYSTEM: 55,
  WE_ANALYT: 50,
  WR_SYSTEM: 55,
  WR_ANALYT: 50,
  system: 55,
  analytics: 50,
  volume: 50,
  presentation: 0,
  harmony: 55,
  anxiety: 0,
};
const teamFast: Activity[] = [{ name: "Calls", communication: "team", decision: "improvisation", priority: 50 }];
const explained = (ind: IndicatorValues, acts: readonly Activity[]) => {
  const f = fitFor(ind, acts);
  return { f, sum: f.base + f.bounded + f.activities.flatMap((a) => a.reasons).reduce((s, r) => s + r.points, 0) };
};

describe("the calibrated fit scale", () => {
  it("is an integer within 0–100 for any indicators, and its explanation adds up to it", () => {
    const rng = new Rng(5);
    for (let i = 0; i < 2000; i++) {
      const ind: IndicatorValues = Object.fromEntries(
        Object.keys(middle).map((k) => [k, k === "presentation" ? rng.int(201) - 100 : k === "anxiety" ? rng.int(21) - 10 : rng.int(101)]),
      );
      const acts = REFERENCE_POSITIONS[i % REFERENCE_POSITIONS.length]!.activities;
      const { f, sum } = explained(ind, acts);
      expect(Number.isInteger(f.efficiency)).toBe(true);
      expect(f.efficiency).toBeGreaterThanOrEqual(0);
      expect(f.efficiency).toBeLessThanOrEqual(100);
      // the reasons are rounded to 0.1 and the score to 1: within a point
      expect(Math.abs(sum - f.efficiency!)).toBeLessThanOrEqual(1);
    }
  });

  it("the explanation adds up on every reference person and position, the base is the scale's", () => {
    for (const p of people.slice(0, 300))
      for (const pos of REFERENCE_POSITIONS) {
        const { f, sum } = explained(p.indicators, pos.activities);
        expect(f.base).toBe(FIT_SCALE.base);
        expect(Math.abs(sum - f.efficiency!)).toBeLessThanOrEqual(1);
      }
  });

  it("is monotonic: more structure in the activity's sphere, or presentation and volume nearer the need, never lower the score", () => {
    for (let v = 0; v < 100; v += 5) {
      const lo = fitFor({ ...middle, WE_SYSTEM: v }, teamFast).efficiency!;
      const hi = fitFor({ ...middle, WE_SYSTEM: v + 5 }, teamFast).efficiency!;
      expect(hi).toBeGreaterThanOrEqual(lo);
    }
    const target = FIT_SCALE.paceTarget.improvisation;
    for (let p = -100; p < target; p += 10) {
      expect(fitFor({ ...middle, presentation: p + 10 }, teamFast).efficiency!).toBeGreaterThanOrEqual(
        fitFor({ ...middle, presentation: p }, teamFast).efficiency!,
      );
    }
    const global: Activity[] = [{ name: "Strategy", communication: "global", decision: "moderate" }];
    for (let v = 0; v < FIT_SCALE.volumeTarget.broad; v += 5) {
      expect(fitFor({ ...middle, volume: v + 5 }, global).efficiency!).toBeGreaterThanOrEqual(fitFor({ ...middle, volume: v }, global).efficiency!);
    }
  });

  it("spreads over the range on the reference population, where fit-v1 stayed in the upper middle", () => {
    const after = fitSpread(people);
    const before = fitSpread(people, REFERENCE_POSITIONS, FIT_V1);
    expect(after.all.p10).toBeLessThanOrEqual(25);
    expect(after.all.p90).toBeGreaterThanOrEqual(75);
    expect(Math.abs(after.all.median - 50)).toBeLessThanOrEqual(5);
    expect(after.all.p90 - after.all.p10).toBeGreaterThan(before.all.p90 - before.all.p10 + 15);
    expect(before.all.p10).toBeGreaterThanOrEqual(40);
    // per position, the best format's people sit well above the worst format's
    for (const p of after.positions) expect(p.formatGap, p.name).toBeGreaterThanOrEqual(40);
    for (const [i, p] of after.positions.entries()) expect(p.formatGap, p.name).toBeGreaterThanOrEqual(before.positions[i]!.formatGap);
  });

  it("a fast, broad, structured person clearly beats a slow, deep one for a fast team activity, and the other way round", () => {
    const commander = { ...middle, WE_SYSTEM: 80, system: 78, presentation: 40, volume: 70 };
    const philosopher = { ...middle, WE_ANALYT: 80, analytics: 78, presentation: -40, volume: 25 };
    expect(fitFor(commander, teamFast).efficiency! - fitFor(philosopher, teamFast).efficiency!).toBeGreaterThanOrEqual(40);
    const deepWork: Activity[] = [{ name: "Audit", communication: "individual", decision: "moderate" }];
    expect(fitFor(philosopher, deepWork).efficiency! - fitFor(commander, deepWork).efficiency!).toBeGreaterThanOrEqual(40);
    // on the sales position the fast formats' people come out ahead of the slow ones
    const medians = fitSpread(people).formatMedians;
    const j = REFERENCE_POSITIONS.findIndex((p) => p.activities === sales);
    expect(medians.get("SYS-HIGH-FAST")![j]! - medians.get("ANL-HIGH-SLOW")![j]!).toBeGreaterThanOrEqual(10);
  });
});
