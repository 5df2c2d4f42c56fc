import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { classify, CLASSIFIER_PATH, forwardReference, ITEMS, N_ITEMS, predictProbabilities, type AnswerValue } from "../../model";
import { importOnnx } from "../../model/onnx";
import { longestRun, QUALITY } from "../../model/quality";
import {
  anxietyBand,
  harmonyBand,
  indicatorsFromSums,
  presentationBand,
  presentationDetail,
  scoreAnswers,
  structureLevel,
  sumsFromAnswers,
} from "../../model/scoring";
import { Rng, simulate } from "../../model/simulate";

const neutral = (): AnswerValue[] => Array(N_ITEMS).fill(0);
/** Answers that don't look careless: alternate ±1 so no long runs and no dominant answer. */
const varied = (): AnswerValue[] => Array.from({ length: N_ITEMS }, (_, i) => ((i % 4) - 1.5 > 0 ? 1 : -1) as AnswerValue);

describe("scoring key", () => {
  it("moves every item's scale in the keyed direction (reverse-keyed items lower it), for both languages' texts", () => {
    for (const item of ITEMS) {
      expect(item.text.ru.length, item.code).toBeGreaterThan(10);
      expect(item.text.en.length, item.code).toBeGreaterThan(10);
      for (const key of item.keys) {
        const yes = neutral();
        const no = neutral();
        yes[item.position - 1] = 2;
        no[item.position - 1] = -2;
        const up = sumsFromAnswers(yes).raw[key.scale] - sumsFromAnswers(no).raw[key.scale];
        expect(Math.sign(up), `${item.code} on ${key.scale}`).toBe(key.sign);
      }
    }
    expect(ITEMS.filter((i) => i.keys.some((k) => k.sign < 0)).length).toBeGreaterThanOrEqual(30);
  });

  it("computes system as positive systemic contributions over all positive ones (negatives count as 0)", () => {
    const answers = neutral();
    const sys = ITEMS.filter((i) => i.keys[0].scale === "ME_SYSTEM" && i.keys[0].sign === 1).slice(0, 3);
    const anl = ITEMS.filter((i) => i.keys[0].scale === "WE_ANALYT" && i.keys[0].sign === 1).slice(0, 1);
    const anlNeg = ITEMS.filter((i) => i.keys[0].scale === "WR_ANALYT" && i.keys[0].sign === 1).slice(0, 4);
    for (const i of sys) answers[i.position - 1] = 2; // +6 systemic
    for (const i of anl) answers[i.position - 1] = 2; // +2 analytic
    for (const i of anlNeg) answers[i.position - 1] = -2; // negative analytic: ignored
    const { indicators } = scoreAnswers(answers);
    expect(indicators.system).toBe(75); // round(100 × 6 / 8)
    expect(indicators.analytics).toBe(25);
  });

  it("gives the neutral midpoint for all don't-know answers", () => {
    const { indicators } = scoreAnswers(neutral());
    expect(indicators).toMatchObject({ system: 50, volume: 50, presentation: 0, harmony: 50, anxiety: 0 });
  });

  it("bands values exactly as spec §9", () => {
    expect([0, 39, 40, 59, 60, 100].map(harmonyBand)).toEqual(["crisis", "crisis", "norm", "norm", "comfort", "comfort"]);
    expect([0, 29, 30, 59, 60, 100].map(structureLevel)).toEqual(["low", "low", "middle", "middle", "high", "high"]);
    expect([-10, -6, -5, 0, 1, 5, 6, 10].map(anxietyBand)).toEqual([
      "confident",
      "confident",
      "rather-confident",
      "rather-confident",
      "rather-anxious",
      "rather-anxious",
      "anxious",
      "anxious",
    ]);
    expect([-100, -5, -4, -1, 0, 1, 4, 5, 100].map(presentationDetail)).toEqual([
      "slow",
      "slow",
      "rather-slow",
      "rather-slow",
      "neutral",
      "rather-fast",
      "rather-fast",
      "fast",
      "fast",
    ]);
    expect([-5, -4, 4, 5].map(presentationBand)).toEqual(["slow", "middle", "middle", "fast"]);
  });

  it("keeps every indicator in its range for any answers", () => {
    const rng = new Rng(5);
    for (let k = 0; k < 200; k++) {
      const a = Array.from({ length: N_ITEMS }, () => (rng.int(5) - 2) as AnswerValue);
      const ind = indicatorsFromSums(sumsFromAnswers(a));
      for (const key of ["ME_SYSTEM", "WE_ANALYT", "system", "analytics", "volume", "harmony"] as const) {
        expect(ind[key]).toBeGreaterThanOrEqual(0);
        expect(ind[key]).toBeLessThanOrEqual(100);
      }
      expect(Math.abs(ind.presentation)).toBeLessThanOrEqual(100);
      expect(Math.abs(ind.anxiety)).toBeLessThanOrEqual(10);
    }
  });
});

describe("classifier", () => {
  it("gives the same probabilities through onnxruntime as the TypeScript reference forward pass", async () => {
    const { weights } = importOnnx(readFileSync(CLASSIFIER_PATH));
    const d = simulate(64, 99);
    const onnx = await predictProbabilities(d.answers, d.n);
    for (let i = 0; i < d.n; i++) {
      const ref = forwardReference(weights, d.answers.subarray(i * N_ITEMS, (i + 1) * N_ITEMS));
      for (let c = 0; c < 27; c++) expect(onnx[i * 27 + c]).toBeCloseTo(ref[c], 5);
    }
  });

  it("recovers the true-score format of attentive simulated respondents it has never seen", async () => {
    const d = simulate(300, 4242, { careless: false });
    let ok = 0;
    for (let i = 0; i < d.n; i++) {
      const c = await classify(Array.from(d.answers.subarray(i * N_ITEMS, (i + 1) * N_ITEMS)) as AnswerValue[]);
      if (c.formatCode === (await import("../../model")).FORMATS[d.labels[i]].code) ok++;
      expect(c.probability).toBeGreaterThanOrEqual(c.runnerUpProbability);
      expect(c.runnerUpCode).not.toBe(c.formatCode);
    }
    expect(ok / d.n).toBeGreaterThan(0.88);
  });

  it("refuses anything but 110 integers in −2..2", async () => {
    await expect(classify(neutral().slice(1))).rejects.toThrow(/110/);
    const bad = neutral() as number[];
    bad[5] = 3;
    await expect(classify(bad as AnswerValue[])).rejects.toThrow(/position 6/);
  });

  it("versions the model and the scoring key on every classification", async () => {
    const c = await classify(varied());
    expect(c.modelVersion).toMatch(/^mlp-/);
    expect(c.scoringVersion).toBe("scoring-v1");
    expect(Object.keys(c.probabilities)).toHaveLength(27);
  });
});

describe("response quality", () => {
  it("flags a straight line of one answer as careless (poor)", async () => {
    const c = await classify(Array(N_ITEMS).fill(2));
    expect(longestRun(Array(N_ITEMS).fill(2))).toBeGreaterThanOrEqual(QUALITY.longRun);
    expect(c.quality.grade).toBe("poor");
    expect(c.quality.flags).toContain("straightLine");
    expect(c.isDoubt).toBe(true);
  });

  it("flags answers given faster than about 2 s per item, but not slow ones", async () => {
    const fast = await classify(varied(), Array(N_ITEMS).fill(900));
    expect(fast.quality.flags).toContain("tooFast");
    const slow = await classify(varied(), Array(N_ITEMS).fill(5000));
    expect(slow.quality.flags).not.toContain("tooFast");
    const unknown = await classify(varied(), Array(N_ITEMS).fill(null));
    expect(unknown.quality.flags).not.toContain("tooFast");
  });

  it("rates most attentive simulated respondents good and flags random responders", async () => {
    const d = simulate(400, 77, { careless: false, timing: true });
    let good = 0;
    for (let i = 0; i < d.n; i++) {
      const c = await classify(Array.from(d.answers.subarray(i * N_ITEMS, (i + 1) * N_ITEMS)) as AnswerValue[], d.elapsed!.subarray(i * N_ITEMS, (i + 1) * N_ITEMS));
      if (c.quality.grade === "good") good++;
    }
    expect(good / d.n).toBeGreaterThan(0.85);
    const rng = new Rng(8);
    const random = Array.from({ length: N_ITEMS }, () => (rng.int(5) - 2) as AnswerValue);
    const r = await classify(random, Array(N_ITEMS).fill(800));
    expect(r.quality.grade).toBe("poor");
  });
});
