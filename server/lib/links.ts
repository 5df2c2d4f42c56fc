// Where the menus and "my report" links lead: used by pages, layouts and sign-in redirects alike.
import type { AuthState } from "../context";

/** Where "my report" leads (spec §4): no result yet → the test; paid → full; otherwise base. */
export function reportHref(auth: Pick<AuthState, "user"> | null): string {
  if (!auth) return "/signup";
  if (!auth.user.formatCode) return "/test/start";
  return auth.user.isFull ? "/report/full" : "/report/base";
}

/** The first menu item: guests and users without a result take the test; others view the report. */
export function primaryAction(auth: AuthState | null): { href: string; labelKey: string } {
  if (!auth) return { href: "/signup", labelKey: "common.nav.takeTest" };
  if (!auth.user.formatCode) return { href: "/test/start", labelKey: "common.nav.takeTest" };
  return { href: reportHref(auth), labelKey: "common.nav.viewReport" };
}

/** The current URL with ?lang= replaced, for the language switcher (plain links, no script). */
export function withLang(url: URL, lang: string): string {
  const params = new URLSearchParams(url.search);
  params.set("lang", lang);
  return `${url.pathname}?${params.toString()}`;
}

/** An absolute link for a mail, in the recipient's language: opened in a browser that has never
 * seen them (a mail app's own), the page still speaks it. */
export function mailLink(base: string, path: string, locale: string): string {
  const url = new URL(path, base.endsWith("/") ? base : `${base}/`);
  url.searchParams.set("lang", locale);
  return url.toString();
}

/** A public page's addresses in each language and without one (x-default: the visitor's own choice,
 * Russian at first): search engines then show an English speaker the English page. */
export function languageAlternates(base: string, page: URL): { hreflang: string; href: string }[] {
  const at = (lang?: string) => {
    const url = new URL(page.pathname + page.search, base.endsWith("/") ? base : `${base}/`);
    url.searchParams.delete("lang");
    if (lang) url.searchParams.set("lang", lang);
    return url.toString();
  };
  return [...(["ru", "en"] as const).map((l) => ({ hreflang: l, href: at(l) })), { hreflang: "x-default", href: at() }];
}
