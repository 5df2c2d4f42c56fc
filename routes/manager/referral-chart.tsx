// /manager/referral/{id}/ReferralChart: a referral's sign-ups, completed tests and payments by
// day — a chart island (hydrated when visible) over a server-rendered table of the same numbers.
import { ID_PARAM } from "../../server/lib/ids";
import { referralByDays } from "../../server/admin/referrals";
import { referralStat } from "../../server/services/referrals";
import { Island, usePage } from "../../server/render/page";
import { rubLabel } from "../../server/lib/money";
import { managerPage } from "./kit";
import { idParams } from "./resource";

const DAYS = 30;

export const referralChartPage = managerPage({
  path: `/manager/referral/${ID_PARAM}/ReferralChart`,
  params: idParams,
  load: async (c) => {
    const id = c.req.param("id")!;
    const db = c.get("scope").db;
    const [ref, points] = await Promise.all([referralStat(db, id), referralByDays(db, id, DAYS)]);
    return { ref, points };
  },
  title: (t, data) => `${t("manager.referrals.chart")}: ${data.ref.code}`,
  Component: ({ data }) => {
    const { t } = usePage();
    const labels = { signups: t("manager.referrals.signups"), completed: t("manager.referrals.completed"), payments: t("manager.referrals.payments") };
    return (
      <>
        <p className="mb-4 text-sm">
          <a href={`/manager/referral/${data.ref._id}`} className="text-brand-700 hover:underline">
            ← {data.ref.code}
          </a>
        </p>
        {/* at phone width one figure a line (three side by side left no room for "Completed tests") */}
        <dl className="mb-6 grid gap-3 sm:grid-cols-3" data-testid="referral-stat">
          {(["signups", "completed", "payments"] as const).map((k) => (
            <div key={k} className="card flex items-baseline justify-between gap-3 sm:block" data-stat={k}>
              <dt className="text-sm text-slate-500">{labels[k]}</dt>
              <dd className="text-2xl font-black tabular-nums sm:mt-1">{data.ref.stat[k]}</dd>
            </div>
          ))}
        </dl>
        <section className="card">
          <h2 className="mb-3 text-lg font-semibold">{t("manager.referrals.byDays", { days: DAYS })}</h2>
          <Island
            name="stats-chart"
            props={{
              data: data.points.map((p) => ({ date: p.date, [labels.signups]: p.signups, [labels.completed]: p.completed, [labels.payments]: p.payments })),
              index: "date",
              categories: [labels.signups, labels.completed, labels.payments],
              title: `${t("manager.referrals.chart")}: ${data.ref.code}`,
              // people and payments: whole numbers on the axis
              integers: true,
            }}
            hydrate="visible"
          />
          <div className="mt-3 max-h-80 overflow-auto">
            {/* five columns in 300 px: smaller type and headings that wrap, so "Payments / Sum" stay in view */}
            <table className="w-full text-left text-xs sm:text-sm" data-testid="referral-days">
              <thead className="align-bottom leading-tight text-slate-500">
                <tr>
                  <th className="py-1 pr-2 font-medium">{t("manager.stats.date")}</th>
                  <th className="py-1 pr-2 font-medium">{labels.signups}</th>
                  <th className="py-1 pr-2 font-medium">{labels.completed}</th>
                  <th className="py-1 pr-2 font-medium">{labels.payments}</th>
                  <th className="py-1 text-right font-medium">{t("manager.stats.amount")}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {[...data.points].reverse().map((p) => (
                  <tr key={p.date}>
                    <td className="whitespace-nowrap py-1 pr-2 tabular-nums">
                      {/* the day and month at phone width: the year is the chart's, and the sum needs the room */}
                      <span className="sm:hidden">
                        {p.date.slice(8)}.{p.date.slice(5, 7)}
                      </span>
                      <span className="hidden sm:inline">{p.date}</span>
                    </td>
                    <td className="py-1 pr-2 tabular-nums">{p.signups}</td>
                    <td className="py-1 pr-2 tabular-nums">{p.completed}</td>
                    <td className="py-1 pr-2 tabular-nums">{p.payments}</td>
                    <td className="whitespace-nowrap py-1 text-right tabular-nums">{rubLabel(p.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      </>
    );
  },
});
