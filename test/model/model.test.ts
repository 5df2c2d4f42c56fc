import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { classify, CLASSIFIER_PATH, forwardReference, ITEMS, loadClassifier, N_ITEMS, type AnswerValue } from "../../model";
import { importOnnx } from "../../model/onnx";
import { BETWEEN_CONFIDENCE, betweenFormats, NEIGHBOURS, productChoice } from "../../model/between";
import { FORMAT_BY_CODE, FORMAT_FACTORS, FORMATS } from "../../model/formats";
import { expandFactorised, initWeights, mlpForward, mlpLogits, softmaxInPlace, trainMlp } from "../../model/net";
import { dontKnowShare, longestRun, personFit, QUALITY, responseQuality } from "../../model/quality";
import {
  anxietyBand,
  formatMargins,
  harmonyBand,
  indicatorsFromSums,
  presentationBand,
  presentationDetail,
  scoreAnswers,
  structureLevel,
  structureOf,
  structureProfile,
  sumsFromAnswers,
  type Indicators,
} from "../../model/scoring";
import { BASELINE, Rng, simulate } from "../../model/simulate";

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

  it("scores system and analytics as two independent scales over their three spheres (30 items each)", () => {
    const keyedTo = (prefix: string) => ITEMS.filter((i) => i.keys[0].scale.endsWith(prefix));
    const both = neutral();
    for (const i of [...keyedTo("_SYSTEM"), ...keyedTo("_ANALYT")]) both[i.position - 1] = (2 * i.keys[0].sign) as AnswerValue;
    expect(scoreAnswers(both).indicators).toMatchObject({ system: 100, analytics: 100 }); // not 50/50: both high
    const neither = neutral();
    for (const i of [...keyedTo("_SYSTEM"), ...keyedTo("_ANALYT")]) neither[i.position - 1] = (-2 * i.keys[0].sign) as AnswerValue;
    expect(scoreAnswers(neither).indicators).toMatchObject({ system: 0, analytics: 0 });
    const sysOnly = neutral();
    for (const i of keyedTo("_SYSTEM").slice(0, 6)) sysOnly[i.position - 1] = (2 * i.keys[0].sign) as AnswerValue; // +12 of ±60
    expect(scoreAnswers(sysOnly).indicators).toMatchObject({ system: 60, analytics: 50 });
  });

  it("derives the structure type from the two scales' bands, and names a balance of both low or both high", () => {
    const at = (system: number, analytics: number) => structureOf({ system, analytics });
    // rows: system low / middle / high; columns: analytics low / middle / high
    expect([
      [at(10, 10), at(10, 45), at(10, 80)],
      [at(45, 10), at(45, 45), at(45, 80)],
      [at(80, 10), at(80, 45), at(80, 80)],
    ]).toEqual([
      ["balanced", "analytic", "analytic"],
      ["system", "balanced", "analytic"],
      ["system", "system", "balanced"],
    ]);
    // band edges as spec §9: 30 and 60 belong to the higher band
    expect([at(30, 29), at(29, 30), at(60, 59), at(59, 60), at(60, 60)]).toEqual(["system", "analytic", "system", "analytic", "balanced"]);
    expect(structureProfile({ system: 10, analytics: 20 })).toEqual({ structure: "balanced", system: "low", analytics: "low", balancedAs: "both-low" });
    expect(structureProfile({ system: 75, analytics: 90 }).balancedAs).toBe("both-high");
    expect(structureProfile({ system: 75, analytics: 40 })).toEqual({ structure: "system", system: "high", analytics: "middle", balancedAs: null });
  });

  it("measures each dimension's distance to its nearest band edge", () => {
    const ind = { system: 64, analytics: 41, volume: 50, presentation: 0 } as Indicators;
    const m = formatMargins(ind);
    expect(m.structure).toBe(4); // system 64 is 4 above the 60 edge
    expect(m.volume).toBe(15);
    expect(m.presentation).toBeCloseTo(50 * Math.cbrt(0.045), 6); // from d = 0 to the ±4.5 edge
    expect(formatMargins({ ...ind, presentation: 5 }).presentation).toBeLessThan(1);
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
    // the network alone; predict adds the per-person recalibration (model/recalibrate.ts)
    const onnx = await (await loadClassifier()).predictNetwork(d.answers, d.n);
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
      // the reported format is the more probable one, except between two formats where the rules lead
      if (c.decidedBy === "network") expect(c.probability).toBeGreaterThanOrEqual(c.runnerUpProbability);
      else expect(c.between && c.ruleFormatCode === c.formatCode).toBe(true);
      expect(c.runnerUpCode).not.toBe(c.formatCode);
    }
    expect(ok / d.n).toBeGreaterThan(0.92);
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
    expect(c.scoringVersion).toBe("scoring-v2");
    expect(Object.keys(c.probabilities)).toHaveLength(27);
  });
});

describe("between formats", () => {
  it("gives every format six neighbours, each differing on exactly one axis", () => {
    for (const [f, ns] of NEIGHBOURS.entries()) {
      expect(ns).toHaveLength(6);
      for (const n of ns) expect(FORMAT_FACTORS[f].filter((v, axis) => v !== FORMAT_FACTORS[n][axis])).toHaveLength(1);
    }
  });

  it("names the top format and its most probable neighbour, and calls it between below the documented confidence", () => {
    const code = (c: string) => FORMAT_BY_CODE.get(c)!.index;
    const probs = new Float32Array(27);
    probs[code("BAL-MID-MID")] = 0.5;
    probs[code("SYS-HIGH-FAST")] = 0.3; // more probable but not a neighbour (differs on all three axes)
    probs[code("BAL-MID-FAST")] = 0.2;
    expect(betweenFormats(probs)).toEqual({ top: code("BAL-MID-MID"), neighbour: code("BAL-MID-FAST"), between: true });
    probs[code("BAL-MID-MID")] = BETWEEN_CONFIDENCE;
    expect(betweenFormats(probs).between).toBe(false);
  });

  it("lets the rules' format lead only between two formats, and only when it is one of the two", () => {
    const code = (c: string) => FORMAT_BY_CODE.get(c)!.index;
    const probs = new Float32Array(27);
    probs[code("SYS-MID-MID")] = 0.5;
    probs[code("BAL-MID-MID")] = 0.4;
    probs[code("ANL-LOW-FAST")] = 0.1;
    expect(productChoice(probs, code("BAL-MID-MID"))).toEqual({ primary: code("BAL-MID-MID"), other: code("SYS-MID-MID"), between: true, decidedBy: "rules" });
    expect(productChoice(probs, code("ANL-LOW-FAST")).decidedBy).toBe("network"); // not one of the two: the network decides
    probs[code("SYS-MID-MID")] = 0.75;
    probs[code("BAL-MID-MID")] = 0.15;
    expect(productChoice(probs, code("BAL-MID-MID"))).toMatchObject({ primary: code("SYS-MID-MID"), between: false, decidedBy: "network" });
  });
});

describe("network", () => {
  it("expands per-axis heads into 27 formats exactly: each format's probability is the product of its axes' probabilities", () => {
    const w = initWeights(N_ITEMS, 8, 9, 3);
    const wide = expandFactorised(w, [3, 3, 3], FORMAT_FACTORS);
    const x = Array.from({ length: N_ITEMS }, (_, i) => ((i * 7) % 5) - 2);
    const logits = Array.from(mlpLogits(w, x));
    const group = (g: number) => softmaxInPlace(Float32Array.from(logits.slice(3 * g, 3 * g + 3)));
    const p = mlpForward(wide, x);
    for (const f of FORMATS) {
      const [s, v, r] = FORMAT_FACTORS[f.index];
      expect(p[f.index]).toBeCloseTo(group(0)[s] * group(1)[v] * group(2)[r], 5);
    }
  });

  it("trains deterministically: the same data and seed give the same weights, bit for bit", () => {
    const d = simulate(200, 5);
    const X = Float32Array.from(d.answers, (v) => v * 0.5);
    const y = Int32Array.from({ length: 600 }, (_, k) => FORMAT_FACTORS[d.labels[Math.floor(k / 3)]][k % 3]);
    const run = () =>
      trainMlp(initWeights(N_ITEMS, 8, 9, 1), X, y, new Float32Array(200).fill(1), {
        epochs: 1,
        batchSize: 32,
        lr: 3e-3,
        lrMin: 1e-4,
        weightDecay: 1e-4,
        seed: 1,
        groups: [3, 3, 3],
      });
    const [a, b] = [run(), run()];
    expect(Buffer.from(a.W1.buffer).equals(Buffer.from(b.W1.buffer))).toBe(true);
    expect(Buffer.from(a.W2.buffer).equals(Buffer.from(b.W2.buffer))).toBe(true);
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

  it("flags answers given faster than about 1.2 s per item, but not slow ones", async () => {
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
      const c = await classify(
        Array.from(d.answers.subarray(i * N_ITEMS, (i + 1) * N_ITEMS)) as AnswerValue[],
        d.elapsed!.subarray(i * N_ITEMS, (i + 1) * N_ITEMS),
      );
      if (c.quality.grade === "good") good++;
    }
    expect(good / d.n).toBeGreaterThan(0.85);
    const rng = new Rng(8);
    const random = Array.from({ length: N_ITEMS }, () => (rng.int(5) - 2) as AnswerValue);
    const r = await classify(random, Array(N_ITEMS).fill(800));
    expect(r.quality.grade).toBe("poor");
  });

  const attentivePeople = (n: number, seed: number) => {
    const d = simulate(n, seed, { scenario: { ...BASELINE, careless: false } });
    return Array.from({ length: n }, (_, i) => Array.from(d.answers.subarray(i * N_ITEMS, (i + 1) * N_ITEMS)) as AnswerValue[]);
  };

  it('does not grade heavy "don\'t know" use poor: up to 60% of items is its own flag (fair) with its own advice', () => {
    const rng = new Rng(21);
    let poor = 0;
    for (const answers of attentivePeople(300, 31)) {
      // "don't know" as a non-answer on 60% of the items, the rest answered attentively
      const skipped = answers.map((v) => (rng.next() < 0.6 ? 0 : v)) as AnswerValue[];
      const q = responseQuality(skipped, Array(N_ITEMS).fill(4000), 0.9);
      if (q.grade === "poor") poor++;
      if (dontKnowShare(skipped) >= QUALITY.manyDontKnowShare) expect(q.flags).toContain("manyDontKnow");
    }
    expect(poor / 300).toBeLessThanOrEqual(0.01);
    const halfDontKnow = varied().map((v, i) => (i % 2 ? 0 : v)) as AnswerValue[];
    expect(responseQuality(halfDontKnow, undefined, 0.9)).toEqual({ grade: "fair", flags: ["manyDontKnow"] });
    expect(longestRun(neutral())).toBe(0); // a run of "don't know" is not a run of one answer
    expect(responseQuality(neutral(), undefined, 0.9).grade).toBe("poor"); // but "don't know" to everything is not answering
  });

  it("lets careful fast readers (≥ 1.5 s per item) pass and does not count being between formats against the answers", () => {
    const rng = new Rng(22);
    const [answers] = attentivePeople(1, 32);
    const reader = Array.from({ length: N_ITEMS }, () => 1500 * Math.exp(0.45 * rng.normal()));
    const q = responseQuality(answers, reader, 0.45);
    expect(q.flags).not.toContain("tooFast");
    expect(q.flags).toContain("lowConfidence");
    expect(q.grade).not.toBe("poor");
  });

  it("detects answers that are partly random with the person-fit statistic, rarely flagging attentive ones", () => {
    const rng = new Rng(23);
    const people = attentivePeople(200, 33);
    const honest = people.filter((a) => personFit(a) > QUALITY.misfit).length / people.length;
    const partlyRandom = people.map((a) => a.map((v) => (rng.next() < 0.3 ? rng.int(5) - 2 : v)));
    const detected = partlyRandom.filter((a) => personFit(a) > QUALITY.misfit).length / people.length;
    expect(honest).toBeLessThanOrEqual(0.02);
    expect(detected).toBeGreaterThan(0.15);
  });
});
