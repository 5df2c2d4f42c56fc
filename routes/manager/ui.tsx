// Shared back-office markup: a value shown by its kind, a table on desktop and cards at phone
// width, paging links and small notices. Used by the generated resource pages and the special ones.
import type { ReactNode } from "react";
import { intlLocale, type Locale } from "../../locales";
import type { CellKind, Column, Doc } from "../../server/admin/resource";
import { usePage } from "../../server/render/page";
import { rubLabel } from "../../server/lib/money";

export function Value({ value, kind, locale }: { value: unknown; kind?: CellKind; locale: Locale }): ReactNode {
  const { t } = usePage();
  if (value === null || value === undefined || value === "") return <span className="text-slate-400">—</span>;
  switch (kind) {
    case "date": {
      const d = value instanceof Date ? value : new Date(value as string | number);
      return <time dateTime={d.toISOString()}>{d.toLocaleString(intlLocale(locale), { dateStyle: "short", timeStyle: "short" })}</time>;
    }
    case "bool":
      return value ? <span className="text-emerald-700">✓ {t("manager.list.yes")}</span> : <span className="text-slate-500">{t("manager.list.no")}</span>;
    case "percent":
      return <>{Math.round(Number(value) * 1000) / 10} %</>;
    case "money":
      // whole rubles as they are; kopecks always as two digits after the comma (299,90 ₽)
      return <>{rubLabel(Number(value), { exact: Number(value) % 100 !== 0 })}</>;
    case "points":
      return <>{`${String(value)} %`}</>;
    case "format": {
      if (typeof value === "object" && value && "code" in value) {
        const f = value as { code: string; name?: Record<string, string> };
        return (
          <span>
            <span className="whitespace-nowrap font-mono text-xs">{f.code}</span>
            {f.name?.[locale] && <span className="block text-xs text-slate-500">{f.name[locale]}</span>}
          </span>
        );
      }
      return <span className="whitespace-nowrap font-mono text-xs">{String(value)}</span>;
    }
    case "user": {
      if (typeof value === "object" && value && "_id" in value) {
        const u = value as { _id: string; email: string; confirmed?: boolean };
        return (
          <>
            <a href={`/manager/users/${u._id}`} className="text-brand-700 hover:underline">
              {u.email}
            </a>
            {u.confirmed === false && <Unconfirmed />}
          </>
        );
      }
      return (
        <a href={`/manager/users/${String(value)}`} className="font-mono text-xs text-brand-700 hover:underline">
          {String(value)}
        </a>
      );
    }
    case "localized": {
      const text = value as Partial<Record<string, string>>;
      const shown = text[locale] || text.ru || text.en || "";
      return <span className="line-clamp-3">{shown.length > 160 ? `${shown.slice(0, 160)}…` : shown}</span>;
    }
    case "image":
      return <img src={String(value)} alt="" className="h-12 w-12 rounded-full object-cover" />;
    case "json":
      return <code className="block max-w-[40ch] whitespace-pre-wrap break-all text-xs text-slate-600">{JSON.stringify(value)}</code>;
    case "number":
      return <>{String(value)}</>;
    default:
      return <span className="break-words">{typeof value === "object" ? JSON.stringify(value) : String(value)}</span>;
  }
}

export const labelOf = (col: Column) => col.label ?? `manager.fields.${col.key}`;

/** A value of a fixed set by its name (Column.valueLabels), anything else as it is. */
export const shown = (t: (k: string) => string, value: unknown, col: Column) =>
  col.valueLabels && typeof value === "string" ? t(`${col.valueLabels}.${value}`) : value;

/** A table on desktop, one card per row below 541 px; `href` links a row to its page. */
export function DocTable({
  docs,
  columns,
  href,
  sortLink,
  testid,
  select,
}: {
  docs: Doc[];
  columns: Column[];
  href?: (d: Doc) => string;
  sortLink?: (col: Column) => ReactNode;
  testid?: string;
  /** a checkbox per row and card, in this form (a list's bulk actions) */
  select?: { form: string; label: string };
}) {
  const { t, locale } = usePage();
  const cell = (d: Doc, col: Column) => {
    const v = <Value value={shown(t, d[col.key], col)} kind={col.kindOf?.(d) ?? col.kind} locale={locale} />;
    return col.link && href ? (
      <a href={href(d)} className="font-medium text-brand-700 hover:underline">
        {col.key === "_id" ? <span className="font-mono text-xs">{String(d._id)}</span> : v}
      </a>
    ) : (
      v
    );
  };
  return (
    <div data-testid={testid}>
      <table className="desktop-only w-full text-left text-sm">
        <thead className="text-slate-500">
          <tr>
            {select && (
              <th scope="col" className="w-8 py-2 pr-2">
                <span className="sr-only">{select.label}</span>
              </th>
            )}
            {columns.map((col) => (
              <th key={col.key} scope="col" className="py-2 pr-3 font-medium">
                {sortLink?.(col) ?? t(labelOf(col))}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {docs.map((d, i) => (
            <tr key={String(d._id ?? i)} data-row={String(d._id ?? i)}>
              {select && (
                <td className="py-2 pr-2 align-top">
                  <input
                    type="checkbox"
                    name="ids"
                    value={String(d._id)}
                    form={select.form}
                    aria-label={`${select.label}: ${String(d._id)}`}
                    className="h-4 w-4"
                  />
                </td>
              )}
              {columns.map((col) => (
                <td key={col.key} className="py-2 pr-3 align-top">
                  {cell(d, col)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="mobile-only space-y-3">
        {docs.map((d, i) => (
          <li key={String(d._id ?? i)} className="rounded-xl border border-slate-200 bg-white p-3 text-sm" data-card={String(d._id ?? i)}>
            {select && (
              <label className="mb-2 flex items-center gap-2 text-slate-600">
                <input type="checkbox" name="ids" value={String(d._id)} form={select.form} className="h-5 w-5" />
                {select.label}
              </label>
            )}
            <dl className="grid grid-cols-[fit-content(45%),minmax(0,1fr)] gap-x-3 gap-y-1">
              {columns.map((col) => (
                <div key={col.key} className="contents">
                  <dt className="text-slate-500">{t(labelOf(col))}</dt>
                  <dd className="min-w-0 break-words">{cell(d, col)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Page numbers around the current one, with the first and last (gaps as null). */
export function pageNumbers(page: number, pages: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= 2) out.push(p);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}

export const PAGE_SIZES = [25, 50, 100, 200] as const;

export function Pager({
  page,
  pages,
  total,
  link,
  limit,
  sizeLink,
}: {
  page: number;
  pages: number;
  total: number;
  link: (page: number) => string;
  limit?: number;
  sizeLink?: (size: number) => string;
}) {
  const { t } = usePage();
  return (
    <nav className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm" aria-label={t("manager.list.paging")} data-testid="pager">
      <span className="text-slate-500">{t("manager.list.pageOf", { page, pages, total })}</span>
      {sizeLink && (
        <span className="flex flex-wrap items-center gap-1" data-testid="page-sizes">
          <span className="text-slate-500">{t("manager.list.perPage")}</span>
          {PAGE_SIZES.map((n) =>
            n === limit ? (
              <span key={n} aria-current="true" className="rounded bg-brand-50 px-2 py-1 font-semibold text-brand-800">
                {n}
              </span>
            ) : (
              <a key={n} href={sizeLink(n)} className="rounded px-2 py-1 text-brand-700 hover:bg-slate-100">
                {n}
              </a>
            ),
          )}
        </span>
      )}
      <span className="flex flex-wrap items-center gap-1">
        {page > 1 ? (
          <a className="btn-secondary py-1" href={link(page - 1)} rel="prev" aria-label={t("manager.list.prev")}>
            ←
          </a>
        ) : null}
        {pages > 1 &&
          pageNumbers(page, pages).map((p, i) =>
            p === null ? (
              <span key={`gap-${i}`} className="px-1 text-slate-400">
                …
              </span>
            ) : p === page ? (
              <span key={p} aria-current="page" className="rounded bg-brand-600 px-2 py-1 font-semibold text-white">
                {p}
              </span>
            ) : (
              <a key={p} href={link(p)} className="rounded px-2 py-1 text-brand-700 hover:bg-slate-100">
                {p}
              </a>
            ),
          )}
        {page < pages ? (
          <a className="btn-secondary py-1" href={link(page + 1)} rel="next" aria-label={t("manager.list.next")}>
            →
          </a>
        ) : null}
      </span>
    </nav>
  );
}

export function Notice({ children, tone = "ok" }: { children: ReactNode; tone?: "ok" | "error" }) {
  return (
    <p
      role={tone === "ok" ? "status" : "alert"}
      className={`mb-4 rounded-lg p-3 ${tone === "ok" ? "bg-emerald-50 text-emerald-800" : "bg-rose-50 text-rose-800"}`}
    >
      {children}
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-500" data-testid="empty">
      {children}
    </p>
  );
}

/** Beside an address nobody has confirmed: such an account may have been signed up by anyone. */
export function Unconfirmed() {
  const { t } = usePage();
  return (
    <span className="ml-2 whitespace-nowrap rounded bg-amber-100 px-1.5 text-xs text-amber-900" data-testid="unconfirmed">
      {t("manager.projects.unconfirmed")}
    </span>
  );
}
