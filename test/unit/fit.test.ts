// The fit formula (model/fit.ts) and the skill formulas (model/skills.ts) on hand-made cases:
// a clear fit, a clear misfit, a tie, missing data, crisis and anxiety, and the explanations in
// both languages.
import { describe, expect, it } from "vitest";
import { translator } from "../../locales";
import { diffOf, explainFit, fitFor, FIT_VERSION, PACE_TARGET, rankPositions, type Activity } from "../../model/fit";
import { customSkill, featuresOf, naturalSkills, SKILL_TYPES, skillTable, stateFactor, weighted } from "../../model/skills";

// a systematic team player who presents fast and holds many threads
const organiser = {
  ME_SYSTEM: 70,
  ME_ANALYT: 40,
  WE_SYSTEM: 85,
  WE_ANALYT: 45,
  WR_SYSTEM: 60,
  WR_ANALYT: 40,
  system: 72,
  analytics: 42,
  volume: 50,
  presentation: 50,
  harmony: 70,
  anxiety: -3,
};
// the opposite: little structure anywhere, very slow, deep and narrow
const opposite = {
  ME_SYSTEM: 20,
  ME_ANALYT: 25,
  WE_SYSTEM: 15,
  WE_ANALYT: 20,
  WR_SYSTEM: 20,
  WR_ANALYT: 25,
  system: 18,
  analytics: 23,
  volume: 0,
  presentation: -100,
  harmony: 55,
  anxiety: 2,
};
const teamFast: Activity[] = [{ name: "Stand-ups", communication: "team", decision: "improvisation", priority: 0 }];

describe("fitFor", () => {
  it("a clear fit scores high, a clear misfit low", () => {
    const good = fitFor(organiser, teamFast);
    const bad = fitFor(opposite, teamFast);
    expect(good.version).toBe(FIT_VERSION);
    // structure 85 → 1, pace 50 vs 50 → 1, volume 50 vs 50 → 1: all components at the top
    expect(good.efficiency).toBe(100);
    expect(bad.efficiency).toBe(0);
    expect(good.flags).toEqual([]);
  });

  it("reasons add up to the distance from the base", () => {
    const mixed = { ...organiser, presentation: -20, volume: 80 };
    const acts: Activity[] = [...teamFast, { name: "Reports", communication: "individual", decision: "moderate", priority: 50 }];
    const fit = fitFor(mixed, acts);
    const sum = fit.activities.flatMap((a) => a.reasons).reduce((s, r) => s + r.points, 0);
    expect(Math.abs(fit.base + sum + fit.bounded - fit.efficiency!)).toBeLessThanOrEqual(1);
    // priority 50 weighs 3, priority 0 weighs 1
    expect(fit.activities.map((a) => a.share)).toEqual([25, 75]);
    const pace = fit.activities[0]!.reasons.find((r) => r.kind === "pace")!;
    expect(pace).toMatchObject({ indicator: "presentation", value: -20, target: PACE_TARGET.improvisation });
    expect(pace.points).toBeLessThan(0);
  });

  it("the sphere follows whose work it is, and the way of working picks system, analytics or both together", () => {
    const strategy: Activity = { name: "Strategy", communication: "global", decision: "balanced" };
    const ind = { ...organiser, WR_ANALYT: 90 };
    expect(fitFor(ind, [{ ...strategy, method: "inquiry" }]).activities[0]!.reasons[0]).toMatchObject({ kind: "structure", indicator: "WR_ANALYT", value: 90 });
    expect(fitFor(ind, [{ ...strategy, method: "order" }]).activities[0]!.reasons[0]).toMatchObject({ kind: "structure", indicator: "WR_SYSTEM", value: 60 });
    // either way: the sphere's structure as a whole, so neither the systematic nor the analytic is favoured
    expect(fitFor(ind, [strategy]).activities[0]!.reasons[0]).toMatchObject({ kind: "structure", indicator: "WR_STRUCTURE", value: 75 });
    // clients met: structure in work with people counts beside the activity's own sphere, and so does confidence
    const withClients = fitFor({ ...ind, anxiety: 8 }, [{ ...strategy, client: true }]).activities[0]!.reasons;
    expect(withClients.map((r) => r.indicator)).toEqual(expect.arrayContaining(["WR_STRUCTURE", "WE_STRUCTURE", "anxiety"]));
  });

  it("breadth is asked; without an answer it follows whose work it is, as before it was asked", () => {
    const own: Activity = { name: "Audit", communication: "individual", decision: "moderate" };
    const volumeTarget = (a: Activity) => fitFor(organiser, [a]).activities[0]!.reasons.find((r) => r.kind === "volume")!.target;
    expect(volumeTarget(own)).toBe(volumeTarget({ ...own, breadth: "depth" }));
    expect(volumeTarget({ ...own, breadth: "broad" })).toBeGreaterThan(volumeTarget(own)!);
    // a client-facing, broad, fast job: the fast broad person beats the slow narrow one by far
    const sales: Activity[] = [{ name: "Client meetings", communication: "team", client: true, breadth: "broad", decision: "improvisation" }];
    const keeper = { ...organiser, WE_SYSTEM: 80, volume: 10, presentation: -50 };
    const seller = { ...organiser, WE_SYSTEM: 50, WE_ANALYT: 50, volume: 85, presentation: 50 };
    expect(fitFor(seller, sales).efficiency! - fitFor(keeper, sales).efficiency!).toBeGreaterThanOrEqual(40);
  });

  it("a tie keeps the current position first and diff 0; otherwise best first", () => {
    const list = [
      { positionId: "b", name: "B", efficiency: 70 },
      { positionId: "a", name: "A", efficiency: 70 },
      { positionId: "c", name: "C", efficiency: null },
      { positionId: "d", name: "D", efficiency: 55 },
    ];
    expect(rankPositions(list, "b").map((p) => p.positionId)).toEqual(["b", "a", "d", "c"]);
    expect(rankPositions(list).map((p) => p.positionId)).toEqual(["a", "b", "d", "c"]);
    expect(diffOf(list, "b")).toMatchObject({ diff: 0, best: { positionId: "b" } });
    expect(diffOf(list, "d")).toMatchObject({ diff: 15, best: { positionId: "a" } });
    expect(diffOf(list, "c").diff).toBeNull();
    expect(diffOf(list, null).diff).toBeNull();
    // the same person on two identical positions gets the same score
    expect(fitFor(organiser, teamFast).efficiency).toBe(fitFor(organiser, [{ ...teamFast[0]!, name: "Other" }]).efficiency);
  });

  it("missing data: no result, no activities, partial indicators", () => {
    expect(fitFor(null, teamFast)).toMatchObject({ efficiency: null, flags: ["noResult"] });
    expect(fitFor({}, teamFast).efficiency).toBeNull();
    expect(fitFor(organiser, [])).toMatchObject({ efficiency: null, flags: ["noActivities"] });
    // an old result without the sphere scales: overall system/analytics stand in, flagged
    const old = fitFor({ system: 72, analytics: 40, volume: 50, presentation: 50, harmony: 60, anxiety: 0 }, teamFast);
    expect(old.flags).toContain("partial");
    expect(old.activities[0]!.reasons[0]).toMatchObject({ indicator: "structure", value: 56 });
    // no presentation: pace drops out and the rest is renormalised
    const noPace = fitFor({ WE_SYSTEM: 80, volume: 50, harmony: 60, anxiety: 0 }, teamFast);
    expect(noPace.activities[0]!.reasons.map((r) => r.kind)).toEqual(["structure", "volume"]);
    expect(noPace.efficiency).toBeGreaterThan(80);
  });

  it("crisis is flagged and never scores anyone down; anxiety only weighs on improvisation", () => {
    const calm = fitFor(organiser, teamFast);
    const crisis = fitFor({ ...organiser, harmony: 20, anxiety: 9 }, teamFast);
    expect(crisis.flags).toEqual(expect.arrayContaining(["crisis", "anxious"]));
    expect(crisis.efficiency).toBe(calm.efficiency);
    // a person in the middle of the scale, so neither end of 0–100 hides the effect
    const middling = { ...organiser, WE_SYSTEM: 60, presentation: 0, volume: 35 };
    const anxious = fitFor({ ...middling, anxiety: 8 }, teamFast);
    const steady = fitFor({ ...middling, anxiety: 0 }, teamFast);
    expect(anxious.efficiency!).toBeLessThan(steady.efficiency!);
    expect(anxious.activities[0]!.reasons.at(-1)).toMatchObject({ kind: "anxiety", value: 8 });
    const slow: Activity[] = [{ name: "Audit", communication: "individual", decision: "moderate" }];
    expect(fitFor({ ...organiser, anxiety: 8 }, slow).efficiency).toBe(fitFor({ ...organiser, anxiety: 0 }, slow).efficiency);
    const confident = fitFor({ ...middling, anxiety: -8 }, teamFast);
    expect(confident.efficiency!).toBeGreaterThan(steady.efficiency!);
  });

  it("explains in both languages, in words, without raw keys", () => {
    const fit = fitFor({ ...opposite, harmony: 30 }, [...teamFast, { name: "Strategy", communication: "global", decision: "balanced" }]);
    for (const locale of ["ru", "en"] as const) {
      const words = explainFit(fit, translator(locale));
      const all = [words.headline, ...words.flags, ...words.activities.flatMap((a) => [a.needs, ...a.reasons.map((r) => r.text)])];
      expect(all.every((s) => !s.includes("analytics.") && !s.includes("{{"))).toBe(true);
      expect(words.activities[0]!.reasons.length).toBeGreaterThan(0);
    }
    const en = explainFit(fit, translator("en"));
    const ru = explainFit(fit, translator("ru"));
    expect(en.activities[0]!.reasons[0]!.text).toMatch(/took \d+\.\d points/);
    expect(ru.activities[0]!.reasons[0]!.text).toMatch(/отняла? \d+\.\d балла/);
    expect(en.flags.join(" ")).toMatch(/crisis/);
    expect(ru.flags.join(" ")).toMatch(/кризис/);
  });
});

describe("skills", () => {
  it("has at least 30 built-in types, each with a name in both languages and weights on known features", () => {
    expect(SKILL_TYPES.length).toBeGreaterThanOrEqual(30);
    expect(new Set(SKILL_TYPES.map((s) => s.key)).size).toBe(SKILL_TYPES.length);
    for (const locale of ["ru", "en"] as const) {
      const t = translator(locale);
      for (const s of SKILL_TYPES) expect(t(`analytics.skills.${s.key}`)).not.toContain("analytics.");
    }
    for (const s of SKILL_TYPES) expect(weighted(featuresOf(organiser), s.weights)).not.toBeNull();
    expect(skillTable().split("\n")).toHaveLength(SKILL_TYPES.length + 2);
  });

  it("every skill formula: a clear high, a clear low, missing data", () => {
    // the person at the top (or bottom) of every feature the skill weighs; depth and deliberation
    // are the other ends of volume and speed
    const extreme = (w: Record<string, number | undefined>, top: boolean) => {
      const v = (up: boolean) => (up === top ? 100 : 0);
      const scales = ["ME_SYSTEM", "ME_ANALYT", "WE_SYSTEM", "WE_ANALYT", "WR_SYSTEM", "WR_ANALYT", "system", "analytics", "harmony"];
      return {
        ...Object.fromEntries(scales.map((k) => [k, v(true)])),
        volume: v(!w.depth),
        presentation: v(!w.deliberation) * 2 - 100,
        anxiety: top ? -10 : 10,
      };
    };
    for (const s of SKILL_TYPES) {
      const hi = naturalSkills(extreme(s.weights, true)).all[s.key]!;
      const lo = naturalSkills(extreme(s.weights, false)).all[s.key]!;
      expect(hi, s.key).toBe(100);
      expect(lo, s.key).toBe(0);
      expect(naturalSkills(null).all[s.key], s.key).toBeNull();
    }
  });

  it("the five families: researcher range and actual vs potential, businessman, leader and manager types, seller", () => {
    const n = naturalSkills(organiser);
    expect(n.researcher).toMatchObject({ min: 40, max: 45 });
    expect(n.researcher.actual).toBe(n.researcher.potential); // harmony 70: all of it shows
    expect(n.leader.type).toBe("organizer");
    expect(n.manager.type).toBe("tactical");
    expect(n.manager.horizonYears).toBe(1);
    expect(n.businessman.system).toBe(Math.round(0.6 * 72 + 0.4 * 60));
    expect(n.seller.percent).toBe(Math.round((0.3 * 45 + 0.3 * 75 + 0.25 * 65 + 0.15 * 50) / 1));
    const visionary = naturalSkills({ ...organiser, WR_ANALYT: 95, WR_SYSTEM: 90, volume: 95, WE_SYSTEM: 40, presentation: -60 });
    expect(visionary.leader.type).toBe("visionary");
    expect(visionary.manager).toMatchObject({ type: "strategic", horizonYears: 5 });
    // in crisis the actual falls below the potential, and it is flagged
    const crisis = naturalSkills({ ...organiser, harmony: 0, anxiety: 8 });
    expect(crisis.crisis).toBe(true);
    expect(stateFactor({ harmony: 0, anxiety: 8 })).toBeCloseTo(0.65);
    expect(crisis.researcher.actual!).toBeLessThan(crisis.researcher.potential!);
    expect(naturalSkills({})).toMatchObject({ leader: { type: null }, manager: { type: null, resource: null }, seller: { percent: null } });
  });

  it("a company's own skill is the weighted mean of the features present", () => {
    expect(customSkill(organiser, { WE_ANALYT: 2, confidence: 1 })).toBe(Math.round((2 * 45 + 65) / 3));
    expect(customSkill({ WE_ANALYT: 45 }, { WE_ANALYT: 2, confidence: 1 })).toBe(45);
    expect(customSkill(null, { WE_ANALYT: 1 })).toBeNull();
  });
});
