/**
 * Item analysis of the test from real answers (pure, no I/O): for every item its answer
 * distribution, mean, share of "don't know" and median answer time; within each scale it is keyed to,
 * the corrected item-total correlation and Cronbach's alpha of the scale with and without it. An item
 * is flagged when it works against its scale: a negative corrected correlation, or an alpha that
 * rises when the item is left out.
 *
 * One pass over the respondents: per scale it keeps Σy, Σy², Σy·T for each item (y = sign × weight
 * × answer, T = the scale's total) and ΣT, ΣT²; every figure follows from those sums. Variances are
 * population variances (÷ n); alpha and correlations are ratios, so the divisor cancels.
 */

export interface AnalysisItem {
  position: number;
  code: string;
  keys: readonly { scale: string; sign: number; weight?: number }[];
}

export interface Respondent {
  /** the respondent's language (the same figures are given per language) */
  locale: string;
  /** answers by position − 1, −2..2 (0 = don't know) */
  values: ArrayLike<number>;
  /** ms per answer by position − 1; null where unknown */
  elapsedMs?: ArrayLike<number | null>;
}

export interface ItemScaleStats {
  scale: string;
  sign: number;
  /** correlation of the keyed item with the sum of the scale's other items; null if undefined */
  corrected: number | null;
  alpha: number | null;
  alphaWithout: number | null;
}

export interface ItemStats {
  position: number;
  code: string;
  n: number;
  /** counts of the answers −2, −1, 0, 1, 2 (index 0 is −2) */
  distribution: [number, number, number, number, number];
  mean: number | null;
  dontKnow: number | null;
  medianMs: number | null;
  scales: ItemScaleStats[];
  flags: ("negative-correlation" | "alpha-rises")[];
}

export interface ScaleStats {
  scale: string;
  items: number;
  alpha: number | null;
}

export interface GroupAnalysis {
  n: number;
  scales: ScaleStats[];
  items: ItemStats[];
}

export interface ItemAnalysis extends GroupAnalysis {
  byLocale: Record<string, GroupAnalysis>;
}

/** An alpha this much higher without the item flags it (float noise and rounding aside). */
export const ALPHA_RISE_TOLERANCE = 0.001;

interface ScaleAcc {
  scale: string;
  /** item indices (position − 1) and their coefficients sign × weight */
  idx: number[];
  coef: number[];
  sy: Float64Array;
  syy: Float64Array;
  syt: Float64Array;
  st: number;
  stt: number;
}

class Group {
  n = 0;
  dist: Float64Array;
  sum: Float64Array;
  times: number[][];
  scales: ScaleAcc[];
  constructor(
    private items: readonly AnalysisItem[],
    scaleNames: string[],
  ) {
    this.dist = new Float64Array(items.length * 5);
    this.sum = new Float64Array(items.length);
    this.times = items.map(() => []);
    this.scales = scaleNames.map((scale) => {
      const idx: number[] = [];
      const coef: number[] = [];
      items.forEach((it, i) => {
        for (const k of it.keys) if (k.scale === scale) idx.push(i), coef.push(k.sign * (k.weight ?? 1));
      });
      return { scale, idx, coef, sy: new Float64Array(idx.length), syy: new Float64Array(idx.length), syt: new Float64Array(idx.length), st: 0, stt: 0 };
    });
  }

  add(r: Respondent) {
    this.n++;
    const v = r.values;
    for (let i = 0; i < this.items.length; i++) {
      const a = v[i]!;
      this.dist[i * 5 + a + 2]!++;
      this.sum[i] += a;
      const ms = r.elapsedMs?.[i];
      if (ms != null) this.times[i]!.push(ms);
    }
    for (const s of this.scales) {
      let t = 0;
      for (let j = 0; j < s.idx.length; j++) t += s.coef[j]! * v[s.idx[j]!]!;
      s.st += t;
      s.stt += t * t;
      for (let j = 0; j < s.idx.length; j++) {
        const y = s.coef[j]! * v[s.idx[j]!]!;
        s.sy[j] += y;
        s.syy[j] += y * y;
        s.syt[j] += y * t;
      }
    }
  }

  result(): GroupAnalysis {
    const n = this.n;
    const perItem = new Map<number, ItemScaleStats[]>();
    const scales: ScaleStats[] = this.scales.map((s) => {
      const k = s.idx.length;
      if (!n || k < 2) return { scale: s.scale, items: k, alpha: null };
      const varT = s.stt / n - (s.st / n) ** 2;
      const varY = [...s.sy].map((sy, j) => s.syy[j]! / n - (sy / n) ** 2);
      const sumVarY = varY.reduce((a, b) => a + b, 0);
      const alpha = cronbach(k, sumVarY, varT);
      s.idx.forEach((i, j) => {
        const covYT = s.syt[j]! / n - (s.sy[j]! / n) * (s.st / n);
        // R = T − y: the rest of the scale
        const covYR = covYT - varY[j]!;
        const varR = varT - 2 * covYT + varY[j]!;
        const corrected = varY[j]! > 0 && varR > 0 ? covYR / Math.sqrt(varY[j]! * varR) : null;
        const alphaWithout = k > 2 ? cronbach(k - 1, sumVarY - varY[j]!, varR) : null;
        const list = perItem.get(i) ?? [];
        list.push({ scale: s.scale, sign: Math.sign(s.coef[j]!), corrected: round(corrected), alpha: round(alpha), alphaWithout: round(alphaWithout) });
        perItem.set(i, list);
      });
      return { scale: s.scale, items: k, alpha: round(alpha) };
    });
    const items: ItemStats[] = this.items.map((it, i) => {
      const scalesOf = perItem.get(i) ?? [];
      const flags: ItemStats["flags"] = [];
      if (scalesOf.some((s) => s.corrected !== null && s.corrected < 0)) flags.push("negative-correlation");
      if (scalesOf.some((s) => s.alpha !== null && s.alphaWithout !== null && s.alphaWithout > s.alpha + ALPHA_RISE_TOLERANCE)) flags.push("alpha-rises");
      const d = this.dist.subarray(i * 5, i * 5 + 5);
      return {
        position: it.position,
        code: it.code,
        n,
        distribution: [d[0]!, d[1]!, d[2]!, d[3]!, d[4]!],
        mean: n ? round(this.sum[i]! / n) : null,
        dontKnow: n ? round(d[2]! / n) : null,
        medianMs: median(this.times[i]!),
        scales: scalesOf,
        flags,
      };
    });
    return { n, scales, items };
  }
}

/** α = k/(k−1) · (1 − Σ var(item) / var(total)); null when the total does not vary. */
export function cronbach(k: number, sumItemVar: number, totalVar: number): number | null {
  if (k < 2 || !(totalVar > 0)) return null;
  return (k / (k - 1)) * (1 - sumItemVar / totalVar);
}

/**
 * The median by selection, not by sorting: the analysis takes one per item and language over every
 * answer time (110 × 20,000 values on a big test), and sorting them all held the server's one thread
 * for about 400 ms; selecting is linear.
 */
export function median(values: number[]): number | null {
  if (!values.length) return null;
  const s = Float64Array.from(values);
  const m = s.length >> 1;
  const upper = select(s, m);
  if (s.length % 2) return upper;
  // after selecting, everything left of m is at most s[m]: the lower middle is the largest of them
  let lower = s[0]!;
  for (let i = 1; i < m; i++) if (s[i]! > lower) lower = s[i]!;
  return (lower + upper) / 2;
}

/** The k-th smallest of `a` (0-based), moving `a`'s values so that a[k] is it (Hoare's selection). */
function select(a: Float64Array, k: number): number {
  let lo = 0;
  let hi = a.length - 1;
  while (lo < hi) {
    const pivot = a[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const x = a[i]!;
        a[i] = a[j]!;
        a[j] = x;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return a[k]!;
}

const round = (v: number | null) => (v === null || !Number.isFinite(v) ? null : Math.round(v * 1e4) / 1e4);

/**
 * The running sums of an analysis: respondents are added one at a time (later ones too — a new
 * completed test is one more `add`), and `result()` gives the figures at any point.
 */
export class ItemAnalyser {
  private scaleNames: string[];
  private all: Group;
  private groups = new Map<string, Group>();
  constructor(private items: readonly AnalysisItem[]) {
    this.scaleNames = [...new Set(items.flatMap((it) => it.keys.map((k) => k.scale)))];
    this.all = new Group(items, this.scaleNames);
  }

  add(r: Respondent) {
    this.all.add(r);
    let g = this.groups.get(r.locale);
    if (!g) this.groups.set(r.locale, (g = new Group(this.items, this.scaleNames)));
    g.add(r);
  }

  result(): ItemAnalysis {
    return { ...this.all.result(), byLocale: Object.fromEntries([...this.groups].sort(([a], [b]) => a.localeCompare(b)).map(([l, g]) => [l, g.result()])) };
  }
}

/** The whole analysis and the same per language, in one pass over the respondents. */
export function analyseItems(items: readonly AnalysisItem[], respondents: Iterable<Respondent>): ItemAnalysis {
  const a = new ItemAnalyser(items);
  for (const r of respondents) a.add(r);
  return a.result();
}
