// /auth/:provider → the provider's consent page; /auth/:provider/callback → signed in.
import { Hono } from "hono";
import { keepAccountLocale } from "./middleware/locale";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "./context";
import { AppError, notFound } from "./lib/errors";
import { requestMeta, setSessionCookies } from "./lib/http";
import { reportHref } from "./lib/links";
import { fallbackOf } from "./lib/redirect";
import { completeAuthorization, DEFAULT_ENDPOINTS, PROVIDERS, startAuthorization, type Provider } from "./services/oauth";
import { createSession } from "./services/sessions";

export const oauthRoutes = new Hono<AppEnv>();
const STATE_COOKIE = "oauth_state";
const isProvider = (p: string): p is Provider => (PROVIDERS as readonly string[]).includes(p);

oauthRoutes.get("/auth/:provider", (c) => {
  const p = c.req.param("provider");
  if (!isProvider(p)) throw notFound();
  const { url, state, verifier } = startAuthorization(c.get("deps").config, p, c.get("deps").oauthEndpoints?.[p] ?? DEFAULT_ENDPOINTS[p]);
  const fallback = fallbackOf(c) ?? "";
  setCookie(c, STATE_COOKIE, JSON.stringify({ state, verifier, fallback }), { path: "/auth", httpOnly: true, sameSite: "Lax", maxAge: 600 });
  return c.redirect(url.toString());
});

oauthRoutes.get("/auth/:provider/callback", async (c) => {
  const p = c.req.param("provider");
  if (!isProvider(p)) throw notFound();
  const saved = (() => {
    try {
      return JSON.parse(getCookie(c, STATE_COOKIE) ?? "null") as { state: string; verifier: string; fallback: string } | null;
    } catch {
      return null;
    }
  })();
  deleteCookie(c, STATE_COOKIE, { path: "/auth" });
  const code = c.req.query("code");
  if (!saved || !code || c.req.query("state") !== saved.state) {
    throw new AppError(400, "oauth_failed", "auth.errors.oauthFailed", undefined, { provider: p });
  }
  let user: Awaited<ReturnType<typeof completeAuthorization>>;
  try {
    user = await completeAuthorization(
      c.get("deps").db,
      c.get("deps").config,
      p,
      code,
      saved.verifier,
      c.get("locale"),
      c.get("deps").oauthEndpoints?.[p] ?? DEFAULT_ENDPOINTS[p],
    );
  } catch (e) {
    if (e instanceof AppError) throw e;
    console.error("oauth", p, e);
    throw new AppError(400, "oauth_failed", "auth.errors.oauthFailed", undefined, { provider: p });
  }
  const meta = requestMeta(c);
  const { token } = await createSession(c.get("deps").db, user.id, { userAgent: meta.userAgent, ip: meta.ip });
  setSessionCookies(c, token, user.id);
  keepAccountLocale(c, user);
  return c.redirect(fallbackOf(c, saved.fallback) ?? reportHref({ user }));
});
