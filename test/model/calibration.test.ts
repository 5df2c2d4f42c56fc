// The calibration step (temperature scaling) and the network's |answers| input through ONNX.
import { describe, expect, it } from "vitest";
import { InferenceSession, Tensor } from "onnxruntime-node";
import { N_ITEMS } from "../../model/items";
import { fitTemperature, initWeights, mlpForward, softmaxInPlace, temperatureNll } from "../../model/net";
import { exportOnnx, importOnnx } from "../../model/onnx";
import { BASELINE, Rng, simulate } from "../../model/simulate";

const attentive = { ...BASELINE, careless: false };

describe("calibration", () => {
  /** n examples of a k-class problem with known probabilities; the logits handed to calibration are × scale. */
  function overconfident(n: number, k: number, scale: number, seed: number) {
    const rng = new Rng(seed);
    const logits = new Float32Array(n * k);
    const labels = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const z = Float32Array.from({ length: k }, () => 1.2 * rng.normal());
      const p = softmaxInPlace(z.slice());
      let u = rng.next();
      labels[i] = k - 1;
      for (let c = 0; c < k; c++)
        if ((u -= p[c]) < 0) {
          labels[i] = c;
          break;
        }
      for (let c = 0; c < k; c++) logits[i * k + c] = scale * z[c];
    }
    return { logits, labels };
  }

  it("fits a temperature that lowers the negative log-likelihood on a held-out set", () => {
    const fit = overconfident(4000, 3, 2.5, 61);
    const heldOut = overconfident(4000, 3, 2.5, 62);
    const t = fitTemperature(fit.logits, fit.labels, 3);
    expect(t).toBeGreaterThan(2);
    expect(t).toBeLessThan(3);
    expect(temperatureNll(heldOut.logits, heldOut.labels, 3, t)).toBeLessThan(temperatureNll(heldOut.logits, heldOut.labels, 3) - 0.05);
    // and leaves calibrated logits alone
    const calibrated = overconfident(4000, 3, 1, 63);
    expect(Math.abs(fitTemperature(calibrated.logits, calibrated.labels, 3) - 1)).toBeLessThan(0.1);
  });
});

describe("network input", () => {
  it("exports a network that also reads |answers| to ONNX, and onnxruntime agrees with the reference forward pass", async () => {
    const w = initWeights(N_ITEMS, 8, 27, 7, true);
    for (let i = 0; i < w.b1.length; i++) w.b1[i] = 0.3;
    const back = importOnnx(exportOnnx(w, { version: "test" })).weights;
    expect(back.absInputs).toBe(true);
    expect(back.W1.length).toBe(8 * 2 * N_ITEMS);
    const session = await InferenceSession.create(exportOnnx(w, { version: "test" }));
    const d = simulate(16, 64, { scenario: attentive });
    const out = (await session.run({ [session.inputNames[0]]: new Tensor("float32", Float32Array.from(d.answers), [d.n, N_ITEMS]) }))[session.outputNames[0]]
      .data as Float32Array;
    for (let i = 0; i < d.n; i++) {
      const ref = mlpForward(back, d.answers.subarray(i * N_ITEMS, (i + 1) * N_ITEMS));
      for (let c = 0; c < 27; c++) expect(out[i * 27 + c]).toBeCloseTo(ref[c], 5);
    }
    // |x| matters: flipping every answer's sign changes the output differently than without |x|
    const x = Array.from(d.answers.subarray(0, N_ITEMS));
    const flipped = x.map((v) => -v);
    const noAbs = { ...back, absInputs: false, W1: back.W1.filter((_, q) => q % (2 * N_ITEMS) < N_ITEMS) };
    const withAbs = [mlpForward(back, x), mlpForward(back, flipped)];
    const without = [mlpForward(noAbs, x), mlpForward(noAbs, flipped)];
    expect(withAbs[0]).not.toEqual(without[0]);
    expect(without[1]).not.toEqual(withAbs[1]);
  });
});
