/**
 * `tsx model/quality-thresholds.ts` — sets the person-fit thresholds (QUALITY.misfit, QUALITY.misfitPoor in
 * quality.ts) on attentive simulated respondents over the stress grid's range: every grid scenario with
 * fresh people (seeds distinct from the evaluation's; the RU/EN item shift of a training seed instead of
 * the grid's), each group of personFitGroups with and without the answers' times (a result may have none).
 * misfit = the largest 96th percentile over these groups (the chosen rate is ≤ 5% flagged in every group;
 * one point of margin for sampling, so fresh people stay under it), misfitPoor = the largest 99.5th
 * percentile (≤ 0.5% graded poor for it anywhere). Prints them; copy them into quality.ts.
 */
import { resolve } from "node:path";
import { N_ITEMS } from "./items";
import { personFitDetail } from "./quality";
import { STRESS_GRID, TRAIN_LANGUAGE_SEEDS } from "./scenarios";
import { mixSeed, Rng, SIM, simulate, type Dataset, type Scenario, type TimingModel } from "./simulate";

export const THRESHOLD_SEED = 17;
export const THRESHOLD_SHARES = { misfit: 0.96, misfitPoor: 0.995 } as const;

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

/** The person-fit statistic of every respondent of a dataset, with their per-item times and from the answers alone. */
function fits(d: Dataset, answers = (a: Int8Array): ArrayLike<number> => a) {
  const fit: number[] = [];
  const answersAlone: number[] = [];
  for (let i = 0; i < d.n; i++) {
    const r = personFitDetail(answers(d.answers.subarray(i * N_ITEMS, (i + 1) * N_ITEMS)), d.elapsed!.subarray(i * N_ITEMS, (i + 1) * N_ITEMS));
    fit.push(r.fit);
    answersAlone.push(r.answersAlone);
  }
  return { fit, answersAlone };
}

/**
 * The groups the person-fit statistic is set and judged on, for one scenario, all the same n people:
 * attentive; answering "don't know" to 60% of the items as a non-answer; careful fast readers (1.5–3.5 s per
 * item) — the fairness groups — and, when asked, answering 30% of the items at random: the
 * simulator's partly careless responding, random answers clicked through. Each statistic with the answers'
 * times and from the answers alone (a result may have no times). `timing`: how the people's times are
 * simulated (the statistic always assumes SIM.timing), for the sensitivity check.
 */
export function personFitGroups(scenario: Scenario, n: number, seed: number, withRandom: boolean, timing: TimingModel = SIM.timing) {
  const d = simulate(n, mixSeed(seed, 1), { scenario, timing });
  const rng = new Rng(mixSeed(seed, 2));
  const [lo, hi] = SIM.pace.fast;
  const fast = simulate(n, mixSeed(seed, 1), { people: d.people.map((p) => ({ ...p, pace: rng.uniform(lo, hi) })), timing, replication: 1 });
  const partlyRandom = () =>
    fits(
      simulate(n, mixSeed(seed, 1), {
        people: d.people.map((p) => ({ ...p, careless: "partial" as const, cParam: [0.3, 0] as [number, number] })),
        timing,
        replication: 2,
      }),
    );
  return {
    attentive: fits(d),
    dontKnow: fits(d, (a) => Array.from(a, (v) => (rng.next() < 0.6 ? 0 : v))),
    fastReaders: fits(fast),
    partlyRandom: withRandom ? partlyRandom() : null,
  };
}

export function personFitThresholds(n = 3000) {
  const groups: { key: string; fits: number[] }[] = [];
  STRESS_GRID.forEach((g, k) => {
    const scenario = g.scenario.languageShiftSeed ? { ...g.scenario, languageShiftSeed: TRAIN_LANGUAGE_SEEDS[0] } : g.scenario;
    const r = personFitGroups(scenario, n, mixSeed(THRESHOLD_SEED, k), false);
    groups.push(
      { key: g.key, fits: r.attentive.fit },
      { key: `${g.key}, answers only`, fits: r.attentive.answersAlone },
      { key: `${g.key}, don't know on 60%`, fits: r.dontKnow.fit },
      { key: `${g.key}, don't know on 60%, answers only`, fits: r.dontKnow.answersAlone },
      { key: `${g.key}, reading 1.5–3.5 s per item`, fits: r.fastReaders.fit },
    );
  });
  const at = (q: number) => Math.max(...groups.map((g) => quantile(g.fits, q)));
  return { misfit: at(THRESHOLD_SHARES.misfit), misfitPoor: at(THRESHOLD_SHARES.misfitPoor), groups };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename ?? "")) {
  const { misfit, misfitPoor, groups } = personFitThresholds();
  const [q1, q2] = [THRESHOLD_SHARES.misfit, THRESHOLD_SHARES.misfitPoor];
  for (const g of groups) console.log(`${g.key.padEnd(56)} ${100 * q1}% ${quantile(g.fits, q1).toFixed(2)}  ${100 * q2}% ${quantile(g.fits, q2).toFixed(2)}`);
  console.log(`misfit ${misfit.toFixed(2)}, misfitPoor ${misfitPoor.toFixed(2)}`);
}
