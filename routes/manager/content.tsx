// The report editor: /manager/reports/create and /manager/reports/{id}/edit. Every section of a
// format's report in one language, with a preview as the reader will see it: "Preview" posts the
// form to the page, which shows it again beside the text rendered by the report page's own
// components (SectionCard, ReportText) — no script. "Save" sanitises and stores it
// (server/admin/content.ts); report pages and the PDF read it on the next request. The form carries
// the report's version: a save over a change made since is refused (409) and shows the report as it
// is now.
import { z } from "zod";
import {
  createReport,
  reportBodySchema,
  reportCreateSchema,
  requireReport,
  REPORT_LANGS,
  formatChoices,
  reportSiblings,
  REPORT_TYPES,
  SECTION_TABS,
  updateReport,
} from "../../server/admin/content";
import { recordVersion } from "../../server/lib/versions";
import { postedVersion } from "../../server/lib/forms";
import { doneKey, withDone } from "../../server/lib/notice";
import { ID_PARAM, idSchema } from "../../server/lib/ids";
import { usePage } from "../../server/render/page";
import type { ReportRow } from "../../server/services/reports";
import { managerForm, managerPage } from "./kit";
import { ReportText } from "../_blocks/report-text";
import { SectionCard } from "../report/section-card";
import { Notice } from "./ui";

type Section = ReportRow["sections"][number];

/** Posted fields (title, text, sections.N.*) → the report body; a section with no title and no text is left out. */
export function bodyFromForm(values: Record<string, string>) {
  const sections: Section[] = [];
  const count = Number(values.sectionCount ?? 0);
  for (let i = 0; i < Math.min(count, 41); i++) {
    const v = (k: string) => values[`sections.${i}.${k}`] ?? "";
    if (values[`sections.${i}.remove`] === "on") continue;
    if (!v("title").trim() && !v("text").trim() && !v("teaser").trim()) continue;
    sections.push({
      key: v("key").trim() || `block-${i + 1}`,
      tab: v("tab") || "general",
      title: v("title"),
      text: v("text"),
      teaser: v("teaser"),
      locked: v("locked") === "on",
    });
  }
  return { title: values.title ?? "", text: values.text ?? "", sections };
}

/** A row's body as posted fields, so the form shows the saved report or what was just posted. */
function formFromRow(row: ReportRow): Record<string, string> {
  const out: Record<string, string> = { title: row.title, text: row.text, sectionCount: String(row.sections.length + 1) };
  row.sections.forEach((s, i) => {
    out[`sections.${i}.key`] = s.key;
    out[`sections.${i}.tab`] = s.tab;
    out[`sections.${i}.title`] = s.title;
    out[`sections.${i}.text`] = s.text;
    out[`sections.${i}.teaser`] = s.teaser;
    if (s.locked) out[`sections.${i}.locked`] = "on";
  });
  return out;
}

function Field({
  name,
  label,
  values,
  errors,
  area,
  rows = 4,
}: {
  name: string;
  label: string;
  values: Record<string, string>;
  errors?: Record<string, string>;
  area?: boolean;
  rows?: number;
}) {
  const id = `f-${name.replace(/\./g, "-")}`;
  const error = errors?.[name];
  const common = {
    id,
    name,
    className: "input",
    defaultValue: values[name] ?? "",
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
  };
  return (
    <div>
      <label className="label" htmlFor={id}>
        {label}
      </label>
      {area ? <textarea rows={rows} {...common} /> : <input {...common} />}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

interface EditData {
  row: ReportRow;
  formatName: string;
  /** the same format and type in each report language: its text's id, or none yet */
  languages: { language: string; id: string | null }[];
}

/** The tab choices, with a section's own tab kept even when it is none of them (a select without
 * its value would post the first option and move the section on a save that changed nothing). */
const tabsWith = (current: string | undefined): string[] =>
  current && !(SECTION_TABS as readonly string[]).includes(current) ? [...SECTION_TABS, current] : [...SECTION_TABS];

function Preview({ values }: { values: Record<string, string> }) {
  const { t } = usePage();
  const body = bodyFromForm(values);
  return (
    <section
      id="preview"
      className="space-y-4 xl:sticky xl:top-20 xl:max-h-[calc(100vh-6rem)] xl:self-start xl:overflow-y-auto"
      data-testid="preview"
      aria-label={t("manager.content.preview")}
    >
      <h2 className="text-lg font-semibold">{t("manager.content.preview")}</h2>
      <div className="rounded-xl border border-dashed border-brand-300 bg-white p-4">
        <h3 className="mb-2 text-2xl font-black">{body.title}</h3>
        <ReportText text={body.text} className="mb-4 whitespace-pre-line text-slate-700" />
        <div className="space-y-4">
          {body.sections.map((s) => (
            <SectionCard key={s.key} section={s} />
          ))}
        </div>
      </div>
    </section>
  );
}

function Editor({ data }: { data: EditData }) {
  const { t, form, path, url } = usePage();
  const values = form?.values ?? formFromRow(data.row);
  const errors = form?.errors;
  const count = Math.max(Number(values.sectionCount ?? 0), 1);
  const { row } = data;
  return (
    <>
      <p className="mb-4 text-sm">
        <a href={`/manager/reports/${row.id}`} className="text-brand-700 hover:underline">
          ← {t("manager.res.reports.detail")}
        </a>
        <span className="ml-2 text-slate-500">
          {row.formatCode} · {data.formatName} · {t(`manager.content.types.${row.type}`)} · {row.language.toUpperCase()}
        </span>
      </p>
      <nav className="mb-4 flex flex-wrap items-center gap-2 text-sm" aria-label={t("manager.content.languages")} data-testid="report-languages">
        <span className="text-slate-500">{t("manager.content.languages")}:</span>
        {data.languages.map((l) =>
          l.id === row.id ? (
            <span key={l.language} aria-current="page" className="rounded bg-brand-600 px-2 py-1 font-semibold text-white">
              {l.language.toUpperCase()}
            </span>
          ) : l.id ? (
            <a key={l.language} href={`/manager/reports/${l.id}/edit`} className="rounded px-2 py-1 font-semibold text-brand-700 hover:bg-brand-50">
              {l.language.toUpperCase()}
            </a>
          ) : (
            <form key={l.language} method="post" action="/manager/reports/create" className="inline">
              <input type="hidden" name="fm" value={row.formatCode} />
              <input type="hidden" name="type" value={row.type} />
              <input type="hidden" name="language" value={l.language} />
              <button type="submit" className="rounded border border-dashed border-slate-300 px-2 py-1 text-slate-600 hover:bg-slate-100">
                + {l.language.toUpperCase()}
              </button>
            </form>
          ),
        )}
      </nav>
      {doneKey(url) === "saved" && <Notice>{t("manager.detail.saved")}</Notice>}
      {errors && <Notice tone="error">{errors._ ?? t("common.errors.validation")}</Notice>}
      <div className="grid gap-6 xl:grid-cols-2">
        <form method="post" action={path} className="card space-y-4" data-testid="report-form" noValidate>
          <input type="hidden" name="sectionCount" value={String(count)} />
          <input type="hidden" name="_version" value={values._version ?? recordVersion(row)} />
          <p className="text-sm text-slate-500">{t("manager.content.markupHelp")}</p>
          <Field name="title" label={t("manager.fields.title")} values={values} errors={errors} />
          <Field name="text" label={t("manager.content.summary")} values={values} errors={errors} area />
          {Array.from({ length: count }, (_, i) => {
            const p = `sections.${i}`;
            const isNew = i >= row.sections.length && !values[`${p}.title`];
            return (
              <fieldset key={i} className="space-y-3 rounded-xl border border-slate-200 p-3" data-section-form={i}>
                <legend className="px-1 text-sm font-semibold">{isNew ? t("manager.content.newSection") : `${i + 1}. ${values[`${p}.title`] ?? ""}`}</legend>
                <div className="grid gap-3 sm:grid-cols-2">
                  <Field name={`${p}.key`} label={t("manager.content.sectionKey")} values={values} errors={errors} />
                  <div>
                    <label className="label" htmlFor={`f-${p}-tab`}>
                      {t("manager.content.tab")}
                    </label>
                    <select id={`f-${p}-tab`} name={`${p}.tab`} className="input" defaultValue={values[`${p}.tab`] ?? "general"}>
                      {tabsWith(values[`${p}.tab`]).map((tab) => (
                        <option key={tab} value={tab}>
                          {(SECTION_TABS as readonly string[]).includes(tab) ? t(`report.tabs.${tab}`) : tab}
                        </option>
                      ))}
                    </select>
                  </div>
                </div>
                <Field name={`${p}.title`} label={t("manager.fields.title")} values={values} errors={errors} />
                <Field name={`${p}.text`} label={t("manager.content.sectionText")} values={values} errors={errors} area rows={6} />
                <Field name={`${p}.teaser`} label={t("manager.content.teaser")} values={values} errors={errors} area rows={2} />
                <div className="flex flex-wrap gap-4 text-sm">
                  <label className="flex items-center gap-2">
                    <input type="checkbox" name={`${p}.locked`} defaultChecked={values[`${p}.locked`] === "on"} />
                    {t("manager.content.locked")}
                  </label>
                  {!isNew && (
                    <label className="flex items-center gap-2 text-rose-700">
                      <input type="checkbox" name={`${p}.remove`} defaultChecked={values[`${p}.remove`] === "on"} />
                      {t("manager.content.remove")}
                    </label>
                  )}
                </div>
              </fieldset>
            );
          })}
          <div className="flex flex-wrap gap-2">
            <button type="submit" name="_form" value="preview" formAction={`${path}#preview`} className="btn-secondary">
              {t("manager.content.showPreview")}
            </button>
            <button type="submit" name="_form" value="save" className="btn-primary">
              {t("manager.detail.save")}
            </button>
          </div>
        </form>
        <Preview values={values} />
      </div>
    </>
  );
}

export const reportEditPage = managerPage({
  path: `/manager/reports/${ID_PARAM}/edit`,
  params: z.object({ id: idSchema() }),
  load: async (c, scope): Promise<EditData> => {
    const row = await requireReport(scope.db, c.req.param("id")!);
    return { row, ...(await reportSiblings(scope.db, row, scope.locale)) };
  },
  title: (t) => t("manager.content.editTitle"),
  Component: Editor,
  forms: {
    // the same fields, drawn beside the text as the report will show them; nothing is saved
    preview: managerForm({ schema: z.object({}), run: async (_scope, _input, _c, values) => ({ kind: "preview", values }) }),
    save: managerForm({
      schema: reportBodySchema,
      shape: bodyFromForm,
      run: async (scope, input, c, values) => {
        const id = c.req.param("id")!;
        await updateReport(scope, id, input, { version: postedVersion(values) });
        return withDone(`/manager/reports/${id}/edit`, "saved");
      },
      // changed since the form was shown: nothing saved; the report as it is now, with the message
      current: async (scope, c) => {
        const now = await requireReport(scope.db, c.req.param("id")!);
        return { ...formFromRow(now), _version: recordVersion(now) };
      },
    }),
  },
});

interface CreateData {
  formats: { code: string; name: string }[];
}

function CreateForm({ data }: { data: CreateData }) {
  const { t, form, path } = usePage();
  const values = form?.values ?? {};
  const errors = form?.errors;
  const select = (name: string, options: { value: string; label: string }[]) => (
    <div>
      <label className="label" htmlFor={`c-${name}`}>
        {t(`manager.fields.${name === "fm" ? "format" : name === "type" ? "reportType" : "locale"}`)}
      </label>
      <select id={`c-${name}`} name={name} className="input" defaultValue={values[name] ?? ""} aria-invalid={errors?.[name] ? true : undefined}>
        <option value="">—</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {errors?.[name] && <p className="field-error">{errors[name]}</p>}
    </div>
  );
  return (
    <>
      <p className="mb-4 text-sm">
        <a href="/manager/reports" className="text-brand-700 hover:underline">
          ← {t("manager.res.reports.title")}
        </a>
      </p>
      {errors?._ && <Notice tone="error">{errors._}</Notice>}
      <form method="post" action={path} className="card grid max-w-xl gap-3" data-testid="report-create" noValidate>
        <input type="hidden" name="_form" value="create" />
        {select(
          "fm",
          data.formats.map((f) => ({ value: f.code, label: `${f.code} · ${f.name}` })),
        )}
        {select(
          "type",
          REPORT_TYPES.map((v) => ({ value: v, label: t(`manager.content.types.${v}`) })),
        )}
        {select(
          "language",
          REPORT_LANGS.map((v) => ({ value: v, label: v.toUpperCase() })),
        )}
        <Field name="title" label={t("manager.fields.title")} values={values} errors={errors} />
        <p className="text-sm text-slate-500">{t("manager.content.createHelp")}</p>
        <div>
          <button type="submit" className="btn-primary">
            {t("manager.content.create")}
          </button>
        </div>
      </form>
    </>
  );
}

export const reportCreatePage = managerPage({
  path: "/manager/reports/create",
  load: async (_c, scope): Promise<CreateData> => ({ formats: await formatChoices(scope.db, scope.locale) }),
  title: (t) => t("manager.content.createTitle"),
  Component: CreateForm,
  forms: {
    create: managerForm({
      schema: reportCreateSchema,
      shape: (v) => ({ fm: v.fm || undefined, type: v.type || undefined, language: v.language || undefined, title: v.title || undefined }),
      run: async (scope, input) => `/manager/reports/${(await createReport(scope, input)).id}/edit`,
    }),
  },
});
