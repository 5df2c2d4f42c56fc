import { getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { FALLBACK_LOCALE, isLocale, tFor, type Locale } from "../../locales";
import type { AppEnv } from "../context";

export const LOCALE_COOKIE = "i18n_locale";
const YEAR_SECONDS = 365 * 86_400;

/** ?lang= (which also sets the cookie for 365 days) → cookie → `Locale` header → Russian. */
export const localeMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  const query = c.req.query("lang");
  let locale: Locale | undefined;
  if (isLocale(query)) {
    locale = query;
    if (getCookie(c, LOCALE_COOKIE) !== query) {
      setCookie(c, LOCALE_COOKIE, query, { path: "/", maxAge: YEAR_SECONDS, sameSite: "Lax" });
    }
  }
  if (!locale) {
    const cookie = getCookie(c, LOCALE_COOKIE);
    if (isLocale(cookie)) locale = cookie;
  }
  if (!locale) {
    const header = c.req.header("locale")?.slice(0, 2).toLowerCase();
    if (isLocale(header)) locale = header;
  }
  locale ??= FALLBACK_LOCALE;
  c.set("locale", locale);
  c.set("t", tFor(locale));
  await next();
});
