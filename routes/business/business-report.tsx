// /dashboard/report/base (spec §2; also /business/report): an employee's business report — the six business sections
// of their format, their fit for the project's positions and their soft skills — with the PDF of
// it and the team PDF (formats and indicator averages by department).
import { usePage } from "../../server/render/page";
import { employeeBusinessReport, employeeListSchema, listEmployees } from "../../server/services/business";
import { BusinessShell } from "../_layouts/cabinet";
import { FitCard, SkillsCard } from "./analytics-kit";
import { Card, cabinetPage, useLinks, type WithShell } from "./kit";
import { ReliabilityNote } from "./reliability-note";

type Data = {
  report: Awaited<ReturnType<typeof employeeBusinessReport>> | null;
};

function BusinessReport({ data }: { data: WithShell<Data> }) {
  const { t } = usePage();
  const links = useLinks();
  const r = data.report;
  const project = data.shell.project._id;
  const pdf = (q: string) => `/api/report/business?format=pdf&${q}&project=${project}`;
  return (
    <BusinessShell shell={data.shell} title={t("analytics.report.title")}>
      <p className="mb-4 text-slate-600">{t("analytics.report.lead")}</p>
      <p className="mb-4 flex flex-wrap gap-x-4 gap-y-2 text-sm">
        <a href={`${links.reports}?project=${project}`} className="text-brand-700 hover:underline" data-testid="all-reports">
          ← {t("cabinet.reports.all")}
        </a>
        <a href={pdf("team=1")} className="text-brand-700 hover:underline" data-testid="team-pdf">
          {t("analytics.report.teamPdf")}
        </a>
      </p>
      {!r && <Card>{t("cabinet.reports.nobody")}</Card>}
      {r && (
        <article className="mt-4 space-y-4" data-testid="business-report">
          <Card>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <h2 className="break-words text-2xl font-bold text-slate-900">{r.employee.name}</h2>
                <p className="text-sm text-slate-500">{[r.employee.department?.name, r.employee.position?.name].filter(Boolean).join(" · ") || "—"}</p>
              </div>
              <a href={pdf(`employee=${r.employee._id}`)} className="btn-primary" data-testid="employee-pdf">
                {t("analytics.report.pdf")}
              </a>
            </div>
            {r.format ? (
              <div className="mt-4">
                <p className="text-lg font-semibold text-brand-700" data-testid="report-format">
                  {r.format.name}
                </p>
                <p className="mt-1 text-slate-700">{r.text || r.format.description}</p>
                <ReliabilityNote r={r.reliability} lines={r.reliabilityLines} />
              </div>
            ) : !r.shared ? (
              // the person withdrew consent: said once, not as "no test" beside "test completed"
              <p className="mt-4 rounded-lg bg-slate-100 p-3 text-slate-700" data-testid="stopped-sharing">
                {t("people.stoppedSharing")}
              </p>
            ) : (
              <p className="mt-4 text-slate-600">{t("analytics.report.noResult")}</p>
            )}
          </Card>
          {r.format && (
            <>
              <div className="grid gap-4 lg:grid-cols-2">
                <FitCard fit={r.efficiency} />
                <SkillsCard skills={r.skills} />
              </div>
              <Card title={t("analytics.report.sectionsTitle")} testid="report-sections">
                <div className="space-y-4">
                  {r.sections.map((s) => (
                    <section key={s.key}>
                      <h3 className="font-semibold text-slate-900">{s.title}</h3>
                      <p className="mt-1 whitespace-pre-line text-slate-700">{s.text}</p>
                    </section>
                  ))}
                </div>
              </Card>
            </>
          )}
        </article>
      )}
    </BusinessShell>
  );
}

export const businessReportPage = cabinetPage<Data>({
  path: ["/dashboard/report/base", "/business/report"],
  title: (t) => t("analytics.report.title"),
  load: async (c, scope) => {
    // the one asked for (the list of people is /business/reports), else the first person with a result
    const wanted = c.req.query("employee");
    const first = wanted ? null : (await listEmployees(scope, employeeListSchema.parse({ limit: 1, filter: { status: "completed" } }))).docs[0];
    const id = wanted ?? first?._id;
    return { report: id ? await employeeBusinessReport(scope, id, c.get("locale")) : null };
  },
  Component: BusinessReport,
});
