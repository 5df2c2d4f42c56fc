// The person-fit statistic and the fairness of the quality grade. Every expectation is a property
// of the rule, checked on seeded simulated people, not a stored figure.
import { describe, expect, it } from "vitest";
import { N_ITEMS } from "../../model/items";
import { personFit, QUALITY, responseQuality, timeEvidence } from "../../model/quality";
import { BASELINE, ITEM_PARAMS, Rng, SIM, simulate, type Scenario } from "../../model/simulate";

const attentive: Scenario = { ...BASELINE, careless: false };
const rows = (d: { n: number; answers: Int8Array }) => Array.from({ length: d.n }, (_, i) => Array.from(d.answers.subarray(i * N_ITEMS, (i + 1) * N_ITEMS)));
const share = (xs: boolean[]) => xs.filter(Boolean).length / xs.length;
const partlyRandom = (answers: number[], rng: Rng, p = 0.3) => answers.map((v) => (rng.next() < p ? rng.int(5) - 2 : v));
/** The most probable answer of every item for a person at traits theta, under the reference item model. */
function modalAnswers(theta: number[]): number[] {
  return Array.from({ length: N_ITEMS }, (_, j) => {
    const a = ITEM_PARAMS.a[j];
    const cum = [1, ...SIM.tau.map((t) => 1 / (1 + Math.exp(-a * (theta[ITEM_PARAMS.scale[j]] - ITEM_PARAMS.b[j] - t)))), 0];
    const p = [0, 1, 2, 3, 4].map((c) => cum[c] - cum[c + 1]);
    return ITEM_PARAMS.sign[j] * (p.indexOf(Math.max(...p)) - 2);
  });
}

describe("person fit", () => {
  it("passes a clean respondent and flags the same respondent answering 30% of the items at random", () => {
    const clean = modalAnswers([1.2, -0.8, 1.0, -1.1, 1.4, -0.6, 1.6, -1.5, 0.4, -0.9]);
    expect(personFit(clean)).toBeLessThan(QUALITY.misfit);
    expect(responseQuality(clean, Array(N_ITEMS).fill(5000), 0.9).grade).toBe("good");
    const rng = new Rng(41);
    const flagged = Array.from({ length: 40 }, () => personFit(partlyRandom(clean, rng)) > QUALITY.misfit);
    expect(share(flagged)).toBeGreaterThanOrEqual(0.5);
  });

  it("flags few attentive simulated people and many of the same people answering 30% at random", () => {
    const people = rows(simulate(300, 51, { scenario: attentive }));
    const rng = new Rng(52);
    const falseAlarms = share(people.map((a) => personFit(a) > QUALITY.misfit));
    const detected = share(people.map((a) => personFit(partlyRandom(a, rng)) > QUALITY.misfit));
    expect(falseAlarms).toBeLessThanOrEqual(0.05);
    expect(detected).toBeGreaterThan(0.3);
    expect(detected).toBeGreaterThan(5 * falseAlarms);
    // a stronger dose of random answers is caught more often: the statistic grows with the evidence
    const rng2 = new Rng(53);
    expect(share(people.map((a) => personFit(partlyRandom(a, rng2, 0.6)) > QUALITY.misfit))).toBeGreaterThan(detected);
  });

  it("grades a misfit alone fair with its own flag, and poor only above the strong threshold", () => {
    expect(QUALITY.misfitPoor).toBeGreaterThan(QUALITY.misfit);
    const people = rows(simulate(300, 54, { scenario: attentive }));
    const rng = new Rng(55);
    let seenFair = false;
    for (const a of people) {
      const r = partlyRandom(a, rng, 0.4);
      const fit = personFit(r);
      const q = responseQuality(r, Array(N_ITEMS).fill(5000), 0.9);
      if (fit > QUALITY.misfit) expect(q.flags).toContain("misfit");
      else expect(q.flags).not.toContain("misfit");
      if (fit > QUALITY.misfitPoor) expect(q.grade).toBe("poor");
      if (fit > QUALITY.misfit && fit <= QUALITY.misfitPoor && !q.flags.some((f) => f === "straightLine" || f === "inconsistent")) {
        expect(q.grade).toBe("fair");
        seenFair = true;
      }
    }
    expect(seenFair).toBe(true);
  });

  it('does not grade people answering "don\'t know" to 60% of the items poor (≤ 1%), under weak items too', () => {
    for (const [seed, scenario] of [
      [56, attentive],
      [57, { ...attentive, discrimination: 0.6 }],
    ] as const) {
      const rng = new Rng(seed + 100);
      const people = rows(simulate(300, seed, { scenario })).map((a) => a.map((v) => (rng.next() < 0.6 ? 0 : v)));
      const poor = share(people.map((a) => responseQuality(a, Array(N_ITEMS).fill(4000), 0.9).grade === "poor"));
      expect(poor).toBeLessThanOrEqual(0.01);
      expect(share(people.map((a) => responseQuality(a, undefined, 0.9).flags.includes("manyDontKnow")))).toBeGreaterThan(0.9);
    }
  });

  it("does not grade careful fast readers (1.5 s per item) poor", () => {
    const rng = new Rng(58);
    const people = rows(simulate(300, 59, { scenario: attentive }));
    const poor = people.map(
      (a) =>
        responseQuality(
          a,
          Array.from({ length: N_ITEMS }, () => 1500 * Math.exp(0.45 * rng.normal())),
          0.9,
        ).grade === "poor",
    );
    expect(share(poor)).toBeLessThanOrEqual(0.01);
    // while the same answers clicked through at 0.9 s per item are too fast
    expect(responseQuality(people[0], Array(N_ITEMS).fill(900), 0.9).flags).toContain("tooFast");
  });
});

describe("person fit with the answers' times", () => {
  const timedRows = (d: { n: number; answers: Int8Array; elapsed: Float32Array | null }) =>
    Array.from({ length: d.n }, (_, i) => ({
      answers: d.answers.subarray(i * N_ITEMS, (i + 1) * N_ITEMS),
      elapsed: d.elapsed!.subarray(i * N_ITEMS, (i + 1) * N_ITEMS),
    }));
  /** The same people, answering 30% of the items at random as the simulator's partly careless respondents do (clicked through). */
  const partlyRandomOf = (d: ReturnType<typeof simulate>, seed: number) =>
    simulate(d.n, seed, {
      people: d.people.map((p) => ({ ...p, careless: "partial" as const, cParam: [0.3, 0] as [number, number] })),
      timing: true,
      replication: 1,
    });

  it("catches at least half of the people answering 30% at random, under weak items too, flagging few attentive ones", () => {
    for (const [seed, scenario] of [
      [61, attentive],
      [62, { ...attentive, discrimination: 0.6 }],
    ] as const) {
      const d = simulate(200, seed, { scenario, timing: true });
      const flagged = (rows: { answers: Int8Array; elapsed: Float32Array }[]) => share(rows.map((r) => personFit(r.answers, r.elapsed) > QUALITY.misfit));
      expect(flagged(timedRows(d))).toBeLessThanOrEqual(0.05);
      const random = timedRows(partlyRandomOf(d, seed));
      expect(flagged(random)).toBeGreaterThanOrEqual(0.5);
      // the answers alone catch fewer of them: the quick answers that do not fit the rest are what tells
      expect(share(random.map((r) => personFit(r.answers) > QUALITY.misfit))).toBeLessThan(flagged(random));
    }
  });

  it("never weighs less than the answers alone: random answers given at the person's usual pace", () => {
    const d = simulate(40, 63, { scenario: attentive, timing: true });
    const rng = new Rng(64);
    for (const { answers, elapsed } of timedRows(d)) {
      const random = partlyRandom(Array.from(answers), rng);
      expect(personFit(random, elapsed)).toBeGreaterThanOrEqual(personFit(random) - 1e-9);
    }
  });

  it("does not flag honest answers given quickly on a few items: quick answers must also not fit", () => {
    const clean = modalAnswers([1.2, -0.8, 1.0, -1.1, 1.4, -0.6, 1.6, -1.5, 0.4, -0.9]);
    const rng = new Rng(65);
    const times = Array.from({ length: N_ITEMS }, (_, j) => (j % 10 === 3 ? 900 : 5000 * Math.exp(0.45 * rng.normal())));
    expect(personFit(clean, times)).toBeLessThan(QUALITY.misfit);
    expect(responseQuality(clean, times, 0.9).grade).toBe("good");
  });

  it("reads no times when fewer than half the items were timed, and weighs quick items more than usual ones", () => {
    expect(timeEvidence(Array(N_ITEMS).fill(null))).toBeNull();
    const times = Array.from({ length: N_ITEMS }, (_, j) => (j < 5 ? 900 : 6000));
    const evidence = timeEvidence(times)!;
    expect(evidence[0]).toBeGreaterThan(5);
    expect(evidence[50]).toBeLessThan(0.01);
    // an honest account that allows some quick items bounds one item's weight
    expect(evidence[0]).toBeLessThanOrEqual(10 + 1e-9);
  });
});
