import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../context";
import { COOKIE, sessionTokens } from "../middleware/auth";
import type { RequestMeta } from "../services/accounts";
import { logout, SESSION_DAYS } from "../services/sessions";
import { COUPON_COOKIE, TRACKING_COOKIES, TRACKING_MAX_AGE } from "./tracking";

const isHttps = (c: Context<AppEnv>) =>
  (c.req.header("x-forwarded-proto") ?? new URL(c.req.url).protocol.replace(":", "")) === "https" ||
  c.var.deps.config.PUBLIC_URL.startsWith("https://");

/** The session cookies of spec §9: `token` (HttpOnly: no browser code reads it) and `id`, 30 days. */
export function setSessionCookies(c: Context<AppEnv>, token: string, userId: string, name: "token" | "masqToken" | "masqDemoToken" = COOKIE.token) {
  const base = { path: "/", maxAge: SESSION_DAYS * 86_400, sameSite: "Lax" as const, secure: isHttps(c) };
  setCookie(c, name, token, { ...base, httpOnly: true });
  if (name === COOKIE.token) setCookie(c, COOKIE.id, userId, base);
}

export function clearSessionCookies(c: Context<AppEnv>) {
  for (const name of [COOKIE.token, COOKIE.id, COOKIE.masq, COOKIE.demo]) deleteCookie(c, name, { path: "/" });
}

/** Logout for the API and the page alike: the sessions the client presents end and their cookies go. */
export async function signOut(c: Context<AppEnv>) {
  await logout(c.var.deps.db, sessionTokens(c));
  clearSessionCookies(c);
}

export function requestMeta(c: Context<AppEnv>): RequestMeta {
  const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return {
    ip: c.req.header("fly-client-ip") ?? forwarded ?? env?.incoming?.socket?.remoteAddress ?? null,
    userAgent: c.req.header("user-agent") ?? null,
    locale: c.var.locale,
  };
}

export function trackingCookies(c: Context<AppEnv>): Record<string, string> {
  return Object.fromEntries(Object.entries(getCookie(c)).filter(([k]) => TRACKING_COOKIES.includes(k)));
}

export function setTrackingCookie(c: Context<AppEnv>, name: string, value: string) {
  setCookie(c, name, value, { path: "/", maxAge: TRACKING_MAX_AGE, sameSite: "Lax" });
}

/** A redeemed coupon that did not unlock the report at once is kept for the checkout. */
export function rememberCoupon<R extends { code: string; unlocked: boolean }>(c: Context<AppEnv>, redeemed: R): R {
  if (!redeemed.unlocked) setTrackingCookie(c, COUPON_COOKIE, redeemed.code);
  return redeemed;
}
