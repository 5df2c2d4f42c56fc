// The fit-validity bench (model/fit-validity.ts, model/FIT.md): dissimilar jobs described with the wizard's
// questions rank the simulated personas differently, each job's intended persona is near the top, and
// the way the review described a client-facing sales job before the questions were asked is what fails.
import { describe, expect, it } from "vitest";
import { FIT_V2 } from "../../model/fit";
import { ARCHETYPES, fitValidity, personaPanel, spearman, VALIDITY_TARGETS } from "../../model/fit-validity";

const panel = personaPanel();

describe("fit validity", () => {
  it("spearman: identical order 1, reversed −1, ties averaged", () => {
    expect(spearman([1, 2, 3, 4], [10, 20, 30, 40])).toBeCloseTo(1);
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1);
    expect(spearman([1, 1, 2], [1, 1, 2])).toBeCloseTo(1);
  });

  it("meets its targets: dissimilar jobs rank people differently and the intended persona is in the top quarter", () => {
    const r = fitValidity(panel);
    expect(ARCHETYPES.length).toBeGreaterThanOrEqual(10);
    expect(r.meanDissimilarR).toBeLessThanOrEqual(VALIDITY_TARGETS.maxDissimilarR);
    expect(r.topQuarterShare).toBeGreaterThanOrEqual(VALIDITY_TARGETS.minTopQuarter);
    const storekeeper = r.rankings.find((x) => x.name === "Storekeeper")!;
    const sales = r.rankings.find((x) => x.name.startsWith("Sales"))!;
    expect(storekeeper.top[0]).not.toBe(sales.top[0]);
    // the sales job and the storekeeper rank people in nearly opposite order
    const pair = r.pairs.find((p) => [p.a, p.b].includes("Storekeeper") && [p.a, p.b].some((n) => n.startsWith("Sales")))!;
    expect(pair.r).toBeLessThan(-0.3);
  });

  it("without the new questions (the old reading of 'individual' as deep own work) the sales job's seller falls out of the top", () => {
    // the review's sales manager: client negotiations as "individual", improvisation — read by fit-v2 as own work, depth
    const asReviewed = [
      {
        ...ARCHETYPES[0]!,
        activities: [
          { name: "Negotiations", communication: "individual" as const, decision: "improvisation" as const, priority: 80 },
          { name: "Team plan", communication: "team" as const, decision: "balanced" as const, priority: 50 },
          { name: "CRM", communication: "individual" as const, decision: "moderate" as const, priority: 20 },
        ],
      },
    ];
    const before = fitValidity(panel, FIT_V2, asReviewed).rankings[0]!;
    const now = fitValidity(panel).rankings[0]!;
    expect(before.intendedRank).toBeGreaterThan(now.intendedRank);
    expect(now.topQuarter).toBe(true);
  });
});
