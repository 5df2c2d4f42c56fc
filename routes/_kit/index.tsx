// The page kit the business cabinet and the back-office share: notices, the pager, the two-step
// confirmations and a form's error box. One pipeline for a no-script form: the page's action runs
// `handleForm` (server/lib/forms.ts), a refused input comes back as the page's `form` state with
// per-field messages in the request's language (HTTP 400, as every bad input; see the README's
// "Forms"), and these pieces show it. A success notice arrives on the redirect after a good submit
// and is never shown beside the errors of the next one (the form's action keeps the query, so the
// flag would otherwise ride along). An edit form carries the version it was made from
// (`VersionField`); a save over a newer one comes back with status 409, the record's current values
// and the message saying so (server/lib/versions.ts, `handleForm`'s `current`).
//
// The notice rule, for every surface (consumer site, cabinet, back-office): a redirect after a post
// says what happened as `?done=<key>` (server/lib/notice.ts `withDone`), with any numbers the message
// needs as named parameters beside it (`&n=3`), and `Notice` shows it as `<keys>.<key>` from
// locales/ru and locales/en (the page's namespace, `cabinet.done` by default). No other query name
// carries a notice. A state is not a notice and keeps its own name: a link from a mail, a QR code or
// another system opens a page in it (`?token=`, `?joined=`), or a session has just ended and the
// public home page says so (`/?signedout=1`, `/?deleted=1`, also where a mailed deletion link ends).
import type { ReactNode } from "react";
import { doneKey, doneValues } from "../../server/lib/notice";
import { usePage } from "../../server/render/page";

export { doneKey, withDone } from "../../server/lib/notice";

/**
 * A notice above a page's content. With children it shows them; without, the `?done=<key>` the
 * last redirect carried, as `<keys>.<key>` (the cabinet's `cabinet.done.*`) with the numeric
 * parameters beside it as the message's values; a key the namespace lacks shows nothing. `only`: the
 * keys this one shows (a notice inside one form's card). A success notice stays hidden while the
 * page shows a posted form's errors, unless `withErrors` (a refused promo code beside the one that
 * still counts). `warn`: what stands in the way (an empty
 * balance), `error`: what went wrong.
 */
const TONES = { ok: "bg-emerald-50 text-emerald-800", warn: "bg-amber-50 text-amber-900", error: "bg-rose-50 text-rose-800" } as const;

export function Notice({
  children,
  tone = "ok",
  keys = "cabinet.done",
  only,
  testid,
  className = "mb-4",
  withErrors = false,
}: {
  children?: ReactNode;
  tone?: "ok" | "warn" | "error";
  keys?: string;
  only?: string | readonly string[];
  testid?: string;
  /** its margin where it sits inside a card rather than above the content */
  className?: string;
  withErrors?: boolean;
}) {
  const { t, url, form } = usePage();
  if (tone === "ok" && form?.errors && !withErrors) return null;
  let body = children;
  if (body === undefined || body === null) {
    const key = doneKey(url);
    if (!key || (only !== undefined && !(typeof only === "string" ? [only] : only).includes(key))) return null;
    const full = `${keys}.${key}`;
    body = t(full, doneValues(url));
    if (body === full) return null;
  }
  return (
    <p
      role={tone === "ok" ? "status" : "alert"}
      className={`${className} rounded-lg p-3 ${TONES[tone]}`}
      data-testid={testid ?? (tone === "ok" ? "notice" : `notice-${tone}`)}
    >
      {body}
    </p>
  );
}

/**
 * A form's error box (for forms not drawn by ServerForm): the form-wide message (or `title`) and
 * each field's, a message of several lines (a file's bad lines) as one item per line.
 */
export function FormError({
  kind,
  title,
  testid = "form-error",
}: {
  /** the form's `_form` name, or the names of the page's forms that share this box */
  kind: string | string[];
  title?: (errors: Record<string, string>) => string;
  testid?: string;
}) {
  const { t, form } = usePage();
  if (!form?.errors || !(Array.isArray(kind) ? kind.includes(form.kind) : form.kind === kind)) return null;
  const items = Object.entries(form.errors)
    .filter(([k]) => k !== "_")
    .flatMap(([k, v]) => v.split("\n").map((line, i) => [`${k}-${i}`, line] as const));
  return (
    <div role="alert" className="mb-3 rounded-lg bg-rose-50 p-3 text-sm text-rose-800" data-testid={testid}>
      <p className={title ? "font-semibold" : undefined}>{title?.(form.errors) ?? form.errors._ ?? t("common.errors.validation")}</p>
      {items.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {items.map(([k, v]) => (
            <li key={k}>{v}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The version an edit form was made from, posted as `_version`: kept through a refused input (the
 * posted one), the record's current one after a stale save or on a fresh page.
 */
export function VersionField({ kind, version }: { kind: string; version: string | null }) {
  const { form } = usePage();
  const v = form?.kind === kind ? (form.values?._version ?? version) : version;
  return v ? <input type="hidden" name="_version" value={v} /> : null;
}

/**
 * A two-step action without script (<details>): the summary names it, the open box says what will
 * happen, and only its button posts. `danger` for what cannot be taken back (deleting, money,
 * ownership, roles), `neutral` for the rest. A second step the server asks for (a role's
 * appointment, after its form) is drawn `open`, with `cancel` leading back.
 */
export function Confirm({
  kind,
  label,
  consequence,
  confirm,
  hidden,
  action,
  tone = "danger",
  open,
  cancel,
}: {
  /** the form's `_form` value, and the box's test id `confirm-<kind>` */
  kind: string;
  label: ReactNode;
  consequence: ReactNode;
  confirm: string;
  hidden?: Record<string, string>;
  action?: string;
  tone?: "danger" | "neutral";
  open?: boolean;
  /** the second step's way back (a link), beside the button */
  cancel?: { href: string; label: string };
}) {
  const danger = tone === "danger";
  return (
    <details
      className={`rounded-xl border p-4 ${danger ? "border-rose-200 bg-rose-50" : "border-slate-300 bg-white"}`}
      data-testid={`confirm-${kind}`}
      data-confirm={kind}
      open={open}
    >
      <summary className={`cursor-pointer font-semibold ${danger ? "text-rose-800" : "text-brand-700"}`}>{label}</summary>
      <form method="post" action={action} className="mt-3 space-y-3">
        <input type="hidden" name="_form" value={kind} />
        {Object.entries(hidden ?? {}).map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <div className={`space-y-1 text-sm ${danger ? "text-rose-900" : "text-slate-700"}`}>{consequence}</div>
        <div className="flex flex-wrap gap-2">
          <button
            type="submit"
            className={danger ? "btn bg-rose-600 text-white hover:bg-rose-700" : "btn-primary py-2 text-sm"}
            data-testid={`confirm-${kind}-submit`}
          >
            {confirm}
          </button>
          {cancel && (
            <a href={cancel.href} className="btn-secondary py-2 text-sm">
              {cancel.label}
            </a>
          )}
        </div>
      </form>
    </details>
  );
}

/** A delete button behind a confirmation that says what will happen. */
export function ConfirmDelete(props: { kind: string; label: string; consequence: string; confirm: string; hidden?: Record<string, string> }) {
  return <Confirm {...props} tone="danger" />;
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

/**
 * Paging: the range shown ("2,801–2,850 of 5,000", when the page size is known), the page sizes,
 * prev/next and the pages around the current one with the first and the last — a few links however
 * long the list (never a button per page).
 */
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
  const { t, locale } = usePage();
  const n = (v: number) => new Intl.NumberFormat(locale === "ru" ? "ru-RU" : "en-US").format(v);
  const range = limit
    ? t("common.pager.range", { from: n(Math.min(total, (page - 1) * limit + 1)), to: n(Math.min(total, page * limit)), total: n(total) })
    : t("common.pager.pageOf", { page: n(page), pages: n(pages), total: n(total) });
  return (
    <nav className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm" aria-label={t("common.pager.label")} data-testid="pager">
      <span className="text-slate-600" data-testid="pager-range">
        {range}
      </span>
      {sizeLink && (
        <span className="flex flex-wrap items-center gap-1" data-testid="page-sizes">
          <span className="text-slate-500">{t("common.pager.perPage")}</span>
          {PAGE_SIZES.map((s) =>
            s === limit ? (
              <span key={s} aria-current="true" className="rounded bg-brand-50 px-2 py-1 font-semibold text-brand-800">
                {s}
              </span>
            ) : (
              <a key={s} href={sizeLink(s)} className="rounded px-2 py-1 text-brand-700 hover:bg-slate-100">
                {s}
              </a>
            ),
          )}
        </span>
      )}
      <span className="flex flex-wrap items-center gap-1">
        {page > 1 ? (
          <a className="btn-secondary py-1" href={link(page - 1)} rel="prev" data-testid="pager-prev">
            ← <span className="sr-only sm:not-sr-only">{t("common.pager.prev")}</span>
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
                {n(p)}
              </span>
            ) : (
              <a key={p} href={link(p)} className="rounded px-2 py-1 text-brand-700 hover:bg-slate-100">
                {n(p)}
              </a>
            ),
          )}
        {page < pages ? (
          <a className="btn-secondary py-1" href={link(page + 1)} rel="next" data-testid="pager-next">
            <span className="sr-only sm:not-sr-only">{t("common.pager.next")}</span> →
          </a>
        ) : null}
      </span>
    </nav>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-500" data-testid="empty">
      {children}
    </p>
  );
}

export function Card({ title, children, testid }: { title?: string; children: ReactNode; testid?: string }) {
  return (
    // min-w-0: inside a grid a wide table scrolls within the card, never the page
    <section className="card min-w-0 p-4 sm:p-6" data-testid={testid}>
      {title && <h2 className="mb-4 text-lg font-semibold">{title}</h2>}
      {children}
    </section>
  );
}
