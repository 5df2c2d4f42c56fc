/**
 * The classifier: MLP 110 → H (ReLU) → 27 (softmax). Pure TypeScript forward pass and trainer
 * (softmax cross-entropy, Adam with decoupled weight decay, mini-batches, Float32Array math, seeded).
 *
 * Input: the raw answers −2..2 as float32. Internally the trainer scales them by 1/2 (to −1..1); that
 * factor is folded into W1 when the weights are exported (exact: multiplying by 0.5 is a power of two).
 *
 * Input features: the answers x, and with `absInputs` also |x| (the first layer sees x and |x| side by
 * side, W1 is nHidden × 2·nIn). |x| says which items were answered at all ("don't know" = 0) and how firmly
 * (1 = probably, 2 = yes/no), which a layer linear in x cannot: a person who skipped half the items, or
 * who never answers at the extremes, has a smaller scale sum than the answers they did give imply.
 */
import { Rng } from "./simulate";

export interface MlpWeights {
  /** Number of answers the network takes (110). */
  nIn: number;
  nHidden: number;
  nOut: number;
  /** The first layer also sees |x| (W1 columns nIn..2·nIn−1). */
  absInputs?: boolean;
  /** nHidden × inputWidth, row-major (row h = weights into hidden unit h). */
  W1: Float32Array;
  b1: Float32Array;
  /** nOut × nHidden, row-major. */
  W2: Float32Array;
  b2: Float32Array;
}

/** Width of the first layer's input: nIn answers, and as many |answers| with absInputs. */
export const inputWidth = (w: Pick<MlpWeights, "nIn" | "absInputs">) => (w.absInputs ? 2 * w.nIn : w.nIn);

/** The first layer's input for answers x (n × nIn, any scale): x, or x then |x| per respondent. */
export function inputFeatures(x: ArrayLike<number>, nIn: number, absInputs: boolean, scale = 1): Float32Array {
  const n = x.length / nIn;
  const width = absInputs ? 2 * nIn : nIn;
  const X = new Float32Array(n * width);
  for (let r = 0; r < n; r++)
    for (let i = 0; i < nIn; i++) {
      const v = x[r * nIn + i] * scale;
      X[r * width + i] = v;
      if (absInputs) X[r * width + nIn + i] = Math.abs(v);
    }
  return X;
}

/** Forward pass to the output logits (before softmax). x has nIn answers in the units the weights expect. */
export function mlpLogits(w: MlpWeights, x: ArrayLike<number>, hidden?: Float32Array, out?: Float32Array): Float32Array {
  const { nIn, nHidden, nOut, W1, b1, W2, b2 } = w;
  const width = inputWidth(w);
  const h = hidden ?? new Float32Array(nHidden);
  const z = out ?? new Float32Array(nOut);
  for (let k = 0; k < nHidden; k++) {
    let s = b1[k];
    const o = k * width;
    for (let i = 0; i < nIn; i++) s += W1[o + i] * x[i];
    if (w.absInputs) for (let i = 0; i < nIn; i++) s += W1[o + nIn + i] * Math.abs(x[i]);
    h[k] = s > 0 ? s : 0;
  }
  for (let c = 0; c < nOut; c++) {
    let s = b2[c];
    const o = c * nHidden;
    for (let k = 0; k < nHidden; k++) s += W2[o + k] * h[k];
    z[c] = s;
  }
  return z;
}

/** Softmax in place (with the usual max shift); returns z. */
export function softmaxInPlace(z: Float32Array): Float32Array {
  let m = -Infinity;
  for (let c = 0; c < z.length; c++) if (z[c] > m) m = z[c];
  let sum = 0;
  for (let c = 0; c < z.length; c++) sum += z[c] = Math.exp(z[c] - m);
  for (let c = 0; c < z.length; c++) z[c] /= sum;
  return z;
}

/** Forward pass → softmax probabilities. x has nIn values in the units the weights expect. */
export function mlpForward(w: MlpWeights, x: ArrayLike<number>, hidden?: Float32Array, out?: Float32Array): Float32Array {
  return softmaxInPlace(mlpLogits(w, x, hidden, out));
}

export function initWeights(nIn: number, nHidden: number, nOut: number, seed: number, absInputs = false): MlpWeights {
  const rng = new Rng(seed);
  const width = absInputs ? 2 * nIn : nIn;
  const W1 = new Float32Array(nHidden * width);
  const W2 = new Float32Array(nOut * nHidden);
  const s1 = Math.sqrt(2 / width);
  const s2 = Math.sqrt(1 / nHidden);
  for (let i = 0; i < W1.length; i++) W1[i] = rng.normal() * s1;
  for (let i = 0; i < W2.length; i++) W2[i] = rng.normal() * s2;
  return { nIn, nHidden, nOut, ...(absInputs ? { absInputs } : {}), W1, b1: new Float32Array(nHidden), W2, b2: new Float32Array(nOut) };
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

/**
 * A network trained with output groups (one softmax per axis) as one network over every combination:
 * combination f's logit is the sum of its values' logits, so softmax over the combinations equals the
 * product of the groups' softmaxes — exactly, in the same Gemm → Softmax graph. factors[f][g] is
 * combination f's value (index within group g); groups are the group sizes.
 */
export function expandFactorised(w: MlpWeights, groups: readonly number[], factors: readonly (readonly number[])[]): MlpWeights {
  const start = groups.map((_, g) => groups.slice(0, g).reduce((a, k) => a + k, 0));
  const nOut = factors.length;
  const W2 = new Float32Array(nOut * w.nHidden);
  const b2 = new Float32Array(nOut);
  factors.forEach((f, c) => {
    for (let g = 0; g < groups.length; g++) {
      const row = start[g] + f[g];
      b2[c] += w.b2[row];
      for (let k = 0; k < w.nHidden; k++) W2[c * w.nHidden + k] += w.W2[row * w.nHidden + k];
    }
  });
  return { ...w, nOut, W1: w.W1.slice(), b1: w.b1.slice(), W2, b2 };
}

/** Divide each output group's rows by its own temperature (see fitTemperature). */
export function foldGroupTemperatures(w: MlpWeights, groups: readonly number[], temperatures: readonly number[]): MlpWeights {
  const c = cloneWeights(w);
  let row = 0;
  groups.forEach((size, g) => {
    for (let r = row; r < row + size; r++) {
      c.b2[r] /= temperatures[g];
      for (let k = 0; k < c.nHidden; k++) c.W2[r * c.nHidden + k] /= temperatures[g];
    }
    row += size;
  });
  return c;
}

/**
 * Temperature scaling (Guo et al., 2017): the T > 0 that minimises the negative log-likelihood of the
 * labels given logits / T, by golden-section search on log T ∈ [−2, 2]. logits: n × k.
 */
export function fitTemperature(logits: Float32Array, labels: Int32Array, k: number): number {
  const nll = (t: number) => temperatureNll(logits, labels, k, t);
  const g = (Math.sqrt(5) - 1) / 2;
  let lo = -2;
  let hi = 2;
  for (let it = 0; it < 40; it++) {
    const a = hi - g * (hi - lo);
    const b = lo + g * (hi - lo);
    if (nll(Math.exp(a)) < nll(Math.exp(b))) hi = b;
    else lo = a;
  }
  return Math.exp((lo + hi) / 2);
}

/** Mean negative log-likelihood of the labels under softmax(logits / temperature); logits n × k. */
export function temperatureNll(logits: ArrayLike<number>, labels: ArrayLike<number>, k: number, temperature = 1): number {
  const n = labels.length;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const o = i * k;
    let m = -Infinity;
    for (let c = 0; c < k; c++) m = Math.max(m, logits[o + c] / temperature);
    let sum = 0;
    for (let c = 0; c < k; c++) sum += Math.exp(logits[o + c] / temperature - m);
    total += m + Math.log(sum) - logits[o + labels[i]] / temperature;
  }
  return total / n;
}

export interface TrainOptions {
  epochs: number;
  batchSize: number;
  lr: number;
  lrMin: number;
  weightDecay: number;
  seed: number;
  /**
   * Sizes of the output groups, each with its own softmax and label (default: one group of nOut). With
   * groups, y holds one label per group for every example (n × groups.length).
   */
  groups?: readonly number[];
  /** Called after every epoch; return value is ignored. */
  onEpoch?: (epoch: number, trainLoss: number, w: MlpWeights, seconds: number) => void;
}

/**
 * Train on X (n × inputWidth, already scaled: see inputFeatures) with integer labels y and per-example weights sw: softmax
 * cross-entropy summed over the output groups. Cosine learning-rate decay from lr to lrMin over all steps.
 */
export function trainMlp(w: MlpWeights, X: Float32Array, y: Int32Array, sw: Float32Array, opt: TrainOptions): MlpWeights {
  const { nHidden, nOut } = w;
  const nIn = inputWidth(w);
  const groups = opt.groups ?? [nOut];
  if (groups.reduce((a, g) => a + g, 0) !== nOut) throw new Error("output groups must add up to nOut");
  const nGroups = groups.length;
  const groupStart = groups.map((_, g) => groups.slice(0, g).reduce((a, k) => a + k, 0));
  const n = y.length / nGroups;
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
        for (let c = 0; c < nOut; c++) {
          let s = b2[c];
          const o = c * nHidden;
          for (let k = 0; k < nHidden; k++) s += W2[o + k] * h[k];
          p[c] = s;
        }
        const wt = sw[e] * inv;
        // per group: softmax, loss, and dz = (p − onehot) · wt into p
        for (let g = 0; g < nGroups; g++) {
          const lo = groupStart[g];
          const hi = lo + groups[g];
          let mx = -Infinity;
          for (let c = lo; c < hi; c++) if (p[c] > mx) mx = p[c];
          let sum = 0;
          for (let c = lo; c < hi; c++) sum += p[c] = Math.exp(p[c] - mx);
          const label = lo + y[e * nGroups + g];
          lossSum += -Math.log(Math.max(p[label] / sum, 1e-12)) * sw[e];
          for (let c = lo; c < hi; c++) p[c] = (p[c] / sum - (c === label ? 1 : 0)) * wt;
        }
        wSum += sw[e];
        // backward
        dh.fill(0);
        for (let c = 0; c < nOut; c++) {
          const dz = p[c];
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
