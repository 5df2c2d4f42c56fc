// The public layout: header with the menu and language switcher, footer with the legal links.
// Everything here is plain HTML: the mobile menu is a popover (no script), the switcher is links.
import type { ReactNode } from "react";
import { KeptMarkup, usePage, type PageContextValue } from "../../server/render/page";
import { MasqBanner } from "../_blocks/masq-banner";
import { MenuPopover } from "../_blocks/menu-popover";
import { isManager } from "../../server/services/users";
import { primaryAction, reportHref, withLang } from "../../server/lib/links";

export function Logo() {
  const { t } = usePage();
  return (
    <a href="/" className="flex min-w-[2rem] flex-1 items-center gap-2 font-bold text-slate-900 sm:flex-none" aria-label={t("common.brand")}>
      <img src="/logo.svg" alt="" width="32" height="32" className="shrink-0" />
      <span className="logo-text text-lg leading-tight">{t("common.brand")}</span>
    </a>
  );
}

/**
 * Everything the header shows but the UI language, and so the key of its kept markup (it is the same
 * for every request of one reader on one address): the header's components read this, never the
 * session or the address themselves, so nothing they show can be missing from the key.
 */
function headerModel({ auth, url }: PageContextValue, menu: MenuKind) {
  return {
    menu,
    languages: { ru: withLang(url, "ru"), en: withLang(url, "en") },
    user: auth && {
      name: auth.user.name,
      isBusiness: auth.user.isBusiness,
      isManager: isManager(auth.user),
      reportHref: reportHref(auth),
      primary: primaryAction(auth),
    },
  };
}
type HeaderModel = ReturnType<typeof headerModel>;

function LanguageSwitcher({ languages }: { languages: HeaderModel["languages"] }) {
  const { locale, t } = usePage();
  return (
    <nav aria-label={t("common.nav.language")} className="flex gap-1 text-sm font-semibold">
      {(["ru", "en"] as const).map((l) => (
        <a
          key={l}
          href={languages[l]}
          hrefLang={l}
          lang={l}
          aria-current={l === locale ? "true" : undefined}
          className={`rounded px-2 py-1 ${l === locale ? "bg-slate-900 text-white" : "text-slate-600 hover:bg-slate-100"}`}
        >
          {l.toUpperCase()}
        </a>
      ))}
    </nav>
  );
}

/**
 * The header menus. `public` is the site's; `lab` is the private-testing menu (spec §2: testing,
 * for business, my report, account, login/logout); `sales` keeps a sales page focused on its form.
 */
export type MenuKind = "public" | "lab" | "sales";

function MenuLinks({ kind, user, vertical = false }: { kind: MenuKind; user: HeaderModel["user"]; vertical?: boolean }) {
  const { t } = usePage();
  const first = user?.primary ?? primaryAction(null);
  const cls = vertical ? "block rounded-lg px-3 py-3 text-base hover:bg-slate-100" : "rounded-lg px-3 py-2 text-sm hover:bg-slate-100";
  if (kind === "sales") {
    return (
      <>
        <a href="#form" className={`${cls} font-semibold text-brand-700`} data-testid="menu-primary">
          {t("common.nav.requestDemo")}
        </a>
        <a href={user ? "/business" : "/login?fallback=%2Fbusiness"} className={cls}>
          {t(user ? "common.nav.cabinet" : "common.nav.login")}
        </a>
      </>
    );
  }
  return (
    <>
      {kind === "lab" ? (
        <a href={user ? "/test/start" : "/signup"} className={`${cls} font-semibold text-brand-700`} data-testid="menu-primary">
          {t("common.nav.testing")}
        </a>
      ) : (
        <a href={first.href} className={`${cls} font-semibold text-brand-700`} data-testid="menu-primary">
          {t(first.labelKey)}
        </a>
      )}
      <a href={user?.isBusiness ? "/business" : "/business_demo"} className={cls}>
        {t("common.nav.business")}
      </a>
      {/* not twice: when the first link already goes to the report */}
      {user && (kind === "lab" || first.href !== user.reportHref) && (
        <a href={user.reportHref} className={cls}>
          {t("common.nav.myReport")}
        </a>
      )}
      {kind === "public" && (
        <a href="/lab" className={cls}>
          {t("common.nav.lab")}
        </a>
      )}
      {user?.isManager && (
        <a href="/manager" className={cls}>
          {t("common.nav.manager")}
        </a>
      )}
      {user ? (
        <>
          <a href="/account" className={cls} data-testid="menu-account">
            {user.name || t("common.nav.account")}
          </a>
          <form method="post" action="/logout" className={vertical ? "" : "inline"}>
            <button type="submit" className={`${cls} w-full text-left`}>
              {t("common.nav.logout")}
            </button>
          </form>
        </>
      ) : (
        <a href="/login" className={cls}>
          {t("common.nav.login")}
        </a>
      )}
    </>
  );
}

/** The site's header; kept per reader and address (store `header`): two menus of a dozen links
 * each were an eighth of a signed-in report page's time. */
export function Header({ menu = "public" }: { menu?: MenuKind }) {
  const model = headerModel(usePage(), menu);
  // the masquerade banner (its time left changes each request) is outside the kept header
  return (
    <>
      <MasqBanner />
      <KeptMarkup store="header" cacheKey={JSON.stringify(model)}>
        <HeaderView model={model} />
      </KeptMarkup>
    </>
  );
}

function HeaderView({ model }: { model: HeaderModel }) {
  const { t } = usePage();
  return (
    <header className="site-header sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      {/* wraps rather than overflowing: at 320 px or 200 % text the menu goes under the logo */}
      <div className="container-page flex min-h-16 flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
        <Logo />
        <nav className="desktop-only flex items-center gap-1" aria-label={t("common.nav.menu")}>
          <MenuLinks kind={model.menu} user={model.user} />
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <LanguageSwitcher languages={model.languages} />
        </div>
        {/* after the switcher; when the header wraps (large text), its button keeps to the right */}
        <MenuPopover id="site-menu" label={t("common.nav.menu")}>
          <MenuLinks kind={model.menu} user={model.user} vertical />
        </MenuPopover>
      </div>
    </header>
  );
}

function SocialLinks() {
  return (
    <div className="flex gap-3">
      <a href="https://t.me/thinking_format" rel="noopener" className="rounded-full bg-white px-3 py-1 shadow-sm hover:bg-slate-100">
        Telegram
      </a>
      <a href="https://vk.com/thinking_format" rel="noopener" className="rounded-full bg-white px-3 py-1 shadow-sm hover:bg-slate-100">
        VK
      </a>
    </div>
  );
}

function CancelMasq() {
  const { t, auth } = usePage();
  if (auth?.kind !== "masq") return null;
  return (
    <form method="post" action="/masq/cancel">
      <button type="submit" className="rounded bg-rose-600 px-3 py-1 font-semibold text-white" data-testid="cancel-masq-footer">
        {t("common.footer.cancelMasq")}
      </button>
    </form>
  );
}

export function Footer() {
  const { t, site } = usePage();
  const year = new Date().getFullYear();
  // the same for every reader but the operator's contacts and the year: rendered once (and, in a
  // gzipped page, compressed once); only Cancel Masq below depends on the session
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50">
      <KeptMarkup cacheKey={`footer|${year}|${site?.contacts?.email ?? ""}|${site?.contacts?.phone ?? ""}`}>
        <FooterColumns />
      </KeptMarkup>
      <div className="border-t border-slate-200 py-4">
        <div className="container-page flex flex-wrap items-center justify-between gap-3 text-xs text-slate-500">
          <span>{t("common.footer.copyright", { year })}</span>
          <CancelMasq />
        </div>
      </div>
    </footer>
  );
}

function FooterColumns() {
  const { t } = usePage();
  return (
    <div className="container-page grid gap-8 py-10 sm:grid-cols-3">
      <div className="space-y-3">
        <Logo />
        <p className="text-sm text-slate-600">{t("common.tagline")}</p>
      </div>
      <nav className="flex flex-col gap-2 text-sm" aria-label={t("common.footer.about")}>
        <a href="/about" className="hover:underline">
          {t("common.footer.about")}
        </a>
        <a href="/product" className="hover:underline">
          {t("common.footer.product")}
        </a>
        <a href="/theory" className="hover:underline">
          {t("common.footer.theory")}
        </a>
        <a href="/policy" className="hover:underline">
          {t("common.footer.policy")}
        </a>
        <a href="/terms" className="hover:underline">
          {t("common.footer.terms")}
        </a>
        <a href="/offer" className="hover:underline">
          {t("common.footer.offer")}
        </a>
      </nav>
      <div className="space-y-3 text-sm">
        <p className="font-semibold">{t("common.footer.social")}</p>
        <SocialLinks />
        <Contacts />
        <img src="/cards.svg" alt={t("common.footer.cards")} width="150" height="24" />
      </div>
    </div>
  );
}

/** The operator's maintenance notice (setting `maintenance`), in the reader's language or the other one. */
export function MaintenanceNotice() {
  const { site, locale } = usePage();
  const m = site?.maintenance;
  if (!m?.enabled) return null;
  const text = (locale === "en" ? m.en || m.ru : m.ru || m.en) ?? "";
  return (
    <div role="status" className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-900" data-testid="maintenance">
      {text}
    </div>
  );
}

function Contacts() {
  const { site, t } = usePage();
  const c = site?.contacts;
  if (!c?.email && !c?.phone) return null;
  return (
    <p className="space-x-3" data-testid="contacts">
      <span className="font-semibold">{t("common.footer.contacts")}:</span>
      {c.email && (
        <a href={`mailto:${c.email}`} className="hover:underline">
          {c.email}
        </a>
      )}
      {c.phone && (
        <a href={`tel:${c.phone.replace(/[^+\d]/g, "")}`} className="hover:underline">
          {c.phone}
        </a>
      )}
    </p>
  );
}

/** Shown by the island loader when the browser goes offline (pages with islands only). */
export function NetworkNotice() {
  const { t } = usePage();
  return (
    <div id="net-status" hidden role="status" className="fixed inset-x-0 bottom-0 z-50 bg-slate-900 px-4 py-3 text-center text-sm text-white">
      {t("common.shell.offline")}
    </div>
  );
}

export function PublicLayout({ children, menu = "public" }: { children: ReactNode; menu?: MenuKind }) {
  const { t } = usePage();
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only">
        {t("common.shell.skip")}
      </a>
      <MaintenanceNotice />
      <Header menu={menu} />
      <main id="main">{children}</main>
      {menu === "lab" ? <LabFooter /> : <Footer />}
      <NetworkNotice />
    </>
  );
}

/** The lab's private-testing pages: the lab menu, and a quiet footer so the test has the stage. */
export function LabLayout({ children }: { children: ReactNode }) {
  return <PublicLayout menu="lab">{children}</PublicLayout>;
}

function LabFooter() {
  const { t } = usePage();
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50">
      <div className="container-page flex flex-wrap items-center justify-between gap-4 py-6 text-sm text-slate-500">
        <span>{t("common.footer.copyright", { year: new Date().getFullYear() })}</span>
        <SocialLinks />
        <CancelMasq />
      </div>
    </footer>
  );
}

/** A centred card for sign-in and similar forms. */
export function FormLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PublicLayout>
      <div className="container-page flex justify-center py-10">
        <div className="card w-full max-w-md">
          <h1 className="mb-6 text-2xl font-bold">{title}</h1>
          {children}
        </div>
      </div>
    </PublicLayout>
  );
}
