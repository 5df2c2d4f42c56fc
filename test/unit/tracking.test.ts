import { describe, expect, it } from "vitest";
import { pickUtm, TRACKING_COOKIES, TRACKING_VALUE_MAX, UTM_KEYS } from "../../server/lib/tracking";
import { PHONE_PATTERN, fields } from "../../server/lib/validate";
import { profileSchema, signupSchema } from "../../server/services/accounts";

describe("tracking parameters: one list", () => {
  it("picks only UTM keys, cut to the length kept", () => {
    expect(pickUtm({ utm_source: "vk", ref: "x", other: "y", utm_term: "t".repeat(300) })).toEqual({
      utm_source: "vk",
      utm_term: "t".repeat(TRACKING_VALUE_MAX),
    });
  });

  it("is the list the sign-up schema accepts and the cookies kept", () => {
    const utm = Object.fromEntries(UTM_KEYS.map((k) => [k, k]));
    const parsed = signupSchema.parse({ email: "a@example.com", policy: true, terms: true, offer: true, utm: { ...utm, utm_evil: "x" } });
    expect(parsed.utm).toEqual(utm);
    for (const key of [...UTM_KEYS, "ref", "referral", "coupon"]) expect(TRACKING_COOKIES).toContain(key);
  });
});

describe("phone numbers: one pattern", () => {
  it.each(["+7 900 123-45-67", "8 (900) 123 45 67", "+79001234567"])("accepts %j", (phone) => {
    expect(PHONE_PATTERN.test(phone)).toBe(true);
    expect(fields.phone().safeParse(phone).success).toBe(true);
    expect(profileSchema.safeParse({ phone }).success).toBe(true);
  });
  it.each(["abc", "12345", "+7 900 123-45-67 ext 5", "1".repeat(21)])("refuses %j", (phone) => {
    expect(PHONE_PATTERN.test(phone)).toBe(false);
    expect(profileSchema.safeParse({ phone }).success).toBe(false);
  });
});
