// What a visitor brings along (spec §9): ?utm_*, ?ref/?referral and ?coupon, kept in 30-day
// cookies so that a later sign-up or checkout can use them. The one list of those names.
export const TRACKING_MAX_AGE = 2_592_000; // 30 days
/** The longest value kept: longer ones are dropped by the guard and cut at sign-up. */
export const TRACKING_VALUE_MAX = 200;

export const UTM_KEYS = ["utm_source", "utm_medium", "utm_term", "utm_content", "utm_campaign", "utm_test"] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
export type Utm = Partial<Record<UtmKey, string>>;

export const COUPON_COOKIE = "coupon";
export const REFERRAL_COOKIES = ["ref", "referral"] as const;
export const TRACKING_COOKIES: readonly string[] = [...REFERRAL_COOKIES, COUPON_COOKIE, ...UTM_KEYS];

/** The UTM values among `source` (cookies, say), each cut to the length kept. */
export function pickUtm(source: Partial<Record<string, string>>): Utm {
  const out: Utm = {};
  for (const key of UTM_KEYS) {
    const v = source[key];
    if (v) out[key] = v.slice(0, TRACKING_VALUE_MAX);
  }
  return out;
}
