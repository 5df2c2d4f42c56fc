// The header's project dropdown. Without script it is a GET form (pick, then "Switch"). With
// script a pick stores the id in localStorage `projectId` and reloads with ?project=; on load a
// saved id that is in the list and differs from the server's choice is restored (spec §4), a
// saved id missing from the list is replaced by the current (first) project. Managers (admins)
// see every project and are not forced to one.
import { useEffect } from "react";

export interface ProjectSwitcherProps {
  projects: { _id: string; name: string }[];
  current: string;
  /** The page's path, where the no-script form goes. */
  action: string;
  label: string;
  switchLabel: string;
  admin: boolean;
  /** The request named its project (?project=): the URL wins over the saved id. */
  named: boolean;
}

const KEY = "projectId";

export default function ProjectSwitcher({ projects, current, action, label, switchLabel, admin, named }: ProjectSwitcherProps) {
  useEffect(() => {
    try {
      const saved = localStorage.getItem(KEY);
      const known = saved && projects.some((p) => p._id === saved);
      if (named || !saved || !known) {
        if (!admin || named || !saved) localStorage.setItem(KEY, current);
        return;
      }
      if (saved !== current && !admin) {
        const url = new URL(location.href);
        url.searchParams.set("project", saved);
        location.replace(url.toString());
      }
    } catch {
      /* storage blocked: the server's choice stands */
    }
  }, [projects, current, admin, named]);

  const pick = (id: string) => {
    try {
      localStorage.setItem(KEY, id);
    } catch {
      /* ignore */
    }
    const url = new URL(location.href);
    url.searchParams.set("project", id);
    url.searchParams.delete("page");
    location.assign(url.toString());
  };

  return (
    <form method="get" action={action} className="flex min-w-0 flex-1 items-center gap-2 min-[541px]:flex-none" data-testid="project-switcher">
      <label className="sr-only" htmlFor="project-select">
        {label}
      </label>
      <select
        id="project-select"
        name="project"
        defaultValue={current}
        className="w-full min-w-0 truncate rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm min-[541px]:w-auto min-[541px]:max-w-[14rem]"
        onChange={(e) => pick(e.currentTarget.value)}
      >
        {projects.map((p) => (
          <option key={p._id} value={p._id}>
            {p.name}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="rounded-lg border border-slate-300 px-2 py-1.5 text-sm">
          {switchLabel}
        </button>
      </noscript>
    </form>
  );
}
