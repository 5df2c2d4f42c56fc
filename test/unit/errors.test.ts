import { describe, expect, it } from "vitest";
import { translator } from "../../locales";
import { AppError, errorMessage, errorMessageKey } from "../../server/lib/errors";

describe("error messages: one resolution for the API, the error page and page forms", () => {
  it("looks a key without a namespace, or under errors., up under common", () => {
    expect(errorMessageKey(new AppError(404, "not_found", "errors.notFound"))).toBe("common.errors.notFound");
    expect(errorMessageKey(new AppError(400, "x", "payment.errors.couponUnknown"))).toBe("payment.errors.couponUnknown");
    expect(errorMessageKey(new AppError(400, "x", "Literal words"))).toBe("common.Literal words");
  });

  it("translates with the error's params and leaves a literal message as it is", () => {
    const en = translator("en");
    expect(errorMessage(en, new AppError(404, "not_found", "errors.notFound"))).toBe(en("common.errors.notFound"));
    expect(errorMessage(en, new AppError(429, "too_many_requests", "errors.tooMany", undefined, { seconds: 420, minutes: 7 }))).toContain("7");
    expect(errorMessage(en, new AppError(400, "http_error", "Malformed thing"))).toBe("Malformed thing");
  });
});
