// The pages a resource declaration gives (server/admin/resource.ts): the list (filters, search,
// sort, paging, empty state; a table on desktop, cards at phone width; CSV/XLSX export of what is
// shown) and the detail page (fields, the edit form from the form's zod schema, the actions, the
// related lists). No script: every control is a link or a form. The edit form carries the record's
// version (`_version`, server/admin/versions.ts): a save over a change made since it was shown is
// refused (409), and the form comes back with the message and the record's current values.
import type { Context } from "hono";
import { z } from "zod";
import { auditOfRecord, type AuditDoc } from "../../server/admin/audit";
import type { ExportKind } from "../../server/admin/exports";
import {
  createResource,
  findRow,
  listResource,
  offeredActions,
  populateDocs,
  parseListQuery,
  updateResource,
  type Column,
  type Doc,
  type FormField,
  type ResourceAction,
  type ResourceDef,
} from "../../server/admin/resource";
import { isStale, recordVersion } from "../../server/admin/versions";
import { AppError, translateFields } from "../../server/lib/errors";
import { setSessionCookies } from "../../server/lib/http";
import { formValues } from "../../server/lib/forms";
import { ID_PATTERN } from "../../server/lib/ids";
import { kopecksFromRubles, rublesInput } from "../../server/lib/money";
import { pagingSchema, type Paged } from "../../server/lib/listing";
import { dayIn } from "../../server/lib/time-zone";
import { fieldErrors } from "../../server/lib/validate";
import type { GuardedEnv } from "../../server/middleware/guards";
import { definePage } from "../../server/render/define";
import { usePage, type FormState } from "../../server/render/page";
import { CabinetLayout } from "../_layouts/cabinet";
import { AuditEntries } from "./audit";
import { DocTable, Empty, labelOf, Notice, Pager, shown, Value, valueName } from "./ui";

export const idParams = z.object({ id: z.string().regex(ID_PATTERN) });
type ManagerContext = Context<GuardedEnv<["admin"]>>;

// ---------------------------------------------------------------- list
interface ListData {
  list: Paged<Doc> | null;
  error: string | null;
  match: Record<string, unknown>;
  sort: string;
  q: string;
}

/** The list page's filter fields → a `match` object (then checked like the API's). */
export function matchFromSearch(def: ResourceDef, url: URL): Record<string, unknown> {
  const raw = url.searchParams.get("match");
  const match: Record<string, unknown> = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  for (const key of def.filterForm ?? []) {
    const f = def.filters[key];
    if (!f) continue;
    if (f.kind === "date") {
      const from = url.searchParams.get(`${key}.from`);
      const to = url.searchParams.get(`${key}.to`);
      if (from || to) match[key] = { ...(from ? { $gte: from } : {}), ...(to ? { $lte: to } : {}) };
      continue;
    }
    const v = url.searchParams.get(key);
    if (!v) continue;
    match[key] = f.kind === "bool" ? v === "true" : f.kind === "text" ? { $regex: v } : v;
  }
  return match;
}

async function loadList(c: ManagerContext, def: ResourceDef, fixed: Record<string, unknown> = {}): Promise<ListData> {
  const url = new URL(c.req.url);
  const q = url.searchParams.get("q") ?? "";
  const sort = url.searchParams.get("sort") ?? def.defaultSort;
  // a page size or page out of range is said as such, not blamed on the filter
  if (!pagingSchema(200).safeParse({ page: url.searchParams.get("page") ?? undefined, limit: url.searchParams.get("limit") ?? undefined }).success) {
    return { list: null, error: c.get("t")("manager.list.badPaging"), match: {}, sort: def.defaultSort, q };
  }
  try {
    const match = { ...matchFromSearch(def, url), ...fixed };
    const query = parseListQuery(def, {
      page: url.searchParams.get("page") ?? undefined,
      limit: url.searchParams.get("limit") ?? undefined,
      sort,
      q,
      match: JSON.stringify(match),
    });
    return { list: (await listResource(c.get("deps").db, def, query)) as Paged<Doc>, error: null, match, sort, q };
  } catch (e) {
    if (e instanceof SyntaxError || (e instanceof AppError && e.status === 400)) {
      return { list: null, error: c.get("t")("manager.list.badFilter"), match: {}, sort: def.defaultSort, q };
    }
    throw e;
  }
}

function FilterForm({ def }: { def: ResourceDef }) {
  const { t, url } = usePage();
  const value = (k: string) => url.searchParams.get(k) ?? "";
  const active = [...url.searchParams.keys()].some((k) => k !== "page" && k !== "sort" && k !== "lang");
  return (
    <details className="card mb-4" open={active} data-testid="filters-box">
      <summary className="cursor-pointer font-semibold">{t("manager.list.filters")}</summary>
      <form method="get" className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4" role="search" data-testid="filters">
        {def.search && (
          <div className="sm:col-span-2">
            <label className="label" htmlFor="f-q">
              {t(`manager.res.${def.name}.search`)}
            </label>
            <input id="f-q" name="q" type="search" className="input" defaultValue={value("q")} />
          </div>
        )}
        {(def.filterForm ?? []).map((key) => {
          const f = def.filters[key]!;
          // the list column of the same key names the filter and its values (translated, not raw keys)
          const col = def.columns.find((c) => c.key === key) ?? def.fields?.find((c) => c.key === key);
          const label = t(col?.label ?? `manager.fields.${key}`);
          if (f.kind === "date")
            return (
              <fieldset key={key} className="grid grid-cols-2 gap-2">
                <legend className="label">{label}</legend>
                <input
                  aria-label={`${label}: ${t("manager.list.from")}`}
                  type="date"
                  name={`${key}.from`}
                  className="input"
                  defaultValue={value(`${key}.from`)}
                />
                <input aria-label={`${label}: ${t("manager.list.to")}`} type="date" name={`${key}.to`} className="input" defaultValue={value(`${key}.to`)} />
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
                        {valueName(t, col?.valueLabels ?? `manager.values.${key}`, v)}
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
        })}
        <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-4">
          <button type="submit" className="btn-primary">
            {t("manager.list.apply")}
          </button>
          <a href={url.pathname} className="btn-secondary">
            {t("manager.list.reset")}
          </a>
        </div>
      </form>
    </details>
  );
}

export function ExportButtons({ kind, match, q }: { kind: ExportKind; match: Record<string, unknown>; q?: string }) {
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
          <button type="submit" className="btn-secondary py-1 text-sm">
            {t(`manager.exports.${format}`)}
          </button>
        </form>
      ))}
    </div>
  );
}

function ListView({ def, data, title, exportKind, columns }: { def: ResourceDef; data: ListData; title: string; exportKind?: ExportKind; columns?: Column[] }) {
  const { t, url } = usePage();
  const link = (patch: Record<string, string>) => {
    const u = new URL(url);
    for (const [k, v] of Object.entries(patch)) u.searchParams.set(k, v);
    return `${u.pathname}${u.search}`;
  };
  const sortLink = (col: Column) => {
    if (!(col.key in def.sortable)) return null;
    const current = data.sort.replace(/^-/, "") === col.key ? (data.sort.startsWith("-") ? "desc" : "asc") : null;
    const next = current === "desc" ? col.key : `-${col.key}`;
    return (
      <a
        href={link({ sort: next, page: "1" })}
        className="hover:underline"
        aria-sort={current === "desc" ? "descending" : current === "asc" ? "ascending" : undefined}
      >
        {t(labelOf(col))} {current === "desc" ? "↓" : current === "asc" ? "↑" : "↕"}
      </a>
    );
  };
  return (
    <CabinetLayout kind="manager" title={title}>
      {url.searchParams.get("deleted") && <Notice>{t(`manager.res.${def.name}.deleted`)}</Notice>}
      {(def.create || def.listLinks) && (
        <p className="mb-4 flex flex-wrap gap-2">
          {def.create && (
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
      <FilterForm def={def} />
      {exportKind && data.list && data.list.total > 0 && (
        <div className="mb-4">
          <ExportButtons kind={exportKind} match={data.match} q={data.q} />
        </div>
      )}
      {data.error && <Notice tone="error">{data.error}</Notice>}
      {data.list && data.list.docs.length === 0 && <Empty>{t("manager.list.empty")}</Empty>}
      {data.list && data.list.docs.length > 0 && (
        <section className="card overflow-x-auto">
          <DocTable
            docs={data.list.docs}
            columns={columns ?? def.columns}
            href={(d) => `/manager/${def.pagePath}/${String(d._id)}`}
            sortLink={sortLink}
            testid={`list-${def.name}`}
          />
          <Pager
            page={data.list.page}
            pages={data.list.pages}
            total={data.list.total}
            link={(p) => link({ page: String(p) })}
            limit={data.list.limit}
            sizeLink={(n) => link({ limit: String(n), page: "1" })}
          />
        </section>
      )}
    </CabinetLayout>
  );
}

/** The list page of a resource at /manager/<pagePath> (or `path`, with a fixed extra condition). */
export function resourceListPage(
  def: ResourceDef,
  opts: { path?: string; titleKey?: string; fixedMatch?: Record<string, unknown>; exportKind?: ExportKind; populate?: string[]; columns?: Column[] } = {},
) {
  const titleKey = opts.titleKey ?? `manager.res.${def.name}.title`;
  return definePage({
    path: opts.path ?? `/manager/${def.pagePath}`,
    guards: ["admin"],
    load: async (c) => {
      const data = await loadList(c, def, opts.fixedMatch);
      if (data.list && opts.populate) {
        for (const name of opts.populate) await def.populate?.[name]?.(c.get("deps").db, data.list.docs);
      }
      return data;
    },
    title: (t) => t(titleKey),
    Component: ({ data }) => <ListView def={def} data={data} title={usePage().t(titleKey)} exportKind={opts.exportKind} columns={opts.columns} />,
  });
}

// ---------------------------------------------------------------- detail and edit
interface DetailData {
  doc: Doc;
  row: Record<string, unknown>;
  sections: { key: string; docs: Doc[]; paging?: Paged<Doc> }[];
  /** what managers did to this record (issue 32 #3) */
  history: AuditDoc[];
  /** the actions that apply to it now, with the figures their questions name */
  actions: { name: string; vars: Record<string, string | number> }[];
}

/** Posted strings → the form schema's input (checkboxes → booleans, numbers, "" → undefined). */
export function formInput(fields: FormField[], values: Record<string, string>) {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.name];
    if (f.kind === "checkbox") out[f.name] = v === "on" || v === "true";
    else if (f.kind === "file") out[f.name] = v || undefined;
    else if (v === undefined || v === "") out[f.name] = f.kind === "date" ? "" : undefined;
    else if (f.kind === "money") out[f.name] = inRubles(f, values) ? kopecksFromRubles(v) : Number(v);
    else out[f.name] = f.kind === "number" ? Number(v) : v;
  }
  return out;
}

/** The posted strings, with each uploaded file of the form stored and replaced by what its field's `store` gives. */
export async function postedValues(c: ManagerContext, fields: FormField[]) {
  const values = await formValues(c);
  const body = await c.req.parseBody();
  for (const f of fields) {
    const file = body[f.name];
    if (f.kind === "file" && file instanceof File && file.size > 0) values[f.name] = await f.store(c.get("scope"), file);
  }
  return values;
}

/** The form of a declaration's fields: the edit form (values from the record) or the create form. */
function RecordForm({
  kind,
  fields,
  values,
  title,
  submit,
  version,
}: {
  kind: "edit" | "create";
  fields: FormField[];
  values: Record<string, unknown>;
  title: string;
  submit: string;
  version?: string;
}) {
  const { t, form, path, locale, config } = usePage();
  const mine = form?.kind === kind ? form : undefined;
  return (
    <form
      method="post"
      action={path}
      className="card grid gap-3 sm:grid-cols-2"
      data-testid={`form-${kind}`}
      encType={fields.some((f) => f.kind === "file") ? "multipart/form-data" : undefined}
      noValidate
    >
      <h2 className="text-lg font-semibold sm:col-span-2">{title}</h2>
      {mine?.errors && (
        <p role="alert" className="rounded-lg bg-rose-50 p-3 text-rose-800 sm:col-span-2" data-testid="form-error">
          {mine.errors._ ?? t("common.errors.validation")}
        </p>
      )}
      <input type="hidden" name="_form" value={kind} />
      {version && <input type="hidden" name="_version" value={mine?.values._version ?? version} />}
      {fields.map((f) => {
        const id = `${kind}-${f.name}`;
        const current = mine ? mine.values[f.name] : values[f.name];
        // a stored instant as the day it falls on where the operator works (a coupon's last day)
        const text = current == null ? "" : current instanceof Date ? dayIn(current, config.TIME_ZONE) : String(current);
        const error = mine?.errors?.[f.name];
        const label = t(f.label ?? `manager.fields.${f.name}`);
        const described = [error ? `${id}-error` : "", "hint" in f && f.hint ? `${id}-hint` : ""].filter(Boolean).join(" ") || undefined;
        if (f.kind === "checkbox")
          return (
            <div key={f.name} className={error ? "sm:col-span-2" : undefined}>
              <label htmlFor={id} className="flex items-center gap-2 text-sm">
                <input
                  id={id}
                  type="checkbox"
                  name={f.name}
                  defaultChecked={mine ? current === "on" : Boolean(current)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={described}
                />
                {label}
              </label>
              {error && (
                <p id={`${id}-error`} className="field-error">
                  {error}
                </p>
              )}
            </div>
          );
        return (
          <div key={f.name} className={f.kind === "textarea" ? "sm:col-span-2" : undefined}>
            <label className="label" htmlFor={id}>
              {label}
            </label>
            {f.kind === "select" ? (
              <select id={id} name={f.name} className="input" defaultValue={text}>
                <option value="">—</option>
                {f.options.map((o) => (
                  <option key={o} value={o}>
                    {f.optionLabel ? f.optionLabel(o, locale) : f.optionLabels ? t(`${f.optionLabels}.${o}`) : o}
                  </option>
                ))}
              </select>
            ) : f.kind === "file" ? (
              <>
                {text && <img src={text} alt="" className="mb-2 h-16 w-16 rounded-full object-cover" />}
                <input
                  id={id}
                  name={f.name}
                  type="file"
                  accept={f.accept}
                  className="input"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={described}
                />
              </>
            ) : f.kind === "textarea" ? (
              <textarea
                id={id}
                name={f.name}
                rows={4}
                className="input"
                defaultValue={text}
                aria-invalid={error ? true : undefined}
                aria-describedby={described}
              />
            ) : (
              <input
                id={id}
                name={f.name}
                type={f.kind === "money" ? "text" : f.kind}
                inputMode={f.kind === "money" ? "decimal" : undefined}
                className="input"
                defaultValue={text}
                aria-invalid={error ? true : undefined}
                aria-describedby={described}
              />
            )}
            {"hint" in f && f.hint && (
              <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
                {t(f.hint)}
              </p>
            )}
            {error && (
              <p id={`${id}-error`} className="field-error">
                {error}
              </p>
            )}
          </div>
        );
      })}
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary">
          {submit}
        </button>
      </div>
    </form>
  );
}

function EditForm({ def, row }: { def: ResourceDef; row: Record<string, unknown> }) {
  const { t } = usePage();
  return (
    <RecordForm
      kind="edit"
      fields={def.form!.fields}
      values={formValuesOf(def, row)}
      version={recordVersion(row)}
      title={t("manager.detail.edit")}
      submit={t("manager.detail.save")}
    />
  );
}

/** One action: a button; with input, a small form; a dangerous one asks again (no script). */
function ActionForm({ name, action, vars }: { name: string; action: ResourceAction; vars: Record<string, string | number> }) {
  const { t, path, form } = usePage();
  const mine = form?.kind === name ? form : undefined;
  const button = (
    <button
      type="submit"
      className={action.danger ? "rounded-lg bg-rose-600 px-3 py-2 text-sm font-semibold text-white" : "btn-secondary py-2 text-sm"}
      data-action={name}
    >
      {action.danger ? t("manager.detail.confirm") : t(action.label)}
    </button>
  );
  const body = (
    <form method="post" action={path} className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="_form" value={name} />
      {action.input?.fields.map((f) => {
        const id = `action-${name}-${f.name}`;
        return (
          <div key={f.name} className={f.kind === "textarea" ? "w-full text-sm" : "text-sm"}>
            <label className="label" htmlFor={id}>
              {t(f.label ?? `manager.fields.${f.name}`)}
            </label>
            {f.kind === "select" ? (
              <select id={id} name={f.name} className="input w-64 max-w-full" defaultValue={mine?.values[f.name] ?? f.options[0]}>
                {f.options.map((o) => (
                  <option key={o} value={o}>
                    {f.optionLabels ? t(`${f.optionLabels}.${o}`) : o}
                  </option>
                ))}
              </select>
            ) : f.kind === "textarea" ? (
              <textarea
                id={id}
                name={f.name}
                rows={2}
                className="input w-full"
                defaultValue={mine?.values[f.name] ?? ""}
                aria-invalid={mine?.errors?.[f.name] ? true : undefined}
              />
            ) : (
              <input
                id={id}
                name={f.name}
                type={f.kind === "number" || f.kind === "email" ? f.kind : "text"}
                className={f.kind === "number" ? "input w-28" : "input w-64 max-w-full"}
                defaultValue={mine?.values[f.name] ?? ""}
                aria-invalid={mine?.errors?.[f.name] ? true : undefined}
              />
            )}
            {"hint" in f && f.hint && <span className="mt-1 block text-xs text-slate-500">{t(f.hint)}</span>}
            {mine?.errors?.[f.name] && <span className="field-error block">{mine.errors[f.name]}</span>}
          </div>
        );
      })}
      {action.danger ? (
        button
      ) : action.input ? (
        <button type="submit" className="btn-secondary py-2 text-sm" data-action={name}>
          {t(action.label)}
        </button>
      ) : (
        button
      )}
    </form>
  );
  if (!action.danger) return body;
  return (
    // open again when its own form came back with a message
    <details className="rounded-lg border border-rose-200 p-2" data-confirm={name} open={mine ? true : undefined}>
      <summary className="cursor-pointer text-sm font-semibold text-rose-700">{t(action.label)}</summary>
      <p className="my-2 text-sm text-slate-600" data-testid={`confirm-${name}`}>
        {t(action.confirm ?? "manager.detail.sure", vars)}
      </p>
      {body}
    </details>
  );
}

function DetailView({ def, data }: { def: ResourceDef; data: DetailData }) {
  const { t, locale, url, form } = usePage();
  const fields = def.fields ?? def.columns;
  const done = url.searchParams.get("done");
  // only the back-office's own notices, never any key a link names
  const notice = url.searchParams.get("notice")?.match(/^manager\.notices\.\w+$/)?.[0];
  return (
    <CabinetLayout kind="manager" title={detailTitle(t, def, data.doc)}>
      <p className="mb-4 text-sm">
        <a href={`/manager/${def.pagePath}`} className="text-brand-700 hover:underline">
          ← {t(`manager.res.${def.name}.title`)}
        </a>
        {[
          ...(def.form?.editPage ? [{ label: "manager.detail.editPage", href: `/manager/${def.pagePath}/${String(data.doc._id)}/edit` }] : []),
          ...(def.links?.(data.doc) ?? []),
        ].map((l) => (
          <span key={l.href}>
            {" · "}
            <a href={l.href} className="text-brand-700 hover:underline">
              {t(l.label)}
            </a>
          </span>
        ))}
      </p>
      {url.searchParams.get("saved") && <Notice>{t("manager.detail.saved")}</Notice>}
      {done && !notice && <Notice>{t("manager.detail.done")}</Notice>}
      {notice && <Notice>{t(notice)}</Notice>}
      {form?.kind === "action" && form.errors?._ && <Notice tone="error">{form.errors._}</Notice>}
      <div className="grid gap-6 lg:grid-cols-2">
        <section className="card" data-testid="fields">
          <h2 className="mb-3 font-mono text-xs text-slate-500">{String(data.doc._id)}</h2>
          <dl className="grid grid-cols-[fit-content(40%),minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
            {fields.map((col) => (
              <div key={col.key} className="contents">
                <dt className="text-slate-500">{t(labelOf(col))}</dt>
                <dd className="min-w-0 break-words" data-field={col.key}>
                  <Value value={shown(t, data.doc[col.key], col)} kind={col.kindOf?.(data.doc) ?? col.kind} locale={locale} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
        <div className="space-y-6">
          {data.actions.length > 0 && (
            <section className="card" data-testid="actions">
              <h2 className="mb-3 text-lg font-semibold">{t("manager.detail.actions")}</h2>
              <div className="flex flex-wrap items-start gap-2">
                {data.actions.map(({ name, vars }) => (
                  <ActionForm key={name} name={name} action={def.actions![name]!} vars={vars} />
                ))}
              </div>
            </section>
          )}
          {def.form && <EditForm def={def} row={data.row} />}
        </div>
      </div>
      {data.sections.map((s) => {
        const section = def.sections!.find((x) => x.key === s.key)!;
        return (
          <section key={s.key} className="card mt-6 overflow-x-auto" data-section={s.key}>
            <h2 className="mb-3 text-lg font-semibold">{t(section.title)}</h2>
            {s.docs.length === 0 ? (
              <p className="text-sm text-slate-500">{t("manager.list.empty")}</p>
            ) : (
              <DocTable
                docs={s.docs}
                columns={section.columns}
                href={section.href ?? ((d) => (s.key === "results" ? `/manager/results/${String(d._id)}` : "#"))}
              />
            )}
            {s.paging && s.paging.pages > 1 && (
              <Pager
                page={s.paging.page}
                pages={s.paging.pages}
                total={s.paging.total}
                link={(p) => {
                  const u = new URL(url);
                  u.searchParams.set("page", String(p));
                  return `${u.pathname}${u.search}`;
                }}
              />
            )}
          </section>
        );
      })}
      <section className="card mt-6" data-section="history">
        <h2 className="mb-3 text-lg font-semibold">{t("manager.audit.history")}</h2>
        {data.history.length === 0 ? <p className="text-sm text-slate-500">{t("manager.list.empty")}</p> : <AuditEntries docs={data.history} />}
      </section>
    </CabinetLayout>
  );
}

/** "User ann@example.com", "Coupon SUMMER-10": the kind of record and its name (issue 32 #10). */
function detailTitle(t: (key: string) => string, def: ResourceDef, doc: Doc) {
  const name = def.recordTitle?.(doc);
  return name ? `${t(`manager.res.${def.name}.detail`)} ${name}` : t(`manager.res.${def.name}.detail`);
}

/** Whether a money field is in rubles for these values (its `when` holds, or it has none). */
const inRubles = (f: Extract<FormField, { kind: "money" }>, values: Record<string, unknown>) => !f.when || String(values[f.when.field] ?? "") === f.when.value;

/** The record's values as the edit form shows them (money in rubles, as a manager types it). */
function formValuesOf(def: ResourceDef, row: Record<string, unknown>) {
  const values: Record<string, unknown> = { ...row, ...def.form!.toValues?.(row) };
  for (const f of def.form!.fields)
    if (f.kind === "money" && typeof values[f.name] === "number" && inRubles(f, values)) values[f.name] = rublesInput(values[f.name] as number);
  return values;
}

/** The record as it is now, as posted strings: what a refused (stale) form shows again, with its version. */
function currentAsPosted(def: ResourceDef, row: Record<string, unknown>): Record<string, string> {
  const values = formValuesOf(def, row);
  const out: Record<string, string> = { _form: "edit", _version: recordVersion(row) };
  for (const f of def.form!.fields) {
    const v = values[f.name];
    out[f.name] = f.kind === "checkbox" ? (v ? "on" : "") : v == null ? "" : v instanceof Date ? v.toISOString().slice(0, 10) : String(v);
  }
  return out;
}

/** A 4xx the service threw → the form shown again with its field messages (anything else propagates). */
function formError(c: ManagerContext, e: unknown, kind: string, values: Record<string, string>): FormState {
  if (!(e instanceof AppError) || e.status >= 500) throw e;
  return {
    kind,
    values,
    errors: e.fields
      ? translateFields(c.get("t"), e.fields)
      : { _: c.get("t")(e.messageKey.includes(".") && !e.messageKey.startsWith("errors.") ? e.messageKey : `common.${e.messageKey}`) },
  };
}

/**
 * The schema's messages and, in the same answer, the rules of the form's `check` for the fields that
 * did pass (issue 32 m19: a coupon's code, uses and expiry all wrong are all said at once, not in two
 * rounds). A rule that needs a field that failed stays for the next submit.
 */
async function allFieldErrors(
  c: ManagerContext,
  def: ResourceDef,
  schema: z.ZodObject,
  issues: readonly z.core.$ZodIssue[],
  input: Record<string, unknown>,
  id: string | null,
): Promise<Record<string, string>> {
  const t = c.get("t");
  const errors = fieldErrors(t, issues, input);
  const check = def.form?.check;
  if (!check) return errors;
  const good: Record<string, unknown> = {};
  for (const [k, field] of Object.entries(schema.shape)) {
    if (errors[k] || input[k] === undefined) continue;
    const one = (field as z.ZodType).safeParse(input[k]);
    if (one.success && one.data !== undefined) good[k] = one.data;
  }
  const scope = c.get("scope");
  const columns = def.form?.toColumns ? def.form.toColumns(good, scope) : good;
  const base = id ? await findRow(c.get("deps").db, def, id) : {};
  try {
    // on an edit, as on a save, only what changes is held to the rules
    const changed = Object.keys(columns).filter((k) => !id || JSON.stringify((base as Record<string, unknown>)[k]) !== JSON.stringify(columns[k]));
    await check(scope, { ...base, ...columns }, { id, fields: new Set(changed) });
  } catch (e) {
    if (!(e instanceof AppError) || !e.fields) return errors;
    for (const [k, v] of Object.entries(translateFields(t, e.fields))) errors[k] ??= v;
  }
  return errors;
}

export async function handleResourcePost(c: ManagerContext, def: ResourceDef, id: string): Promise<Response | FormState> {
  const kind = (await formValues(c))._form ?? "";
  const back = `/manager/${def.pagePath}/${id}`;
  let values: Record<string, string>;
  try {
    values = await postedValues(c, kind === "edit" && def.form ? def.form.fields : []);
  } catch (e) {
    return formError(c, e, kind, await formValues(c));
  }
  if (kind === "edit" && def.form) {
    const input = formInput(def.form.fields, values);
    const parsed = def.form.schema.safeParse(input);
    if (!parsed.success) return { kind, values, errors: await allFieldErrors(c, def, def.form.schema, parsed.error.issues, input, id) };
    try {
      await updateResource(c.get("scope"), def, id, parsed.data as Record<string, unknown>, { version: values._version || null });
    } catch (e) {
      // changed since the form was shown: nothing saved; the form again with what the record is now
      if (isStale(e))
        return { kind, values: currentAsPosted(def, await findRow(c.get("deps").db, def, id)), errors: { _: c.get("t")("manager.errors.stale") }, status: 409 };
      return formError(c, e, kind, values);
    }
    return c.redirect(`${back}?saved=1`, 303);
  }
  const action = def.actions?.[kind];
  if (!action) throw new AppError(400, "bad_request", "errors.badRequest");
  // the record changed since the page was shown (a review approved meanwhile): said, not run
  if (action.when && !(await action.when(def.toDoc(await findRow(c.get("deps").db, def, id)), c.get("deps").db)))
    return { kind: "action", values: {}, errors: { _: c.get("t")("manager.errors.notApplicable") } };
  let input: Record<string, unknown> = {};
  if (action.input) {
    const raw = formInput(action.input.fields, values);
    const parsed = action.input.schema.safeParse(raw);
    if (!parsed.success) return { kind, values, errors: fieldErrors(c.get("t"), parsed.error.issues, raw) };
    input = parsed.data as Record<string, unknown>;
  }
  try {
    const res = await action.run(c.get("scope"), id, input);
    if (res?.session) setSessionCookies(c, res.session.token, res.session.userId, res.session.cookie);
    return c.redirect(res?.redirect ?? `${back}?done=${encodeURIComponent(kind)}${res?.notice ? `&notice=${res.notice}` : ""}`, 303);
  } catch (e) {
    if (!(e instanceof AppError) || e.status >= 500) throw e;
    return {
      kind: "action",
      values: {},
      errors: {
        _: e.fields
          ? Object.values(e.fields)
              .map((v) => c.get("t")(v))
              .join(" ")
          : c.get("t")(e.messageKey.includes(".") && !e.messageKey.startsWith("errors.") ? e.messageKey : `common.${e.messageKey}`),
      },
    };
  }
}

/** The detail page of a resource at /manager/<pagePath>/{id}: fields, edit form, actions, sections. */
export function resourceDetailPage(def: ResourceDef) {
  return definePage({
    path: `/manager/${def.pagePath}/:id`,
    guards: ["admin"],
    params: def.idPattern ? z.object({ id: z.string().regex(def.idPattern) }) : idParams,
    load: async (c): Promise<DetailData> => {
      const db = c.get("deps").db;
      const id = c.req.param("id")!;
      // one read of the row: the document (populated) and the form's values both come from it
      const row = await findRow(db, def, id);
      const doc = def.toDoc(row);
      await populateDocs(db, def, [doc], def.detailPopulate ?? []);
      const url = new URL(c.req.url);
      const paging = pagingSchema(200).safeParse({ page: url.searchParams.get("page") ?? undefined, limit: url.searchParams.get("limit") ?? undefined });
      const sections = await Promise.all(
        (def.sections ?? []).map(async (s) => {
          const got = await s.load(db, id, doc, paging.success ? paging.data : { page: 1, limit: 50 });
          return Array.isArray(got) ? { key: s.key, docs: got } : { key: s.key, docs: got.docs, paging: got };
        }),
      );
      return { doc, row, sections, history: await auditOfRecord(db, def.name, id), actions: await offeredActions(db, def, id, doc) };
    },
    title: (t, data) => detailTitle(t, def, data.doc),
    Component: ({ data }) => <DetailView def={def} data={data} />,
    action: (c) => handleResourcePost(c, def, c.req.param("id")!),
  });
}

/** /manager/<pagePath>/create: the create form; saved, it goes to the new record's page. */
export function resourceCreatePage(def: ResourceDef) {
  const create = def.create!;
  return definePage({
    path: `/manager/${def.pagePath}/create`,
    guards: ["admin"],
    title: (t) => t(`manager.res.${def.name}.create`),
    Component: () => {
      const { t } = usePage();
      return (
        <CabinetLayout kind="manager" title={t(`manager.res.${def.name}.create`)}>
          <BackLink def={def} />
          <RecordForm kind="create" fields={create.fields} values={{}} title={t(`manager.res.${def.name}.create`)} submit={t("manager.detail.create")} />
        </CabinetLayout>
      );
    },
    action: async (c) => {
      let values: Record<string, string>;
      try {
        values = await postedValues(c, create.fields);
      } catch (e) {
        return formError(c, e, "create", await formValues(c));
      }
      const input = formInput(create.fields, values);
      const parsed = create.schema.safeParse(input);
      if (!parsed.success) return { kind: "create", values, errors: await allFieldErrors(c, def, create.schema, parsed.error.issues, input, null) };
      try {
        const id = await createResource(c.get("scope"), def, parsed.data as Record<string, unknown>);
        return c.redirect(`/manager/${def.pagePath}/${id}?saved=1`, 303);
      } catch (e) {
        return formError(c, e, "create", values);
      }
    },
  });
}

function BackLink({ def, id }: { def: ResourceDef; id?: string }) {
  const { t } = usePage();
  return (
    <p className="mb-4 text-sm">
      <a href={id ? `/manager/${def.pagePath}/${id}` : `/manager/${def.pagePath}`} className="text-brand-700 hover:underline">
        ← {t(id ? `manager.res.${def.name}.detail` : `manager.res.${def.name}.title`)}
      </a>
    </p>
  );
}

/** /manager/<pagePath>/{id}/edit: the edit form alone (the spec's separate edit screen). */
export function resourceEditPage(def: ResourceDef) {
  return definePage({
    path: `/manager/${def.pagePath}/:id/edit`,
    guards: ["admin"],
    params: idParams,
    load: async (c) => ({ row: await findRow(c.get("deps").db, def, c.req.param("id")!) }),
    title: (t) => t("manager.detail.edit"),
    Component: ({ data }) => {
      const { t } = usePage();
      return (
        <CabinetLayout kind="manager" title={detailTitle(t, def, def.toDoc(data.row))}>
          <BackLink def={def} id={String(data.row.id)} />
          <EditForm def={def} row={data.row} />
        </CabinetLayout>
      );
    },
    action: (c) => handleResourcePost(c, def, c.req.param("id")!),
  });
}

/** Every page a declaration gives: its list, its other views and create form (before /{id}), its detail page. */
export function resourcePages(def: ResourceDef) {
  return [
    resourceListPage(def, { exportKind: def.exportKind, populate: def.listPopulate }),
    ...(def.views ?? []).map((v) =>
      resourceListPage(def, {
        path: v.path,
        titleKey: v.title,
        fixedMatch: v.match,
        exportKind: def.exportKind,
        populate: [...(def.listPopulate ?? []), ...(v.populate ?? [])],
        columns: v.columns,
      }),
    ),
    ...(def.create ? [resourceCreatePage(def)] : []),
    resourceDetailPage(def),
    ...(def.form?.editPage ? [resourceEditPage(def)] : []),
  ];
}
