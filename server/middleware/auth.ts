import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import { resolveToken } from "../services/sessions";

export const COOKIE = {
  token: "token",
  id: "id",
  masq: "masqToken",
  demo: "masqDemoToken",
} as const;

/** Every session token the client presents, in the spec's precedence: bearer, demo, masquerade, normal. */
export function sessionTokens(c: Context): string[] {
  const bearer = c.req.header("authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1];
  return [bearer, getCookie(c, COOKIE.demo), getCookie(c, COOKIE.masq), getCookie(c, COOKIE.token)].filter((t): t is string => Boolean(t));
}
const PROJECT_ID = /^[0-9a-f]{24}$/;
const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * Resolves who is asking. Candidates in the spec's precedence: the bearer header (the client
 * already picked demo → masquerade → normal), then the cookies in that same order. The first
 * token that names a live session wins; a stale cookie never blocks a valid one behind it.
 * A request without any token (most of them) costs two header reads.
 */
export const authMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  c.set("auth", null);
  const authorization = c.req.header("authorization");
  const cookieHeader = c.req.header("cookie");
  if (authorization || cookieHeader) {
    const cookies = cookieHeader ? getCookie(c) : {};
    const candidates = [authorization?.match(BEARER)?.[1], cookies[COOKIE.demo], cookies[COOKIE.masq], cookies[COOKIE.token]];
    for (const [i, token] of candidates.entries()) {
      if (!token) continue;
      const found = await resolveToken(c.var.deps.db, token);
      if (!found || !found.user.isActive) continue;
      const { session, user } = found;
      c.set("auth", { user, sessionId: session.id, kind: session.kind, actorId: session.actorId, via: i === 0 ? "bearer" : "cookie" });
      break;
    }
  }
  const project = c.req.header("project");
  c.set("projectId", project && PROJECT_ID.test(project) ? project : null);
  await next();
});
