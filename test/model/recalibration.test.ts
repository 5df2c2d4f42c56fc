// The per-person recalibration after the network (model/recalibrate.ts, calibration-map.json).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CARD_PATH, CLASSIFIER_PATH, openClassifier } from "../../model/index";
import { N_ITEMS } from "../../model/items";
import { argmax, expectedCalibrationError } from "../../model/metrics";
import {
  applyTemperature,
  calibrationFeatures,
  logTemperature,
  LOG_T_LIMIT,
  N_CALIBRATION_FEATURES,
  personProfile,
  populationProfile,
  POPULATION_FEATURE_NAMES,
  recalibrate,
  type CalibrationMap,
} from "../../model/recalibrate";
import { scenarioPopulation } from "../../model/eval";
import { STRESS_GRID } from "../../model/scenarios";
import { mixSeed, Rng, simulate } from "../../model/simulate";

const MAP = JSON.parse(readFileSync(new URL("../../model/calibration-map.json", import.meta.url), "utf8")) as CalibrationMap;

function randomProbs(rng: Rng): Float32Array {
  const z = Array.from({ length: 27 }, () => 2 * rng.normal());
  const m = Math.max(...z);
  const e = z.map((v) => Math.exp(v - m));
  const s = e.reduce((a, b) => a + b, 0);
  return Float32Array.from(e, (v) => v / s);
}

describe("per-person recalibration", () => {
  it("keeps the order of the formats and a distribution, and the top probability rises as the temperature falls", () => {
    const rng = new Rng(71);
    for (let k = 0; k < 50; k++) {
      const p = randomProbs(rng);
      const order = Array.from(p.keys()).sort((a, b) => p[b] - p[a]);
      let last = 0;
      for (const t of [2, 1.5, 1, 0.8, 0.5]) {
        const q = Float32Array.from(p);
        applyTemperature(q, 0, t);
        expect(q.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
        expect(Array.from(q.keys()).sort((a, b) => q[b] - q[a] || order.indexOf(a) - order.indexOf(b))).toEqual(order);
        expect(q[order[0]]).toBeGreaterThanOrEqual(last - 1e-6);
        last = q[order[0]];
      }
    }
  });

  it("has one weight per feature, a bounded temperature, and the committed map is fitted for the committed classifier", () => {
    expect(MAP.weights.length).toBe(1 + N_CALIBRATION_FEATURES + 2 * POPULATION_FEATURE_NAMES.length);
    expect(MAP.weightsWithoutPopulation.length).toBe(1 + N_CALIBRATION_FEATURES);
    expect(MAP.mean.length).toBe(N_CALIBRATION_FEATURES);
    expect(MAP.population.mean.length).toBe(POPULATION_FEATURE_NAMES.length);
    const card = JSON.parse(readFileSync(CARD_PATH, "utf8")) as { version: string };
    expect(MAP.modelVersion).toBe(card.version);
    const rng = new Rng(72);
    for (let k = 0; k < 200; k++) {
      const answers = Array.from({ length: N_ITEMS }, () => rng.int(5) - 2);
      const f = calibrationFeatures(answers, randomProbs(rng));
      expect(f.every(Number.isFinite)).toBe(true);
      expect(Math.abs(logTemperature(MAP, f, null))).toBeLessThanOrEqual(LOG_T_LIMIT);
      expect(
        Math.abs(
          logTemperature(
            MAP,
            f,
            POPULATION_FEATURE_NAMES.map(() => 3 * rng.normal()),
          ),
        ),
      ).toBeLessThanOrEqual(LOG_T_LIMIT);
    }
    // all "don't know": finite features
    expect(calibrationFeatures(Array(N_ITEMS).fill(0), randomProbs(rng)).every(Number.isFinite)).toBe(true);
  });

  it("is not applied to a classifier of another version", async () => {
    const c = await openClassifier(CLASSIFIER_PATH, CARD_PATH, "/nonexistent/calibration-map.json");
    expect(c.recalibrated).toBe(false);
    const d = simulate(8, 73);
    expect(Array.from(await c.predict(d.answers, d.n))).toEqual(Array.from(await c.predictNetwork(d.answers, d.n)));
  });

  it("lowers the calibration error where the network alone errs most (weak items, a continuous population) on fresh people", async () => {
    const c = await openClassifier(CLASSIFIER_PATH, CARD_PATH);
    expect(c.recalibrated).toBe(true);
    for (const key of ["discrimination-0.6", "continuous"]) {
      const g = STRESS_GRID.find((s) => s.key === key)!;
      const d = simulate(3000, mixSeed(74, key.length), { scenario: g.scenario });
      const raw = await c.predictNetwork(d.answers, d.n);
      const cal = recalibrate(MAP, Float32Array.from(raw), d.answers, d.n);
      const ece = (p: Float32Array) => {
        const top: number[] = [];
        const ok: boolean[] = [];
        for (let i = 0; i < d.n; i++) {
          const a = argmax(p, i * 27, 27);
          top.push(p[i * 27 + a]);
          ok.push(a === d.labels[i]);
        }
        return expectedCalibrationError(top, ok);
      };
      for (let i = 0; i < d.n; i++) expect(argmax(cal, i * 27, 27)).toBe(argmax(raw, i * 27, 27));
      expect(ece(cal)).toBeLessThan(ece(raw) - 0.01);
    }
  });
});

describe("recalibration in a population", () => {
  const ece = (p: Float32Array, labels: Int32Array) => {
    const top: number[] = [];
    const ok: boolean[] = [];
    for (let i = 0; i < labels.length; i++) {
      const a = argmax(p, i * 27, 27);
      top.push(p[i * 27 + a]);
      ok.push(a === labels[i]);
    }
    return { ece: expectedCalibrationError(top, ok), confidence: top.reduce((s, v) => s + v, 0) / top.length };
  };

  it("makes the same answers surer among tight types than in a continuous population, and each is better calibrated in its own", async () => {
    const c = await openClassifier(CLASSIFIER_PATH, CARD_PATH);
    const grid = (key: string) => STRESS_GRID.find((s) => s.key === key)!;
    const profiles = { committed: scenarioPopulation(grid("committed"), 75), continuous: scenarioPopulation(grid("continuous"), 76) };
    for (const [own, other] of [
      ["committed", "continuous"],
      ["continuous", "committed"],
    ] as const) {
      const d = simulate(3000, mixSeed(77, own.length), { scenario: grid(own).scenario });
      const inOwn = ece(await c.predict(d.answers, d.n, profiles[own]), d.labels);
      const inOther = ece(await c.predict(d.answers, d.n, profiles[other]), d.labels);
      if (own === "committed") expect(inOwn.confidence).toBeGreaterThan(inOther.confidence + 0.01);
      else expect(inOwn.confidence).toBeLessThan(inOther.confidence - 0.01);
      expect(inOwn.ece).toBeLessThan(inOther.ece);
    }
  });

  it("counts a profile of fewer people than the map's minimum as none, and names the profile in the version when used", async () => {
    const c = await openClassifier(CLASSIFIER_PATH, CARD_PATH);
    const d = simulate(200, 78);
    const rows = Array.from({ length: d.n }, (_, i) => personProfile(d.answers.subarray(i * N_ITEMS, (i + 1) * N_ITEMS)));
    const small = populationProfile(rows)!;
    expect(small.people).toBeLessThan(MAP.population.minPeople);
    expect(Array.from(await c.predict(d.answers, d.n, small))).toEqual(Array.from(await c.predict(d.answers, d.n, null)));
    expect(c.versionIn(small)).toBe(c.version);
    const enough = { ...small, people: MAP.population.minPeople };
    expect(Array.from(await c.predict(d.answers, d.n, enough))).not.toEqual(Array.from(await c.predict(d.answers, d.n, null)));
    expect(c.versionIn(enough)).toBe(`${c.version}+pop-${small.means.map((v) => v.toFixed(2)).join("_")}`);
  });
});

describe("model version", () => {
  it("names the recalibration map in the version results record, and not without it", async () => {
    const card = JSON.parse(readFileSync(CARD_PATH, "utf8")) as { version: string };
    const withMap = await openClassifier(CLASSIFIER_PATH, CARD_PATH);
    expect(withMap.networkVersion).toBe(card.version);
    expect(withMap.version).toMatch(new RegExp(`^${card.version}\\+rc-[0-9a-f]{8}$`));
    const without = await openClassifier(CLASSIFIER_PATH, CARD_PATH, "/nonexistent/calibration-map.json");
    expect(without.version).toBe(card.version);
  });
});
