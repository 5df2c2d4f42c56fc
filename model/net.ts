/**
 * The classifier: MLP 110 → H (ReLU) → 27 (softmax). Pure TypeScript forward pass and trainer
 * (softmax cross-entropy, Adam with decoupled weight decay, mini-batches, Float32Array math, seeded).
 *
 * Input: the raw answers −2..2 as float32. Internally the trainer scales them by 1/2 (to −1..1); that
 * factor is folded into W1 when the weights are exported (exact: multiplying by 0.5 is a power of two).
 */
import { Rng } from "./simulate";

export interface MlpWeights {
  nIn: number;
  nHidden: number;
  nOut: number;
  /** nHidden × nIn, row-major (row h = weights into hidden unit h). */
  W1: Float32Array;
  b1: Float32Array;
  /** nOut × nHidden, row-major. */
  W2: Float32Array;
  b2: Float32Array;
}

/** Forward pass → softmax probabilities. x has nIn values in the units the weights expect. */
export function mlpForward(w: MlpWeights, x: ArrayLike<number>, hidden?: Float32Array, out?: Float32Array): Float32Array {
  const { nIn, nHidden, nOut, W1, b1, W2, b2 } = w;
  const h = hidden ?? new Float32Array(nHidden);
  const z = out ?? new Float32Array(nOut);
  for (let k = 0; k < nHidden; k++) {
    let s = b1[k];
    const o = k * nIn;
    for (let i = 0; i < nIn; i++) s += W1[o + i] * x[i];
    h[k] = s > 0 ? s : 0;
  }
  let m = -Infinity;
  for (let c = 0; c < nOut; c++) {
    let s = b2[c];
    const o = c * nHidden;
    for (let k = 0; k < nHidden; k++) s += W2[o + k] * h[k];
    z[c] = s;
    if (s > m) m = s;
  }
  let sum = 0;
  for (let c = 0; c < nOut; c++) {
    const e = Math.exp(z[c] - m);
    z[c] = e;
    sum += e;
  }
  for (let c = 0; c < nOut; c++) z[c] /= sum;
  return z;
}

export function initWeights(nIn: number, nHidden: number, nOut: number, seed: number): MlpWeights {
  const rng = new Rng(seed);
  const W1 = new Float32Array(nHidden * nIn);
  const W2 = new Float32Array(nOut * nHidden);
  const s1 = Math.sqrt(2 / nIn);
  const s2 = Math.sqrt(1 / nHidden);
  for (let i = 0; i < W1.length; i++) W1[i] = rng.normal() * s1;
  for (let i = 0; i < W2.length; i++) W2[i] = rng.normal() * s2;
  return { nIn, nHidden, nOut, W1, b1: new Float32Array(nHidden), W2, b2: new Float32Array(nOut) };
}

export function cloneWeights(w: MlpWeights): MlpWeights {
  return { ...w, W1: w.W1.slice(), b1: w.b1.slice(), W2: w.W2.slice(), b2: w.b2.slice() };
}

/** Scale all first-layer weights (used to fold the input scaling into the exported model). */
export function foldInputScale(w: MlpWeights, factor: number): MlpWeights {
  const c = cloneWeights(w);
  for (let i = 0; i < c.W1.length; i++) c.W1[i] *= factor;
  return c;
}

export interface TrainOptions {
  epochs: number;
  batchSize: number;
  lr: number;
  lrMin: number;
  weightDecay: number;
  seed: number;
  /** Called after every epoch; return value is ignored. */
  onEpoch?: (epoch: number, trainLoss: number, w: MlpWeights, seconds: number) => void;
}

/**
 * Train on X (n × nIn, already scaled) with integer labels y and per-example weights sw.
 * Cosine learning-rate decay from lr to lrMin over all steps.
 */
export function trainMlp(w: MlpWeights, X: Float32Array, y: Int32Array, sw: Float32Array, opt: TrainOptions): MlpWeights {
  const { nIn, nHidden, nOut } = w;
  const n = y.length;
  const params = [w.W1, w.b1, w.W2, w.b2];
  const grads = params.map((p) => new Float32Array(p.length));
  const m1 = params.map((p) => new Float32Array(p.length));
  const m2 = params.map((p) => new Float32Array(p.length));
  const decay = [true, false, true, false];
  const [gW1, gb1, gW2, gb2] = grads;
  const { W1, b1, W2, b2 } = w;
  const h = new Float32Array(nHidden);
  const p = new Float32Array(nOut);
  const dh = new Float32Array(nHidden);
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  const rng = new Rng(opt.seed);
  const stepsPerEpoch = Math.ceil(n / opt.batchSize);
  const totalSteps = stepsPerEpoch * opt.epochs;
  const beta1 = 0.9;
  const beta2 = 0.999;
  const eps = 1e-8;
  let step = 0;
  const t0 = Date.now();
  for (let epoch = 0; epoch < opt.epochs; epoch++) {
    for (let i = n - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      const t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    let lossSum = 0;
    let wSum = 0;
    for (let start = 0; start < n; start += opt.batchSize) {
      const end = Math.min(n, start + opt.batchSize);
      for (const g of grads) g.fill(0);
      let bw = 0;
      for (let b = start; b < end; b++) bw += sw[order[b]];
      const inv = 1 / bw;
      for (let b = start; b < end; b++) {
        const e = order[b];
        const xo = e * nIn;
        // forward
        for (let k = 0; k < nHidden; k++) {
          let s = b1[k];
          const o = k * nIn;
          for (let i = 0; i < nIn; i++) s += W1[o + i] * X[xo + i];
          h[k] = s > 0 ? s : 0;
        }
        let mx = -Infinity;
        for (let c = 0; c < nOut; c++) {
          let s = b2[c];
          const o = c * nHidden;
          for (let k = 0; k < nHidden; k++) s += W2[o + k] * h[k];
          p[c] = s;
          if (s > mx) mx = s;
        }
        let sum = 0;
        for (let c = 0; c < nOut; c++) {
          p[c] = Math.exp(p[c] - mx);
          sum += p[c];
        }
        const wt = sw[e] * inv;
        const label = y[e];
        lossSum += -Math.log(Math.max(p[label] / sum, 1e-12)) * sw[e];
        wSum += sw[e];
        // backward: dz = (p − onehot) · wt
        dh.fill(0);
        for (let c = 0; c < nOut; c++) {
          const dz = (p[c] / sum - (c === label ? 1 : 0)) * wt;
          gb2[c] += dz;
          const o = c * nHidden;
          for (let k = 0; k < nHidden; k++) {
            gW2[o + k] += dz * h[k];
            dh[k] += dz * W2[o + k];
          }
        }
        for (let k = 0; k < nHidden; k++) {
          if (h[k] <= 0) continue;
          const d = dh[k];
          gb1[k] += d;
          const o = k * nIn;
          for (let i = 0; i < nIn; i++) gW1[o + i] += d * X[xo + i];
        }
      }
      // Adam(W) update
      step++;
      const lr = opt.lrMin + 0.5 * (opt.lr - opt.lrMin) * (1 + Math.cos((Math.PI * (step - 1)) / totalSteps));
      const bc1 = 1 - Math.pow(beta1, step);
      const bc2 = 1 - Math.pow(beta2, step);
      for (let q = 0; q < params.length; q++) {
        const P = params[q];
        const G = grads[q];
        const M = m1[q];
        const V = m2[q];
        const wd = decay[q] ? opt.weightDecay * lr : 0;
        for (let i = 0; i < P.length; i++) {
          const g = G[i];
          M[i] = beta1 * M[i] + (1 - beta1) * g;
          V[i] = beta2 * V[i] + (1 - beta2) * g * g;
          P[i] -= lr * (M[i] / bc1 / (Math.sqrt(V[i] / bc2) + eps)) + wd * P[i];
        }
      }
    }
    opt.onEpoch?.(epoch + 1, lossSum / wSum, w, (Date.now() - t0) / 1000);
  }
  return w;
}
