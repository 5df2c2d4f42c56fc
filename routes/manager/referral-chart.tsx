// /manager/referral/{id}/ReferralChart: a referral's sign-ups, completed tests and payments by
// day — a chart island (hydrated when visible) over a server-rendered table of the same numbers.
import { referralByDays } from "../../server/admin/referrals";
import { referralStat } from "../../server/services/referrals";
import { definePage } from "../../server/render/define";
import { Island, usePage } from "../../server/render/page";
import { rubLabel } from "../../server/lib/money";
import { CabinetLayout } from "../_layouts/cabinet";
import { idParams } from "./resource";

const DAYS = 30;

export const referralChartPage = definePage({
  path: "/manager/referral/:id/ReferralChart",
  guards: ["admin"],
  params: idParams,
  load: async (c) => {
    const id = c.req.param("id")!;
    const db = c.get("deps").db;
    const [ref, points] = await Promise.all([referralStat(db, id), referralByDays(db, id, DAYS)]);
    return { ref, points };
  },
  title: (t) => t("manager.referrals.chart"),
  Component: ({ data }) => {
    const { t } = usePage();
    const labels = { signups: t("manager.referrals.signups"), completed: t("manager.referrals.completed"), payments: t("manager.referrals.payments") };
    const title = `${t("manager.referrals.chart")}: ${data.ref.code}`;
    return (
      <CabinetLayout kind="manager" title={title}>
        <p className="mb-4 text-sm">
          <a href={`/manager/referral/${data.ref._id}`} className="text-brand-700 hover:underline">
            ← {data.ref.code}
          </a>
        </p>
        <dl className="mb-6 grid grid-cols-3 gap-3" data-testid="referral-stat">
          {(["signups", "completed", "payments"] as const).map((k) => (
            <div key={k} className="card" data-stat={k}>
              <dt className="text-sm text-slate-500">{labels[k]}</dt>
              <dd className="mt-1 text-2xl font-black tabular-nums">{data.ref.stat[k]}</dd>
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
              title,
              // people and payments: whole numbers on the axis (m21)
              integers: true,
            }}
            hydrate="visible"
          />
          <div className="mt-3 max-h-80 overflow-auto">
            <table className="w-full text-left text-sm" data-testid="referral-days">
              <thead className="text-slate-500">
                <tr>
                  <th className="py-1 pr-3">{t("manager.stats.date")}</th>
                  <th className="py-1 pr-3">{labels.signups}</th>
                  <th className="py-1 pr-3">{labels.completed}</th>
                  <th className="py-1 pr-3">{labels.payments}</th>
                  <th className="py-1">{t("manager.stats.amount")}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {[...data.points].reverse().map((p) => (
                  <tr key={p.date}>
                    <td className="py-1 pr-3 tabular-nums">{p.date}</td>
                    <td className="py-1 pr-3 tabular-nums">{p.signups}</td>
                    <td className="py-1 pr-3 tabular-nums">{p.completed}</td>
                    <td className="py-1 pr-3 tabular-nums">{p.payments}</td>
                    <td className="py-1 tabular-nums">{rubLabel(p.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      </CabinetLayout>
    );
  },
});
