// The dashboard (/business/dashboard and /dashboard): TOTAL, ACTIVE, PENDING and the latest
// activity, for the project or one department; its parts load in parallel (spec §4).
import { intlLocale } from "../../locales";
import { usePage } from "../../server/render/page";
import { dateIn } from "../../server/lib/time-zone";
import { dashboard, headedDepartments, listDepartments, listPositions } from "../../server/services/business";
import { BusinessShell } from "../_layouts/cabinet";
import { Card, DepartmentFilter, cabinetPage, InviteStatusChip, useLinks, type WithShell } from "./kit";
import { isId } from "../../server/lib/ids";

type Data = {
  stats: Awaited<ReturnType<typeof dashboard>>;
  departments: { _id: string; name: string }[];
  department: string;
  positions: number;
  /** an appointed head's departments (their entry says what they see) */
  heads: string[];
};

/** An appointed project manager's or head's entry: what they see here and what they may do. */
function RoleNote({ role, company, heads }: { role: string; company: string; heads: string[] }) {
  const { t } = usePage();
  if (role !== "projectManager" && role !== "supervisor") return null;
  return (
    <section className="card mb-4 space-y-1 p-4" data-testid="role-note">
      <h2 className="font-semibold">
        {t("cabinet.begin.managedTitle", { company, role: t(role === "projectManager" ? "business.roles.project.name" : "cabinet.begin.headRole") })}
      </h2>
      {role === "supervisor" && heads.length > 0 && <p className="text-sm text-slate-600">{t("cabinet.dashboard.heads", { departments: heads.join(", ") })}</p>}
      <p className="text-sm text-slate-700">{t(role === "projectManager" ? "cabinet.begin.seesProject" : "cabinet.begin.seesDepartment")}</p>
    </section>
  );
}

/** What to do next, from where the project stands: invite, describe positions, then read the fit. */
function NextSteps({ data }: { data: WithShell<Data> }) {
  const { t } = usePage();
  const links = useLinks();
  const s = data.stats;
  const role = data.shell.role;
  const steps: { key: string; href: string; label: string }[] = [];
  if (role !== "supervisor" && s.TOTAL === 0) steps.push({ key: "invite", href: links.invites, label: t("cabinet.dashboard.goInvite") });
  if (data.positions === 0) steps.push({ key: "positions", href: links.positions, label: t("cabinet.dashboard.goPositions") });
  if (s.PENDING > 0 && role !== "supervisor") steps.push({ key: "pending", href: links.invites, label: t("cabinet.dashboard.goPending", { n: s.PENDING }) });
  if (s.ACTIVE > 0) {
    if (data.positions > 0) steps.push({ key: "fit", href: links.positions, label: t("cabinet.dashboard.goFit") });
    steps.push({ key: "reports", href: links.reports, label: t("cabinet.dashboard.goReports") });
  }
  steps.push({ key: "employees", href: links.employees, label: t("cabinet.dashboard.goEmployees") });
  if (role !== "supervisor" && s.TOTAL > 0) steps.push({ key: "invite", href: links.invites, label: t("cabinet.dashboard.goInviteMore") });
  steps.push({ key: "statistics", href: "/business/statistics", label: t("cabinet.stats.title") });
  return (
    <ul className="space-y-2" data-testid="next-steps">
      {steps.map((st) => (
        <li key={`${st.key}-${st.href}`} data-step={st.key}>
          <a className="text-brand-700 hover:underline" href={st.href}>
            {st.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

function Dashboard({ data }: { data: WithShell<Data> }) {
  const { t, locale, config } = usePage();
  const links = useLinks();
  const s = data.stats;
  return (
    <BusinessShell shell={data.shell} title={t("cabinet.nav.business.dashboard")}>
      <RoleNote role={data.shell.role} company={data.shell.project.name} heads={data.heads} />
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
            <p className="mt-1 text-xs text-slate-500">{t(`cabinet.dashboard.hint.${k}`)}</p>
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
                <li key={l._id} className="flex flex-wrap justify-between gap-2 py-2" data-event={l._id}>
                  {l.employee ? (
                    <a href={`${links.employees}/${l.employee}`} className="font-medium text-brand-700 hover:underline [overflow-wrap:anywhere]">
                      {l.name ?? l.email ?? "—"}
                    </a>
                  ) : (
                    <span className="[overflow-wrap:anywhere]">{l.name ?? l.email ?? "—"}</span>
                  )}
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-500">
                    <InviteStatusChip status={l.status} />
                    {dateIn(l.updatedAt, config.TIME_ZONE, intlLocale(locale))}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title={t("cabinet.dashboard.next")}>
          <NextSteps data={data} />
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
    const department = isId(asked) ? asked : "";
    const [stats, departments, positions] = await Promise.all([
      dashboard(scope, department || null).catch(() => dashboard(scope, null)),
      listDepartments(scope),
      listPositions(scope),
    ]);
    const heads = scope.role === "supervisor" ? await headedDepartments(scope) : [];
    return { stats, departments: departments.map((d) => ({ _id: d._id, name: d.name })), department, positions: positions.length, heads };
  },
  Component: Dashboard,
});
