import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { COOKIE, sessionCookieName, sessionTokens, type SessionCookie } from "../middleware/auth";
import type { RequestMeta } from "../services/accounts";
import { MASQUERADE_MS } from "../services/masquerade";
import { logout, SESSION_DAYS } from "../services/sessions";
import { COUPON_COOKIE, TRACKING_COOKIES, TRACKING_MAX_AGE } from "./tracking";

const isHttps = (c: Context) =>
  (c.req.header("x-forwarded-proto") ?? new URL(c.req.url).protocol.replace(":", "")) === "https" || c.get("deps").config.PUBLIC_URL.startsWith("https://");

/** The session cookies of spec §9: `token` (HttpOnly: no browser code reads it) and `id`, 30 days. */
export function setSessionCookies(c: Context, token: string, userId: string, name: SessionCookie = COOKIE.token) {
  // a masquerade's cookie lives as long as its session (an hour), not a month
  const maxAge = name === COOKIE.masq ? MASQUERADE_MS / 1000 : SESSION_DAYS * 86_400;
  const base = { path: "/", maxAge, sameSite: "Lax" as const, secure: isHttps(c) };
  const wire = sessionCookieName(c, name);
  setCookie(c, wire, token, { ...base, httpOnly: true, secure: base.secure || wire.startsWith("__Host-") });
  if (name === COOKIE.token) setCookie(c, COOKIE.id, userId, base);
}

/** Drops one session cookie (a `__Host-` one only goes with Secure and path /). */
export function dropSessionCookie(c: Context, name: SessionCookie) {
  const wire = sessionCookieName(c, name);
  deleteCookie(c, wire, { path: "/", ...(wire.startsWith("__Host-") ? { secure: true } : {}) });
}

export function clearSessionCookies(c: Context) {
  for (const name of [COOKIE.token, COOKIE.masq, COOKIE.demo] as const) dropSessionCookie(c, name);
  deleteCookie(c, COOKIE.id, { path: "/" });
}

/** The person leaves this browser (logout, or their account erased): the session cookies go, and so
 * does a coupon they applied, which the next person on a shared phone must not inherit. */
export function forgetPerson(c: Context) {
  clearSessionCookies(c);
  deleteCookie(c, COUPON_COOKIE, { path: "/" });
}

/** Logout for the API and the page alike: the sessions the client presents end and their cookies go. */
export async function signOut(c: Context) {
  await logout(c.get("deps").db, sessionTokens(c));
  forgetPerson(c);
}

/**
 * The client's address. Forwarded headers are believed only from the proxy TRUST_PROXY names:
 * anyone can send X-Forwarded-For, and the abuse limits count by this address.
 */
export function clientIp(c: Context): string | null {
  const socket = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress ?? null;
  const trust = c.get("deps").config.TRUST_PROXY;
  if (trust === "fly") return c.req.header("fly-client-ip")?.trim() || socket;
  if (trust !== "none") {
    const chain = (c.req.header("x-forwarded-for") ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    return chain[chain.length - Number(trust)] ?? socket;
  }
  return socket;
}

/** Did our own pages make this request (not a link or form on another site)? Browsers say so in
 * Sec-Fetch-Site; without it (old browsers, API clients) the Origin or Referer must be ours. */
export function isSameSite(c: Context): boolean {
  const site = c.req.header("sec-fetch-site");
  if (site) return site === "same-origin" || site === "none";
  const origin = c.req.header("origin") ?? c.req.header("referer");
  if (!origin) return false;
  try {
    return new URL(origin).origin === new URL(c.req.url).origin || new URL(origin).origin === new URL(c.get("deps").config.PUBLIC_URL).origin;
  } catch {
    return false;
  }
}

export function requestMeta(c: Context): RequestMeta {
  return {
    ip: clientIp(c),
    userAgent: c.req.header("user-agent") ?? null,
    locale: c.get("locale"),
  };
}

export function trackingCookies(c: Context): Record<string, string> {
  return Object.fromEntries(Object.entries(getCookie(c)).filter(([k]) => TRACKING_COOKIES.includes(k)));
}

/**
 * A top-level navigation (a link followed, an address typed) or a POST: not an <img>, <script> or
 * a page's own fetch. Only those may set session and tracking cookies, so a picture on one of our
 * pages (a review's photo) cannot switch a reader's session or plant a referral.
 * Browsers say which in Sec-Fetch-Dest and Sec-Fetch-Mode; without them (old browsers,
 * API clients) a request counts as a navigation.
 */
export function isNavigation(c: Context): boolean {
  if (c.req.method === "POST") return true;
  const dest = c.req.header("sec-fetch-dest");
  const mode = c.req.header("sec-fetch-mode");
  return (dest === undefined || dest === "document") && (mode === undefined || mode === "navigate");
}

export function setTrackingCookie(c: Context, name: string, value: string) {
  if (!isNavigation(c)) return;
  setCookie(c, name, value, { path: "/", maxAge: TRACKING_MAX_AGE, sameSite: "Lax" });
}

/** A redeemed coupon that did not unlock the report at once is kept for the checkout. */
export function rememberCoupon<R extends { code: string; unlocked: boolean }>(c: Context, redeemed: R): R {
  if (!redeemed.unlocked) setTrackingCookie(c, COUPON_COOKIE, redeemed.code);
  return redeemed;
}

/** Who sent a lead form, for submitLead: the account, language, address and the form's captcha. */
export function leadSender(c: Context, raw: unknown) {
  const captcha = (raw as { captcha?: unknown } | null)?.captcha;
  return { userId: c.get("auth")?.user.id ?? null, t: c.get("t"), ip: clientIp(c), captcha: typeof captcha === "string" ? captcha : undefined };
}
