// /manager/public/base and /manager/public/full without an id (spec §3: "a report can be shown
// by type, default base, and id"). Without an id nothing is chosen, and the page says so instead of
// quietly showing someone's report: it lists the latest complete results, each with
// its report of this type and its page in the back-office. With an id, the report pages in
// routes/report/pages.tsx answer (the same view the owner sees, with a way back).
import { latestCompleted } from "../../server/admin/overview";
import { usePage } from "../../server/render/page";
import { managerPage } from "./kit";
import { Empty, Value } from "./ui";

export const latestReportPages = (["base", "full"] as const).map((type) =>
  managerPage({
    path: `/manager/public/${type}`,
    load: (_c, scope) => latestCompleted(scope.db, 10),
    title: (t) => t("manager.public.title"),
    Component: function ChooseResult({ data }) {
      const { t, locale } = usePage();
      return (
        <>
          <p className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900" role="status" data-testid="no-result-chosen">
            {t("manager.public.choose")}
          </p>
          {data.length === 0 ? (
            <Empty>{t("manager.public.none")}</Empty>
          ) : (
            <section className="card">
              <h2 className="mb-3 font-semibold">{t("cabinet.main.latest")}</h2>
              <ul className="divide-y divide-slate-100 text-sm" data-testid="choose-result">
                {data.map((r) => (
                  <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <a href={`/manager/results/${r.id}`} className="min-w-0 truncate text-brand-700 hover:underline">
                      {r.email}
                    </a>
                    <span className="flex items-center gap-3">
                      <span className="text-slate-500">
                        <Value value={r.completedAt} kind="date" locale={locale} />
                      </span>
                      <a href={`/manager/public/${type}/${r.id}`} className="text-brand-700 hover:underline">
                        {t(type === "full" ? "manager.results.fullReport" : "manager.results.baseReport")}
                      </a>
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      );
    },
  }),
);
