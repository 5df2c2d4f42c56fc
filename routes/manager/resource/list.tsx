// A declaration's list page (server/admin/resource.ts): search always at the top, the declared
// filters, sort (column headings on desktop, a select above the cards at phone width), paging with
// page sizes, an empty state that says whether the filter is why, CSV/XLSX export of what is shown
// in its order, and the declared bulk actions on the ticked rows. No script: every control is a
// link or a form; a filter URL carries only the fields that have a value.
import type { ExportKind } from "../../../server/admin/exports";
import { mayRun } from "../../../server/admin/roles";
import { listPage, listQueryOf, sortOptions, type ListPage } from "../../../server/admin/lists";
import type { Column, ResourceDef } from "../../../server/admin/resource";
import { usePage } from "../../../server/render/page";
import { managerPage, type ManagerCtx } from "../kit";
import { DocTable, Empty, labelOf, Notice, Pager, valueName } from "../ui";
import { doneKey } from "../../../server/lib/notice";
import { BulkBar, BulkConfirm, bulkForm, bulkForms } from "./bulk";

type ListData = ListPage;

/** The URL without the empty fields a GET form sends: the address shared is the filter itself. */
export function cleanListUrl(url: URL): string | null {
  const empty = [...url.searchParams.entries()].filter(([, v]) => v === "");
  if (!empty.length) return null;
  const u = new URL(url);
  for (const [k] of empty) u.searchParams.delete(k);
  return `${u.pathname}${u.search}`;
}

/** Links within the list that keep its other parameters. */
function useListLink() {
  const { url } = usePage();
  return (patch: Record<string, string | null>) => {
    const u = new URL(url);
    for (const [k, v] of Object.entries(patch)) v === null ? u.searchParams.delete(k) : u.searchParams.set(k, v);
    return `${u.pathname}${u.search}`;
  };
}

/** What names a filter: the list column of the same key (translated), else manager.fields.<key>. */
export function filterLabel(def: ResourceDef, key: string) {
  const col = def.columns.find((c) => c.key === key) ?? def.fields?.find((c) => c.key === key);
  return { label: col?.label ?? `manager.fields.${key}`, valueLabels: col?.valueLabels };
}

function SearchAndFilters({ def, data }: { def: ResourceDef; data: ListData }) {
  const { t, url } = usePage();
  const value = (k: string) => url.searchParams.get(k) ?? "";
  const keys = def.filterForm ?? [];
  const activeFilters = keys.filter((k) => value(k) || value(`${k}.from`) || value(`${k}.to`)).length;
  const keep = ["sort", "limit"].filter((k) => url.searchParams.get(k));
  const filterFields = keys.map((key) => {
    const f = def.filters[key]!;
    const { label: labelKey, valueLabels } = filterLabel(def, key);
    const label = t(labelKey);
    if (f.kind === "date")
      return (
        <fieldset key={key} className="grid grid-cols-2 gap-2 sm:col-span-2">
          <legend className="label">{label}</legend>
          <input
            aria-label={`${label}: ${t("manager.list.from")}`}
            type="date"
            name={`${key}.from`}
            className="input min-w-[9.5rem]"
            defaultValue={value(`${key}.from`)}
          />
          <input
            aria-label={`${label}: ${t("manager.list.to")}`}
            type="date"
            name={`${key}.to`}
            className="input min-w-[9.5rem]"
            defaultValue={value(`${key}.to`)}
          />
        </fieldset>
      );
    if (f.kind === "bool" || f.kind === "enum")
      return (
        <div key={key}>
          <label className="label" htmlFor={`f-${key}`}>
            {label}
          </label>
          <select id={`f-${key}`} name={key} className="input" defaultValue={value(key)}>
            <option value="">{t("manager.list.any")}</option>
            {f.kind === "bool" ? (
              <>
                <option value="true">{t("manager.list.yes")}</option>
                <option value="false">{t("manager.list.no")}</option>
              </>
            ) : (
              f.values.map((v) => (
                <option key={v} value={v}>
                  {valueName(t, valueLabels ?? `manager.values.${key}`, v)}
                </option>
              ))
            )}
          </select>
        </div>
      );
    return (
      <div key={key}>
        <label className="label" htmlFor={`f-${key}`}>
          {label}
        </label>
        <input id={`f-${key}`} name={key} className="input" defaultValue={value(key)} />
      </div>
    );
  });
  return (
    <form method="get" className="mb-4 space-y-3" role="search" data-testid="filters">
      {keep.map((k) => (
        <input key={k} type="hidden" name={k} value={value(k)} />
      ))}
      {def.search && (
        <div className="flex gap-2" data-testid="search">
          <label className="sr-only" htmlFor="f-q">
            {t(`manager.res.${def.name}.search`)}
          </label>
          <input id="f-q" name="q" type="search" className="input min-w-0 flex-1" defaultValue={data.q} placeholder={t(`manager.res.${def.name}.search`)} />
          <button type="submit" className="btn-primary shrink-0">
            {t("manager.list.find")}
          </button>
        </div>
      )}
      {keys.length > 0 && (
        <details className="rounded-xl border border-slate-200 bg-white p-3" open={activeFilters > 0} data-testid="filters-box">
          <summary className="cursor-pointer text-sm font-semibold">
            {t("manager.list.filters")}
            {activeFilters > 0 ? ` (${activeFilters})` : ""}
          </summary>
          <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">{filterFields}</div>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="submit" className="btn-primary">
              {t("manager.list.apply")}
            </button>
            <a href={url.pathname} className="btn-secondary">
              {t("manager.list.reset")}
            </a>
          </div>
        </details>
      )}
    </form>
  );
}

/** At phone width the headings are gone: the sort is a select above the cards. */
function SortSelect({ def, data }: { def: ResourceDef; data: ListData }) {
  const { t, url } = usePage();
  const options = sortOptions(def);
  if (!options.length) return null;
  const keep = [...url.searchParams.entries()].filter(([k]) => k !== "sort" && k !== "page");
  return (
    <form method="get" className="mobile-only mb-3 flex items-end gap-2" data-testid="sort-select">
      {keep.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <label className="min-w-0 flex-1 text-sm">
        <span className="label">{t("manager.list.sortBy")}</span>
        <select name="sort" className="input" defaultValue={data.sort}>
          {options.map((o) => {
            const col = def.columns.find((c) => c.key === o.key);
            const label = t(col ? labelOf(col) : `manager.fields.${o.key}`);
            return (
              <option key={o.value} value={o.value}>
                {label} {o.desc ? "↓" : "↑"}
              </option>
            );
          })}
        </select>
      </label>
      <button type="submit" className="btn-secondary shrink-0">
        {t("manager.list.sort")}
      </button>
    </form>
  );
}

export function ExportButtons({ kind, match, q, sort, ids }: { kind: ExportKind; match: Record<string, unknown>; q?: string; sort?: string; ids?: string[] }) {
  const { t } = usePage();
  return (
    <div className="flex flex-wrap gap-2" data-testid="export">
      {(["csv", "xlsx"] as const).map((format) => (
        <form key={format} method="post" action="/manager/exporting">
          <input type="hidden" name="_form" value="export" />
          <input type="hidden" name="kind" value={kind} />
          <input type="hidden" name="format" value={format} />
          <input type="hidden" name="match" value={JSON.stringify(match)} />
          {q ? <input type="hidden" name="q" value={q} /> : null}
          {sort ? <input type="hidden" name="sort" value={sort} /> : null}
          {ids?.length ? <input type="hidden" name="ids" value={ids.join(",")} /> : null}
          <button type="submit" className="btn-secondary py-1 text-sm">
            {t(`manager.exports.${format}`)}
          </button>
        </form>
      ))}
    </div>
  );
}

function ListView({ def, data, exportKind, columns }: { def: ResourceDef; data: ListData; exportKind?: ExportKind; columns?: Column[] }) {
  const { t, url, form, auth } = usePage();
  const link = useListLink();
  const sortLink = (col: Column) => {
    if (!Object.hasOwn(def.sortable, col.key)) return null;
    const current = data.sort.replace(/^-/, "") === col.key ? (data.sort.startsWith("-") ? "desc" : "asc") : null;
    // ascending first; a second click turns it
    const next = current === "asc" ? `-${col.key}` : col.key;
    return (
      <a
        href={link({ sort: next, page: null })}
        className="whitespace-nowrap hover:underline"
        data-sort={col.key}
        aria-sort={current === "desc" ? "descending" : current === "asc" ? "ascending" : undefined}
      >
        {t(labelOf(col))} {current === "desc" ? "↓" : current === "asc" ? "↑" : "↕"}
      </a>
    );
  };
  const list = data.list;
  const bulk = bulkForm(def);
  // the create screen is for those whose role may write the resource
  const mayCreate = Boolean(def.create && auth && mayRun(auth.user, def, "create"));
  const done = doneKey(url) === "bulk";
  return (
    <>
      {doneKey(url) === "deleted" && <Notice>{t(`manager.res.${def.name}.deleted`)}</Notice>}
      {/* what the list's figures mean, where a resource has something to say (manager.res.<name>.hint) */}
      {t(`manager.res.${def.name}.hint`) !== `manager.res.${def.name}.hint` && (
        <p className="mb-4 text-sm text-slate-600" data-testid="list-hint">
          {t(`manager.res.${def.name}.hint`)}
        </p>
      )}
      {done && <Notice>{t("manager.bulk.done", { count: Number(url.searchParams.get("count") ?? 0) })}</Notice>}
      {form?.kind === "bulk" && form.errors?._ && <Notice tone="error">{form.errors._}</Notice>}
      {form?.kind === "bulk-confirm" && <BulkConfirm def={def} values={form.values} />}
      {(mayCreate || def.listLinks) && (
        <p className="mb-4 flex flex-wrap gap-2">
          {mayCreate && (
            <a href={`/manager/${def.pagePath}/create`} className="btn-primary inline-block" data-testid="create-link">
              + {t(`manager.res.${def.name}.create`)}
            </a>
          )}
          {def.listLinks?.map((l) => (
            <a key={l.href} href={l.href} className="btn-primary inline-block">
              {t(l.label)}
            </a>
          ))}
        </p>
      )}
      <SearchAndFilters def={def} data={data} />
      {exportKind && list && list.total > 0 && (
        <div className="mb-4">
          <ExportButtons kind={exportKind} match={data.match} q={data.q} sort={data.sort} />
        </div>
      )}
      {data.error && <Notice tone="error">{t(data.error)}</Notice>}
      {list && list.total === 0 && (
        <Empty>
          {data.filtered ? (
            <>
              {t("manager.list.noMatch")}{" "}
              <a href={url.pathname} className="font-semibold text-brand-700 hover:underline" data-testid="reset">
                {t("manager.list.reset")}
              </a>
            </>
          ) : (
            t("manager.list.empty")
          )}
        </Empty>
      )}
      {list && list.total > 0 && list.docs.length === 0 && (
        <section className="list-card" data-testid="beyond-end">
          <p className="text-slate-600">{t("manager.list.beyondEnd", { page: list.page, pages: list.pages })}</p>
          <p className="mt-3 flex flex-wrap gap-2" data-testid="pager">
            <a href={link({ page: "1" })} className="btn-secondary py-1">
              {t("manager.list.firstPage")}
            </a>
            {list.pages > 1 && (
              <a href={link({ page: String(list.pages) })} className="btn-secondary py-1">
                {t("manager.list.lastPage", { page: list.pages })}
              </a>
            )}
          </p>
        </section>
      )}
      {list && list.docs.length > 0 && (
        <section className="list-card" data-testid="list">
          <SortSelect def={def} data={data} />
          {bulk && <BulkBar def={def} formId={bulk} pageIds={list.docs.map((d) => String(d._id))} />}
          <div className="table-scroll" data-testid="table-scroll">
            <DocTable
              docs={list.docs}
              columns={columns ?? def.columns}
              href={(d) => `/manager/${def.pagePath}/${String(d._id)}`}
              sortLink={sortLink}
              testid={`list-${def.name}`}
              select={bulk ? { form: bulk, label: t("manager.bulk.select") } : undefined}
            />
          </div>
          <Pager
            page={list.page}
            pages={list.pages}
            total={list.total}
            link={(p) => link({ page: String(p) })}
            limit={list.limit}
            sizeLink={(n) => link({ limit: String(n), page: null })}
          />
        </section>
      )}
    </>
  );
}

/** The list page of a resource at /manager/<pagePath> (or `path`, with a fixed extra condition). */
export function resourceListPage(
  def: ResourceDef,
  opts: { path?: string; titleKey?: string; fixedMatch?: Record<string, unknown>; exportKind?: ExportKind; populate?: string[]; columns?: Column[] } = {},
) {
  const titleKey = opts.titleKey ?? `manager.res.${def.name}.title`;
  const load = async (c: ManagerCtx): Promise<ListData | Response> => {
    const url = new URL(c.req.url);
    const clean = c.req.method === "GET" ? cleanListUrl(url) : null;
    if (clean) return c.redirect(clean, 302);
    const q = listQueryOf(def, url, opts.fixedMatch);
    return listPage(c.get("scope"), def, q, opts.populate);
  };
  return managerPage({
    path: opts.path ?? `/manager/${def.pagePath}`,
    load: (c) => load(c),
    title: (t) => t(titleKey),
    Component: ({ data }: { data: ListData }) => <ListView def={def} data={data} exportKind={opts.exportKind} columns={opts.columns} />,
    forms: bulkForms(def),
  });
}
