import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import { API_TOKEN_PREFIX, resolveApiToken } from "../services/business/api-tokens";
import { masqueradeActorActive, resolveToken, revokeSession } from "../services/sessions";
import { isId } from "../lib/ids";

export const COOKIE = {
  token: "token",
  id: "id",
  masq: "masqToken",
  demo: "masqDemoToken",
} as const;

/** The cookies that carry a session (`id` only names the user for the spec's client). */
export type SessionCookie = typeof COOKIE.token | typeof COOKIE.masq | typeof COOKIE.demo;

/**
 * A session cookie's name on the wire. In production over HTTPS it carries the `__Host-` prefix: the
 * browser then takes it only from this very host, over HTTPS, for path / — so a sibling subdomain
 * or a plain-HTTP page cannot plant a session of the attacker's in a visitor's browser (session
 * fixation by cookie tossing). Development and the tests keep the spec's names (§9); no script
 * reads these HttpOnly cookies, so the spec's client sees no difference. `id` keeps its name.
 */
export function sessionCookieName(c: Context, name: SessionCookie): string {
  const { NODE_ENV, PUBLIC_URL } = c.get("deps").config;
  return NODE_ENV === "production" && PUBLIC_URL.startsWith("https://") ? `__Host-${name}` : name;
}

const BEARER = /^Bearer\s+(\S+)$/i;

interface PresentedToken {
  token: string;
  /** The Authorization header (only our own script or an API client sends it) or a cookie. */
  via: "bearer" | "cookie";
}

/** Every session token the client presents, in the spec's precedence: bearer, demo, masquerade,
 * normal. A request without any (most of them) costs two header reads. */
function presentedTokens(c: Context): PresentedToken[] {
  const authorization = c.req.header("authorization");
  const cookieHeader = c.req.header("cookie");
  if (!authorization && !cookieHeader) return [];
  const cookies = cookieHeader ? getCookie(c) : {};
  const bearer = authorization?.match(BEARER)?.[1];
  const fromCookies = [COOKIE.demo, COOKIE.masq, COOKIE.token].map((name) => cookies[sessionCookieName(c, name)]).filter((t): t is string => Boolean(t));
  return [...(bearer ? [{ token: bearer, via: "bearer" as const }] : []), ...fromCookies.map((token) => ({ token, via: "cookie" as const }))];
}

/** The tokens alone: logout ends every session the client presents. */
export const sessionTokens = (c: Context): string[] => presentedTokens(c).map((p) => p.token);

/**
 * Resolves who is asking: the first presented token that names a live session of an active user
 * wins (the bearer header already carries the client's pick of demo → masquerade → normal); a
 * stale cookie never blocks a valid one behind it.
 */
export const authMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  c.set("auth", null);
  for (const { token, via } of presentedTokens(c)) {
    if (via === "bearer" && token.startsWith(API_TOKEN_PREFIX)) {
      // a company's API token: only in the Authorization header, only for the cabinet's API
      c.set("auth", await resolveApiToken(c.get("deps").db, token, c.req.path));
      break;
    }
    const found = await resolveToken(c.get("deps").db, token);
    if (!found || !found.user.isActive) continue;
    const { session, user } = found;
    if (session.kind === "masq" && !(await masqueradeActorActive(c.get("deps").db, session.actorId))) {
      await revokeSession(c.get("deps").db, session.id);
      continue;
    }
    const masq =
      session.kind === "masq"
        ? // a session from before modes existed had no limits: it stays full
          { reason: session.masqReason, mode: session.masqMode ?? ("full" as const), returnTo: session.masqReturnTo, expiresAt: session.expiresAt }
        : undefined;
    c.set("auth", { user, sessionId: session.id, kind: session.kind, actorId: session.actorId, via, ...(masq ? { masq } : {}) });
    break;
  }
  const project = c.req.header("project");
  c.set("projectId", project && isId(project) ? project : null);
  await next();
});
