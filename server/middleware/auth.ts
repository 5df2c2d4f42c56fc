import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import { validateToken } from "../services/sessions";
import { findUserById } from "../services/users";

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

/**
 * Resolves who is asking. Candidates in the spec's precedence: the bearer header (the client
 * already picked demo → masquerade → normal), then the cookies in that same order. The first
 * token that names a live session wins; a stale cookie never blocks a valid one behind it.
 */
export const authMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  c.set("auth", null);
  const { db } = c.var.deps;
  const bearer = c.req.header("authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1];
  for (const token of sessionTokens(c)) {
    const session = await validateToken(db, token);
    if (!session) continue;
    const user = await findUserById(db, session.userId);
    if (!user || !user.isActive) continue;
    c.set("auth", { user, sessionId: session.id, kind: session.kind, actorId: session.actorId, via: token === bearer ? "bearer" : "cookie" });
    break;
  }
  const project = c.req.header("project");
  c.set("projectId", project && /^[0-9a-f]{24}$/.test(project) ? project : null);
  await next();
});
