// The position wizard: name and department, then one to five activities (name, whose work it
// organises, client contact, breadth, way of working, pace of decisions, content, priority). It is one plain form posted to the page (the server
// validates it with the API's schema); without script every step shows at once with five
// activity rows (empty rows are skipped); with script it shows one step at a time and adds rows.
// Every field says what it means for the fit. With `preview`, the team's fit for the activities as
// typed is shown beside them (POST /api/business/positions/preview, debounced; nothing is saved).
import { useEffect, useRef, useState } from "react";
import { interpolate } from "../locales/interpolate";
import type { TeamFit } from "../server/services/business/fit-target";

export interface Activity {
  name: string;
  communication: string;
  client: string;
  breadth: string;
  method: string;
  decision: string;
  content: string;
  priority: string;
}

/** The activity's questions asked by a select, in the order they are shown (model/FIT.md: what each computes). */
export const QUESTIONS = ["communication", "client", "breadth", "method", "decision"] as const;
export type Question = (typeof QUESTIONS)[number];

export interface PositionWizardProps {
  action: string;
  kind: string;
  /** The version an edit was made from (posted as `_version`: a save over a newer one is refused). */
  version?: string;
  values: { name: string; department: string; tasks: Activity[] };
  departments: { value: string; label: string }[];
  errors: Record<string, string>;
  s: {
    step1: string;
    step2: string;
    name: string;
    department: string;
    noDepartment: string;
    activity: string;
    activityName: string;
    content: string;
    priority: string;
    /** Each select: its label, the line under it (shown on the first activity) and its options. */
    questions: Record<Question, { label: string; hint: string; options: [string, string][] }>;
    add: string;
    remove: string;
    next: string;
    back: string;
    save: string;
    stepOf: string;
    error: string;
    /** One line under each field: what it means for the fit. */
    hints: {
      name: string;
      department: string;
      activities: string;
      activityName: string;
      content: string;
      priority: string;
    };
    nameMissing: string;
    /** "Check step {{n}}: it has errors." */
    errorsOnStep: string;
  };
  /** The live preview of the team's fit (for those who edit positions). */
  preview?: {
    url: string;
    s: { title: string; lead: string; waiting: string; failed: string; teamLine: string; teamNone: string; best: string };
  };
}

/** What POST /api/business/positions/preview answers (the part the preview shows). */
interface PreviewAnswer {
  team: TeamFit;
}

/** The activities as the form holds them now (rows without a name are left out, as the server does). */
function activitiesOf(form: HTMLFormElement) {
  const data = new FormData(form);
  const out: Record<string, string | number>[] = [];
  for (let i = 0; i < MAX; i++) {
    const name = String(data.get(`tasks.${i}.name`) ?? "").trim();
    if (!name) continue;
    const priority = Number(data.get(`tasks.${i}.priority`) ?? 0);
    out.push({
      name,
      ...Object.fromEntries(QUESTIONS.map((q) => [q, String(data.get(`tasks.${i}.${q}`) ?? "")])),
      priority: Number.isInteger(priority) && priority >= 0 && priority <= 100 ? priority : 0,
    });
  }
  return out;
}

function Preview({
  preview,
  answer,
  state,
}: {
  preview: NonNullable<PositionWizardProps["preview"]>;
  answer: PreviewAnswer | null;
  state: "idle" | "busy" | "failed";
}) {
  const s = preview.s;
  const team = answer?.team;
  return (
    <section className="rounded-xl border border-brand-100 bg-brand-50/40 p-3 text-sm" aria-live="polite" data-testid="wizard-preview">
      <h3 className="font-semibold text-slate-900">{s.title}</h3>
      <p className="mb-2 text-xs text-slate-500">{s.lead}</p>
      {state === "failed" ? (
        <p className="text-rose-700">{s.failed}</p>
      ) : !team ? (
        <p className="text-slate-500">{s.waiting}</p>
      ) : team.measured === 0 ? (
        <p className="text-slate-600">{s.teamNone}</p>
      ) : (
        <>
          <p className="text-slate-800" data-testid="wizard-preview-line">
            {interpolate(s.teamLine, {
              measured: team.measured,
              min: team.min ?? "",
              max: team.max ?? "",
              median: team.median ?? "",
              good: team.good,
              goodFrom: team.goodFrom,
            })}
          </p>
          <ol className="mt-2 space-y-1">
            {team.top.map((p) => (
              <li key={p._id} className="grid grid-cols-[minmax(0,1fr)_6rem_2rem] items-center gap-2">
                <span className="min-w-0 truncate text-slate-700">{p.name || "—"}</span>
                <span className="block h-2 rounded-full bg-white" aria-hidden="true">
                  <span className="block h-2 rounded-full bg-brand-600" style={{ width: `${Math.max(2, p.efficiency)}%` }} />
                </span>
                <span className="text-right font-semibold tabular-nums">{p.efficiency}</span>
              </li>
            ))}
          </ol>
          {state === "busy" && <p className="mt-1 text-xs text-slate-500">{s.waiting}</p>}
        </>
      )}
    </section>
  );
}

const EMPTY: Activity = { name: "", communication: "team", client: "no", breadth: "mixed", method: "either", decision: "balanced", content: "", priority: "0" };
const MAX = 5;

const STEP1_FIELDS = ["name", "department"];

export default function PositionWizard({ action, kind, version, values, departments, errors: serverErrors, s, preview }: PositionWizardProps) {
  const [hydrated, setHydrated] = useState(false);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const errors = { ...serverErrors, ...clientErrors };
  // the first step with an error opens (a name error no longer hides on step 1 behind step 2)
  const errorSteps = [...new Set(Object.keys(serverErrors).map((k) => (STEP1_FIELDS.includes(k) ? 1 : k === "_" ? 0 : 2)))].filter((n) => n > 0).sort();
  const [step, setStep] = useState(errorSteps[0] ?? 1);
  const formRef = useRef<HTMLFormElement | null>(null);
  const [answer, setAnswer] = useState<PreviewAnswer | null>(null);
  const [previewState, setPreviewState] = useState<"idle" | "busy" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastBody = useRef("");
  const refresh = () => {
    if (!preview || !formRef.current) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      const tasks = activitiesOf(formRef.current!);
      const body = JSON.stringify({ tasks });
      if (!tasks.length || body === lastBody.current) return;
      lastBody.current = body;
      setPreviewState("busy");
      try {
        const res = await fetch(preview.url, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body,
          credentials: "same-origin",
        });
        if (!res.ok) throw new Error(String(res.status));
        setAnswer((await res.json()) as PreviewAnswer);
        setPreviewState("idle");
      } catch {
        setPreviewState("failed");
      }
    }, 350);
  };
  const next = () => {
    const name = formRef.current?.querySelector<HTMLInputElement>(`#${kind}-name`)?.value.trim();
    if (!name) {
      setClientErrors({ name: s.nameMissing });
      formRef.current?.querySelector<HTMLInputElement>(`#${kind}-name`)?.focus();
      return;
    }
    setClientErrors({});
    setStep(2);
  };
  const initial = values.tasks.length ? values.tasks : [EMPTY];
  const [rows, setRows] = useState<Activity[]>(initial);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once hydrated, and when a row is added or removed
  useEffect(() => {
    if (hydrated) refresh();
  }, [hydrated, rows.length]);
  // after hydration: a ref callback flips the flag once (no effect needed before paint)
  const mark = (el: HTMLFormElement | null) => {
    formRef.current = el;
    if (el && !hydrated) queueMicrotask(() => setHydrated(true));
  };
  const hint = (text: string, id: string) => (
    <p className="mt-1 text-xs text-slate-500" id={id}>
      {text}
    </p>
  );
  const shown = hydrated ? rows : [...initial, ...Array.from({ length: MAX - initial.length }, () => EMPTY)].slice(0, MAX);
  const stepHidden = (n: number) => hydrated && step !== n;
  const fieldError = (name: string) =>
    errors[name] ? (
      <p className="field-error" id={`${kind}-${name}-error`}>
        {errors[name]}
      </p>
    ) : null;

  return (
    <form
      ref={mark}
      method="post"
      action={action}
      className="space-y-6"
      data-testid="position-wizard"
      data-step={hydrated ? step : "all"}
      noValidate
      onInput={refresh}
      onChange={refresh}
    >
      <input type="hidden" name="_form" value={kind} />
      {version && <input type="hidden" name="_version" value={version} />}
      {Object.keys(serverErrors).length > 0 && (
        <div role="alert" className="rounded-lg bg-rose-50 p-3 text-rose-800" data-testid="form-error">
          <p>{serverErrors._ ?? s.error}</p>
          {/* which step holds the errors, so none is missed behind the other step */}
          {hydrated &&
            errorSteps
              .filter((n) => n !== step)
              .map((n) => (
                <p key={n} className="mt-1">
                  <button type="button" className="font-semibold underline" onClick={() => setStep(n)} data-testid={`error-step-${n}`}>
                    {interpolate(s.errorsOnStep, { n })}
                  </button>
                </p>
              ))}
        </div>
      )}
      <fieldset hidden={stepHidden(1)} className="space-y-4">
        <legend className="mb-2 text-lg font-semibold">{hydrated ? s.stepOf.replace("{{n}}", "1") : s.step1}</legend>
        <div>
          <label htmlFor={`${kind}-name`} className="label">
            {s.name} <span className="text-rose-600">*</span>
          </label>
          <input
            id={`${kind}-name`}
            name="name"
            className="input"
            defaultValue={values.name}
            required
            maxLength={120}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={`${kind}-name-hint`}
          />
          {fieldError("name")}
          {hint(s.hints.name, `${kind}-name-hint`)}
        </div>
        <div>
          <label htmlFor={`${kind}-department`} className="label">
            {s.department}
          </label>
          <select id={`${kind}-department`} name="department" className="input" defaultValue={values.department}>
            <option value="">{s.noDepartment}</option>
            {departments.map((d) => (
              <option key={d.value} value={d.value}>
                {d.label}
              </option>
            ))}
          </select>
          {fieldError("department")}
          {hint(s.hints.department, `${kind}-department-hint`)}
        </div>
        {hydrated && (
          <button type="button" className="btn-primary w-full sm:w-auto" onClick={next} data-testid="wizard-next">
            {s.next}
          </button>
        )}
      </fieldset>
      <fieldset hidden={stepHidden(2)} className="space-y-4">
        <legend className="mb-2 text-lg font-semibold">{hydrated ? s.stepOf.replace("{{n}}", "2") : s.step2}</legend>
        {fieldError("tasks")}
        {hint(s.hints.activities, `${kind}-activities-hint`)}
        {preview && hydrated && <Preview preview={preview} answer={answer} state={previewState} />}
        {shown.map((a, i) => (
          <div key={i} className="rounded-xl border border-slate-200 p-4" data-activity={i}>
            <div className="mb-3 flex items-center justify-between">
              <h3 className="font-semibold">{s.activity.replace("{{n}}", String(i + 1))}</h3>
              {hydrated && rows.length > 1 && (
                <button type="button" className="text-sm text-rose-700 hover:underline" onClick={() => setRows(rows.filter((_, j) => j !== i))}>
                  {s.remove}
                </button>
              )}
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="sm:col-span-2">
                <label className="label" htmlFor={`${kind}-t${i}-name`}>
                  {s.activityName}
                </label>
                <input id={`${kind}-t${i}-name`} name={`tasks.${i}.name`} className="input" defaultValue={a.name} maxLength={120} />
                {fieldError(`tasks.${i}.name`)}
                {i === 0 && hint(s.hints.activityName, `${kind}-t${i}-name-hint`)}
              </div>
              {QUESTIONS.map((q) => (
                <div key={q} className="sm:col-span-2">
                  <label className="label" htmlFor={`${kind}-t${i}-${q}`}>
                    {s.questions[q].label}
                  </label>
                  <select
                    id={`${kind}-t${i}-${q}`}
                    name={`tasks.${i}.${q}`}
                    className="input w-full"
                    defaultValue={a[q]}
                    aria-describedby={i === 0 ? `${kind}-t${i}-${q}-hint` : undefined}
                  >
                    {s.questions[q].options.map(([v, l]) => (
                      <option key={v} value={v}>
                        {l}
                      </option>
                    ))}
                  </select>
                  {fieldError(`tasks.${i}.${q}`)}
                  {i === 0 && hint(s.questions[q].hint, `${kind}-t${i}-${q}-hint`)}
                </div>
              ))}
              <div className="sm:col-span-2">
                <label className="label" htmlFor={`${kind}-t${i}-content`}>
                  {s.content}
                </label>
                <textarea id={`${kind}-t${i}-content`} name={`tasks.${i}.content`} rows={2} className="input" defaultValue={a.content} />
                {i === 0 && hint(s.hints.content, `${kind}-t${i}-content-hint`)}
              </div>
              <div>
                <label className="label" htmlFor={`${kind}-t${i}-priority`}>
                  {s.priority}
                </label>
                <input
                  id={`${kind}-t${i}-priority`}
                  name={`tasks.${i}.priority`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={100}
                  className="input"
                  defaultValue={a.priority}
                  aria-describedby={`${kind}-t${i}-priority-hint`}
                />
                {fieldError(`tasks.${i}.priority`)}
                {hint(s.hints.priority, `${kind}-t${i}-priority-hint`)}
              </div>
            </div>
          </div>
        ))}
        <div className="flex flex-wrap gap-3">
          {hydrated && (
            <button type="button" className="btn-secondary" onClick={() => setStep(1)}>
              {s.back}
            </button>
          )}
          {hydrated && rows.length < MAX && (
            <button type="button" className="btn-secondary" onClick={() => setRows([...rows, EMPTY])} data-testid="wizard-add">
              {s.add}
            </button>
          )}
          <button type="submit" className="btn-primary" data-testid="wizard-save">
            {s.save}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
