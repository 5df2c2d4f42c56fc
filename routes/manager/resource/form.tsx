// The forms a declaration gives (server/admin/resource.ts): the edit and create forms from its
// fields (money typed in rubles, files uploaded), its actions' buttons and small forms (a dangerous
// one asks again, no script), and the posted strings → the form schema's input. The edit form carries
// the record's version (`_version`, server/lib/versions.ts), so a save over a change made since is
// refused (409) and the form comes back with the record's current values.
import { intlLocale } from "../../../locales";
import type { ConfirmVars, FormField, ResourceAction, ResourceDef } from "../../../server/admin/resource";
import { recordVersion } from "../../../server/lib/versions";
import { formValues } from "../../../server/lib/forms";
import { kopecksFromRubles, rublesInput } from "../../../server/lib/money";
import { dayIn, formatIn, zoneName } from "../../../server/lib/time-zone";
import { type FormState, usePage } from "../../../server/render/page";
import type { ManagerCtx } from "../kit";

/** Posted strings → the form schema's input (checkboxes → booleans, numbers, "" → undefined). */
export function formInput(fields: FormField[], values: Record<string, string>) {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.name];
    if (f.kind === "checkbox" || f.kind === "confirm") out[f.name] = v === "on" || v === "true";
    else if (f.kind === "file") out[f.name] = v || undefined;
    else if (v === undefined || v === "") out[f.name] = f.kind === "date" ? "" : undefined;
    else if (f.kind === "money") out[f.name] = inRubles(f, values) ? kopecksFromRubles(v) : Number(v);
    else out[f.name] = f.kind === "number" ? Number(v) : v;
  }
  return out;
}

/** A form that came back only because a rule asks a question (its messages are all on `confirm`
 * fields) is a step, answered 200, not a mistake. */
export function asQuestion(fields: FormField[], state: FormState): FormState {
  const keys = Object.keys(state.errors ?? {});
  const asks = keys.length > 0 && keys.every((k) => fields.some((f) => f.kind === "confirm" && f.name === k));
  return asks ? { ...state, status: 200 } : state;
}

/** The question a rule asks and its two answers: go on (the form posted again with the field on) or cancel. */
function Question({ field, text, cancel }: { field: Extract<FormField, { kind: "confirm" }>; text: string; cancel: string }) {
  const { t } = usePage();
  return (
    <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 sm:col-span-2" data-question={field.name}>
      <p className="mb-2">{text}</p>
      <div className="flex flex-wrap gap-2">
        <button type="submit" name={field.name} value="on" className="btn-primary py-2 text-sm" data-answer={field.name}>
          {t(field.label)}
        </button>
        <a href={cancel} className="btn-secondary py-2 text-sm">
          {t("manager.detail.cancel")}
        </a>
      </div>
    </div>
  );
}

/** The posted strings, with each uploaded file of the form stored and replaced by what its field's `store` gives. */
export async function postedValues(c: ManagerCtx, fields: FormField[]) {
  const values = await formValues(c);
  const body = await c.req.parseBody();
  for (const f of fields) {
    const file = body[f.name];
    if (f.kind === "file" && file instanceof File && file.size > 0) values[f.name] = await f.store(c.get("scope"), file);
  }
  return values;
}

/** The form of a declaration's fields: the edit form (values from the record) or the create form. */
export function RecordForm({
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
      {mine?.errors && mine.status !== 200 && (
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
        // shown only when a rule asks it (a used code renamed), never as a standing checkbox
        if (f.kind === "confirm") return error ? <Question key={f.name} field={f} text={error} cancel={path} /> : null;
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
              <select id={id} name={f.name} className="input" defaultValue={text} aria-describedby={described}>
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
      {mine?.status !== 200 && (
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary">
            {submit}
          </button>
        </div>
      )}
    </form>
  );
}

export function EditForm({ def, row }: { def: ResourceDef; row: Record<string, unknown> }) {
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
export function ActionForm({ name, action, vars }: { name: string; action: ResourceAction; vars: ConfirmVars }) {
  const { t, path, form, locale, config } = usePage();
  // a moment in the question ("until 27.11.2026, 14:05") is read in the operator's zone, which it names
  const said = Object.fromEntries(
    Object.entries(vars).map(([k, v]) => [
      k,
      v instanceof Date
        ? `${formatIn(v, config.TIME_ZONE, intlLocale(locale), { dateStyle: "short", timeStyle: "short" })} (${zoneName(config.TIME_ZONE, intlLocale(locale))})`
        : v,
    ]),
  );
  const mine = form?.kind === name ? form : undefined;
  const button = (
    <button
      type="submit"
      className={action.danger ? "rounded-lg bg-rose-600 px-3 py-2 text-sm font-semibold text-white" : "btn-secondary py-2 text-sm"}
      data-action={name}
    >
      {/* the answer names what it does ("Delete the user"), never a bare "Yes" */}
      {t(action.label)}
    </button>
  );
  const body = (
    <form method="post" action={path} className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="_form" value={name} />
      {action.input?.fields.map((f) => {
        const id = `action-${name}-${f.name}`;
        if (f.kind === "confirm") return mine?.errors?.[f.name] ? <Question key={f.name} field={f} text={mine.errors[f.name]!} cancel={path} /> : null;
        if (f.kind === "checkbox")
          return (
            <div key={f.name} className="w-full text-sm">
              <label htmlFor={id} className="flex items-start gap-2">
                <input id={id} name={f.name} type="checkbox" className="mt-1 h-4 w-4 shrink-0" defaultChecked={mine?.values[f.name] === "on"} />
                <span>{t(f.label ?? `manager.fields.${f.name}`)}</span>
              </label>
              {mine?.errors?.[f.name] && <span className="field-error block">{mine.errors[f.name]}</span>}
            </div>
          );
        return (
          <div key={f.name} className={f.kind === "textarea" || f.kind === "select" ? "w-full text-sm" : "text-sm"}>
            <label className="label" htmlFor={id}>
              {t(f.label ?? `manager.fields.${f.name}`)}
            </label>
            {f.kind === "select" ? (
              <select id={id} name={f.name} className="input w-full" defaultValue={mine?.values[f.name] ?? f.options[0]}>
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
                inputMode={f.kind === "money" ? "decimal" : undefined}
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
      {/* while its question waits, the answer buttons are the way on */}
      {mine?.status === 200 ? null : action.danger ? (
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
        {t(action.confirm ?? "manager.detail.sure", said)}
      </p>
      {body}
    </details>
  );
}

/** Whether a money field is in rubles for these values (its `when` holds, or it has none). */
export const inRubles = (f: Extract<FormField, { kind: "money" }>, values: Record<string, unknown>) =>
  !f.when || String(values[f.when.field] ?? "") === f.when.value;

/** The record's values as the edit form shows them (money in rubles, as a manager types it). */
export function formValuesOf(def: ResourceDef, row: Record<string, unknown>) {
  const values: Record<string, unknown> = { ...row, ...def.form!.toValues?.(row) };
  for (const f of def.form!.fields)
    if (f.kind === "money" && typeof values[f.name] === "number" && inRubles(f, values)) values[f.name] = rublesInput(values[f.name] as number);
  return values;
}

/** The record as it is now, as posted strings: what a refused (stale) form shows again, with its version. */
export function currentAsPosted(def: ResourceDef, row: Record<string, unknown>): Record<string, string> {
  const values = formValuesOf(def, row);
  const out: Record<string, string> = { _form: "edit", _version: recordVersion(row) };
  for (const f of def.form!.fields) {
    const v = values[f.name];
    out[f.name] =
      f.kind === "checkbox" || f.kind === "confirm" ? (v ? "on" : "") : v == null ? "" : v instanceof Date ? v.toISOString().slice(0, 10) : String(v);
  }
  return out;
}
