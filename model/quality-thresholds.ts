/**
 * `tsx model/quality-thresholds.ts` — sets the person-fit thresholds (QUALITY.misfit, QUALITY.misfitPoor in
 * quality.ts) on attentive simulated respondents over the stress grid's range: every grid scenario with
 * fresh people (seeds distinct from the evaluation's; the RU/EN item shift of a training seed instead of
 * the grid's), and the same people again answering "don't know" as a non-answer to 60% of the items.
 * misfit = the largest 96th percentile over these groups (the chosen rate is ≤ 5% flagged in every scenario;
 * one point of margin for sampling, so fresh people stay under it), misfitPoor = the largest 99.5th
 * percentile (≤ 0.5% graded poor for it anywhere). Prints them; copy them into quality.ts.
 */
import { resolve } from "node:path";
import { N_ITEMS } from "./items";
import { personFit } from "./quality";
import { STRESS_GRID, TRAIN_LANGUAGE_SEEDS } from "./scenarios";
import { mixSeed, Rng, simulate } from "./simulate";

export const THRESHOLD_SEED = 17;
export const THRESHOLD_SHARES = { misfit: 0.96, misfitPoor: 0.995 } as const;

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

export function personFitThresholds(n = 3000) {
  const groups: { key: string; fits: number[] }[] = [];
  STRESS_GRID.forEach((g, k) => {
    const scenario = g.scenario.languageShiftSeed ? { ...g.scenario, languageShiftSeed: TRAIN_LANGUAGE_SEEDS[0] } : g.scenario;
    const d = simulate(n, mixSeed(THRESHOLD_SEED, k), { scenario });
    const rng = new Rng(mixSeed(THRESHOLD_SEED, 100 + k));
    const fits: number[] = [];
    const skipping: number[] = [];
    for (let i = 0; i < n; i++) {
      const a = d.answers.subarray(i * N_ITEMS, (i + 1) * N_ITEMS);
      fits.push(personFit(a));
      skipping.push(personFit(Array.from(a, (v) => (rng.next() < 0.6 ? 0 : v))));
    }
    groups.push({ key: g.key, fits }, { key: `${g.key}, don't know on 60%`, fits: skipping });
  });
  const at = (q: number) => Math.max(...groups.map((g) => quantile(g.fits, q)));
  return { misfit: at(THRESHOLD_SHARES.misfit), misfitPoor: at(THRESHOLD_SHARES.misfitPoor), groups };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename ?? "")) {
  const { misfit, misfitPoor, groups } = personFitThresholds();
  const [q1, q2] = [THRESHOLD_SHARES.misfit, THRESHOLD_SHARES.misfitPoor];
  for (const g of groups) console.log(`${g.key.padEnd(40)} ${100 * q1}% ${quantile(g.fits, q1).toFixed(2)}  ${100 * q2}% ${quantile(g.fits, q2).toFixed(2)}`);
  console.log(`misfit ${misfit.toFixed(2)}, misfitPoor ${misfitPoor.toFixed(2)}`);
}
