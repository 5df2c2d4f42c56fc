// Statistics (/business/statistics), in the cabinet's shell (the comparison of picked employees is
// compare.tsx); what it shows comes from server/services/business/screens.ts. Every number is
// server-rendered (tables, the 27-format map, CSS bars); the charts are Tremor islands that hydrate
// when scrolled into view, so the page reads the same before any script runs.
import type { ReactNode } from "react";
import { GOOD_FIT } from "../../model/fit";
import { FORMAT_AXES } from "../../model/formats";
import { Island, usePage } from "../../server/render/page";
import {
  type positionCoverage,
  MAP_NAMES_PER_CELL,
  statisticsScreen,
  STAT_INDICATORS,
  type CommunicationBalance,
  type ProjectStats,
  type Spread,
} from "../../server/services/business";
import { BusinessShell } from "../_layouts/cabinet";
import { Card, DepartmentFilter, cabinetPage, useLinks, type WithShell } from "./kit";

/** Position coverage: positions without a good fit first (server/services/business/efficiency.ts). */
export type CoverageRow = Awaited<ReturnType<typeof positionCoverage>>[number];

type StatsData = {
  stats: ProjectStats;
  comm: CommunicationBalance;
  names: Record<string, string>;
  departments: { _id: string; name: string }[];
  department: string;
  coverage: CoverageRow[];
};

const STRUCTURES = ["system", "balanced", "analytic"] as const;
const VOLUMES = [...FORMAT_AXES.volume].reverse();
/** The 0–100 indicators, drawn together in the department chart. */
const CHARTED = ["system", "analytics", "volume", "harmony"] as const;

function Figure({ label, value, testid }: { label: string; value: ReactNode; testid: string }) {
  return (
    <div className="card p-4" data-stat={testid}>
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="mt-1 text-2xl font-black tabular-nums">{value}</dd>
    </div>
  );
}

const spreadText = (s: Spread) => (s.mean === null ? "—" : `${s.mean} ± ${s.sd}`);

function FormatMap({ map, names }: { map: ProjectStats["map"]; names: Record<string, string> }) {
  const { t } = usePage();
  const links = useLinks();
  const max = Math.max(1, ...map.map((c) => c.count));
  const tone = (n: number) => (n === 0 ? "bg-white" : n / max > 0.66 ? "bg-brand-200" : n / max > 0.33 ? "bg-brand-100" : "bg-brand-50");
  return (
    <div className="grid gap-4 min-[1500px]:grid-cols-3" data-testid="format-map">
      {STRUCTURES.map((structure) => (
        <div key={structure}>
          <h3 className="mb-2 font-semibold">{t(`stats.structure.${structure}`)}</h3>
          <table className="w-full table-fixed border-collapse text-xs">
            <thead>
              <tr>
                <th className="w-14 p-1 text-left font-medium text-slate-500">
                  <span className="sr-only">{t("stats.axis.volume")}</span>
                </th>
                {FORMAT_AXES.presentation.map((p) => (
                  <th key={p} scope="col" className="p-1 text-center font-medium text-slate-500">
                    {t(`stats.pace.${p}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {VOLUMES.map((volume) => (
                <tr key={volume}>
                  <th scope="row" className="p-1 text-left font-medium text-slate-500">
                    {t(`stats.volume.${volume}`)}
                  </th>
                  {FORMAT_AXES.presentation.map((presentation) => {
                    const cell = map.find((c) => c.structure === structure && c.volume === volume && c.presentation === presentation)!;
                    return (
                      <td
                        key={presentation}
                        className={`h-20 border border-slate-200 p-1 align-top ${tone(cell.count)}`}
                        data-format={cell.code}
                        data-count={cell.count}
                        title={names[cell.code] ?? cell.code}
                      >
                        <p className="flex items-baseline justify-between gap-1">
                          <span className="truncate text-[11px] text-slate-600">{names[cell.code] ?? cell.code}</span>
                          <span className="text-sm font-bold tabular-nums">{cell.count}</span>
                        </p>
                        <ul className="mt-0.5 space-y-0.5">
                          {cell.people.slice(0, 3).map((p) => (
                            <li key={p._id} className="truncate">
                              <a href={`${links.employees}/${p._id}`} className="text-brand-700 hover:underline">
                                {p.name}
                              </a>
                            </li>
                          ))}
                        </ul>
                        {cell.count > 3 && (
                          <a href={`${links.employees}?format=${cell.code}`} className="text-slate-600 hover:underline">
                            {t("stats.map.more", { n: cell.count - 3 })}
                          </a>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}

function DepartmentTable({ stats }: { stats: ProjectStats }) {
  const { t } = usePage();
  const ind = (k: string) => t(`cabinet.employees.indicators.${k}`);
  const rows = [
    ...stats.departments,
    { _id: "all", name: t("stats.departments.all"), employees: stats.total, tested: stats.tested, indicators: stats.overall },
  ];
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[40rem] text-left text-sm" data-testid="department-table">
        <thead className="text-slate-500">
          <tr>
            <th className="py-1 pr-3">{t("cabinet.employees.department")}</th>
            <th className="py-1 pr-3 text-right">{t("stats.departments.people")}</th>
            <th className="py-1 pr-3 text-right">{t("stats.departments.tested")}</th>
            {STAT_INDICATORS.map((k) => (
              <th key={k} className="py-1 pr-3 text-right">
                {ind(k)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((d) => (
            <tr key={d._id ?? "none"} data-department={d._id ?? "none"} className={d._id === "all" ? "font-semibold" : undefined}>
              <td className="py-1 pr-3 [overflow-wrap:break-word]">{d.name ?? t("stats.departments.none")}</td>
              <td className="py-1 pr-3 text-right tabular-nums">{d.employees}</td>
              <td className="py-1 pr-3 text-right tabular-nums">{d.tested}</td>
              {STAT_INDICATORS.map((k) => (
                <td
                  key={k}
                  className="whitespace-nowrap py-1 pr-3 text-right tabular-nums"
                  data-indicator={k}
                  title={
                    d.indicators[k].n ? t("stats.departments.range", { min: d.indicators[k].min!, max: d.indicators[k].max!, n: d.indicators[k].n }) : undefined
                  }
                >
                  {spreadText(d.indicators[k])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-xs text-slate-500">{t("stats.departments.note")}</p>
    </div>
  );
}

function Alerts({ alerts }: { alerts: ProjectStats["alerts"] }) {
  const { t } = usePage();
  const links = useLinks();
  if (!alerts.length) return <p className="text-slate-600">{t("stats.alerts.none")}</p>;
  return (
    <ul className="divide-y divide-slate-100" data-testid="alerts">
      {alerts.map((a) => (
        <li key={a._id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-alert={a._id}>
          <span className="min-w-0">
            <a href={`${links.employees}/${a._id}`} className="font-medium text-brand-700 hover:underline [overflow-wrap:anywhere]">
              {a.name}
            </a>
            {a.department && <span className="block text-xs text-slate-500">{a.department}</span>}
          </span>
          <span className="flex flex-wrap gap-1 text-xs">
            {a.reasons.map((r) => (
              <span
                key={r}
                className={`rounded-full px-2 py-0.5 font-semibold ${r === "crisis" ? "bg-rose-100 text-rose-800" : "bg-amber-100 text-amber-800"}`}
              >
                {t(`stats.alerts.${r}`, { harmony: a.harmony ?? "—", anxiety: a.anxiety ?? "—" })}
              </span>
            ))}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Completion({ completion }: { completion: ProjectStats["completion"] }) {
  const { t } = usePage();
  if (!completion.points.length) return <p className="text-slate-600">{t("stats.completion.none")}</p>;
  const [count, total] = [t(`stats.completion.per.${completion.unit}`), t("stats.completion.total")];
  return (
    <>
      <Island
        name="stats-chart"
        hydrate="visible"
        props={{
          index: "date",
          categories: [total, count],
          colors: ["blue", "emerald"],
          title: t("stats.completion.title"),
          data: completion.points.map((p) => ({ date: p.date, [total]: p.total, [count]: p.count })),
        }}
      />
      <details className="mt-3">
        <summary className="cursor-pointer text-sm text-brand-700">{t("stats.table")}</summary>
        <div className="max-h-72 overflow-y-auto">
          <table className="mt-2 w-full text-left text-sm" data-testid="completion-table">
            <thead className="text-slate-500">
              <tr>
                <th className="py-1 pr-3">{t("stats.completion.date")}</th>
                <th className="py-1 pr-3 text-right">{count}</th>
                <th className="py-1 text-right">{total}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {[...completion.points].reverse().map((p) => (
                <tr key={p.date}>
                  <td className="py-1 pr-3 tabular-nums">{p.date}</td>
                  <td className="py-1 pr-3 text-right tabular-nums">{p.count}</td>
                  <td className="py-1 text-right tabular-nums">{p.total}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}

function Communication({ comm }: { comm: CommunicationBalance }) {
  const { t } = usePage();
  if (!comm.balance.length) return <p className="text-slate-600">{t(comm.positions ? "stats.communication.noPeople" : "stats.communication.noPositions")}</p>;
  const [demand, supply] = [t("stats.communication.demand"), t("stats.communication.supply")];
  return (
    <>
      <Island
        name="stats-chart"
        hydrate="visible"
        props={{
          index: "sphere",
          categories: [demand, supply],
          colors: ["amber", "blue"],
          minValue: 0,
          title: t("stats.communication.title"),
          data: comm.balance.map((b) => ({ sphere: t(`stats.sphere.${b.sphere}`), [demand]: b.demand, [supply]: b.supply })),
        }}
      />
      <table className="mt-3 w-full text-left text-sm" data-testid="communication-table">
        <thead className="text-slate-500">
          <tr>
            <th className="py-1 pr-2">{t("stats.communication.sphere")}</th>
            <th className="py-1 pr-2 text-right">{demand}</th>
            <th className="py-1 pr-2 text-right">{supply}</th>
            <th className="py-1 text-right">{t("stats.communication.gap")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {comm.balance.map((b) => (
            <tr key={b.sphere} data-sphere={b.sphere} data-status={b.status}>
              <td className="py-1 pr-2">{t(`stats.sphere.${b.sphere}`)}</td>
              <td className="py-1 pr-2 text-right tabular-nums">{b.demand}%</td>
              <td className="py-1 pr-2 text-right tabular-nums">{b.supply}%</td>
              <td className={`py-1 text-right tabular-nums ${b.status === "short" ? "text-rose-700" : b.status === "surplus" ? "text-amber-700" : ""}`}>
                {b.gap > 0 ? "+" : ""}
                {b.gap} · {t(`stats.communication.status.${b.status}`)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-xs text-slate-500">
        {t(`stats.communication.basis.${comm.basis}`, {
          positions: comm.positions,
          activities: comm.activities,
          holders: comm.holders,
          measured: comm.measured,
        })}
      </p>
    </>
  );
}

/** Every position with the best fit anyone reaches on it; the uncovered ones (below a good fit) first. */
function Coverage({ rows }: { rows: CoverageRow[] }) {
  const { t } = usePage();
  const links = useLinks();
  return (
    <Card title={t("stats.coverage.title")} testid="stats-coverage">
      <p className="mb-3 text-sm text-slate-600">{t("stats.coverage.lead", { n: GOOD_FIT })}</p>
      <ul className="divide-y divide-slate-100 text-sm">
        {rows.map((r) => (
          <li key={r.position._id} className="flex flex-wrap items-center justify-between gap-2 py-1.5" data-uncovered={r.uncovered}>
            <span className="flex items-center gap-2">
              <a href={`${links.positions}/${r.position._id}`} className="text-brand-700 hover:underline">
                {r.position.name}
              </a>
              {r.uncovered && <span className="rounded-full bg-rose-50 px-2 py-0.5 text-xs font-semibold text-rose-700">{t("stats.coverage.uncovered")}</span>}
            </span>
            <span className={r.uncovered ? "text-rose-700" : "text-slate-600"}>
              {r.best === null ? t("stats.coverage.nobody") : <span className="font-semibold tabular-nums">{r.best}</span>}
              {r.bestEmployee ? ` · ${r.bestEmployee.name}` : ""}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Statistics({ data }: { data: WithShell<StatsData> }) {
  const { t } = usePage();
  const s = data.stats;
  const ind = (k: string) => t(`cabinet.employees.indicators.${k}`);
  const measured = s.departments.filter((d) => d.indicators.harmony.n > 0);
  return (
    <BusinessShell shell={data.shell} title={t("cabinet.stats.title")}>
      {data.departments.length > 0 && (
        <DepartmentFilter
          id="stats"
          projectId={data.shell.project._id}
          departments={data.departments}
          value={data.department}
          allLabel={t("stats.departments.all")}
        />
      )}
      <dl className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="stats-figures">
        <Figure label={t("stats.figures.total")} value={s.total} testid="total" />
        <Figure label={t("stats.figures.tested")} value={s.tested} testid="tested" />
        <Figure label={t("stats.figures.shared")} value={s.shared} testid="shared" />
        <Figure label={t("stats.figures.alerts")} value={s.alertCount} testid="alerts" />
      </dl>
      <div className="space-y-4">
        <Card title={t("stats.map.title")} testid="stats-formats">
          <p className="mb-3 text-sm text-slate-600">{t("stats.map.lead")}</p>
          {s.shared === 0 ? <p className="mb-3 text-slate-600">{t("cabinet.stats.none")}</p> : null}
          <FormatMap map={s.map} names={data.names} />
          {s.map.some((c) => c.count > MAP_NAMES_PER_CELL) && <p className="mt-2 text-xs text-slate-500">{t("stats.map.capped", { n: MAP_NAMES_PER_CELL })}</p>}
        </Card>
        <div className="grid items-start gap-4 lg:grid-cols-2">
          <Card title={t("stats.alerts.title")} testid="stats-alerts">
            <p className="mb-2 text-sm text-slate-600">{t("stats.alerts.lead")}</p>
            <Alerts alerts={s.alerts} />
            {s.alertCount > s.alerts.length && (
              <p className="mt-2 text-sm text-slate-500">{t("stats.alerts.more", { shown: s.alerts.length, total: s.alertCount })}</p>
            )}
          </Card>
          <Card title={t("stats.communication.title")} testid="stats-communication">
            <p className="mb-2 text-sm text-slate-600">{t("stats.communication.lead")}</p>
            <Communication comm={data.comm} />
          </Card>
        </div>
        <Card title={t("stats.departments.title")} testid="stats-departments">
          {measured.length > 0 && (
            <Island
              name="stats-chart"
              hydrate="visible"
              props={{
                index: "department",
                categories: CHARTED.map(ind),
                minValue: 0,
                maxValue: 100,
                title: t("stats.departments.title"),
                data: measured.map((d) => ({
                  department: d.name ?? t("stats.departments.none"),
                  ...Object.fromEntries(CHARTED.map((k) => [ind(k), d.indicators[k].mean])),
                })),
              }}
            />
          )}
          <DepartmentTable stats={s} />
        </Card>
        <Card title={t("stats.completion.title")} testid="stats-completion">
          <Completion completion={s.completion} />
        </Card>
        {data.coverage.length > 0 && <Coverage rows={data.coverage} />}
      </div>
    </BusinessShell>
  );
}

export const statisticsPage = cabinetPage<StatsData>({
  path: ["/business/statistics"],
  title: (t) => t("cabinet.stats.title"),
  load: (c, scope) => statisticsScreen(scope, { department: c.req.query("department"), locale: c.get("locale") }),
  Component: Statistics,
});

// ------------------------------------------------------------------ the comparison
