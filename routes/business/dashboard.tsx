// The dashboard (/business/dashboard and /dashboard): TOTAL, ACTIVE, PENDING and the latest
// activity, for the project or one department; its parts load in parallel (spec §4).
import { intlLocale } from "../../locales";
import { usePage } from "../../server/render/page";
import { dashboard, listDepartments } from "../../server/services/business";
import { BusinessShell } from "../_layouts/cabinet";
import { Card, DepartmentFilter, cabinetPage, useLinks, type WithShell } from "./kit";

type Data = { stats: Awaited<ReturnType<typeof dashboard>>; departments: { _id: string; name: string }[]; department: string };

function Dashboard({ data }: { data: WithShell<Data> }) {
  const { t, locale } = usePage();
  const links = useLinks();
  const s = data.stats;
  return (
    <BusinessShell shell={data.shell} title={t("cabinet.nav.business.dashboard")}>
      <DepartmentFilter
        id="dash"
        projectId={data.shell.project._id}
        departments={data.departments}
        value={data.department}
        allLabel={t("cabinet.dashboard.all")}
      />
      <div className="mb-6 grid grid-cols-1 gap-3 min-[400px]:grid-cols-3" data-testid="counters">
        {(["TOTAL", "ACTIVE", "PENDING"] as const).map((k) => (
          <div key={k} className="card p-4">
            <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{t(`cabinet.dashboard.${k}`)}</p>
            <p className="text-3xl font-black text-brand-700" data-counter={k}>
              {s[k]}
            </p>
          </div>
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title={t("cabinet.dashboard.latest")}>
          {s.latest.length === 0 ? (
            <p className="text-slate-600">{t("cabinet.dashboard.nothing")}</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {s.latest.map((l) => (
                <li key={l._id} className="flex flex-wrap justify-between gap-2 py-2">
                  <span>{l.name ?? l.email ?? "—"}</span>
                  <span className="text-slate-500">
                    {t(`cabinet.invites.status.${l.status.replace(/ /g, "_")}`)} · {l.updatedAt.toLocaleDateString(intlLocale(locale))}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title={t("cabinet.dashboard.next")}>
          <ul className="space-y-2">
            <li>
              <a className="text-brand-700 hover:underline" href={links.invites}>
                {t("cabinet.dashboard.goInvite")}
              </a>
            </li>
            <li>
              <a className="text-brand-700 hover:underline" href={links.employees}>
                {t("cabinet.dashboard.goEmployees")}
              </a>
            </li>
            <li>
              <a className="text-brand-700 hover:underline" href={links.positions}>
                {t("cabinet.dashboard.goPositions")}
              </a>
            </li>
            <li>
              <a className="text-brand-700 hover:underline" href="/business/statistics">
                {t("cabinet.stats.title")}
              </a>
            </li>
          </ul>
        </Card>
      </div>
    </BusinessShell>
  );
}

export const dashboardPage = cabinetPage<Data>({
  path: ["/business/dashboard", "/dashboard"],
  title: (t) => t("cabinet.nav.business.dashboard"),
  load: async (c, scope) => {
    const asked = c.req.query("department") ?? "";
    const department = /^[0-9a-f]{24}$/.test(asked) ? asked : "";
    const [stats, departments] = await Promise.all([dashboard(scope, department || null).catch(() => dashboard(scope, null)), listDepartments(scope)]);
    return { stats, departments: departments.map((d) => ({ _id: d._id, name: d.name })), department };
  },
  Component: Dashboard,
});
