import { describe, expect, it } from "vitest";
import { formatRub, kopecksFromDecimal, rubLabel, rublesDecimal } from "../../server/lib/money";

// toLocaleString("ru-RU") groups with a no-break space
const plain = (s: string) => s.replace(/\u00a0|\u202f/g, " ");

describe("money: kopecks become rubles in one place", () => {
  it("writes prices the Russian way, kopecks only when there are some", () => {
    expect(plain(formatRub(99_000))).toBe("990");
    expect(plain(formatRub(123_450))).toBe("1 234,5");
    expect(plain(rubLabel(90_000))).toBe("900 ₽");
  });

  it("always shows kopecks on an invoice", () => {
    expect(plain(formatRub(123_400, { exact: true }))).toBe("1 234,00");
    expect(plain(rubLabel(5, { exact: true }))).toBe("0,05 ₽");
  });

  it("speaks a provider's decimal strings both ways", () => {
    expect(rublesDecimal(123_450)).toBe("1234.50");
    expect(kopecksFromDecimal("1234.50")).toBe(123_450);
    expect(kopecksFromDecimal("0.29")).toBe(29);
  });
});
