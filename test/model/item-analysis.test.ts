// The item statistics against a hand computation on four respondents and three items (worked in the
// comments), and the one-pass sums against the textbook definitions on random answers.
import { describe, expect, it } from "vitest";
import { analyseItems, cronbach, median, type AnalysisItem, type Respondent } from "../../model/item-analysis";

const items: AnalysisItem[] = [
  { position: 1, code: "A1", keys: [{ scale: "A", sign: 1 }] },
  { position: 2, code: "A2", keys: [{ scale: "A", sign: 1 }] },
  { position: 3, code: "A3", keys: [{ scale: "A", sign: -1 }] },
];
// keyed answers y = sign × answer: R1 2,1,2 (T 5) · R2 1,1,1 (T 3) · R3 −1,0,−1 (T −2) · R4 −2,−1,0 (T −3)
const people: Respondent[] = [
  { locale: "ru", values: [2, 1, -2], elapsedMs: [4000, 3000, 1000] },
  { locale: "ru", values: [1, 1, -1], elapsedMs: [6000, null, 2000] },
  { locale: "en", values: [-1, 0, 1], elapsedMs: [5000, 9000, 3000] },
  { locale: "en", values: [-2, -1, 0], elapsedMs: [7000, 1000, 4000] },
];

describe("item analysis: a hand computation", () => {
  const a = analyseItems(items, people);
  it("counts, means, don't-know shares and median times", () => {
    expect(a.n).toBe(4);
    expect(a.items[0]!.distribution).toEqual([1, 1, 0, 1, 1]);
    expect(a.items[2]!.mean).toBe(-0.5); // (−2 −1 +1 +0) / 4
    expect(a.items[1]!.dontKnow).toBe(0.25);
    expect(a.items[0]!.medianMs).toBe(5500); // 4000 5000 6000 7000
    expect(a.items[1]!.medianMs).toBe(3000); // 1000 3000 9000 (one unknown)
  });
  it("Cronbach's alpha of the scale: var y 2.5, 0.6875, 1.25; var T 11.1875 → 1.5 × (1 − 4.4375 / 11.1875)", () => {
    expect(a.scales).toEqual([{ scale: "A", items: 3, alpha: 0.905 }]);
  });
  it("corrected item-total correlations and alpha without each item", () => {
    // item 1: rest 3,2,−1,−1 (var 3.1875), cov 2.75 → r = 2.75 / √(2.5 × 3.1875); α without = 2 × (1 − 1.9375 / 3.1875)
    expect(a.items[0]!.scales[0]).toEqual({ scale: "A", sign: 1, corrected: 0.9742, alpha: 0.905, alphaWithout: 0.7843 });
    // item 2: rest 4,2,−2,−2 (var 6.75), cov 1.875 → r = 1.875 / √(0.6875 × 6.75); α without = 2 × (1 − 3.75 / 6.75)
    expect(a.items[1]!.scales[0]).toMatchObject({ corrected: 0.8704, alphaWithout: 0.8889 });
    // item 3 (reverse-keyed): rest 3,2,−1,−3 (var 5.6875), cov 2.125; α without = 2 × (1 − 3.1875 / 5.6875)
    expect(a.items[2]!.scales[0]).toMatchObject({ sign: -1, corrected: 0.797, alphaWithout: 0.8791 });
    expect(a.items.every((i) => i.flags.length === 0)).toBe(true);
  });
  it("gives the same figures per language", () => {
    expect(Object.keys(a.byLocale)).toEqual(["en", "ru"]);
    expect(a.byLocale.ru!.n).toBe(2);
    expect(a.byLocale.en!.items[0]!.distribution).toEqual([1, 1, 0, 0, 0]);
  });
  it("flags an item that works against its scale", () => {
    const withBad = [...items, { position: 4, code: "A4", keys: [{ scale: "A", sign: 1 }] }];
    const bad = analyseItems(
      withBad,
      people.map((p, i) => ({ ...p, values: [...(p.values as number[]), [-2, -1, 1, 2][i]!] })),
    );
    const item = bad.items[3]!;
    expect(item.scales[0]!.corrected!).toBeLessThan(0);
    expect(item.flags).toEqual(["negative-correlation", "alpha-rises"]);
    expect(bad.items[0]!.flags).toEqual([]);
  });
});

describe("item analysis: the one-pass sums equal the definitions", () => {
  it("on random answers", () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const bank: AnalysisItem[] = Array.from({ length: 6 }, (_, i) => ({
      position: i + 1,
      code: `I${i}`,
      keys: [{ scale: i < 4 ? "X" : "Y", sign: i % 3 === 2 ? -1 : 1 }],
    }));
    const rs: Respondent[] = Array.from({ length: 200 }, () => ({ locale: "ru", values: bank.map(() => Math.floor(rnd() * 5) - 2) }));
    const got = analyseItems(bank, rs);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const cov = (xs: number[], ys: number[]) => mean(xs.map((x, i) => (x - mean(xs)) * (ys[i]! - mean(ys))));
    const xs = bank.filter((b) => b.keys[0]!.scale === "X").map((b) => b.position - 1);
    const keyed = (j: number) => rs.map((r) => bank[j]!.keys[0]!.sign * (r.values[j] as number));
    const total = (js: number[]) => rs.map((_, n) => js.reduce((s, j) => s + keyed(j)[n]!, 0));
    const alpha = (js: number[]) =>
      cronbach(
        js.length,
        js.reduce((s, j) => s + cov(keyed(j), keyed(j)), 0),
        cov(total(js), total(js)),
      )!;
    expect(got.scales[0]!.alpha).toBeCloseTo(alpha(xs), 4);
    for (const j of xs) {
      const rest = total(xs.filter((k) => k !== j));
      const r = cov(keyed(j), rest) / Math.sqrt(cov(keyed(j), keyed(j)) * cov(rest, rest));
      expect(got.items[j]!.scales[0]!.corrected).toBeCloseTo(r, 4);
      expect(got.items[j]!.scales[0]!.alphaWithout).toBeCloseTo(alpha(xs.filter((k) => k !== j)), 4);
    }
  });
  it("median of an even and an odd list, none of an empty one", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
  it("median by selection agrees with the sorted middle on lists with ties, runs and lengths from 1 to 400", () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let n = 1; n <= 400; n++) {
      const shapes = [
        Array.from({ length: n }, () => Math.floor(rand() * 20) * 500), // many ties, as answer times in ms
        Array.from({ length: n }, (_, i) => i), // already sorted
        Array.from({ length: n }, (_, i) => n - i), // reversed
      ];
      for (const values of shapes) {
        const sorted = [...values].sort((a, b) => a - b);
        const m = n >> 1;
        expect(median(values)).toBe(n % 2 ? sorted[m] : (sorted[m - 1]! + sorted[m]!) / 2);
      }
    }
  });
});
