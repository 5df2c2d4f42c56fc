import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { FALLBACK_LOCALE, isLocale, tFor, type Locale } from "../../locales";
import type { AppEnv } from "../context";
import { isNavigation } from "../lib/http";
import { rememberLocale } from "../services/accounts/profile";

export const LOCALE_COOKIE = "i18n_locale";
const YEAR_SECONDS = 365 * 86_400;

const keepOnDevice = (c: Context, locale: Locale) => setCookie(c, LOCALE_COOKIE, locale, { path: "/", maxAge: YEAR_SECONDS, sameSite: "Lax" });

/**
 * The request's language: ?lang= → the device's `i18n_locale` cookie → the `Locale` header (API
 * clients) → the signed-in person's own (`users.locale`) → Russian. Runs after the auth middleware.
 *
 * The language lives with the account: a browser that has never chosen one (a new device, a mail
 * app's browser) speaks the person's; signing in makes it the device's (`keepAccountLocale`); and a
 * language chosen on a device (?lang=, the switcher's links) becomes the account's, which mails,
 * PDFs and the other devices follow. The demo business account has no language of its own (it
 * follows the page's); a manager's masquerade sees the person's and changes nothing of theirs.
 */
export const localeMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  const query = c.req.query("lang");
  const auth = c.get("auth");
  const cookie = getCookie(c, LOCALE_COOKIE);
  let locale: Locale | undefined;
  if (isLocale(query)) {
    locale = query;
    if (cookie !== query && isNavigation(c)) keepOnDevice(c, query);
    if (auth?.kind === "normal" && auth.user.locale !== query && isNavigation(c)) {
      await rememberLocale({ deps: c.get("deps"), db: c.get("deps").db, locale: query, t: tFor(query) }, { userId: auth.user.id, locale: query });
      c.set("auth", { ...auth, user: { ...auth.user, locale: query } });
    }
  }
  if (!locale && isLocale(cookie)) locale = cookie;
  // an API client's explicit choice (browsers never send this header)
  if (!locale) {
    const header = c.req.header("locale")?.slice(0, 2).toLowerCase();
    if (isLocale(header)) locale = header;
  }
  if (!locale && auth && auth.kind !== "demo" && isLocale(auth.user.locale)) {
    locale = auth.user.locale;
    if (auth.kind === "normal" && isNavigation(c)) keepOnDevice(c, locale);
  }
  locale ??= FALLBACK_LOCALE;
  const t = tFor(locale);
  c.set("locale", locale);
  c.set("t", t);
  // From here every request has a caller scope, a visitor's (no user in it); a sign-in guard puts
  // its surface's in its place. Handlers and pages read the database and settings through it.
  const deps = c.get("deps");
  c.set("scope", { deps, db: deps.db, locale, t });
  await next();
});

/** At sign-in the device takes the account's language (it may have shown another to a guest). */
export function keepAccountLocale(c: Context, user: { locale: string }) {
  if (isLocale(user.locale)) keepOnDevice(c, user.locale);
}
