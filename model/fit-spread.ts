/**
 * `npx tsx model/fit-spread.ts` — the spread of the fit for a position ("efficiency") on the reference
 * population (model/fit-calibration.ts: the simulator's realistic scenario, scored by the rules) over ten
 * realistic positions, before (fit-v1) and after (the current scale) the calibration. Quoted in
 * model/FIT.md (Calibration), followed by the seeded demo company's 12 people on its 5 positions. Options: --n people (4000), --seed (3301), --formats (per-format medians).
 */
import { parseArgs } from "node:util";
import { DEMO_ACTIVITIES, demoIndicators, PEOPLE } from "../db/seed/demo-company";
import { FIT_SCALE, FIT_V1, fitFor, type IndicatorValues } from "./fit";
import {
  dropdownSwing,
  fitSpread,
  quantile,
  REFERENCE_POSITIONS,
  REFERENCE_SCENARIO,
  REFERENCE_SEED,
  referencePopulation,
  type SpreadReport,
} from "./fit-calibration";

const { values } = parseArgs({
  options: { n: { type: "string", default: "4000" }, seed: { type: "string", default: String(REFERENCE_SEED) }, formats: { type: "boolean" } },
});
const people = referencePopulation(Number(values.n), Number(values.seed));
const pad = (v: string | number, w: number) => String(v).padStart(w);

function print(r: SpreadReport) {
  console.log(`\n${r.version}: ${r.people} people ("${REFERENCE_SCENARIO}" scenario, seed ${values.seed}) × ${REFERENCE_POSITIONS.length} positions`);
  console.log(`${"position".padEnd(20)}  min  p10  med  p90  max | best format (median)   worst format (median)   gap`);
  for (const p of r.positions) {
    console.log(
      `${p.name.padEnd(20)} ${pad(p.min, 4)} ${pad(p.p10, 4)} ${pad(p.median, 4)} ${pad(p.p90, 4)} ${pad(p.max, 4)} | ${`${p.bestFormat.code} (${p.bestFormat.median})`.padEnd(22)} ${`${p.worstFormat.code} (${p.worstFormat.median})`.padEnd(23)} ${pad(p.formatGap, 3)}`,
    );
  }
  const a = r.all;
  const gaps = r.positions.map((p) => p.formatGap);
  console.log(
    `${"all positions".padEnd(20)} ${pad(a.min, 4)} ${pad(a.p10, 4)} ${pad(a.median, 4)} ${pad(a.p90, 4)} ${pad(a.max, 4)} | format gap ${Math.min(...gaps)}–${Math.max(...gaps)}`,
  );
  const sw = dropdownSwing(people, REFERENCE_POSITIONS, r.version === FIT_V1.version ? FIT_V1 : FIT_SCALE);
  console.log(
    `one decision-style dropdown changed: median move ${sw.medianSwing} points (largest ${sw.maxSwing}); the people's own p10–p90 spread on a position: median ${sw.medianPeopleSpread}`,
  );
  if (values.formats) {
    console.log(`\nmedian per format (${REFERENCE_POSITIONS.map((p) => p.name.split(" ")[0]).join(", ")})`);
    for (const [code, m] of [...r.formatMedians].sort()) console.log(`${code.padEnd(14)} ${m.map((v) => pad(v, 4)).join("")}`);
  }
}

print(fitSpread(people, REFERENCE_POSITIONS, FIT_V1));
if (FIT_SCALE.version !== FIT_V1.version) print(fitSpread(people, REFERENCE_POSITIONS, FIT_SCALE));

// the seeded demo company (db/seed/demo-company.ts): its 12 people on its 5 positions, where fit-v1 gave 56–81
const demoPeople = PEOPLE.map(([, , , harmony, anxiety], i) => demoIndicators(i, harmony, anxiety) as unknown as IndicatorValues);
const demoPositions = DEMO_ACTIVITIES.map((list) =>
  list.map(([communication, decision], i) => ({ name: `activity ${i + 1}`, communication, decision, priority: list.length - i })),
);
for (const scale of FIT_SCALE.version === FIT_V1.version ? [FIT_V1] : [FIT_V1, FIT_SCALE]) {
  const all = demoPeople.flatMap((ind) => demoPositions.map((acts) => fitFor(ind, acts, scale).efficiency!)).sort((a, b) => a - b);
  console.log(
    `\ndemo company, ${scale.version}: ${demoPeople.length} people × ${demoPositions.length} positions: min ${all[0]}, p10 ${quantile(all, 0.1)}, median ${quantile(all, 0.5)}, p90 ${quantile(all, 0.9)}, max ${all.at(-1)}`,
  );
}
