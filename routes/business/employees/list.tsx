// Employees' list: name, department, position, format, harmony, anxiety, test status; filters,
// sorting by any column, pages. Served at /business/employees and /dashboard/employees.
import { Island, usePage } from "../../../server/render/page";
import { EMPLOYEE_STATUSES, employeeListSchema, listDepartments, listEmployees, listPositions, SORT_TYPES } from "../../../server/services/business";
import { listFormats } from "../../../server/services/formats";
import { ReliabilityMarks } from "../reliability-note";
import { BusinessShell } from "../../_layouts/cabinet";
import { AnalyticsFilters, analyticsFilterOf, analyticsQuery, SCALED, type AnalyticsQuery } from "../analytics-kit";
import { Card, cabinetPage, Notice, PAGE_SIZES, Pager, useLinks, type WithShell } from "../kit";
import { displayName, FormatCell, StatusBadge } from "./cells";

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
