// Settings (/business/settings): the project's name and description, the company details for
// invoices; projects (/business/settings/projects, /dashboard/project) and creating one
// (/dashboard/project/create); support (/business/support); the business reports and what was
// bought (/business/reports).
import { intlLocale } from "../../locales";
import { postedVersion } from "../../server/lib/forms";
import { usePage } from "../../server/render/page";
import { dateIn, zoneName } from "../../server/lib/time-zone";
import {
  bookConsultation,
  bookingSchema,
  businessReports,
  can,
  createProject,
  detailsSchema,
  employeeListSchema,
  listEmployees,
  listProjects,
  projectSchema,
  projectSettings,
  sendSupport,
  supportSchema,
  updateDetails,
  updateProject,
  updateProjectSchema,
  versionOf,
  type Scope,
} from "../../server/services/business";
import { notifySchema, updateNotify } from "../../server/services/business/follow-up";
import { ServerForm } from "../_blocks/blocks";
import { FormatCell } from "./employees/cells";
import { BusinessShell } from "../_layouts/cabinet";
import { Card, cabinetForm, cabinetPage, done, Notice, Pager, useLinks, VersionField, type WithShell } from "./kit";

type SettingsData = {
  name: string;
  description: string;
  details: Record<string, string>;
  canProject: boolean;
  canBilling: boolean;
  notify: "each" | "digest" | "off";
  /** the project's version, carried by its three forms (server/services/business/versions.ts) */
  version: string | null;
};

function Settings({ data }: { data: WithShell<SettingsData> }) {
  const { t, locale, config } = usePage();
  const links = useLinks();
  return (
    <BusinessShell shell={data.shell} title={t("cabinet.nav.business.settings")}>
      <Notice />
      <nav className="mb-4 flex flex-wrap gap-3 text-sm">
        <a href={links.projects} className="text-brand-700 hover:underline">
          {t("cabinet.settings.projects")}
        </a>
        <a href="/business/support" className="text-brand-700 hover:underline">
          {t("cabinet.settings.support")}
        </a>
        <a href="/business/reports" className="text-brand-700 hover:underline">
          {t("cabinet.settings.reports")}
        </a>
        <a href="/business/integrations" className="text-brand-700 hover:underline">
          {t("integrations.page.title")}
        </a>
      </nav>
      <div className="grid gap-4 lg:grid-cols-2">
        {data.canProject && (
          <Card title={t("cabinet.settings.project")}>
            <ServerForm
              kind="project"
              submit={t("cabinet.save")}
              fields={[
                { name: "name", label: t("cabinet.settings.name"), required: true, value: data.name },
                { name: "description", label: t("cabinet.settings.description"), type: "textarea", value: data.description },
              ]}
            >
              <VersionField kind="project" version={data.version} />
            </ServerForm>
          </Card>
        )}
        {data.canBilling && (
          <Card title={t("cabinet.settings.details")}>
            <ServerForm
              kind="details"
              submit={t("cabinet.save")}
              fields={[
                { name: "company", label: t("cabinet.settings.company"), value: data.details.company, autoComplete: "organization" },
                { name: "inn", label: t("cabinet.begin.inn"), value: data.details.inn },
                { name: "kpp", label: t("cabinet.settings.kpp"), value: data.details.kpp },
                { name: "address", label: t("cabinet.settings.address"), value: data.details.address },
                { name: "email", label: t("common.forms.email"), type: "email", value: data.details.email },
                { name: "phone", label: t("cabinet.settings.phone"), type: "tel", value: data.details.phone },
              ]}
            >
              <VersionField kind="details" version={data.version} />
            </ServerForm>
          </Card>
        )}
        {data.canBilling && (
          <Card title={t("followup.settings.title")} testid="notify-settings">
            <ServerForm
              kind="notify"
              submit={t("cabinet.save")}
              fields={[
                {
                  name: "notify",
                  label: t("followup.settings.notify"),
                  type: "select",
                  value: data.notify,
                  hint: t("followup.settings.hint", { zone: zoneName(config.TIME_ZONE, intlLocale(locale)) }),
                  options: (["each", "digest", "off"] as const).map((v) => ({ value: v, label: t(`followup.settings.${v}`) })),
                },
              ]}
            >
              <VersionField kind="notify" version={data.version} />
            </ServerForm>
          </Card>
        )}
        {!data.canProject && !data.canBilling && <Card>{t("cabinet.settings.readOnly")}</Card>}
      </div>
    </BusinessShell>
  );
}

/** Changed by someone else since the page was made: the form again with the project as it is now. */
const current = (pick: (p: Awaited<ReturnType<typeof projectSettings>>) => Record<string, string>) => async (scope: Scope) => ({
  ...pick(await projectSettings(scope)),
  _version: (await versionOf(scope.db, "project", scope.project.id)) ?? "",
});

export const settingsPage = cabinetPage<SettingsData>({
  path: ["/business/settings"],
  title: (t) => t("cabinet.nav.business.settings"),
  load: async (_c, scope) => ({
    name: scope.project.name,
    description: scope.project.description ?? "",
    details: (scope.project.details ?? {}) as Record<string, string>,
    canProject: can(scope, "project") && !scope.demo,
    canBilling: can(scope, "billing") && !scope.demo,
    notify: scope.project.notify,
    version: await versionOf(scope.db, "project", scope.project.id),
  }),
  Component: Settings,
  forms: {
    notify: cabinetForm({
      schema: notifySchema,
      current: current((p) => ({ notify: p.notify })),
      run: async (scope, input, c, values) => {
        await updateNotify(scope, input, { version: postedVersion(values) });
        return done(c, scope, "saved");
      },
    }),
    details: cabinetForm({
      schema: detailsSchema,
      current: current((p) => p.details),
      run: async (scope, input, c, values) => {
        await updateDetails(scope, input, { version: postedVersion(values) });
        return done(c, scope, "saved");
      },
    }),
    project: cabinetForm({
      schema: updateProjectSchema,
      shape: (v) => ({ name: v.name, description: v.description ?? "" }),
      current: current((p) => ({ name: p.name, description: p.description })),
      run: async (scope, input, c, values) => {
        await updateProject(scope, input, { version: postedVersion(values) });
        return done(c, scope, "saved");
      },
    }),
  },
});

// ------------------------------------------------------------------ projects

type ProjectsData = { projects: Awaited<ReturnType<typeof listProjects>>; canCreate: boolean; createOnly: boolean };

function Projects({ data }: { data: WithShell<ProjectsData> }) {
  const { t, path } = usePage();
  return (
    <BusinessShell shell={data.shell} title={data.createOnly ? t("cabinet.projects.create") : t("cabinet.settings.projects")}>
      <Notice />
      <div className="grid gap-4 lg:grid-cols-2">
        {!data.createOnly && (
          <Card testid="project-list">
            <ul className="divide-y divide-slate-100">
              {data.projects.map((p) => (
                <li key={p._id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    <a href={`${path}?project=${p._id}`} className="font-medium text-brand-700 hover:underline">
                      {p.name}
                    </a>
                    {p._id === data.shell.project._id && <span className="ml-2 text-xs text-slate-500">{t("cabinet.projects.current")}</span>}
                  </span>
                  <span className="text-sm text-slate-500">{t("cabinet.projects.balance", { n: p.inviteBalance })}</span>
                </li>
              ))}
            </ul>
          </Card>
        )}
        {data.canCreate && (
          <Card title={t("cabinet.projects.create")}>
            <ServerForm
              kind="create-project"
              submit={t("cabinet.projects.create")}
              fields={[
                { name: "name", label: t("cabinet.settings.name"), required: true },
                { name: "description", label: t("cabinet.settings.description"), type: "textarea" },
              ]}
            />
          </Card>
        )}
      </div>
    </BusinessShell>
  );
}

const projectsDef = (path: string[], createOnly: boolean) =>
  cabinetPage<ProjectsData>({
    path,
    title: (t) => (createOnly ? t("cabinet.projects.create") : t("cabinet.settings.projects")),
    load: async (_c, scope) => ({
      projects: (await listProjects(scope)).filter((p) => !scope.demo || p._id === scope.project.id),
      canCreate: (scope.user.isBusiness || scope.role === "admin") && !scope.demo,
      createOnly,
    }),
    Component: Projects,
    forms: {
      "create-project": cabinetForm({
        schema: projectSchema,
        run: async (scope, input, c) => {
          const p = await createProject(scope, input);
          const url = new URL(c.req.path.endsWith("/create") ? "/dashboard/project" : c.req.path, "http://x");
          url.searchParams.set("project", p._id);
          url.searchParams.set("done", "projectCreated");
          return c.redirect(`${url.pathname}${url.search}`, 303);
        },
      }),
    },
  });
export const projectsPage = projectsDef(["/business/settings/projects", "/dashboard/project"], false);
export const projectCreatePage = projectsDef(["/dashboard/project/create"], true);

// ------------------------------------------------------------------ support

function Support({ data }: { data: WithShell<{ email: string; canBook: boolean }> }) {
  const { t } = usePage();
  return (
    <BusinessShell shell={data.shell} title={t("cabinet.settings.support")}>
      <Notice />
      <div className="max-w-xl">
        <Card>
          <p className="mb-4 text-sm text-slate-600">{t("cabinet.support.lead")}</p>
          <ServerForm
            kind="support"
            submit={t("common.forms.send")}
            fields={[
              { name: "subject", label: t("cabinet.support.subject"), required: true },
              { name: "message", label: t("cabinet.support.message"), type: "textarea", required: true },
              { name: "email", label: t("common.forms.email"), type: "email", value: data.email },
            ]}
          />
          <p className="mt-3 text-xs text-slate-500">{t("followup.support.copyNote")}</p>
        </Card>
        {data.canBook && (
          <div className="mt-4">
            <Card title={t("followup.booking.title")} testid="booking">
              <p className="mb-4 text-sm text-slate-600">{t("followup.booking.lead")}</p>
              <ServerForm
                kind="booking"
                submit={t("followup.booking.send")}
                fields={[
                  {
                    name: "kind",
                    label: t("followup.booking.kind"),
                    type: "select",
                    required: true,
                    options: [
                      { value: "consultation", label: t("followup.booking.consultation") },
                      { value: "analysis", label: t("followup.booking.analysis") },
                    ],
                  },
                  { name: "when", label: t("followup.booking.when"), hint: t("followup.booking.whenHint") },
                  { name: "phone", label: t("common.forms.phone"), type: "tel", autoComplete: "tel" },
                  { name: "message", label: t("followup.booking.message"), type: "textarea" },
                ]}
              />
            </Card>
          </div>
        )}
      </div>
    </BusinessShell>
  );
}

export const supportPage = cabinetPage<{ email: string; canBook: boolean }>({
  path: ["/business/support"],
  title: (t) => t("cabinet.settings.support"),
  load: async (_c, scope) => ({ email: scope.user.email, canBook: can(scope, "billing") && !scope.demo }),
  Component: Support,
  forms: {
    booking: cabinetForm({
      schema: bookingSchema,
      run: async (scope, input, c) => {
        await bookConsultation(scope, input);
        return done(c, scope, "supportSent");
      },
    }),
    support: cabinetForm({
      schema: supportSchema,
      run: async (scope, input, c) => {
        await sendSupport(scope, input);
        return done(c, scope, "supportSent");
      },
    }),
  },
});

// ------------------------------------------------------------------ reports

type ReportsData = {
  people: Awaited<ReturnType<typeof listEmployees>>;
  q: string;
  /** what was bought: the owner's and a manager's to see (billing), null for the others */
  purchases: Awaited<ReturnType<typeof businessReports>> | null;
};

/** /business/reports: the business reports — each person's, with its PDF, and the team's PDF —
 * and, apart, what was bought. */
function Reports({ data }: { data: WithShell<ReportsData> }) {
  const { t, locale, path, config } = usePage();
  const links = useLinks();
  const project = data.shell.project._id;
  const pdf = (q: string) => `/api/report/business?format=pdf&${q}&project=${project}`;
  const list = data.people;
  const pageLink = (n: number) => `${path}?${new URLSearchParams({ project, ...(data.q ? { q: data.q } : {}), page: String(n) })}`;
  return (
    <BusinessShell shell={data.shell} title={t("cabinet.settings.reports")}>
      <div className="space-y-4">
        <Card title={t("cabinet.reports.peopleTitle")} testid="people-reports">
          <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
            <form method="get" className="flex min-w-0 flex-wrap items-end gap-2" role="search">
              <input type="hidden" name="project" value={project} />
              <div className="min-w-0">
                <label htmlFor="reports-q" className="label">
                  {t("cabinet.reports.search")}
                </label>
                <input id="reports-q" name="q" defaultValue={data.q} className="input" />
              </div>
              <button type="submit" className="btn-secondary py-2 text-sm">
                {t("cabinet.employees.apply")}
              </button>
            </form>
            <a href={pdf("team=1")} className="btn-primary" data-testid="team-pdf">
              {t("analytics.report.teamPdf")}
            </a>
          </div>
          {list.docs.length === 0 ? (
            <p className="text-slate-600">{t(data.q ? "cabinet.reports.noMatch" : "cabinet.reports.nobody")}</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {list.docs.map((p) => (
                <li key={p._id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-person={p._id}>
                  <span className="min-w-0">
                    <a
                      href={`${links.report}?${new URLSearchParams({ project, employee: p._id })}`}
                      className="font-medium text-brand-700 hover:underline [overflow-wrap:anywhere]"
                    >
                      {p.name}
                    </a>
                    <span className="block text-xs text-slate-500">
                      {p.format && p.consent ? <FormatCell doc={p} /> : t("cabinet.reports.noResult")}
                      {p.department?.name ? ` · ${p.department.name}` : ""}
                    </span>
                  </span>
                  {p.format && p.consent && (
                    <a href={pdf(`employee=${p._id}`)} className="whitespace-nowrap text-brand-700 hover:underline">
                      PDF
                    </a>
                  )}
                </li>
              ))}
            </ul>
          )}
          {list.pages > 1 && <Pager page={list.page} pages={list.pages} total={list.total} limit={list.limit} link={pageLink} />}
        </Card>
        {data.purchases && (
          <Card title={t("cabinet.reports.purchasesTitle")} testid="business-reports">
            <p className="mb-3 text-sm text-slate-600">{t("cabinet.reports.lead", { n: data.purchases.invitesBought })}</p>
            {data.purchases.orders.length === 0 ? (
              <p className="text-slate-600">{t("cabinet.reports.none")}</p>
            ) : (
              <ul className="divide-y divide-slate-100 text-sm">
                {data.purchases.orders.map((o) => (
                  <li key={o._id} className="flex justify-between py-2">
                    <span>{t("cabinet.reports.pack", { n: o.quantity })}</span>
                    <span className="text-slate-500">{o.paidAt ? dateIn(o.paidAt, config.TIME_ZONE, intlLocale(locale)) : "—"}</span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        )}
      </div>
    </BusinessShell>
  );
}

const REPORTS_PAGE = 50;

export const reportsPage = cabinetPage<ReportsData>({
  path: ["/business/reports"],
  title: (t) => t("cabinet.settings.reports"),
  load: async (c, scope) => {
    const q = (c.req.query("q") ?? "").trim().slice(0, 120);
    const page = Math.max(1, Math.min(1_000_000, Number.parseInt(c.req.query("page") ?? "1", 10) || 1));
    const [people, purchases] = await Promise.all([
      listEmployees(scope, employeeListSchema.parse({ page, limit: REPORTS_PAGE, filter: q ? { q } : {} })),
      can(scope, "billing") ? businessReports(scope) : null,
    ]);
    return { people, q, purchases };
  },
  Component: Reports,
});
