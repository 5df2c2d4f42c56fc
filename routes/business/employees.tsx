// Employees: the list (name, department, position, format, harmony, anxiety, test status;
// filters, sorting by any column, pages) and the detail (indicators and format as the consent
// allows; moves, appointing and removing control, removal with confirmation). One component per
// screen, served at /business/employees[/{id}] and /dashboard/employees[/{id}].
import { intlLocale } from "../../locales";
import { Fragment } from "react";
import { z } from "zod";
import { handleForm, postedVersion } from "../../server/lib/forms";
import { Island, usePage } from "../../server/render/page";
import { dateIn } from "../../server/lib/time-zone";
import {
  activateManager,
  activateManagerSchema,
  checkVersion,
  moveEmployee,
  moveEmployeeSchema,
  versionOf,
  previewAppointment,
  requestRetake,
  type Reliability,
  renameEmployee,
  renameEmployeeSchema,
  can,
  createSkill,
  employeeEfficiency,
  employeeSkills,
  skillCreateSchema,
  deleteEmployee,
  EMPLOYEE_STATUSES,
  employeeListSchema,
  getEmployee,
  indented,
  inTreeOrder,
  listDepartments,
  listEmployees,
  supervisorOptions,
  listPositions,
  SORT_TYPES,
  type EmployeeDoc,
  reliabilityLines,
} from "../../server/services/business";
import { listFormats } from "../../server/services/formats";
import { ReliabilityMarks, ReliabilityNote } from "./reliability-note";
import { BusinessShell } from "../_layouts/cabinet";
import {
  AnalyticsFilters,
  analyticsFilterOf,
  analyticsQuery,
  FitCard,
  MetricsCard,
  SCALED,
  ScaledLabel,
  SkillsCard,
  skillOptions,
  type AnalyticsQuery,
  type FitView,
  type SkillsView,
} from "./analytics-kit";
import {
  blankToNull,
  Card,
  cabinetPage,
  Confirm,
  ConfirmDelete,
  done,
  FormError,
  InviteStatusChip,
  Notice,
  PAGE_SIZES,
  Pager,
  Select,
  useLinks,
  VersionField,
  type WithShell,
} from "./kit";

/** Rows a page shows unless the reader picks another of the kit's sizes (?limit=). */
const PAGE_SIZE = 50;

/** Scroll shadows (background-attachment local/scroll): a shade at an edge while there is more to scroll to. */
const SCROLL_SHADOWS = {
  background: [
    "linear-gradient(to right, #fff 30%, rgba(255,255,255,0)) left center / 40px 100% no-repeat local",
    "linear-gradient(to left, #fff 30%, rgba(255,255,255,0)) right center / 40px 100% no-repeat local",
    "radial-gradient(farthest-side at 0 50%, rgba(15,23,42,.22), rgba(15,23,42,0)) left center / 16px 100% no-repeat scroll",
    "radial-gradient(farthest-side at 100% 50%, rgba(15,23,42,.22), rgba(15,23,42,0)) right center / 16px 100% no-repeat scroll",
    "#fff",
  ].join(", "),
};

type ListData = {
  list: Awaited<ReturnType<typeof listEmployees>>;
  /** rows a page shows (the kit's sizes; 50 unless ?limit= names another) */
  limit: number;
  departments: { _id: string; name: string }[];
  positions: { _id: string; name: string }[];
  formats: { code: string; name: string }[];
  query: { q: string; department: string; position: string; format: string; status: string; sort: string; dir: string; limit: string } & AnalyticsQuery;
};

export function FormatCell({ doc }: { doc: Pick<EmployeeDoc, "format" | "consent"> }) {
  const { t, locale } = usePage();
  if (!doc.consent) return <span className="text-slate-500">{t("people.stoppedSharingShort")}</span>;
  if (!doc.format) return <span className="text-slate-400">—</span>;
  const name = doc.format.name as { ru?: string; en?: string } | null;
  return <span title={doc.format.code}>{name?.[locale] ?? doc.format.code}</span>;
}

/** The detail's reliability: the same facts the person's own report shows, and "ask to retake". */
function ReliabilityBlock({ e, runnerUpName, canAsk }: { e: DetailData["employee"]; runnerUpName: string | null; canAsk: boolean }) {
  const { t, locale, config } = usePage();
  const r = e.reliability;
  if (!r) return null;
  const date = (d: Date | string) => dateIn(new Date(d), config.TIME_ZONE, intlLocale(locale));
  return (
    <ReliabilityNote r={r} lines={reliabilityLines(t, r, runnerUpName)} spacing="mt-4 space-y-2">
      <p className="text-slate-600" data-testid="retake-state" data-state={e.retake.state}>
        {e.retake.state === "asked"
          ? t("cabinet.reliability.asked", { date: date(e.retake.at!) })
          : e.retake.state === "retaken"
            ? t("cabinet.reliability.retaken", { date: date(e.retake.at!) })
            : null}
      </p>
      {canAsk && e.retake.canAsk && (
        <Confirm
          kind="retake"
          tone="neutral"
          label={t("cabinet.reliability.ask")}
          consequence={t("cabinet.reliability.askConsequence", { name: displayName(t, e.name) })}
          confirm={t("cabinet.reliability.askConfirm")}
        />
      )}
    </ReliabilityNote>
  );
}

function StatusBadge({ status, wrap }: { status: string; wrap?: boolean }) {
  const { t } = usePage();
  const tone =
    status === "completed" ? "bg-emerald-100 text-emerald-800" : status === "inProgress" ? "bg-amber-100 text-amber-800" : "bg-slate-100 text-slate-700";
  return (
    <span className={`${wrap ? "inline-block" : "whitespace-nowrap"} rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>
      {t(`cabinet.employees.status.${status}`)}
    </span>
  );
}

/** A row's tick for the comparison (the compare-picker island keeps it in `diffList`). */
function PickBox({ id, name }: { id: string; name: string }) {
  const { t } = usePage();
  return (
    <input
      type="checkbox"
      name="ids"
      value={id}
      data-name={name}
      form="compare-form"
      aria-label={t("cabinet.compare.pickOne", { name })}
      className="h-5 w-5 shrink-0 accent-brand-600"
    />
  );
}

/** CSV and XLSX of the list as filtered and sorted now (GET /api/business/employees/export). */
function ExportLinks({ project, query }: { project: string; query: ListData["query"] }) {
  const { t } = usePage();
  const filter = Object.fromEntries(
    Object.entries({ department: query.department, position: query.position, format: query.format, status: query.status }).filter(([, v]) => v),
  );
  const href = (format: "csv" | "xlsx") =>
    `/api/business/employees/export?${new URLSearchParams({ format, project, filter: JSON.stringify(filter), sortType: query.sort, sortDirection: query.dir })}`;
  return (
    <p className="flex items-center gap-2 text-sm" data-testid="employee-export">
      <span className="text-slate-500">{t("stats.export.label")}</span>
      <a
        href={href("csv")}
        download
        className="rounded-lg border border-slate-300 bg-white px-3 py-1 font-semibold text-brand-700 hover:bg-slate-50"
        data-testid="export-csv"
      >
        CSV
      </a>
      <a
        href={href("xlsx")}
        download
        className="rounded-lg border border-slate-300 bg-white px-3 py-1 font-semibold text-brand-700 hover:bg-slate-50"
        data-testid="export-xlsx"
      >
        XLSX
      </a>
    </p>
  );
}

function EmployeeList({ data }: { data: WithShell<ListData> }) {
  const { t, path } = usePage();
  const links = useLinks();
  const q = data.query;
  const href = (over: Record<string, string>) => {
    const p = new URLSearchParams({ ...q, project: data.shell.project._id, ...over });
    for (const [k, v] of [...p]) if (!v) p.delete(k);
    return `${path}?${p}`;
  };
  const sortLink = (col: string) => href({ sort: col, dir: q.sort === col && q.dir === "asc" ? "desc" : "asc", page: "" });
  const arrow = (col: string) => (q.sort === col ? (q.dir === "asc" ? " ▲" : " ▼") : "");
  const any = { value: "", label: t("cabinet.employees.any") };
  const cols = ["name", "department", "position", "format", "harmony", "anxiety", "efficiency", "diff", "status"] as const;
  const { q: search, department, position, format, status, sort, dir, limit, ...analytics } = q;
  const filtered = [search, department, position, format, status, ...Object.values(analytics)].some(Boolean);
  return (
    <BusinessShell shell={data.shell} title={t("cabinet.nav.business.employees")}>
      <Notice />
      <div className="space-y-4">
        <form method="get" action={path} role="search" className="flex gap-2" data-testid="employee-search">
          {Object.entries({ ...q, project: data.shell.project._id, q: "", page: "" })
            .filter(([, v]) => v)
            .map(([k, v]) => (
              <input key={k} type="hidden" name={k} value={v} />
            ))}
          <label htmlFor="employee-q" className="sr-only">
            {t("cabinet.employees.search")}
          </label>
          <input
            id="employee-q"
            name="q"
            type="search"
            defaultValue={q.q}
            maxLength={120}
            placeholder={t("cabinet.employees.searchPlaceholder")}
            className="input min-w-0 flex-1"
          />
          <button type="submit" className="btn-secondary shrink-0">
            {t("cabinet.employees.searchGo")}
          </button>
        </form>
        <Card>
          <Island
            name="auto-submit"
            hydrate="idle"
            props={{
              action: path,
              id: "employee-filters",
              apply: t("cabinet.employees.apply"),
              keep: { project: data.shell.project._id, sort: q.sort, dir: q.dir, q: q.q, limit, ...analytics },
              fields: [
                {
                  name: "department",
                  label: t("cabinet.employees.department"),
                  value: q.department,
                  options: [any, ...data.departments.map((d) => ({ value: d._id, label: d.name }))],
                },
                {
                  name: "position",
                  label: t("cabinet.employees.position"),
                  value: q.position,
                  options: [any, ...data.positions.map((d) => ({ value: d._id, label: d.name }))],
                },
                {
                  name: "format",
                  label: t("cabinet.employees.format"),
                  value: q.format,
                  options: [any, ...data.formats.map((f) => ({ value: f.code, label: f.name }))],
                },
                {
                  name: "status",
                  label: t("cabinet.employees.testStatus"),
                  value: q.status,
                  options: [any, ...EMPLOYEE_STATUSES.map((s) => ({ value: s, label: t(`cabinet.employees.status.${s}`) }))],
                },
              ],
            }}
          />
          <AnalyticsFilters q={analytics} action={path} keep={{ project: data.shell.project._id, sort, dir, department, position, format, status, limit }} />
        </Card>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600" data-testid="employee-total">
            {t("cabinet.employees.total", { n: data.list.total })}
          </p>
          {data.list.total > 0 && <ExportLinks project={data.shell.project._id} query={q} />}
        </div>
        {data.list.docs.length === 0 && data.list.total > 0 ? (
          // a page past the end (?page=99): said so, with the way back
          <Card testid="employee-past-end">
            <p className="text-slate-600">{t("people.list.pastEnd", { pages: data.list.pages })}</p>
            <a href={href({ page: String(data.list.pages) })} className="btn-secondary mt-4">
              {t("people.list.lastPage")}
            </a>
          </Card>
        ) : data.list.docs.length === 0 && filtered ? (
          // people exist, the filter matches none: never "invite people"
          <Card testid="employee-no-match">
            <p className="text-slate-600">{t("people.list.noMatch")}</p>
            <a href={`${path}?project=${data.shell.project._id}`} className="btn-secondary mt-4" data-testid="employee-reset">
              {t("people.list.reset")}
            </a>
          </Card>
        ) : data.list.docs.length === 0 ? (
          <Card>
            <p className="text-slate-600">{t("cabinet.employees.empty")}</p>
            <a href={links.invites} className="btn-primary mt-4">
              {t("cabinet.employees.invite")}
            </a>
          </Card>
        ) : (
          <>
            {/* phones: one card per person */}
            <ul className="mobile-only space-y-2" data-testid="employee-cards">
              {data.list.docs.map((e) => (
                <li key={e._id} className="rounded-xl border border-slate-200 bg-white p-3">
                  <div className="flex items-start justify-between gap-3">
                    <a href={`${links.employees}/${e._id}`} className="font-semibold text-brand-700 [overflow-wrap:anywhere]">
                      {displayName(t, e.name)}
                    </a>
                    <PickBox id={e._id} name={e.name} />
                  </div>
                  <p className="text-sm text-slate-600">{[e.department?.name, e.position?.name].filter(Boolean).join(" · ") || "—"}</p>
                  <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                    <FormatCell doc={e} /> <ReliabilityMarks r={e.reliability} /> <StatusBadge status={e.status} />
                    {e.efficiency !== null && (
                      <span className="tabular-nums text-slate-600">
                        {t("analytics.fit.efficiency")}: {Math.round(e.efficiency)}
                      </span>
                    )}
                  </p>
                </li>
              ))}
            </ul>
            {/* the shadows at an edge say there is more sideways when the side bar leaves too little room */}
            <div className="desktop-only overflow-x-auto rounded-2xl border border-slate-200 bg-white" style={SCROLL_SHADOWS} data-testid="employee-table-wrap">
              <table className="w-full text-left text-sm" data-testid="employee-table">
                <thead className="bg-slate-50 text-slate-600">
                  <tr>
                    <th className="px-1.5 py-2">
                      <span className="sr-only">{t("cabinet.compare.title")}</span>
                    </th>
                    {cols.map((c) => (
                      <th
                        key={c}
                        className="px-1.5 py-2 font-semibold leading-tight"
                        aria-sort={q.sort === c ? (q.dir === "asc" ? "ascending" : "descending") : undefined}
                      >
                        {/* the table is for wide screens: the scale is a tooltip here (the detail has it as text on phones) */}
                        <a
                          href={sortLink(c)}
                          className="hover:underline"
                          title={(SCALED as readonly string[]).includes(c) ? t(`analytics.scale.${c}`) : undefined}
                        >
                          {t(`cabinet.employees.cols.${c}`)}
                          {arrow(c)}
                        </a>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {data.list.docs.map((e) => (
                    <tr key={e._id} data-employee={e._id}>
                      <td className="px-1.5 py-2">
                        <PickBox id={e._id} name={e.name} />
                      </td>
                      <td className="px-1.5 py-2">
                        <a href={`${links.employees}/${e._id}`} className="font-medium text-brand-700 hover:underline">
                          {displayName(t, e.name)}
                        </a>
                      </td>
                      <td className="px-1.5 py-2">{e.department?.name ?? "—"}</td>
                      <td className="px-1.5 py-2">{e.position?.name ?? "—"}</td>
                      <td className="px-1.5 py-2">
                        <FormatCell doc={e} /> <ReliabilityMarks r={e.reliability} />
                      </td>
                      <td className="px-1.5 py-2 tabular-nums">{e.harmony ?? "—"}</td>
                      <td className="px-1.5 py-2 tabular-nums">{e.anxiety ?? "—"}</td>
                      <td className="px-1.5 py-2 tabular-nums" data-col="efficiency">
                        {e.efficiency === null ? "—" : Math.round(e.efficiency)}
                      </td>
                      <td className="px-1.5 py-2 tabular-nums" data-col="diff">
                        {e.diff === null ? "—" : Math.round(e.diff)}
                      </td>
                      <td className="px-1.5 py-2">
                        <StatusBadge status={e.status} wrap />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Island
              name="compare-picker"
              props={{
                project: data.shell.project._id,
                action: links.compare,
                label: t("cabinet.compare.action"),
                picked: t("stats.compare.picked"),
                clear: t("stats.compare.clear"),
                full: t("stats.compare.full"),
              }}
            />
            {data.list.total > PAGE_SIZES[0] && (
              <Pager
                page={data.list.page}
                pages={data.list.pages}
                total={data.list.total}
                limit={data.limit}
                link={(n) => href({ page: String(n) })}
                sizeLink={(n) => href({ limit: n === PAGE_SIZE ? "" : String(n), page: "" })}
              />
            )}
          </>
        )}
      </div>
    </BusinessShell>
  );
}

export const employeesPage = cabinetPage<ListData>({
  path: ["/business/employees", "/dashboard/employees"],
  title: (t) => t("cabinet.nav.business.employees"),
  load: async (c, scope) => {
    const raw = c.req.query();
    const query = {
      q: (raw.q ?? "").slice(0, 120),
      department: raw.department ?? "",
      position: raw.position ?? "",
      format: raw.format ?? "",
      status: raw.status ?? "",
      sort: (SORT_TYPES as readonly string[]).includes(raw.sort ?? "") ? raw.sort! : "name",
      dir: raw.dir === "desc" ? "desc" : "asc",
      // a size the kit offers, else the default (kept out of the links then)
      limit: (PAGE_SIZES as readonly number[]).includes(Number(raw.limit)) && Number(raw.limit) !== PAGE_SIZE ? String(Number(raw.limit)) : "",
      ...analyticsQuery(raw),
    };
    const limit = Number(query.limit) || PAGE_SIZE;
    const parsed = employeeListSchema.safeParse({
      filter: {
        q: query.q || null,
        department: query.department || null,
        position: query.position || null,
        format: query.format || null,
        status: query.status || null,
        ...analyticsFilterOf(query),
      },
      page: raw.page ?? 1,
      limit,
      sortType: query.sort,
      sortDirection: query.dir,
    });
    const input = parsed.success ? parsed.data : employeeListSchema.parse({ limit });
    const [list, departments, positions, formats] = await Promise.all([
      listEmployees(scope, input),
      listDepartments(scope),
      listPositions(scope),
      listFormats(scope.db),
    ]);
    const locale = c.get("locale");
    return {
      list,
      limit,
      query,
      departments: departments.map((d) => ({ _id: d._id, name: d.name })),
      positions: positions.map((p) => ({ _id: p._id, name: p.name })),
      formats: formats.map((f) => ({ code: f.code, name: (f.name as Record<string, string>)[locale] ?? f.code })),
    };
  },
  Component: EmployeeList,
});

// ------------------------------------------------------------------ the detail

type DetailData = {
  employee: Awaited<ReturnType<typeof getEmployee>>;
  departments: { _id: string; name: string }[];
  positions: { _id: string; name: string }[];
  people: { _id: string; name: string }[];
  canStructure: boolean;
  canMove: boolean;
  /** the owner's name for a person, retake requests, skill notes: not a head of department's */
  canPeople: boolean;
  /** The neighbouring format's name when the result lies between two. */
  runnerUpName: string | null;
  /** The version the edit forms carry (server/services/business/versions.ts). */
  version: string | null;
  /** An appointment waiting for the owner's confirmation (after the control form's first submit). */
  appoint: { type: "project" | "department" | "none"; department: { id: string; name: string } | null } | null;
  fit: FitView;
  skills: SkillsView;
};

/** The analytics part of the detail: metrics, fit for every position, skills, the report link. */
function EmployeeAnalytics({ data }: { data: WithShell<DetailData> }) {
  const { t } = usePage();
  const links = useLinks();
  const e = data.employee;
  // the business report in the family the page is in (/dashboard/report/base or /business/report)
  const report = `${links.report}?employee=${e._id}&project=${data.shell.project._id}`;
  return (
    <div className="mt-6 space-y-4" data-testid="employee-analytics">
      <p>
        <a href={report} className="btn-secondary py-2 text-sm" data-testid="business-report-link">
          {t("analytics.report.title")}
        </a>
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <MetricsCard indicators={e.indicators} fit={data.fit} skills={data.skills} />
        <FitCard fit={data.fit} />
      </div>
      <SkillsCard skills={data.skills}>
        {data.canPeople && (
          <form method="post" className="mt-4 grid gap-3 sm:grid-cols-[2fr_1fr_2fr_auto] sm:items-end" data-testid="form-skill">
            <FormError kind="skill" />
            <input type="hidden" name="_form" value="skill" />
            <Select kind="skill" id="skill" name="skill" label={t("analytics.skills.acquired")} options={skillOptions(t, data.skills)} />
            <div>
              <label htmlFor="skill-value" className="label">
                %
              </label>
              <input id="skill-value" name="value" type="number" min={0} max={100} required className="input" />
            </div>
            <div>
              <label htmlFor="skill-note" className="label">
                {t("cabinet.positions.content")}
              </label>
              <input id="skill-note" name="note" maxLength={500} className="input" />
            </div>
            <button type="submit" className="btn-primary">
              {t("cabinet.save")}
            </button>
          </form>
        )}
      </SkillsCard>
    </div>
  );
}

const INDICATORS = ["harmony", "anxiety", "system", "analytics", "volume", "presentation"] as const;

/** The name the company gave or the person gave; never their e-mail (see employeeName). */
export const displayName = (t: (k: string) => string, name: string) => name || t("cabinet.employees.noName");

function TextInput({
  name,
  label,
  value,
  required,
  maxLength,
  hint,
}: {
  name: string;
  label: string;
  value: string;
  required?: boolean;
  maxLength: number;
  hint?: string;
}) {
  const { form } = usePage();
  const error = form?.kind === "identity" ? form.errors?.[name] : undefined;
  return (
    <div>
      <label htmlFor={`f-${name}`} className="label">
        {label}
      </label>
      <input
        id={`f-${name}`}
        name={name}
        className="input"
        defaultValue={form?.kind === "identity" ? (form.values?.[name] ?? value) : value}
        required={required}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
      />
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}

/** The second step of an appointment: what the person will see, and that they will be told. */
function AppointConfirm({ name, appoint, version }: { name: string; appoint: NonNullable<DetailData["appoint"]>; version: string | null }) {
  const { t, path } = usePage();
  const role =
    appoint.type === "project"
      ? t("business.roles.project.name")
      : appoint.type === "department"
        ? t("business.roles.department.name", { department: appoint.department?.name ?? "" })
        : "";
  return (
    <Confirm
      kind="control"
      open
      action={path}
      label={t("cabinet.employees.confirmRoleTitle")}
      hidden={{ type: appoint.type, department: appoint.department?.id ?? "", confirm: "1", ...(version ? { _version: version } : {}) }}
      consequence={
        appoint.type === "none" ? (
          <p>{t("cabinet.employees.confirmRemove", { name })}</p>
        ) : (
          <>
            <p className="font-semibold">{t("cabinet.employees.confirmRole", { name, role })}</p>
            <p>{t(appoint.type === "project" ? "business.roles.project.sees" : "business.roles.department.sees")}</p>
            <p className="text-slate-600">{t("cabinet.employees.confirmRoleMail")}</p>
          </>
        )
      }
      confirm={t("cabinet.employees.confirmApply")}
      cancel={{ href: path, label: t("cabinet.employees.cancel") }}
    />
  );
}

function EmployeeDetail({ data }: { data: WithShell<DetailData> }) {
  const { t } = usePage();
  const links = useLinks();
  const e = data.employee;
  const none = { value: "", label: t("cabinet.employees.none") };
  const shown = e.indicators ? Object.entries(e.indicators).filter(([k]) => (INDICATORS as readonly string[]).includes(k)) : [];
  return (
    <BusinessShell shell={data.shell} title={displayName(t, e.name)}>
      <Notice />
      <p className="mb-4">
        <a href={links.employees} className="text-sm text-brand-700 hover:underline">
          ← {t("cabinet.nav.business.employees")}
        </a>
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title={t("cabinet.employees.result")} testid="employee-result">
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <dt className="text-slate-500">{t("cabinet.employees.cols.format")}</dt>
            <dd data-testid="employee-format">
              <FormatCell doc={e} />
            </dd>
            <dt className="text-slate-500">{t("cabinet.employees.cols.status")}</dt>
            <dd>
              <StatusBadge status={e.status} />
            </dd>
            {/* the invitation's state only while it says more than the test status above */}
            {e.invite && e.invite !== "completed test" && (
              <>
                <dt className="text-slate-500">{t("cabinet.employees.invite")}</dt>
                <dd>
                  <InviteStatusChip status={e.invite} />
                </dd>
              </>
            )}
            {shown.map(([k, v]) => (
              <Fragment key={k}>
                <dt className="text-slate-500">
                  <ScaledLabel
                    label={t(`cabinet.employees.indicators.${k}`)}
                    scale={(SCALED as readonly string[]).includes(k) ? t(`analytics.scale.${k}`) : null}
                  />
                </dt>
                <dd className="tabular-nums" data-indicator={k}>
                  {v}
                </dd>
              </Fragment>
            ))}
          </dl>
          {!e.consent && (
            <p className="mt-3 rounded-lg bg-slate-100 p-3 text-sm text-slate-700" data-testid="stopped-sharing">
              {t("people.stoppedSharing")}
            </p>
          )}
          <FormError kind="retake" />
          <ReliabilityBlock e={e} runnerUpName={data.runnerUpName} canAsk={data.canPeople} />
        </Card>
        <Card title={t("cabinet.employees.place")}>
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <dt className="text-slate-500">{t("cabinet.employees.department")}</dt>
            <dd>{e.department?.name ?? "—"}</dd>
            <dt className="text-slate-500">{t("cabinet.employees.position")}</dt>
            <dd>{e.position?.name ?? "—"}</dd>
            <dt className="text-slate-500">{t("cabinet.employees.supervisor")}</dt>
            <dd>{e.supervisorDoc?.name ?? "—"}</dd>
            <dt className="text-slate-500">{t("cabinet.employees.control")}</dt>
            <dd data-testid="employee-control">
              {[e.isProjectManager ? t("cabinet.employees.projectManager") : null, ...e.supervises.map((d) => t("cabinet.employees.heads", { name: d.name }))]
                .filter(Boolean)
                .join("; ") || "—"}
            </dd>
          </dl>
        </Card>
        {data.canMove && (
          <Card title={t("cabinet.employees.move")}>
            <FormError kind="move" />
            <form method="post" className="space-y-3" data-testid="form-move">
              <input type="hidden" name="_form" value="move" />
              <VersionField kind="move" version={data.version} />
              <Select
                kind="move"
                name="department"
                label={t("cabinet.employees.department")}
                value={e.department?._id}
                options={[none, ...data.departments.map((d) => ({ value: d._id, label: d.name }))]}
              />
              <Select
                kind="move"
                name="position"
                label={t("cabinet.employees.position")}
                value={e.position?._id}
                options={[none, ...data.positions.map((d) => ({ value: d._id, label: d.name }))]}
              />
              <Select
                kind="move"
                name="supervisor"
                label={t("cabinet.employees.supervisor")}
                value={e.supervisor}
                options={[none, ...data.people.filter((p) => p._id !== e._id).map((d) => ({ value: d._id, label: d.name }))]}
              />
              <button type="submit" className="btn-primary">
                {t("cabinet.save")}
              </button>
            </form>
          </Card>
        )}
        {data.canPeople && (
          <Card title={t("cabinet.employees.identity")} testid="employee-identity">
            <FormError kind="identity" />
            <form method="post" className="space-y-3" data-testid="form-identity">
              <input type="hidden" name="_form" value="identity" />
              <VersionField kind="identity" version={data.version} />
              <TextInput name="name" label={t("cabinet.employees.nameLabel")} value={e.name} required maxLength={120} hint={t("cabinet.employees.nameHint")} />
              <TextInput name="personnelNumber" label={t("cabinet.employees.personnelNumber")} value={e.personnelNumber ?? ""} maxLength={60} />
              <button type="submit" className="btn-primary">
                {t("cabinet.save")}
              </button>
            </form>
          </Card>
        )}
        {data.canStructure && (
          <Card title={t("cabinet.employees.control")}>
            <div id="control" />
            {data.appoint ? (
              <AppointConfirm name={displayName(t, e.name)} appoint={data.appoint} version={data.version} />
            ) : (
              <>
                <FormError kind="control" />
                <form method="post" className="space-y-3" data-testid="form-control">
                  <input type="hidden" name="_form" value="control" />
                  <VersionField kind="control" version={data.version} />
                  <Select
                    kind="control"
                    name="type"
                    label={t("cabinet.employees.appoint")}
                    value=""
                    options={[
                      // no default: one click on Apply must never make someone a project manager
                      { value: "", label: t("cabinet.employees.chooseRole") },
                      { value: "department", label: t("cabinet.employees.asSupervisor") },
                      { value: "project", label: t("cabinet.employees.asProjectManager") },
                      { value: "none", label: t("cabinet.employees.removeControl") },
                    ]}
                  />
                  <Select
                    kind="control"
                    name="department"
                    label={t("cabinet.employees.ofDepartment")}
                    value=""
                    options={[none, ...data.departments.map((d) => ({ value: d._id, label: d.name }))]}
                  />
                  <button type="submit" className="btn-secondary">
                    {t("cabinet.apply")}
                  </button>
                </form>
              </>
            )}
          </Card>
        )}
      </div>
      {/* withdrawn consent: no fit, metrics or skills cards full of "—" */}
      {e.consent && <EmployeeAnalytics data={data} />}
      {data.canStructure && (
        <div className="mt-6">
          <ConfirmDelete
            kind="delete"
            label={t("cabinet.employees.delete")}
            consequence={t("cabinet.employees.deleteConsequence", { name: e.name })}
            confirm={t("cabinet.employees.deleteConfirm")}
          />
        </div>
      )}
    </BusinessShell>
  );
}

const idParam = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/) });

export const employeePage = cabinetPage<DetailData>({
  path: ["/business/employees/:id", "/dashboard/employees/:id"],
  params: idParam,
  title: (t, d) => displayName(t, d.employee.name),
  load: async (c, scope) => {
    const [employee, departments, positions] = await Promise.all([getEmployee(scope, c.req.param("id")!), listDepartments(scope), listPositions(scope)]);
    const people = await supervisorOptions(scope, employee._id, employee.supervisorDoc);
    const [fit, skills] = await Promise.all([employeeEfficiency(scope, employee._id, c.get("locale")), employeeSkills(scope, employee._id)]);
    // the control form's first submit comes back here to be confirmed (checked again on the second)
    const asked = activateManagerSchema.safeParse({ employee: employee._id, type: c.req.query("appoint"), department: c.req.query("department") || null });
    const appoint = asked.success && can(scope, "structure") ? await previewAppointment(scope, asked.data).catch(() => null) : null;
    return {
      fit,
      skills,
      employee,
      version: await versionOf(scope.db, "employee", employee._id),
      // the selects show the tree: a sub-department indented under its parent
      departments: inTreeOrder(departments).map((d) => ({ _id: d._id, name: indented(d) })),
      // a position says its department, as on the invitation form
      positions: positions.map((p) => ({ _id: p._id, name: p.department?.name ? `${p.name} · ${p.department.name}` : p.name })),
      people,
      canStructure: can(scope, "structure") && !scope.demo,
      canMove: can(scope, "move") && !scope.demo,
      canPeople: can(scope, "people") && !scope.demo,
      appoint: appoint ? { type: appoint.type, department: appoint.department } : null,
      runnerUpName: employee.reliability?.runnerUp
        ? (((await listFormats(scope.db)).find((f) => f.code === employee.reliability!.runnerUp)?.name as Record<string, string> | undefined)?.[
            c.get("locale")
          ] ?? null)
        : null,
    };
  },
  Component: EmployeeDetail,
  action: async (c, scope) => {
    const id = c.req.param("id")!;
    const body = await c.req.parseBody();
    // the version the page's edit forms were made from: a save over a newer one is refused (409)
    const version = postedVersion(body);
    if (body._form === "delete") {
      await deleteEmployee(scope, id);
      return done(c, scope, "employeeDeleted", c.req.path.replace(/\/[0-9a-f]{24}$/, ""));
    }
    if (body._form === "skill") {
      return handleForm(
        c,
        "skill",
        skillCreateSchema,
        async (input) => {
          await createSkill(scope, input);
          return done(c, scope, "saved");
        },
        (v) => ({
          kind: "acquired",
          employee: id,
          skill: v.skill,
          value: v.value === "" || v.value === undefined ? undefined : Number(v.value),
          note: v.note || undefined,
        }),
      );
    }
    if (body._form === "control") {
      return handleForm(
        c,
        "control",
        activateManagerSchema,
        async (input) => {
          if (body.confirm !== "1") {
            // the first step writes nothing, but a form made before someone else's change says so now
            await checkVersion(scope, "employee", id, version);
            await previewAppointment(scope, input);
            const q = new URLSearchParams({ appoint: input.type, ...(input.department ? { department: input.department } : {}) });
            return c.redirect(`${c.req.path}?${q}#control`, 303);
          }
          await activateManager(scope, input, { version });
          return done(c, scope, "saved");
        },
        (v) => ({ employee: id, type: v.type || undefined, department: v.department || null }),
      );
    }
    if (body._form === "retake") {
      return handleForm(c, "retake", z.object({}), async () => {
        await requestRetake(scope, id);
        return done(c, scope, "retakeAsked");
      });
    }
    if (body._form === "identity") {
      return handleForm(
        c,
        "identity",
        renameEmployeeSchema,
        async (input) => {
          await renameEmployee(scope, input, { version });
          return done(c, scope, "saved");
        },
        (v) => ({ employee: id, name: v.name, personnelNumber: v.personnelNumber }),
      );
    }
    return handleForm(
      c,
      "move",
      moveEmployeeSchema,
      async (input) => {
        await moveEmployee(scope, input, { version });
        return done(c, scope, "saved");
      },
      (v) => ({ ...blankToNull(v), employee: id }),
    );
  },
});
