// /manager/stats: the overall figures and the four series (spec manager §3), each as a chart
// island with the same numbers in a server-rendered table beneath, newest first (spec §9).
import { loadStats, type Point } from "../../server/admin/stats";
import { Island, usePage } from "../../server/render/page";
import { rubLabel } from "../../server/lib/money";
import { managerPage } from "./kit";
import { seriesRows } from "../../islands/stats-chart";

export { loadStats };
type Data = Awaited<ReturnType<typeof loadStats>>;

export function Figures({ all }: { all: Data["all"] }) {
  const { t } = usePage();
  const items: [string, string | number][] = [
    ["users", all.users],
    ["paidUsers", all.paidUsers],
    ["businessUsers", all.businessUsers],
    ["projects", all.projects],
    ["completedResults", all.completedResults],
    ["resultsInProgress", all.resultsInProgress],
    ["confirmedResults", all.confirmedResults],
    ["doubtfulResults", all.doubtfulResults],
    ["paidOrders", all.paidOrders],
    ["revenue", rubLabel(all.revenue)],
  ];
  return (
    <dl className="mb-8 grid grid-cols-2 gap-3 lg:grid-cols-5" data-testid="overall">
      {items.map(([k, v]) => (
        <div key={k} className="card" data-stat={k}>
          <dt className="text-sm text-slate-500">{t(`manager.stats.${k}`)}</dt>
          <dd className="mt-1 text-2xl font-black tabular-nums">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** `hydrate`: the main page's cards come alive only when touched (their bars are drawn on the server). */
export function SeriesCard({
  name,
  points,
  money,
  hydrate = "visible",
}: {
  name: string;
  points: Point[];
  money?: boolean;
  hydrate?: "visible" | "interaction";
}) {
  const { t } = usePage();
  const title = t(`manager.stats.series.${name}`);
  const labels = { count: t(`manager.stats.count.${name}`), ...(money ? { amount: t("manager.stats.amount") } : {}) };
  return (
    <section className="card" data-series={name}>
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      <Island
        name="stats-chart"
        props={{
          data: seriesRows(points, labels),
          index: "date",
          categories: [labels.count, ...(labels.amount ? [labels.amount] : [])],
          colors: ["blue", "emerald"],
          title,
        }}
        hydrate={hydrate}
      />
      <details className="mt-3" open>
        <summary className="cursor-pointer text-sm text-brand-700">{t("manager.stats.table")}</summary>
        <div className="max-h-72 overflow-y-auto">
          <table className="mt-2 w-full text-left text-sm">
            <thead className="text-slate-500">
              <tr>
                <th className="py-1 pr-3">{t("manager.stats.date")}</th>
                <th className="py-1 pr-3">{labels.count}</th>
                {money && <th className="py-1">{labels.amount}</th>}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {[...points].reverse().map((p) => (
                <tr key={p.date}>
                  <td className="py-1 pr-3 tabular-nums">{p.date}</td>
                  <td className="py-1 pr-3 tabular-nums">{p.count}</td>
                  {money && <td className="py-1 tabular-nums">{rubLabel(p.amount ?? 0)}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}

function Stats({ data }: { data: Data }) {
  return (
    <>
      <Figures all={data.all} />
      <div className="grid gap-6 lg:grid-cols-2">
        <SeriesCard name="usersByDays" points={data.series.usersByDays} />
        <SeriesCard name="usersByMonths" points={data.series.usersByMonths} />
        <SeriesCard name="businessAccountsByDays" points={data.series.businessAccountsByDays} />
        <SeriesCard name="paymentsByDays" points={data.series.paymentsByDays} money />
      </div>
    </>
  );
}

export const managerStatsPage = managerPage({
  path: "/manager/stats",
  load: (c) => loadStats(c.get("deps").db),
  title: (t) => t("manager.stats.title"),
  Component: Stats,
});
