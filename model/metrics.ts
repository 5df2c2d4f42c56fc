/** Agreement and calibration statistics used by eval and train. */

export function accuracyOf(truth: ArrayLike<number>, pred: ArrayLike<number>): number {
  let ok = 0;
  for (let i = 0; i < truth.length; i++) if (truth[i] === pred[i]) ok++;
  return truth.length ? ok / truth.length : 0;
}

export function cohensKappa(truth: ArrayLike<number>, pred: ArrayLike<number>, k: number): number {
  const n = truth.length;
  const rows = new Float64Array(k);
  const cols = new Float64Array(k);
  let agree = 0;
  for (let i = 0; i < n; i++) {
    rows[truth[i]]++;
    cols[pred[i]]++;
    if (truth[i] === pred[i]) agree++;
  }
  const po = agree / n;
  let pe = 0;
  for (let c = 0; c < k; c++) pe += (rows[c] / n) * (cols[c] / n);
  return (po - pe) / (1 - pe);
}

/**
 * Expected calibration error of the top class: 15 equal-width confidence bins, Σ (bin share) ×
 * |accuracy in bin − mean confidence in bin|.
 */
export function expectedCalibrationError(topProbability: ArrayLike<number>, correct: ArrayLike<boolean>, bins = 15): number {
  const n = topProbability.length;
  const count = new Float64Array(bins);
  const conf = new Float64Array(bins);
  const hits = new Float64Array(bins);
  for (let i = 0; i < n; i++) {
    const b = Math.min(bins - 1, Math.floor(topProbability[i] * bins));
    count[b]++;
    conf[b] += topProbability[i];
    if (correct[i]) hits[b]++;
  }
  let e = 0;
  for (let b = 0; b < bins; b++) if (count[b]) e += Math.abs(hits[b] - conf[b]) / n;
  return e;
}

/** Index of the largest of k values starting at offset o. */
export function argmax(p: ArrayLike<number>, o = 0, k = p.length - o): number {
  let b = 0;
  for (let c = 1; c < k; c++) if (p[o + c] > p[o + b]) b = c;
  return b;
}

/** Spearman's rank correlation (average ranks for ties). */
export function spearman(x: readonly number[], y: readonly number[]): number {
  const ranks = (v: readonly number[]) => {
    const order = v.map((value, i) => ({ value, i })).sort((a, b) => a.value - b.value);
    const r = new Array<number>(v.length);
    for (let k = 0; k < order.length; ) {
      let e = k;
      while (e + 1 < order.length && order[e + 1]!.value === order[k]!.value) e++;
      for (let q = k; q <= e; q++) r[order[q]!.i] = (k + e) / 2;
      k = e + 1;
    }
    return r;
  };
  const rx = ranks(x);
  const ry = ranks(y);
  const n = x.length;
  const mx = rx.reduce((s, v) => s + v, 0) / n;
  const my = ry.reduce((s, v) => s + v, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (rx[i]! - mx) * (ry[i]! - my);
    sxx += (rx[i]! - mx) ** 2;
    syy += (ry[i]! - my) ** 2;
  }
  return sxx && syy ? sxy / Math.sqrt(sxx * syy) : 0;
}
