// Statistics (/business/statistics) and the comparison of picked employees
// (/dashboard/employees/compare?ids=…): one screen each, in the cabinet's shells.
import { Fragment } from "react";
import { usePage } from "../../server/render/page";
import { getEmployee, projectStats } from "../../server/services/business";
import { listFormats } from "../../server/services/formats";
import { BusinessShell } from "../_layouts/cabinet";
import { Card, cabinetPage, useLinks, type WithShell } from "./kit";
import { FormatCell } from "./employees";

type StatsData = { stats: Awaited<ReturnType<typeof projectStats>>; names: Record<string, string> };

function Statistics({ data }: { data: WithShell<StatsData> }) {
  const { t } = usePage();
  const s = data.stats;
  const max = Math.max(1, ...s.formats.map((f) => f.count));
  return (
    <BusinessShell shell={data.shell} title={t("cabinet.stats.title")}>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title={t("cabinet.stats.formats")} testid="stats-formats">
          {s.formats.length === 0 ? (
            <p className="text-slate-600">{t("cabinet.stats.none")}</p>
          ) : (
            <ul className="space-y-2">
              {s.formats.map((f) => (
                <li key={f.code} data-format={f.code}>
                  <div className="flex justify-between text-sm">
                    <span>{data.names[f.code] ?? f.code}</span>
                    <span className="tabular-nums">{f.count}</span>
                  </div>
                  <div className="h-2 rounded bg-slate-100">
                    <div className="h-2 rounded bg-brand-600" style={{ width: `${(100 * f.count) / max}%` }} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title={t("cabinet.stats.averages")}>
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <dt className="text-slate-500">{t("cabinet.employees.indicators.harmony")}</dt>
            <dd className="tabular-nums">{s.harmony ?? "—"}</dd>
            <dt className="text-slate-500">{t("cabinet.employees.indicators.anxiety")}</dt>
            <dd className="tabular-nums">{s.anxiety ?? "—"}</dd>
          </dl>
          <h3 className="mb-2 mt-4 font-semibold">{t("cabinet.nav.business.departments")}</h3>
          <ul className="divide-y divide-slate-100 text-sm">
            {s.departments.map((d) => (
              <li key={d._id} className="flex justify-between py-1">
                <span>{d.name}</span>
                <span className="tabular-nums">{d.employees}</span>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </BusinessShell>
  );
}

export const statisticsPage = cabinetPage<StatsData>({
  path: ["/business/statistics"],
  title: (t) => t("cabinet.stats.title"),
  load: async (c, scope) => {
    const [stats, formats] = await Promise.all([projectStats(scope), listFormats(scope.db)]);
    return { stats, names: Object.fromEntries(formats.map((f) => [f.code, (f.name as Record<string, string>)[c.var.locale] ?? f.code])) };
  },
  Component: Statistics,
});

type CompareData = { people: Awaited<ReturnType<typeof getEmployee>>[] };
const ROWS = ["harmony", "anxiety", "system", "analytics", "volume", "presentation"] as const;

function Compare({ data }: { data: WithShell<CompareData> }) {
  const { t } = usePage();
  const links = useLinks();
  return (
    <BusinessShell shell={data.shell} title={t("cabinet.compare.title")}>
      <p className="mb-4">
        <a href={links.employees} className="text-sm text-brand-700 hover:underline">
          ← {t("cabinet.nav.business.employees")}
        </a>
      </p>
      {data.people.length < 2 ? (
        <Card>{t("cabinet.compare.pick")}</Card>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm" data-testid="compare-table">
            <thead className="bg-slate-50">
              <tr>
                <th className="px-3 py-2" />
                {data.people.map((p) => (
                  <th key={p._id} className="px-3 py-2 font-semibold [overflow-wrap:anywhere]">
                    {p.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              <tr>
                <th className="px-3 py-2 font-medium text-slate-500">{t("cabinet.employees.cols.format")}</th>
                {data.people.map((p) => (
                  <td key={p._id} className="px-3 py-2">
                    <FormatCell doc={p} />
                  </td>
                ))}
              </tr>
              {ROWS.map((k) => (
                <Fragment key={k}>
                  <tr>
                    <th className="px-3 py-2 font-medium text-slate-500">{t(`cabinet.employees.indicators.${k}`)}</th>
                    {data.people.map((p) => (
                      <td key={p._id} className="px-3 py-2 tabular-nums">
                        {p.indicators?.[k] ?? "—"}
                      </td>
                    ))}
                  </tr>
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </BusinessShell>
  );
}

export const comparePage = cabinetPage<CompareData>({
  path: ["/dashboard/employees/compare"],
  title: (t) => t("cabinet.compare.title"),
  load: async (c, scope) => {
    const ids = [...new Set(c.req.queries("ids") ?? [])].filter((id) => /^[0-9a-f]{24}$/.test(id)).slice(0, 10);
    // ids of another project are not found in this one: they are left out, never shown
    const people = (await Promise.all(ids.map((id) => getEmployee(scope, id).catch(() => null)))).filter((p): p is NonNullable<typeof p> => p !== null);
    return { people };
  },
  Component: Compare,
});
