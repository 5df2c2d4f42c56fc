// The cabinets' shell: the business cabinet's (one shell and one menu for both of the spec's route
// families, /business/* and /dashboard/*: a side bar of 220 px that collapses to 80 px, the
// project dropdown, the invite counter, Buy for non-business owners, the language switcher, the
// avatar's menu and the Compare widget) and the manager back-office's. No script is needed: the
// collapse is a CSS checkbox, the phone menu and the avatar's menu are <details>. The collapse is
// kept in a cookie by the nav-collapse island on the business pages (which ship islands anyway)
// and drawn by the server, so the next page opens as the last one was left, with no flash.
// Sections appear in the menu as their pages are built, so no item leads nowhere.
import type { ReactNode } from "react";
import { intlLocale } from "../../locales";
import { MasqBanner } from "../_blocks/masq-banner";
import { menuEntries, type ManagerNav } from "../../server/admin/nav";
import { mayOpen } from "../../server/admin/roles";
import { withLang } from "../../server/lib/links";
import { Island, usePage } from "../../server/render/page";
import { type ShellData, useBusinessNav } from "./business-nav";
import { Logo, MaintenanceNotice } from "./public";

export type CabinetKind = "manager";

/** One side-bar item as drawn: the label is also its tooltip when the bar is collapsed to icons. */
export interface DrawnItem {
  key: string;
  href: string;
  icon: string;
  label: string;
  current: boolean;
  badge?: ReactNode;
}

function NavList({ items, compact }: { items: DrawnItem[]; compact?: boolean }) {
  return (
    <ul className="space-y-1" data-testid="cabinet-menu">
      {items.map((item) => (
        <li key={item.key} data-nav={item.key}>
          <a
            href={item.href}
            aria-current={item.current ? "page" : undefined}
            title={item.label}
            className={`flex items-center gap-3 rounded-lg px-3 py-1 text-sm font-medium ${item.current ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"}`}
          >
            <span aria-hidden className="w-6 shrink-0 text-center text-base leading-6">
              {item.icon}
            </span>
            <span className={`min-w-0 flex-1 ${compact ? "cabinet-label" : ""}`}>{item.label}</span>
            {item.badge && <span className={compact ? "cabinet-label" : undefined}>{item.badge}</span>}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** RU/EN links that keep the page and its query (the shell's language switcher). */
export function LanguageSwitch() {
  const { t, locale, url } = usePage();
  return (
    <nav aria-label={t("common.nav.language")} className="flex gap-1 text-sm font-semibold" data-testid="language-switch">
      {(["ru", "en"] as const).map((l) => (
        <a
          key={l}
          href={withLang(url, l)}
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

const initialsOf = (name: string) =>
  name
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");

/** The avatar: the person's initials opening their menu (own account, own report, log out). */
function AvatarMenu() {
  const { t, auth } = usePage();
  if (!auth || auth.kind === "demo") return null;
  const name = auth.user.name || auth.user.email;
  return (
    <details className="relative" data-testid="avatar-menu">
      <summary
        className="flex h-9 w-9 shrink-0 cursor-pointer list-none items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white [&::-webkit-details-marker]:hidden"
        title={name}
        aria-label={t("cabinet.shell.me", { name })}
      >
        {initialsOf(name)}
      </summary>
      <div className="absolute right-0 top-11 z-30 w-64 rounded-xl border border-slate-200 bg-white p-2 text-sm shadow-lg">
        <p className="truncate px-3 py-2 font-semibold text-slate-900">{name}</p>
        {auth.user.name && <p className="-mt-2 truncate px-3 pb-2 text-xs text-slate-500">{auth.user.email}</p>}
        <a href="/account" className="block rounded-lg px-3 py-2 hover:bg-slate-100" data-testid="avatar-account">
          {t("cabinet.shell.myAccount")}
        </a>
        <a href="/report" className="block rounded-lg px-3 py-2 hover:bg-slate-100" data-testid="avatar-report">
          {t("cabinet.shell.myReport")}
        </a>
        <form method="post" action="/logout">
          <button type="submit" className="block w-full rounded-lg px-3 py-2 text-left hover:bg-slate-100">
            {t("common.nav.logout")}
          </button>
        </form>
      </div>
    </details>
  );
}

/**
 * The frame of both cabinets: the side bar (220 px, 80 px collapsed, remembered), the header and
 * the page. `header`: what the header carries besides the menu, the language and the avatar.
 */
function Shell({
  cabinet,
  label,
  items,
  header,
  banner,
  title,
  remember,
  skips,
  children,
}: {
  cabinet: string;
  label: string;
  items: DrawnItem[];
  /** Keep the collapse across pages (a small script): only where the page ships islands anyway,
   * so the pages without script stay without it (there the bar opens as drawn). */
  remember?: boolean;
  header?: ReactNode;
  banner?: ReactNode;
  title: string;
  /** more skip links after "skip to content" (the back-office's search box) */
  skips?: { href: string; label: string }[];
  children: ReactNode;
}) {
  const { t, navCollapsed } = usePage();
  return (
    <div className="min-h-screen bg-slate-50" data-cabinet={cabinet}>
      <ShellTop skips={skips} />
      <input type="checkbox" id="cabinet-collapse" className="peer sr-only" aria-label={t("cabinet.collapse")} defaultChecked={navCollapsed} />
      <aside
        className="desktop-only fixed inset-y-0 left-0 z-20 flex w-[220px] flex-col overflow-hidden border-r border-slate-200 bg-white p-3 transition-[width] peer-checked:w-[80px] peer-checked:[&_.cabinet-label]:hidden peer-checked:[&_.logo-text]:hidden peer-checked:[&_.collapse-icon]:rotate-180"
        data-testid="cabinet-sidebar"
      >
        <div className="mb-4 flex h-12 shrink-0 items-center">
          <Logo />
        </div>
        <nav aria-label={label} className="min-h-0 flex-1 overflow-y-auto">
          <NavList items={items} compact />
        </nav>
        <label
          htmlFor="cabinet-collapse"
          className="mt-2 flex shrink-0 cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm text-slate-500 hover:bg-slate-100"
          title={t("cabinet.collapse")}
          data-testid="collapse-toggle"
        >
          <span aria-hidden className="collapse-icon inline-block w-6 text-center">
            ⇤
          </span>
          <span className="cabinet-label">{t("cabinet.collapse")}</span>
        </label>
        {remember && <Island name="nav-collapse" props={{ target: "cabinet-collapse" }} />}
      </aside>
      <div className="transition-[padding] min-[541px]:pl-[220px] min-[541px]:peer-checked:pl-[80px]">
        <MasqBanner />
        <header className="sticky top-0 z-10 flex min-h-[60px] flex-wrap items-center gap-x-2 gap-y-2 border-b border-slate-200 bg-white px-3 py-2 sm:gap-x-3 sm:px-4">
          <details className="mobile-only relative">
            <summary className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold" aria-label={t("common.nav.menu")}>
              ☰
            </summary>
            <div className="absolute left-0 top-11 z-30 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg">
              <nav aria-label={label}>
                <NavList items={items} />
              </nav>
              <div className="mt-2 border-t border-slate-100 px-3 pt-2">
                <LanguageSwitch />
              </div>
            </div>
          </details>
          {header ?? <p className="desktop-only truncate text-sm font-semibold text-slate-500">{label}</p>}
          <div className="ml-auto flex items-center gap-2 sm:gap-3">
            <span className="desktop-only">
              <LanguageSwitch />
            </span>
            <AvatarMenu />
            <LogoutButton />
          </div>
        </header>
        <main id="main" className="px-3 py-5 sm:px-6">
          {banner}
          <h1 className="mb-5 text-2xl font-bold [overflow-wrap:anywhere]">{title}</h1>
          {children}
        </main>
      </div>
    </div>
  );
}

/** The back-office's shell. Its side bar comes from the resource declarations and the special
 * screens (server/admin/nav.ts), with the work-queue counts when the page loaded them (managerPage). */
export function CabinetLayout({
  kind,
  title,
  banner,
  nav,
  children,
}: {
  kind: CabinetKind;
  title: string;
  banner?: ReactNode;
  nav?: ManagerNav;
  children: ReactNode;
}) {
  const { t, path, auth, locale } = usePage();
  // a large count shortened ("9,1 тыс.", "9.1K") so the label beside it stays readable; the exact one in its title
  const short = new Intl.NumberFormat(intlLocale(locale), { notation: "compact", maximumFractionDigits: 1 });
  // without counts (an error page): still only what this manager's role may open
  const entries: ManagerNav = nav ?? menuEntries().filter((e) => !auth || mayOpen(auth.user, e.href));
  // the most specific entry that holds the page is the current one (/manager/users/paid, not /manager/users)
  const holds = (href: string) => path === href || (href !== "/manager" && path.startsWith(`${href}/`));
  const current = entries
    .map((e) => e.href)
    .filter(holds)
    .sort((a, b) => b.length - a.length)[0];
  const items: DrawnItem[] = entries.map((e) => ({
    key: e.key,
    href: e.href,
    icon: e.icon,
    label: t(e.label),
    current: e.href === current,
    badge: e.n ? (
      <span
        className="whitespace-nowrap rounded-full bg-amber-100 px-2 text-xs font-semibold text-amber-900"
        data-count={e.key}
        title={t("cabinet.nav.waiting", { count: e.n })}
      >
        {short.format(e.n)}
      </span>
    ) : undefined,
  }));
  return (
    <Shell
      cabinet={kind}
      label={t(`cabinet.${kind}`)}
      items={items}
      banner={banner}
      title={title}
      header={<ManagerSearch />}
      skips={[{ href: `#${SEARCH_ID}`, label: t("manager.search.skip") }]}
    >
      {children}
    </Shell>
  );
}

/** Project dropdown, invite counter, Buy (non-business owners only), the Compare widget (spec §2). */
function ProjectBar({ shell }: { shell: ShellData }) {
  const { t, path } = usePage();
  const dash = path.startsWith("/dashboard");
  return (
    <>
      {/* on a phone the dropdown has the header's second row to itself: the project's name is read whole */}
      <div className="order-last flex w-full min-w-0 min-[541px]:order-none min-[541px]:w-auto" data-testid="project-bar">
        <Island
          name="project-switcher"
          props={{
            projects: shell.projects,
            current: shell.project._id,
            action: path,
            label: t("cabinet.shell.project"),
            switchLabel: t("cabinet.shell.switch"),
            admin: shell.role === "admin",
            named: shell.named,
          }}
        />
      </div>
      <div className="flex min-w-0 items-center gap-2 sm:gap-3">
        {shell.role !== "supervisor" && (
          <a
            href={dash ? "/dashboard/invites" : "/business/invite"}
            className="shrink-0 whitespace-nowrap rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800"
            title={t("cabinet.shell.invitesFreeTitle", { free: shell.freeInvites, reserved: shell.reservedInvites })}
            aria-label={t("cabinet.shell.invitesFreeTitle", { free: shell.freeInvites, reserved: shell.reservedInvites })}
            data-testid="invite-counter"
          >
            <span aria-hidden>✉</span> {shell.freeInvites}
            <span className="font-normal"> {t("cabinet.shell.invitesFree")}</span>
          </a>
        )}
        {/* the Compare widget (spec §2): the picks of this project in localStorage diffList */}
        <Island
          name="compare-widget"
          hydrate="idle"
          props={{
            project: shell.project._id,
            href: dash ? "/dashboard/employees/compare" : "/business/employees/compare",
            label: t("stats.compare.widget"),
            hint: t("cabinet.shell.compare"),
          }}
        />
        {/* buying is the owner's: an appointed manager or head is never offered it */}
        {!shell.isBusiness && !shell.demo && shell.role === "owner" && (
          <a href="/business" className="btn-primary hidden px-3 py-1.5 text-sm sm:inline-flex">
            {t("cabinet.shell.buy")}
          </a>
        )}
      </div>
    </>
  );
}

/**
 * The demo's banner: read-only, and the way out. Activating is offered to whoever has no business
 * account (a visitor signs up first and comes back to the activation); a signed-in business owner
 * is only offered to leave the demo for their own projects.
 */
function DemoBanner({ behind }: { behind: ShellData["demoBehind"] }) {
  const { t } = usePage();
  return (
    <div role="note" className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-amber-100 p-4 text-amber-900" data-testid="demo-banner">
      <span>{t("cabinet.begin.demo")}</span>
      <span className="flex flex-wrap gap-2">
        {behind !== "business" && (
          <form method="post" action="/demo/exit">
            <input type="hidden" name="to" value="activate" />
            <button type="submit" className="btn-primary px-4 py-2 text-sm" data-testid="demo-activate">
              {t("cabinet.shell.activate")}
            </button>
          </form>
        )}
        <form method="post" action="/demo/exit">
          <button type="submit" className="btn-secondary px-4 py-2 text-sm" data-testid="demo-exit">
            {t(behind === "business" ? "cabinet.shell.exitDemoOwn" : "cabinet.shell.exitDemo")}
          </button>
        </form>
      </span>
    </div>
  );
}

/**
 * The business cabinet's one shell, for /business/* and /dashboard/* alike (the links of the menu
 * stay in the family the page was opened in). `shell` is null before a business account exists:
 * the menu is there, and its sections say what they need (see the project guard).
 */
export function BusinessShell({ shell, title, banner, children }: { shell: ShellData | null; title: string; banner?: ReactNode; children: ReactNode }) {
  const { t } = usePage();
  const items = useBusinessNav(shell);
  return (
    <Shell
      cabinet="business"
      label={t("cabinet.business")}
      items={items}
      header={shell ? <ProjectBar shell={shell} /> : undefined}
      remember={Boolean(shell)}
      banner={
        <>
          {shell?.demo && <DemoBanner behind={shell.demoBehind} />}
          {banner}
        </>
      }
      title={title}
    >
      {children}
    </Shell>
  );
}

/** What both cabinet shells open with: the operator's notice and the skip link. The masquerade
 * banner opens the column beside the side bar (MasqBanner), so it never covers the side bar's logo. */
function ShellTop({ skips = [] }: { skips?: { href: string; label: string }[] }) {
  const { t } = usePage();
  return (
    <>
      <MaintenanceNotice />
      <a href="#main" className="sr-only focus:not-sr-only">
        {t("common.shell.skip")}
      </a>
      {skips.map((s) => (
        <a key={s.href} href={s.href} className="sr-only focus:not-sr-only focus:ml-2">
          {s.label}
        </a>
      ))}
    </>
  );
}

const SEARCH_ID = "manager-search";

/** The back-office's one search box, in the header of every screen ("/" or Ctrl+K reach it). */
function ManagerSearch() {
  const { t, path, url } = usePage();
  return (
    <form role="search" method="get" action="/manager/search" className="flex min-w-0 flex-1 items-center sm:max-w-md" data-testid="manager-search">
      <label htmlFor={SEARCH_ID} className="sr-only">
        {t("manager.search.label")}
      </label>
      <input
        id={SEARCH_ID}
        name="q"
        type="search"
        className="input min-w-0 flex-1 py-1.5"
        placeholder={t("manager.search.placeholder")}
        aria-keyshortcuts="/ Control+K"
        defaultValue={path === "/manager/search" ? (url.searchParams.get("q") ?? "") : ""}
      />
      <button type="submit" className="sr-only">
        {t("manager.search.submit")}
      </button>
      <Island name="manager-keys" props={{ search: SEARCH_ID }} />
    </form>
  );
}

/** Log out beside the avatar on wider screens (on phones it is in the avatar's menu); the read-only demo has nobody to log out. */
function LogoutButton() {
  const { t, auth } = usePage();
  if (!auth || auth.kind === "demo") return null;
  return (
    <form method="post" action="/logout" className="desktop-only">
      <button type="submit" className="whitespace-nowrap text-sm text-slate-600 hover:underline">
        {t("common.nav.logout")}
      </button>
    </form>
  );
}
