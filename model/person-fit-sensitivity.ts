/**
 * `tsx model/person-fit-sensitivity.ts` — how the timed person fit (quality.ts) fares when real times differ
 * from what it assumes (SIM.timing): random answers slower than a click, attended times more spread out,
 * honest people clicking through some items. People are simulated under each variant; the statistic and
 * its thresholds stay as committed. Per variant and scenario: attentive people and careful fast readers
 * flagged (false alarms), and the same people answering 30% of the items at random flagged.
 * Printed figures are quoted in README.md (Limits); not part of `npm run model:eval`.
 */
import { parseArgs } from "node:util";
import { QUALITY } from "./quality";
import { personFitGroups } from "./quality-thresholds";
import { STRESS_GRID } from "./scenarios";
import { mixSeed, SIM, type TimingModel } from "./simulate";

export const SENSITIVITY_SEED = 5;
const VARIANTS: [string, Partial<TimingModel>][] = [
  ["as assumed", {}],
  ["random answers at 1.5 s", { randomMedianS: 1.5 }],
  ["random answers at 2.5 s", { randomMedianS: 2.5 }],
  ["attended log sd 0.7 (not 0.45)", { attendedLogSd: 0.7 }],
  ["attended, 10% clicked through", { attendedQuick: 0.1 }],
];
const SCENARIOS = ["committed", "discrimination-0.6", "realistic"];

const { values } = parseArgs({ options: { n: { type: "string", default: "500" } } });
const n = Number(values.n);
const share = (fits: number[]) => `${((100 * fits.filter((f) => f > QUALITY.misfit).length) / fits.length).toFixed(1)}%`.padStart(6);
console.log(`person fit flagged (> ${QUALITY.misfit}), ${n} people per scenario: attentive, fast readers | 30% random (timed), 30% random (answers alone)`);
for (const [name, change] of VARIANTS) {
  for (const key of SCENARIOS) {
    const k = STRESS_GRID.findIndex((g) => g.key === key);
    const r = personFitGroups(STRESS_GRID[k].scenario, n, mixSeed(SENSITIVITY_SEED, k), true, { ...SIM.timing, ...change });
    console.log(
      `${name.padEnd(32)} ${key.padEnd(20)} ${share(r.attentive.fit)} ${share(r.fastReaders.fit)} | ${share(r.partlyRandom!.fit)} ${share(r.partlyRandom!.answersAlone)}`,
    );
  }
}
