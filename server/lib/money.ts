// Amounts are whole kopecks everywhere (prices, orders, payments); these are the only places
// they turn into rubles, for people or for a payment provider's API.

/** For people, the way Russian prices are written: "1 234,5"; `exact` always shows kopecks ("1 234,50", invoices). */
export const formatRub = (kopecks: number, { exact = false } = {}) =>
  (kopecks / 100).toLocaleString("ru-RU", { minimumFractionDigits: exact ? 2 : 0, maximumFractionDigits: 2 });

/** A price with its sign: "1 234,5 ₽". */
export const rubLabel = (kopecks: number, opts?: { exact?: boolean }) => `${formatRub(kopecks, opts)} ₽`;

/** For a provider's API: "1234.50". */
export const rublesDecimal = (kopecks: number) => (kopecks / 100).toFixed(2);
export const kopecksFromDecimal = (value: string) => Math.round(Number.parseFloat(value) * 100);

/** What a manager types for rubles ("300", "299,90", "1 234.5") → kopecks; NaN when it is not an amount. */
export function kopecksFromRubles(input: string) {
  const s = input.replace(/[\s\u00a0\u202f₽]/g, "").replace(",", ".");
  return /^\d+(\.\d{1,2})?$/.test(s) ? Math.round(Number(s) * 100) : Number.NaN;
}

/** Kopecks as a manager types them back: "300" or "299,90". */
export const rublesInput = (kopecks: number) => (kopecks % 100 === 0 ? String(kopecks / 100) : (kopecks / 100).toFixed(2).replace(".", ","));
