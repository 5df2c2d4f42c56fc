// Page building blocks shared by the landing, marketing and sales pages. Server-only markup;
// "Show all" lists are <details>, so none of these needs JavaScript.
import type { ReactNode } from "react";
import { Island, usePage } from "../../server/render/page";
import { primaryAction } from "../../server/lib/links";
import { doneKey } from "../../server/lib/notice";
import { Notice } from "../_kit";
import { CaptchaScripts, useCaptchaKey } from "./captcha";

export function Section({ id, title, children, tone = "white" }: { id?: string; title?: string; children: ReactNode; tone?: "white" | "muted" | "brand" }) {
  const bg = tone === "muted" ? "bg-slate-50" : tone === "brand" ? "bg-brand-900 text-white" : "bg-white";
  return (
    <section id={id} className={`${bg} py-12 sm:py-16`}>
      <div className="container-page">
        {title && <h2 className="mb-8 text-2xl font-bold sm:text-3xl">{title}</h2>}
        {children}
      </div>
    </section>
  );
}

export function CardGrid({ items, columns = 3 }: { items: { title: string; text: string }[]; columns?: 2 | 3 | 4 }) {
  const cols = columns === 4 ? "sm:grid-cols-2 lg:grid-cols-4" : columns === 2 ? "sm:grid-cols-2" : "sm:grid-cols-3";
  return (
    <div className={`grid gap-4 ${cols}`}>
      {items.map((item) => (
        <div key={item.title} className="card">
          <h3 className="mb-2 text-lg font-semibold">{item.title}</h3>
          <p className="text-slate-600">{item.text}</p>
        </div>
      ))}
    </div>
  );
}

/** Numbered steps from `<k>.title` and `<k>.steps` ({title, text}[]); more than three: two columns, four on wide screens. */
export function Steps({ k }: { k: string }) {
  const { t } = usePage();
  const steps = t.raw<{ title: string; text: string }[]>(`${k}.steps`);
  return (
    <Section title={t(`${k}.title`)} tone="muted">
      <ol className={`grid gap-4 ${steps.length > 3 ? "sm:grid-cols-2 lg:grid-cols-4" : "sm:grid-cols-3"}`}>
        {steps.map((s, i) => (
          <li key={s.title} className="card">
            <span className="mb-3 flex h-9 w-9 items-center justify-center rounded-full bg-brand-600 font-bold text-white">{i + 1}</span>
            <h3 className="mb-1 text-lg font-semibold">{s.title}</h3>
            <p className="text-slate-600">{s.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}

/** First `visible` items, the rest behind a "Show all" <details>. */
export function ShowAll<I>({ items, visible, render, label }: { items: I[]; visible: number; render: (item: I, i: number) => ReactNode; label: string }) {
  return (
    <div>
      <div className="grid gap-4 sm:grid-cols-3">{items.slice(0, visible).map(render)}</div>
      {items.length > visible && (
        <details className="group mt-4">
          <summary className="btn-secondary group-open:hidden">{label}</summary>
          <div className="grid gap-4 sm:grid-cols-3">{items.slice(visible).map((item, i) => render(item, i + visible))}</div>
        </details>
      )}
    </div>
  );
}

export function Faq({ items, title }: { items: { q: string; a: string }[]; title: string }) {
  return (
    <Section id="faq" title={title} tone="muted">
      <div className="space-y-3">
        {items.map((item) => (
          <details key={item.q} className="card group p-0">
            <summary className="flex items-center justify-between gap-4 p-5 font-semibold">
              {item.q}
              <span className="text-brand-600 transition group-open:rotate-45" aria-hidden>
                +
              </span>
            </summary>
            <p className="px-5 pb-5 text-slate-600">{item.a}</p>
          </details>
        ))}
      </div>
    </Section>
  );
}

/** The e-mail sign-up island with its strings (islands can't read the page context). */
export function SignupBlock({ next = "/test/start", invite }: { next?: string; invite?: string | null }) {
  const { t } = usePage();
  const strings = {
    emailLabel: t("common.signup.emailLabel"),
    submit: t("common.signup.submit"),
    submitting: t("common.signup.submitting"),
    agreePolicy: t("common.signup.agreePolicy"),
    agreeTerms: t("common.signup.agreeTerms"),
    agreeOffer: t("common.signup.agreeOffer"),
    success: t("common.signup.success"),
    hint: t("common.signup.hint"),
    failed: t("common.forms.failed"),
    required: t("common.validation.required"),
    invalid: t("common.errors.validation"),
  };
  const captchaKey = useCaptchaKey();
  return (
    <>
      {/* the form posts without script too; its script (and React DOM) loads when the reader reaches for it */}
      <Island name="signup-form" props={{ strings, next, invite: invite ?? null, captchaKey }} hydrate="interaction" />
      <CaptchaScripts />
    </>
  );
}

/** Where the sign-up form stands, for someone already signed in: who they are and their next step
 * (the test, or their report), instead of a form that would make a second account. */
export function SignedInNext() {
  const { t, auth } = usePage();
  if (!auth) return null;
  const next = primaryAction(auth);
  return (
    <>
      <h2 className="mb-2 text-xl font-bold">{t("common.signup.signedInTitle")}</h2>
      <p className="mb-6 text-slate-600" data-testid="signed-in-as">
        {t("common.signup.signedInAs", { email: auth.user.email })}
      </p>
      <a href={next.href} className="btn-primary w-full" data-testid="signed-in-next">
        {t(next.labelKey)}
      </a>
    </>
  );
}

export function Counter({ total }: { total: number }) {
  const { t, locale } = usePage();
  return (
    <p className="flex flex-wrap items-baseline gap-2 text-slate-600">
      <strong className="text-3xl font-black text-brand-700">
        <Island name="count-up" props={{ total, locale }} hydrate="visible" />
      </strong>
      <span>{t("common.counter.label")}</span>
    </p>
  );
}

export interface FieldDef {
  name: string;
  label: string;
  type?: "text" | "email" | "tel" | "textarea" | "password" | "date" | "select";
  required?: boolean;
  autoComplete?: string;
  hint?: string;
  options?: { value: string; label: string }[];
  /** Initial value when the form is not being re-shown after an error. */
  value?: string | null;
  /** The phone keyboard to show ("numeric": digits only). */
  inputMode?: "numeric";
  /** the server's own limit, so the browser stops typing there */
  maxLength?: number;
}

/**
 * A server-handled form (no script): posted to `action` (default: this page), shown again with
 * the entered values (never passwords) and per-field messages on error.
 */
/** The page's query without the flags of the last success notice: the next submit answers for itself. */
const NOTICE_FLAGS = ["done", "created", "deleted"];
function withoutNotices(url: URL) {
  const q = new URLSearchParams(url.search);
  for (const k of NOTICE_FLAGS) q.delete(k);
  const s = q.toString();
  return s ? `?${s}` : "";
}

export function ServerForm({
  kind,
  fields,
  submit,
  title,
  action,
  notice,
  captcha = false,
  children,
  beforeSubmit,
}: {
  kind: string;
  fields: FieldDef[];
  submit: string;
  title?: string;
  action?: string;
  notice?: string | null;
  /** Guarded by reCAPTCHA (when the operator has turned it on): public forms anyone can post. */
  captcha?: boolean;
  children?: ReactNode;
  /** Shown after the fields, above the button (a total, a note on what the button does). */
  beforeSubmit?: ReactNode;
}) {
  const { t, form, path, url } = usePage();
  const mine = form?.kind === kind ? form : undefined;
  const captchaKey = useCaptchaKey();
  const guarded = captcha && captchaKey;
  return (
    <>
      <form
        id={`form-${kind}`}
        method="post"
        action={action ?? `${path}${withoutNotices(url)}#form-${kind}`}
        className="space-y-4"
        noValidate
        data-testid={`form-${kind}`}
        data-captcha={guarded ? captchaKey : undefined}
        data-captcha-action={guarded ? kind : undefined}
      >
        {title && <h2 className="text-xl font-semibold">{title}</h2>}
        {/* the page decides this one (its action drops the last success from the URL) */}
        {notice && (
          <Notice className="" withErrors>
            {notice}
          </Notice>
        )}
        {mine?.errors && (
          <p role="alert" className="rounded-lg bg-rose-50 p-3 text-rose-800" data-testid="form-error">
            {mine.errors._ ?? mine.errors.captcha ?? t("common.errors.validation")}
          </p>
        )}
        <input type="hidden" name="_form" value={kind} />
        {children}
        {fields.map((f) => {
          const id = `${kind}-${f.name}`;
          const error = mine?.errors?.[f.name];
          const value = f.type === "password" ? "" : ((mine ? mine.values[f.name] : f.value) ?? "");
          const common = {
            id,
            name: f.name,
            required: f.required,
            defaultValue: value,
            maxLength: f.maxLength,
            className: "input",
            "aria-invalid": error ? true : undefined,
            // the browser focuses the first of these without script: the first field to correct
            autoFocus: Boolean(error),
            "aria-describedby": error ? `${id}-error` : f.hint ? `${id}-hint` : undefined,
          };
          return (
            <div key={f.name}>
              <label htmlFor={id} className="label">
                {f.label}
                {f.required && <span className="text-rose-600"> *</span>}
              </label>
              {f.type === "textarea" ? (
                <textarea rows={4} {...common} />
              ) : f.type === "select" ? (
                <select {...common}>
                  {f.options?.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              ) : (
                <input type={f.type ?? "text"} autoComplete={f.autoComplete} inputMode={f.inputMode} {...common} />
              )}
              {f.hint && !error && (
                <p id={`${id}-hint`} className="mt-1 text-sm text-slate-500">
                  {f.hint}
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
        {beforeSubmit}
        <button type="submit" className="btn-primary w-full sm:w-auto">
          {submit}
        </button>
      </form>
      {guarded && <CaptchaScripts forms />}
    </>
  );
}

/** A marketing lead form: a ServerForm handled for every page by server/pages.tsx (`_form`). */
export function LeadForm({ kind, fields, submit, title }: { kind: string; fields: FieldDef[]; submit?: string; title?: string }) {
  const { t, url } = usePage();
  return (
    <div className="card">
      <ServerForm
        kind={kind}
        fields={fields}
        submit={submit ?? t("common.forms.send")}
        title={title}
        notice={doneKey(url) === kind ? t("common.forms.sent") : null}
        captcha
      />
      <p className="mt-3 text-xs text-slate-500">{t("common.forms.privacy")}</p>
    </div>
  );
}

/** The standard contact fields of the business demo request (spec: name, phone, e-mail). */
export function useDemoFields(): FieldDef[] {
  const { t } = usePage();
  return [
    { name: "name", label: t("common.forms.name"), required: true, autoComplete: "name" },
    { name: "phone", label: t("common.forms.phone"), type: "tel", required: true, autoComplete: "tel" },
    { name: "email", label: t("common.forms.email"), type: "email", required: true, autoComplete: "email" },
    { name: "company", label: t("common.forms.company"), autoComplete: "organization" },
  ];
}

/** A data table in a card: a caption, column heads, and rows of cells (scrolls sideways on phones). */
export function Table({ caption, head, rows, testId }: { caption?: string; head: string[]; rows: ReactNode[][]; testId?: string }) {
  return (
    <div className="card overflow-x-auto p-0">
      <table className="w-full text-left text-sm" data-testid={testId}>
        {caption && <caption className="p-4 text-left text-lg font-semibold">{caption}</caption>}
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-4 py-2 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, i) => (
            <tr key={i} className="border-b border-slate-100 last:border-0">
              {cells.map((cell, j) => (
                <td key={j} className="px-4 py-2">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
