// The business cabinet's menu, declared here beside the shell's data it depends on: each section
// with its page in both of the spec's route families (/business/* and /dashboard/*), the paths
// that make it current, and who is offered it.
import { usePage } from "../../server/render/page";
import type { DrawnItem } from "./cabinet";

/** What the business shell shows around a page: the projects, the current one, the counters. */
export interface ShellData {
  projects: { _id: string; name: string }[];
  project: { _id: string; name: string; inviteBalance: number };
  role: "owner" | "projectManager" | "supervisor" | "admin";
  isBusiness: boolean;
  demo: boolean;
  /** In the demo: who is signed in behind it (nobody, a private account, a business account). */
  demoBehind: "visitor" | "private" | "business" | null;
  /** The request named its project (?project=). */
  named: boolean;
  pendingInvites: number;
  /** Invites new invitations may still use (the balance less what pending e-mail invitations hold). */
  freeInvites: number;
  reservedInvites: number;
  /** The API tokens and webhooks are open to this person here (whoever pays, outside the demo). */
  integrations: boolean;
}

/** The business cabinet's sections, in one menu for both route families: each item's page in
 * /business/* and in /dashboard/* (where the spec has one), and the paths that make it current. */
const BUSINESS_NAV: { key: string; icon: string; business: string; dashboard: string; also?: string[] }[] = [
  { key: "begin", icon: "◎", business: "/business", dashboard: "/business" },
  { key: "dashboard", icon: "▦", business: "/business/dashboard", dashboard: "/dashboard" },
  { key: "employees", icon: "☺", business: "/business/employees", dashboard: "/dashboard/employees" },
  { key: "departments", icon: "⌂", business: "/business/departments", dashboard: "/dashboard/departments" },
  { key: "positions", icon: "☰", business: "/business/positions", dashboard: "/dashboard/positions" },
  { key: "statistics", icon: "▥", business: "/business/statistics", dashboard: "/business/statistics" },
  { key: "reports", icon: "✎", business: "/business/reports", dashboard: "/business/reports", also: ["/business/report", "/dashboard/report"] },
  { key: "invite", icon: "✉", business: "/business/invite", dashboard: "/dashboard/invites" },
  { key: "integrations", icon: "⇄", business: "/business/integrations", dashboard: "/business/integrations" },
  { key: "settings", icon: "⚙", business: "/business/settings", dashboard: "/dashboard/project", also: ["/business/support"] },
];

const isAt = (path: string, href: string, exact: boolean) => path === href || (!exact && path.startsWith(`${href}/`));

export function useBusinessNav(shell: ShellData | null): DrawnItem[] {
  const { t, path } = usePage();
  const dash = path.startsWith("/dashboard");
  const top = (href: string) => href === "/business" || href === "/dashboard";
  return (
    BUSINESS_NAV
      // a head of department sends no invitations and buys nothing: the menu does not offer them
      .filter((item) => !shell || shell.role !== "supervisor" || item.key !== "invite")
      // the tokens and webhooks are the payer's: the menu offers them to whoever may open them
      .filter((item) => item.key !== "integrations" || shell?.integrations)
      .map((item) => ({
        key: item.key,
        icon: item.icon,
        href: dash ? item.dashboard : item.business,
        label: t(`cabinet.nav.business.${item.key}`),
        current: [item.business, item.dashboard, ...(item.also ?? [])].some((h) => isAt(path, h, top(h))),
        badge:
          item.key === "invite" && shell ? (
            // the number alone fits beside the longest label ("Пригласить"); its title says what it counts
            <span
              className="whitespace-nowrap rounded-full bg-slate-100 px-2 text-xs font-semibold text-slate-700"
              title={`${t("cabinet.shell.pendingBadge", { count: shell.pendingInvites })}: ${t("cabinet.shell.pendingTitle")}`}
              aria-label={t("cabinet.shell.pendingBadge", { count: shell.pendingInvites })}
              data-testid="menu-invites-count"
            >
              {shell.pendingInvites}
            </span>
          ) : undefined,
      }))
  );
}
