// The back-office's side bar: an entry for every resource (its declaration's `menu`, and its views'),
// the special screens beside them, in one order, with the work-queue counts: results
// waiting in the rechecker, reviews waiting for approval, new requests.
import type { workQueues } from "./overview";
import type { MenuEntry } from "./resource";
import { RESOURCES } from "./resources";
import type { UserRow } from "../services/users";
import { mayOpen } from "./roles";

export interface NavEntry {
  key: string;
  href: string;
  icon: string;
  /** locale key */
  label: string;
  order: number;
  count?: MenuEntry["count"];
}

/** The screens that are not resources, and where they sit among them. */
export const SPECIAL_SCREENS: NavEntry[] = [
  { key: "main", href: "/manager", icon: "▦", label: "cabinet.nav.manager.main", order: 0 },
  { key: "rechecker", href: "/manager/rechecker", icon: "✓", label: "cabinet.nav.manager.rechecker", order: 30, count: "recheck" },
  { key: "requests", href: "/manager/requests", icon: "☎", label: "manager.requests.title", order: 70, count: "requests" },
  { key: "stats", href: "/manager/stats", icon: "▥", label: "manager.stats.title", order: 150 },
  { key: "exporting", href: "/manager/exporting", icon: "⇩", label: "cabinet.nav.manager.exporting", order: 160 },
  { key: "audit", href: "/manager/audit", icon: "¶", label: "cabinet.nav.manager.audit", order: 170 },
  { key: "settings", href: "/manager/settings", icon: "⚙", label: "cabinet.nav.manager.settings", order: 180 },
  { key: "managers", href: "/manager/managers", icon: "♟", label: "manager.team.title", order: 190 },
];

let menu: NavEntry[] | undefined;

/** Every entry of the side bar, in order (no counts: those are per request). Built once: the declarations do not change. */
export function menuEntries(): NavEntry[] {
  menu ??= buildMenu();
  return menu;
}

function buildMenu(): NavEntry[] {
  const fromResources = RESOURCES.flatMap((def) => [
    {
      key: def.name,
      href: def.menu.href ?? `/manager/${def.pagePath}`,
      icon: def.menu.icon,
      label: def.menu.label ?? `manager.res.${def.name}.title`,
      order: def.menu.order,
      count: def.menu.count,
    },
    ...(def.views ?? []).flatMap((v) =>
      v.menu
        ? [
            {
              key: `${def.name}:${v.path}`,
              href: v.menu.href ?? v.path,
              icon: v.menu.icon,
              label: v.menu.label ?? v.title,
              order: v.menu.order,
              count: v.menu.count,
            },
          ]
        : [],
    ),
  ]);
  return [...SPECIAL_SCREENS, ...fromResources].sort((a, b) => a.order - b.order);
}

export type ManagerNav = (NavEntry & { n?: number })[];

export type WorkQueues = Awaited<ReturnType<typeof workQueues>>;

/** The side bar for a request: the entries this manager's role may open, with the work queues'
 * counts (workQueues, read once per page). */
export function managerNav(queues: WorkQueues, user?: Pick<UserRow, "managerRole">): ManagerNav {
  return menuEntries()
    .filter((e) => !user || mayOpen(user, e.href))
    .map((e) => (e.count ? { ...e, n: queues[e.count] } : e));
}
