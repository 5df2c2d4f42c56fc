// /manager/stats: the overall figures and the four series (spec manager §3), each as a chart
// island with the same numbers in a server-rendered table beneath, newest first (spec §9).
import { loadStats, periodOf, periodTotals, previousPeriod, type Period, type Point } from "../../server/admin/stats";
import { intlLocale } from "../../locales";
import { Island, usePage } from "../../server/render/page";
import { dayText } from "../../server/lib/time-zone";
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
  const amountLabel = t("manager.stats.amount");
  const labels = { count: t(`manager.stats.count.${name}`), ...(money ? { amount: amountLabel } : {}) };
  return (
    <section className="card" data-series={name}>
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      {/* a count and a sum of money on one axis hides the count (6 beside 20 967 ₽): each its own chart */}
      <Island
        name="stats-chart"
        props={{ data: seriesRows(points, { count: labels.count }), index: "date", categories: [labels.count], colors: ["blue"], title, integers: true }}
        hydrate={hydrate}
      />
      {money && (
        <Island
          name="stats-chart"
          props={{
            data: points.map((p) => ({ date: p.date, [amountLabel]: Math.round((p.amount ?? 0) / 100) })),
            index: "date",
            categories: [amountLabel],
            colors: ["emerald"],
            title: `${title}: ${amountLabel}`,
          }}
          hydrate={hydrate}
        />
      )}
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

type Totals = Awaited<ReturnType<typeof periodTotals>>;

/** This period beside the one before it: what grew and what fell. */
function Comparison({ period, previous, now, before }: { period: Period; previous: Period; now: Totals; before: Totals }) {
  const { t, locale } = usePage();
  const day = (d: string) => dayText(d, intlLocale(locale));
  const rows: [keyof Totals, (v: number) => string][] = [
    ["users", String],
    ["completedResults", String],
    ["businessAccounts", String],
    ["paidOrders", String],
    ["revenue", (v) => rubLabel(v)],
  ];
  const change = (a: number, b: number) => (b === 0 ? (a === 0 ? "0 %" : "—") : `${a >= b ? "+" : "−"}${Math.round((Math.abs(a - b) / b) * 100)} %`);
  return (
    <section className="card mb-8 overflow-x-auto" data-testid="comparison">
      <h2 className="mb-1 text-lg font-semibold">{t("manager.stats.comparison")}</h2>
      {/* the two periods said once above the table: as column heads they wrapped to five lines at 360 px */}
      <p className="mb-3 text-sm text-slate-500" data-testid="periods">
        {t("manager.stats.periods", { from: day(period.from), to: day(period.to), prevFrom: day(previous.from), prevTo: day(previous.to) })}
      </p>
      <table className="w-full text-left text-xs sm:text-sm">
        <thead className="text-slate-500">
          <tr>
            <th className="py-1 pr-2 font-medium" />
            <th className="py-1 pr-2 font-medium">{t("manager.stats.thisPeriod")}</th>
            <th className="py-1 pr-2 font-medium">{t("manager.stats.previousPeriod")}</th>
            <th className="py-1 font-medium">{t("manager.stats.change")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map(([k, show]) => (
            <tr key={k} data-metric={k}>
              <th scope="row" className="py-1 pr-2 font-normal text-slate-600">
                {t(`manager.stats.period.${k}`)}
              </th>
              <td className="py-1 pr-2 font-semibold tabular-nums">{show(now[k])}</td>
              <td className="py-1 pr-2 tabular-nums">{show(before[k])}</td>
              <td className={`py-1 tabular-nums ${now[k] > before[k] ? "text-emerald-700" : now[k] < before[k] ? "text-rose-700" : ""}`}>
                {change(now[k], before[k])}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Stats({ data }: { data: Data & { period: Period & { adjusted: boolean }; previous: Period; now: Totals; before: Totals } }) {
  const { t, path } = usePage();
  return (
    <>
      <form method="get" action={path} className="card mb-6 flex flex-wrap items-end gap-3" data-testid="period">
        <label className="text-sm">
          <span className="label">{t("manager.list.from")}</span>
          <input type="date" name="from" className="input" defaultValue={data.period.from} />
        </label>
        <label className="text-sm">
          <span className="label">{t("manager.list.to")}</span>
          <input type="date" name="to" className="input" defaultValue={data.period.to} />
        </label>
        <button type="submit" className="btn-primary">
          {t("manager.list.apply")}
        </button>
        {data.period.adjusted && <p className="w-full text-sm text-amber-800">{t("manager.stats.adjusted")}</p>}
      </form>
      <Comparison period={data.period} previous={data.previous} now={data.now} before={data.before} />
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
  load: async (c) => {
    const db = c.get("scope").db;
    const period = periodOf(c.req.query("from"), c.req.query("to"));
    const previous = previousPeriod(period);
    const [stats, now, before] = await Promise.all([loadStats(db, period), periodTotals(db, period), periodTotals(db, previous)]);
    return { ...stats, period, previous, now, before };
  },
  title: (t) => t("manager.stats.title"),
  Component: Stats,
});
