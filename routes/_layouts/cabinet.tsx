// The cabinets' shell: the business owner's (spec §2: Begin, Departments, Employees, Positions,
// Invite, Settings; a 220 px side bar that collapses to 80 px) and the manager back-office
// (main, results, rechecker, users, projects, reviews, coupon, referral, reports, questions,
// exporting). Sections appear in the menu as their pages are built, so no item leads nowhere.
// No script: collapsing is a CSS checkbox, the phone menu is a <details>.
import type { ReactNode } from "react";
import { usePage } from "../../server/render/page";
import { Logo } from "./public";

export type CabinetKind = "business" | "manager";

interface NavItem {
  key: string;
  href: string;
  icon: string;
}

/** The built sections of each cabinet, in the spec's order; later issues add theirs here. */
const NAV: Record<CabinetKind, NavItem[]> = {
  business: [{ key: "begin", href: "/business", icon: "◎" }],
  manager: [
    { key: "main", href: "/manager", icon: "▦" },
    { key: "results", href: "/manager/results", icon: "☰" },
    { key: "rechecker", href: "/manager/rechecker", icon: "✓" },
    { key: "users", href: "/manager/users", icon: "☺" },
    { key: "exporting", href: "/manager/exporting", icon: "⇩" },
  ],
};

function NavLinks({ kind, compact }: { kind: CabinetKind; compact?: boolean }) {
  const { t, path } = usePage();
  return (
    <ul className="space-y-1">
      {NAV[kind].map((item) => {
        const current = path === item.href || (item.href !== "/manager" && path.startsWith(`${item.href}/`));
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

export function CabinetLayout({ kind, title, actions, children }: { kind: CabinetKind; title: string; actions?: ReactNode; children: ReactNode }) {
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
      <a href="#main" className="sr-only focus:not-sr-only">
        {t("common.shell.skip")}
      </a>
      {auth?.kind === "masq" && (
        <div role="status" className="relative z-30 flex flex-wrap items-center justify-center gap-3 bg-rose-600 px-4 py-2 text-sm font-semibold text-white sm:pl-[236px]" data-testid="masq-banner">
          {t("common.shell.masquerading", { user: auth.user.name ? `${auth.user.name} (${auth.user.email})` : auth.user.email })}
          <form method="post" action="/masq/cancel">
            <button type="submit" className="rounded bg-white px-3 py-1 text-rose-700" data-testid="cancel-masq">
              {t("common.footer.cancelMasq")}
            </button>
          </form>
        </div>
      )}
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
        <header className="sticky top-0 z-10 flex h-16 items-center justify-between gap-3 border-b border-slate-200 bg-white px-4">
          <details className="mobile-only relative">
            <summary className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold">☰ {t("common.nav.menu")}</summary>
            <nav className="absolute left-0 top-12 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg" aria-label={t(`cabinet.${kind}`)}>
              <NavLinks kind={kind} />
            </nav>
          </details>
          <p className="truncate text-sm font-semibold text-slate-500">{t(`cabinet.${kind}`)}</p>
          <div className="flex items-center gap-3">
            {actions}
            {auth && (
              <span className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white" title={name} aria-label={name}>
                {initials}
              </span>
            )}
            {auth && auth.kind !== "demo" && (
              <form method="post" action="/logout">
                <button type="submit" className="text-sm text-slate-600 hover:underline">
                  {t("common.nav.logout")}
                </button>
              </form>
            )}
          </div>
        </header>
        <main id="main" className="px-4 py-6 sm:px-8">
          <h1 className="mb-6 text-2xl font-bold">{title}</h1>
          {children}
        </main>
      </div>
    </div>
  );
}
