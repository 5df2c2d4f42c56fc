// The cabinets' shell: the business owner's (spec §2: Begin, Departments, Employees, Positions,
// Invite, Settings; a 220 px side bar that collapses to 80 px) and the manager back-office
// (main, results, rechecker, users, projects, reviews, coupon, referral, reports, questions,
// exporting). Sections appear in the menu as their pages are built, so no item leads nowhere.
// No script: collapsing is a CSS checkbox, the phone menu is a <details>.
//
// The business cabinet's pages are served in two shells (spec §2): /business/* (this layout, with
// the project dropdown, the invite counter, Buy for non-business users, avatar and logout) and
// /dashboard/* (DashboardLayout: 250 px side bar, 60 px header, invites count in the menu, the
// Compare widget, the phone menu up to 540 px). `BusinessShell` picks one by the path, so
// every screen is one component.
import { MasqBanner } from "../_blocks/masq-banner";
import type { ReactNode } from "react";
import { Island, usePage } from "../../server/render/page";
import { Logo, MaintenanceNotice } from "./public";

export type CabinetKind = "business" | "manager";

interface NavItem {
  key: string;
  href: string;
  icon: string;
}

/** The built sections of each cabinet, in the spec's order; later issues add theirs here. */
const NAV: Record<CabinetKind, NavItem[]> = {
  business: [
    { key: "begin", href: "/business", icon: "◎" },
    { key: "dashboard", href: "/business/dashboard", icon: "▦" },
    { key: "departments", href: "/business/departments", icon: "⌂" },
    { key: "employees", href: "/business/employees", icon: "☺" },
    { key: "positions", href: "/business/positions", icon: "☰" },
    { key: "statistics", href: "/business/statistics", icon: "▥" },
    { key: "invite", href: "/business/invite", icon: "✉" },
    { key: "settings", href: "/business/settings", icon: "⚙" },
  ],
  manager: [
    { key: "main", href: "/manager", icon: "▦" },
    { key: "results", href: "/manager/results", icon: "☰" },
    { key: "rechecker", href: "/manager/rechecker", icon: "✓" },
    { key: "users", href: "/manager/users", icon: "☺" },
    { key: "projects", href: "/manager/projects", icon: "⌂" },
    { key: "orders", href: "/manager/orders", icon: "₽" },
    { key: "reviews", href: "/manager/reviews", icon: "❝" },
    { key: "coupon", href: "/manager/coupon", icon: "%" },
    { key: "referral", href: "/manager/referral", icon: "⇄" },
    { key: "reports", href: "/manager/reports", icon: "✎" },
    { key: "formats", href: "/manager/formats", icon: "◇" },
    { key: "questions", href: "/manager/questions", icon: "?" },
    { key: "tests", href: "/manager/tests", icon: "≡" },
    { key: "exporting", href: "/manager/exporting", icon: "⇩" },
    { key: "audit", href: "/manager/audit", icon: "¶" },
    { key: "settings", href: "/manager/settings", icon: "⚙" },
  ],
};

function NavLinks({ kind, compact }: { kind: CabinetKind; compact?: boolean }) {
  const { t, path } = usePage();
  return (
    <ul className="space-y-1">
      {NAV[kind].map((item) => {
        const current = path === item.href || (!["/business", "/dashboard", "/manager"].includes(item.href) && path.startsWith(`${item.href}/`));
        return (
          <li key={item.key}>
            <a
              href={item.href}
              aria-current={current ? "page" : undefined}
              className={`flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${current ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"}`}
            >
              <span aria-hidden className="w-6 text-center text-lg">
                {item.icon}
              </span>
              <span className={compact ? "cabinet-label" : undefined}>{t(`cabinet.nav.${kind}.${item.key}`)}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}

export function CabinetLayout({
  kind,
  title,
  actions,
  banner,
  children,
}: {
  kind: CabinetKind;
  title: string;
  actions?: ReactNode;
  banner?: ReactNode;
  children: ReactNode;
}) {
  const { t, auth } = usePage();
  const name = auth?.user.name || auth?.user.email || "";
  const initials = name
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
  return (
    <div className="min-h-screen bg-slate-50" data-cabinet={kind}>
      <ShellTop />
      <input type="checkbox" id="cabinet-collapse" className="peer sr-only" aria-label={t("cabinet.collapse")} />
      <aside className="desktop-only fixed inset-y-0 left-0 z-20 w-[220px] border-r border-slate-200 bg-white p-3 overflow-hidden transition-[width] peer-checked:w-[80px] peer-checked:[&_.cabinet-label]:hidden peer-checked:[&_.logo-text]:hidden peer-checked:[&_.collapse-icon]:rotate-180">
        <div className="mb-6 flex h-12 items-center justify-between">
          <Logo />
        </div>
        <nav aria-label={t(`cabinet.${kind}`)}>
          <NavLinks kind={kind} compact />
        </nav>
        <label htmlFor="cabinet-collapse" className="absolute bottom-4 left-3 cursor-pointer rounded-lg px-3 py-2 text-sm text-slate-500 hover:bg-slate-100">
          <span aria-hidden className="collapse-icon inline-block">
            ⇤
          </span>{" "}
          <span className="cabinet-label">{t("cabinet.collapse")}</span>
        </label>
      </aside>
      <div className="transition-[padding] sm:pl-[220px] sm:peer-checked:pl-[80px]">
        <MasqBanner />
        <header className="sticky top-0 z-10 flex h-16 items-center justify-between gap-2 border-b border-slate-200 bg-white px-3 sm:gap-3 sm:px-4">
          <details className="mobile-only relative">
            <summary className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold">☰ {t("common.nav.menu")}</summary>
            <nav className="absolute left-0 top-12 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg" aria-label={t(`cabinet.${kind}`)}>
              <NavLinks kind={kind} />
            </nav>
          </details>
          <p className="desktop-only truncate text-sm font-semibold text-slate-500">{t(`cabinet.${kind}`)}</p>
          <div className="flex min-w-0 items-center gap-2 sm:gap-3">
            {actions}
            {auth && (
              <span
                className="desktop-only flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white"
                title={name}
                aria-label={name}
              >
                {initials}
              </span>
            )}
            <LogoutButton />
          </div>
        </header>
        <main id="main" className="px-4 py-6 sm:px-8">
          {banner}
          <h1 className="mb-6 text-2xl font-bold [overflow-wrap:anywhere]">{title}</h1>
          {children}
        </main>
      </div>
    </div>
  );
}

/** What both business shells show around a page: the projects, the current one, the counters. */
export interface ShellData {
  projects: { _id: string; name: string }[];
  project: { _id: string; name: string; inviteBalance: number };
  role: "owner" | "projectManager" | "supervisor" | "admin";
  isBusiness: boolean;
  demo: boolean;
  /** The request named its project (?project=). */
  named: boolean;
  pendingInvites: number;
  /** Invites new invitations may still use (the balance less what pending e-mail invitations hold). */
  freeInvites: number;
  reservedInvites: number;
}

/** Project dropdown, invite counter, Buy (non-business users only), as in spec §2. */
function ProjectBar({ shell }: { shell: ShellData }) {
  const { t, path } = usePage();
  return (
    <div className="flex items-center gap-2 sm:gap-3">
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
      <a
        href={path.startsWith("/dashboard") ? "/dashboard/invites" : "/business/invite"}
        className="whitespace-nowrap rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800"
        title={t("cabinet.shell.invitesFreeTitle", { free: shell.freeInvites, reserved: shell.reservedInvites })}
        aria-label={t("cabinet.shell.invitesFreeTitle", { free: shell.freeInvites, reserved: shell.reservedInvites })}
        data-testid="invite-counter"
      >
        <span aria-hidden>✉</span> {shell.freeInvites}
        <span className="hidden font-normal sm:inline"> {t("cabinet.shell.invitesFree")}</span>
      </a>
      {/* buying is the owner's: an appointed manager or head is never offered it */}
      {!shell.isBusiness && !shell.demo && shell.role === "owner" && (
        <a href="/business" className="btn-primary hidden px-3 py-1.5 text-sm sm:inline-flex">
          {t("cabinet.shell.buy")}
        </a>
      )}
    </div>
  );
}

function DemoBanner() {
  const { t } = usePage();
  return (
    <div role="note" className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-amber-100 p-4 text-amber-900" data-testid="demo-banner">
      <span>{t("cabinet.begin.demo")}</span>
      <a href="/signup?fallback=/business" className="btn-primary px-4 py-2 text-sm">
        {t("cabinet.shell.activate")}
      </a>
    </div>
  );
}

const DASHBOARD_NAV: NavItem[] = [
  { key: "home", href: "/dashboard", icon: "▦" },
  { key: "employees", href: "/dashboard/employees", icon: "☺" },
  { key: "departments", href: "/dashboard/departments", icon: "⌂" },
  { key: "positions", href: "/dashboard/positions", icon: "☰" },
  { key: "invites", href: "/dashboard/invites", icon: "✉" },
  { key: "settings", href: "/dashboard/project", icon: "⚙" },
];

function DashboardNav({ shell }: { shell: ShellData }) {
  const { t, path } = usePage();
  return (
    <ul className="space-y-1">
      {/* a head of department sends no invitations: the menu does not offer them */}
      {DASHBOARD_NAV.filter((item) => item.key !== "invites" || shell.role !== "supervisor").map((item) => {
        const current = path === item.href || (item.href !== "/dashboard" && path.startsWith(`${item.href}/`));
        return (
          <li key={item.key}>
            <a
              href={item.href}
              aria-current={current ? "page" : undefined}
              className={`flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${current ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"}`}
            >
              <span aria-hidden className="w-6 text-center text-lg">
                {item.icon}
              </span>
              <span className="flex-1">{t(`cabinet.nav.dashboard.${item.key}`)}</span>
              {item.key === "invites" && (
                <span
                  className="whitespace-nowrap rounded-full bg-slate-100 px-2 text-xs font-semibold text-slate-700"
                  title={t("cabinet.shell.pendingTitle")}
                  data-testid="menu-invites-count"
                >
                  {t("cabinet.shell.pendingBadge", { count: shell.pendingInvites })}
                </span>
              )}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** The /dashboard/* shell: 250 px side bar, 60 px header, phone menu up to 540 px. */
/** What both cabinet shells open with: the operator's notice and the skip link. The masquerade
 * banner opens the column beside the side bar (MasqBanner), so it never covers the side bar's logo (m35). */
function ShellTop() {
  const { t } = usePage();
  return (
    <>
      <MaintenanceNotice />
      <a href="#main" className="sr-only focus:not-sr-only">
        {t("common.shell.skip")}
      </a>
    </>
  );
}

export function DashboardLayout({ shell, title, children }: { shell: ShellData; title: string; children: ReactNode }) {
  const { t } = usePage();
  return (
    <div className="min-h-screen bg-slate-50" data-cabinet="dashboard">
      <ShellTop />
      <aside className="desktop-only fixed inset-y-0 left-0 z-20 flex w-[250px] flex-col border-r border-slate-200 bg-white p-3">
        <div className="mb-4 flex h-[44px] items-center">
          <Logo />
        </div>
        <p className="mb-3 truncate px-3 text-xs font-semibold uppercase tracking-wide text-slate-500">{shell.project.name}</p>
        <nav aria-label={t("cabinet.business")}>
          <DashboardNav shell={shell} />
        </nav>
      </aside>
      <div className="min-[541px]:pl-[250px]">
        <MasqBanner />
        <header className="sticky top-0 z-10 flex h-[60px] items-center justify-between gap-2 border-b border-slate-200 bg-white px-3 sm:px-4">
          <details className="mobile-only relative">
            <summary className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold">☰</summary>
            <nav className="absolute left-0 top-11 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg" aria-label={t("cabinet.business")}>
              <DashboardNav shell={shell} />
            </nav>
          </details>
          <div className="flex min-w-0 items-center gap-2 sm:gap-3">
            <ProjectBar shell={shell} />
            {/* the Compare widget (spec §2): the picks of this project in localStorage diffList */}
            <Island
              name="compare-widget"
              hydrate="idle"
              props={{ project: shell.project._id, href: "/dashboard/employees/compare", label: t("stats.compare.widget"), hint: t("cabinet.shell.compare") }}
            />
          </div>
          <LogoutButton />
        </header>
        <main id="main" className="px-3 py-5 sm:px-6">
          {shell.demo && <DemoBanner />}
          <h1 className="mb-5 text-2xl font-bold [overflow-wrap:anywhere]">{title}</h1>
          {children}
        </main>
      </div>
    </div>
  );
}

/** One screen, two shells: /dashboard/* gets DashboardLayout, /business/* the business layout. */
export function BusinessShell({ shell, title, children }: { shell: ShellData; title: string; children: ReactNode }) {
  const { path } = usePage();
  if (path.startsWith("/dashboard"))
    return (
      <DashboardLayout shell={shell} title={title}>
        {children}
      </DashboardLayout>
    );
  return (
    <CabinetLayout kind="business" title={title} actions={<ProjectBar shell={shell} />} banner={shell.demo ? <DemoBanner /> : undefined}>
      {children}
    </CabinetLayout>
  );
}

/** Log out, in both cabinet headers; the read-only demo has nobody to log out. */
function LogoutButton() {
  const { t, auth } = usePage();
  if (!auth || auth.kind === "demo") return null;
  return (
    <form method="post" action="/logout">
      <button type="submit" className="whitespace-nowrap text-sm text-slate-600 hover:underline">
        {t("common.nav.logout")}
      </button>
    </form>
  );
}
