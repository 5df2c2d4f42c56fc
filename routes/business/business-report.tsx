// /dashboard/report/base (spec §2): an employee's business report — the six business sections
// of their format, their fit for the project's positions and their soft skills — with the PDF of
// it and the team PDF (formats and indicator averages by department).
import { usePage } from "../../server/render/page";
import { employeeBusinessReport, employeeListSchema, listEmployees } from "../../server/services/business";
import { BusinessShell } from "../_layouts/cabinet";
import { FitCard, SkillsCard } from "./analytics-kit";
import { Card, cabinetPage, type WithShell } from "./kit";
import { ReliabilityNote } from "./reliability-note";

type Data = {
  people: { _id: string; name: string }[];
  report: Awaited<ReturnType<typeof employeeBusinessReport>> | null;
};

function BusinessReport({ data }: { data: WithShell<Data> }) {
  const { t } = usePage();
  const r = data.report;
  const project = data.shell.project._id;
  const pdf = (q: string) => `/api/report/business?format=pdf&${q}&project=${project}`;
  return (
    <BusinessShell shell={data.shell} title={t("analytics.report.title")}>
      <p className="mb-4 text-slate-600">{t("analytics.report.lead")}</p>
      <Card>
        <form method="get" className="flex flex-wrap items-end gap-3" data-testid="report-pick">
          <input type="hidden" name="project" value={project} />
          <div className="min-w-0 flex-1">
            <label htmlFor="employee" className="label">
              {t("analytics.report.pick")}
            </label>
            <select id="employee" name="employee" defaultValue={r?.employee._id ?? ""} className="input">
              {data.people.map((p) => (
                <option key={p._id} value={p._id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-secondary">
            {t("analytics.report.show")}
          </button>
          <a href={pdf("team=1")} className="btn-secondary" data-testid="team-pdf">
            {t("analytics.report.teamPdf")}
          </a>
        </form>
      </Card>
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
              // the person withdrew consent: said once, not as "no test" beside "test completed" (m25)
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
  path: ["/dashboard/report/base"],
  title: (t) => t("analytics.report.title"),
  load: async (c, scope) => {
    const list = await listEmployees(scope, employeeListSchema.parse({ limit: 500 }));
    const people = list.docs.map((d) => ({ _id: d._id, name: d.name }));
    // the one asked for, else the first person with a result
    const wanted = c.req.query("employee");
    const id = wanted && people.some((p) => p._id === wanted) ? wanted : (list.docs.find((d) => d.format)?._id ?? people[0]?._id);
    return { people, report: id ? await employeeBusinessReport(scope, id, c.get("locale")) : null };
  },
  Component: BusinessReport,
});
