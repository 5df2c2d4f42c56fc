/**
 * The pre-registered stress grid and the training mixture. Changing a scenario here changes
 * what `npm run model:eval` means: keep the grid fixed and add scenarios rather than edit them.
 *
 * Every grid scenario is attentive respondents only (careless responding is checked separately), and
 * labels are always the true-score format under the reference measurement model (simulate.ts).
 */
import { BASELINE, type Rng, type Scenario } from "./simulate";

export interface GridScenario {
  key: string;
  description: string;
  scenario: Scenario;
}

const attentive: Scenario = { ...BASELINE, careless: false };
/** Seed of the RU/EN item-parameter shift in the grid (training never sees this one). */
export const GRID_LANGUAGE_SEED = 7001;

export const STRESS_GRID: readonly GridScenario[] = [
  { key: "committed", description: "the committed simulator: 27 types, person spread 0.2", scenario: attentive },
  { key: "spread-0.4", description: "person spread 0.4", scenario: { ...attentive, personSd: 0.4 } },
  { key: "discrimination-0.6", description: "item discrimination × 0.6", scenario: { ...attentive, discrimination: 0.6 } },
  {
    key: "realistic",
    description: "spread 0.5, discrimination × 0.7, acquiescence 0.4, extremity 0.35",
    scenario: { ...attentive, personSd: 0.5, discrimination: 0.7, acqSd: 0.4, extLogSd: 0.35 },
  },
  { key: "continuous", description: "continuous population, no discrete types", scenario: { ...attentive, population: "continuous" } },
  { key: "cross-loading-0.3", description: "every item loads 0.3 on its related scale", scenario: { ...attentive, crossLoading: 0.3 } },
  {
    key: "language-items",
    description: "RU and EN item parameters differ (a × e^N(0,.15), b + N(0,.3))",
    scenario: { ...attentive, languageShiftSeed: GRID_LANGUAGE_SEED },
  },
  { key: "dont-know-skip", description: '30% of people answer "don\'t know" to 20–60% of items as a non-answer', scenario: { ...attentive, dkNonAnswer: 0.3 } },
];

/** Item-parameter shifts the training mixture draws from (never GRID_LANGUAGE_SEED). */
export const TRAIN_LANGUAGE_SEEDS = [101, 102, 103, 104, 105, 106, 107, 108];

/**
 * The training population, person by person: half typological, half continuous, and every measurement
 * condition drawn over the stress grid's range, so the network learns what the answers say under all of
 * them (and its confidence reflects that). Three quarters of the people answer under the reference measurement model
 * (discrimination × 1, no cross-loading): the label is defined there, and a network that only saw degraded
 * measurement would move the band edges for everyone measured well. Half the typological people have the
 * committed simulator's spread 0.2 (the grid's tightest), the rest U(0.2, 0.5); 30% use "don't know" as a
 * non-answer, as in the grid's dont-know-skip scenario (with 10% the network was underconfident there).
 */
export const TRAINING_MIXTURE = {
  continuousShare: 0.5,
  /** Share of the typological people at spread 0.2; the others draw it from personSd. */
  tightShare: 0.5,
  personSd: [0.2, 0.5],
  /** Share of people measured with the reference items (discrimination 1, no cross-loading). */
  reference: 0.75,
  discrimination: [0.6, 1.0],
  acqSd: [0.2, 0.3],
  extLogSd: [0.2, 0.3],
  crossLoading: [0, 0.3],
  /** Share of people with language-shifted items (one of TRAIN_LANGUAGE_SEEDS). */
  languageShift: 2 / 3,
  dkNonAnswer: 0.3,
} as const;

/**
 * The calibration population (temperature scaling, model/train.ts): the grid's own conditions, each with
 * fresh people (CALIBRATION_SEED) and the RU/EN item shift of a training seed instead of the grid's — the
 * range of conditions the grid measures, none of its samples. Attentive respondents.
 */
export const CALIBRATION_SCENARIOS: readonly GridScenario[] = STRESS_GRID.map((g) => ({
  ...g,
  scenario: { ...g.scenario, languageShiftSeed: g.scenario.languageShiftSeed ? TRAIN_LANGUAGE_SEEDS[0] : 0, careless: false },
}));

/**
 * A random population for fitting the recalibration's population terms (model/calibration-fit.ts): one set of
 * measurement conditions for everyone, drawn over the grid's range, and people who are typological, continuous
 * or a mixture of both in a random share. Attentive respondents. Returns how to draw each person.
 */
export function drawCalibrationPopulation(rng: Rng): (person: Rng) => Scenario {
  const reference = rng.next() < 0.4;
  const base: Scenario = {
    ...attentive,
    personSd: rng.next() < 0.3 ? 0.2 : rng.uniform(0.2, 0.5),
    discrimination: reference ? 1 : rng.uniform(0.6, 1),
    crossLoading: reference ? 0 : rng.uniform(0, 0.3),
    acqSd: rng.uniform(0.2, 0.4),
    extLogSd: rng.uniform(0.2, 0.35),
    languageShiftSeed: rng.next() < 0.3 ? TRAIN_LANGUAGE_SEEDS[rng.int(TRAIN_LANGUAGE_SEEDS.length)] : 0,
    dkNonAnswer: rng.next() < 0.5 ? 0 : rng.uniform(0, 0.3),
  };
  const u = rng.next();
  const continuousShare = u < 0.35 ? 0 : u < 0.7 ? 1 : rng.next();
  return (person) => ({ ...base, population: person.next() < continuousShare ? "continuous" : "typological" });
}

export function drawTrainingScenario(rng: Rng): Scenario {
  const m = TRAINING_MIXTURE;
  const u = (r: readonly [number, number]) => rng.uniform(r[0], r[1]);
  const population = rng.next() < m.continuousShare ? "continuous" : "typological";
  return {
    population,
    personSd: population === "typological" && rng.next() < m.tightShare ? 0.2 : u(m.personSd),
    ...(rng.next() < m.reference ? { discrimination: 1, crossLoading: 0 } : { discrimination: u(m.discrimination), crossLoading: u(m.crossLoading) }),
    acqSd: u(m.acqSd),
    extLogSd: u(m.extLogSd),
    languageShiftSeed: rng.next() < m.languageShift ? TRAIN_LANGUAGE_SEEDS[rng.int(TRAIN_LANGUAGE_SEEDS.length)] : 0,
    dkNonAnswer: m.dkNonAnswer,
    careless: true,
  };
}
