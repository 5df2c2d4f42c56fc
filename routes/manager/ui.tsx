// Shared back-office markup: a value shown by its kind, a table on desktop and cards at phone
// width; paging links, notices and confirmations come from the shared page kit (routes/_kit). Used by the generated resource pages and the special ones.
import type { ReactNode } from "react";
import { intlLocale, type Locale } from "../../locales";
import type { CellKind, Column, Doc } from "../../server/admin/resource";
import { usePage } from "../../server/render/page";
import { rubLabel } from "../../server/lib/money";

// the shared page kit, under the names the back-office pages import from here
export { Confirm, ConfirmDelete, Empty, FormError, Notice, PAGE_SIZES, Pager, pageNumbers } from "../_kit";

export function Value({ value, kind, locale }: { value: unknown; kind?: CellKind; locale: Locale }): ReactNode {
  const { t, config } = usePage();
  if (value === null || value === undefined || value === "") return <span className="text-slate-400">—</span>;
  switch (kind) {
    case "date": {
      const d = value instanceof Date ? value : new Date(value as string | number);
      // in the operator's time zone: "valid until 31.12.2027, 23:59" is the day a manager picked
      return (
        <time dateTime={d.toISOString()}>{d.toLocaleString(intlLocale(locale), { dateStyle: "short", timeStyle: "short", timeZone: config.TIME_ZONE })}</time>
      );
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
      return <Readable value={value} />;
    case "number":
      return <>{String(value)}</>;
    default:
      return <span className="break-words">{typeof value === "object" ? JSON.stringify(value) : String(value)}</span>;
  }
}

/** A field's name in the back-office's words (`manager.fields.<key>`), else its key. */
function fieldName(t: (k: string) => string, key: string) {
  for (const k of [`manager.fields.${key}`, `stats.indicators.${key}`, `report.indicators.${key}`]) if (t(k) !== k) return t(k);
  return key;
}

/** A record named and linked in place of its id (server/admin/audit-records.ts `nameReferences`). */
const isLinked = (v: unknown): v is { name: string; href: string } =>
  v != null && typeof v === "object" && typeof (v as { href?: unknown }).href === "string" && typeof (v as { name?: unknown }).name === "string";

/** Structured data as a person reads it: "name: value" lines, lists joined by commas (never JSON). */
export function Readable({ value }: { value: unknown }): ReactNode {
  const { t, locale } = usePage();
  // ids say nothing to a reader (the record links elsewhere on the page)
  const hidden = (k: string) => k === "_id" || k.endsWith("Id");
  // a product's kind by its name
  const named = (k: string, v: unknown) =>
    // an attempt not finished yet (a retake after a reset) has no indicators: said, not a dash
    k === "indicators" && v == null
      ? t("manager.results.noIndicators")
      : typeof v !== "string"
        ? leaf(v)
        : k === "entity" || k === "entityType"
          ? valueName(t, "manager.orders.entityTypes", v)
          : k === "status"
            ? valueName(t, "cabinet.invites.status", v)
            : leaf(v);
  const leaf = (v: unknown): string => {
    if (v === null || v === undefined || v === "") return "—";
    if (typeof v === "boolean") return t(v ? "manager.list.yes" : "manager.list.no");
    if (Array.isArray(v)) return v.map(leaf).join(", ");
    if (typeof v === "object") {
      const o = v as Record<string, unknown>;
      // a change: before → after
      if ("from" in o && "to" in o && Object.keys(o).length === 2) return `${leaf(o.from)} → ${leaf(o.to)}`;
      // a localized text or a named record: its name in the reader's language
      if (typeof o[locale] === "string") return o[locale] as string;
      if (o.name && typeof o.name === "object") return leaf(o.name);
      if (typeof o.name === "string" || typeof o.email === "string") return String(o.email ?? o.name);
      return Object.entries(o)
        .filter(([k]) => !hidden(k))
        .map(([k, x]) => `${fieldName(t, k)}: ${named(k, x)}`)
        .join("; ");
    }
    return String(v);
  };
  if (value === null || typeof value !== "object" || Array.isArray(value)) return <span className="break-words">{leaf(value)}</span>;
  const o = value as Record<string, unknown>;
  if (typeof o[locale] === "string" || (o.name && typeof o.name === "object")) return <span className="break-words">{leaf(value)}</span>;
  // nested groups (a result's indicators) flattened one level: each value on its own line
  const entries = Object.entries(o).flatMap(([k, v]) =>
    v &&
    typeof v === "object" &&
    !Array.isArray(v) &&
    !(typeof (v as Record<string, unknown>)[locale] === "string") &&
    !("from" in v && "to" in v) &&
    !isLinked(v)
      ? Object.entries(v as Record<string, unknown>)
      : [[k, v] as const],
  );
  if (!entries.length) return <span className="text-slate-400">—</span>;
  return (
    <ul className="space-y-0.5 text-xs text-slate-700">
      {entries
        .filter(([k]) => !hidden(k))
        .map(([k, v]) => (
          <li key={k} className="break-words">
            <span className="text-slate-500">{fieldName(t, k)}:</span> {isLinked(v) ? <a href={v.href}>{v.name}</a> : named(k, v)}
          </li>
        ))}
    </ul>
  );
}

export const labelOf = (col: Column) => col.label ?? `manager.fields.${col.key}`;

/** A value of a fixed set by its name (`<prefix>.<value>`, spaces as underscores); a value the set has no name for, as it is. */
export function valueName(t: (k: string) => string, prefix: string, value: string) {
  const key = `${prefix}.${value.replace(/ /g, "_")}`;
  const name = t(key);
  return name === key ? value : name;
}

/** A value of a fixed set by its name (Column.valueLabels), anything else as it is. */
export const shown = (t: (k: string) => string, value: unknown, col: Column) =>
  !col.valueLabels
    ? value
    : typeof value === "string"
      ? valueName(t, col.valueLabels, value)
      : Array.isArray(value)
        ? value.map((v) => (typeof v === "string" ? valueName(t, col.valueLabels!, v) : v))
        : value;

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
  // a row's checkbox is named by what its link says (an e-mail, a code), not by its id
  const linkCol = columns.find((c) => c.link && c.key !== "_id");
  const rowName = (d: Doc) => {
    const v = linkCol ? d[linkCol.key] : null;
    const text =
      typeof v === "string" || typeof v === "number"
        ? String(shown(t, v, linkCol!))
        : v && typeof v === "object" && "email" in v
          ? String((v as { email: unknown }).email)
          : "";
    return text || String(d._id);
  };
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
                    aria-label={`${select.label}: ${rowName(d)}`}
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

/** Beside an address nobody has confirmed: such an account may have been signed up by anyone. */
export function Unconfirmed() {
  const { t } = usePage();
  return (
    <span className="ml-2 whitespace-nowrap rounded bg-amber-100 px-1.5 text-xs text-amber-900" data-testid="unconfirmed">
      {t("manager.projects.unconfirmed")}
    </span>
  );
}

/** Said before a manager clicks an action that sends mail, while mail is off (no SMTP_URL): the
 * mail would only reach the outbox files. `whole`: the main page's word for the
 * whole back-office, naming the folder; otherwise what this screen sends. */
export function MailOffNotice({ whole = false, className = "mb-4" }: { whole?: boolean; className?: string }) {
  const { t, config } = usePage();
  if (config.SMTP_URL) return null;
  return (
    <p role="status" className={`${className} rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900`} data-warning="mail-off">
      {whole ? t("manager.main.mailOff") : t("manager.mailOff")}
    </p>
  );
}
