// The named guards of the spec, one Hono middleware each, shared by pages and the API.
// On a page a failed guard redirects (spec §4); on /api it answers 401/403.
import type { Context, MiddlewareHandler } from "hono";
import { every } from "hono/combine";
import { deleteCookie } from "hono/cookie";
import { AppError, forbidden, unauthorized } from "../lib/errors";
import { setTrackingCookie } from "../lib/http";
import { fallbackOf } from "../lib/redirect";
import { TRACKING_VALUE_MAX, UTM_KEYS } from "../lib/tracking";
import type { AppEnv } from "../context";
import { COOKIE } from "./auth";
import { isProfileComplete } from "../services/users";

type Guard = MiddlewareHandler<AppEnv>;
const isApi = (c: Context) => c.req.path.startsWith("/api/");
const wanted = (c: Context) => {
  const u = new URL(c.req.url);
  return u.pathname + u.search;
};
export { TRACKING_MAX_AGE, UTM_KEYS } from "../lib/tracking";

/** The demo business account looks at everything and changes nothing: pages and API alike. */
export const demoReadOnly: Guard = async (c, next) => {
  if (c.var.auth?.kind === "demo" && c.req.method !== "GET" && c.req.method !== "HEAD") {
    throw new AppError(403, "demo_read_only", "auth.errors.demoReadOnly");
  }
  await next();
};

/** Copies the named query parameters into 30-day cookies so a later sign-up can attach them. */
const remember =
  (...names: string[]): Guard =>
  async (c, next) => {
    for (const name of names) {
      const value = c.req.query(name);
      if (value && value.length <= TRACKING_VALUE_MAX) setTrackingCookie(c, name, value);
    }
    await next();
  };

const auth: Guard = async (c, next) => {
  if (c.var.auth) return next();
  if (isApi(c)) throw unauthorized();
  return c.redirect(`/login?fallback=${encodeURIComponent(wanted(c))}`);
};

const guards: Record<string, Guard> = {
  auth,
  /** Visitor-only pages (login, sign-up): a signed-in user goes to the fallback or the test. */
  guest: async (c, next) => {
    if (!c.var.auth) return next();
    if (isApi(c)) return next();
    return c.redirect(fallbackOf(c) ?? "/test/start");
  },
  admin: async (c, next) => {
    const a = c.var.auth;
    if (a?.user.role === "admin") return next();
    if (isApi(c)) throw a ? forbidden() : unauthorized();
    return c.redirect("/");
  },
  business: async (c, next) => {
    const a = c.var.auth;
    if (a && (a.user.isBusiness || a.user.role === "admin" || a.kind === "demo")) return next();
    if (isApi(c)) throw a ? forbidden() : unauthorized();
    return c.redirect(a ? "/" : `/login?fallback=${encodeURIComponent(wanted(c))}`);
  },
  /** Outside the business area the read-only demo session is dropped (spec §4). */
  demo: async (c, next) => {
    if (c.var.auth?.kind === "demo" && !isApi(c)) {
      deleteCookie(c, COOKIE.demo, { path: "/" });
      c.set("auth", null);
    }
    await next();
  },
  profile: async (c, next) => {
    const a = c.var.auth;
    if (!a) return auth(c, next);
    if (isProfileComplete(a.user)) return next();
    if (isApi(c)) throw new AppError(403, "profile_incomplete", "errors.profileIncomplete");
    return c.redirect(`/profile/edit?fallback=${encodeURIComponent(wanted(c))}`);
  },
  project: async (c, next) => {
    if (c.var.projectId || c.var.auth?.user.currentProjectId || c.req.query("project")) return next();
    if (isApi(c)) throw new AppError(400, "project_required", "errors.projectRequired");
    return c.redirect("/business");
  },
  coupon: remember("coupon"),
  ref: remember("ref", "referral"),
  utm: remember(...UTM_KEYS),
};

export type GuardName = keyof typeof guards;

/**
 * `guard("auth", "business")`: one middleware running the named guards in order.
 * An unknown name fails every request with 500 "Unknown middleware".
 */
export function guard(...names: string[]): Guard {
  const list = names.map(
    (name): Guard =>
      guards[name] ??
      (async () => {
        throw new AppError(500, "unknown_middleware", "errors.unknownMiddleware");
      }),
  );
  return list.length === 1 ? list[0]! : (every(...list) as Guard);
}
