// The position wizard: name and department, then one to five activities (name, communication
// level, decision style, content, priority). It is one plain form posted to the page (the server
// validates it with the API's schema); without script every step shows at once with five
// activity rows (empty rows are skipped); with script it shows one step at a time and adds rows.
import { useState } from "react";

export interface Activity {
  name: string;
  communication: string;
  decision: string;
  content: string;
  priority: string;
}

export interface PositionWizardProps {
  action: string;
  kind: string;
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
    communication: string;
    decision: string;
    content: string;
    priority: string;
    levels: Record<string, string>;
    styles: Record<string, string>;
    add: string;
    remove: string;
    next: string;
    back: string;
    save: string;
    stepOf: string;
    error: string;
  };
}

const EMPTY: Activity = { name: "", communication: "team", decision: "balanced", content: "", priority: "0" };
const MAX = 5;

export default function PositionWizard({ action, kind, values, departments, errors, s }: PositionWizardProps) {
  const [hydrated, setHydrated] = useState(false);
  const [step, setStep] = useState(Object.keys(errors).some((k) => k.startsWith("tasks")) ? 2 : 1);
  const initial = values.tasks.length ? values.tasks : [EMPTY];
  const [rows, setRows] = useState<Activity[]>(initial);
  // after hydration: a ref callback flips the flag once (no effect needed before paint)
  const mark = (el: HTMLFormElement | null) => {
    if (el && !hydrated) queueMicrotask(() => setHydrated(true));
  };
  const shown = hydrated ? rows : [...initial, ...Array.from({ length: MAX - initial.length }, () => EMPTY)].slice(0, MAX);
  const stepHidden = (n: number) => hydrated && step !== n;
  const fieldError = (name: string) =>
    errors[name] ? (
      <p className="field-error" id={`${kind}-${name}-error`}>
        {errors[name]}
      </p>
    ) : null;

  return (
    <form ref={mark} method="post" action={action} className="space-y-6" data-testid="position-wizard" data-step={hydrated ? step : "all"} noValidate>
      <input type="hidden" name="_form" value={kind} />
      {Object.keys(errors).length > 0 && (
        <p role="alert" className="rounded-lg bg-rose-50 p-3 text-rose-800" data-testid="form-error">
          {errors._ ?? s.error}
        </p>
      )}
      <fieldset hidden={stepHidden(1)} className="space-y-4">
        <legend className="mb-2 text-lg font-semibold">{hydrated ? s.stepOf.replace("{{n}}", "1") : s.step1}</legend>
        <div>
          <label htmlFor={`${kind}-name`} className="label">
            {s.name} <span className="text-rose-600">*</span>
          </label>
          <input id={`${kind}-name`} name="name" className="input" defaultValue={values.name} required aria-invalid={errors.name ? true : undefined} />
          {fieldError("name")}
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
        </div>
        {hydrated && (
          <button type="button" className="btn-primary w-full sm:w-auto" onClick={() => setStep(2)} data-testid="wizard-next">
            {s.next}
          </button>
        )}
      </fieldset>
      <fieldset hidden={stepHidden(2)} className="space-y-4">
        <legend className="mb-2 text-lg font-semibold">{hydrated ? s.stepOf.replace("{{n}}", "2") : s.step2}</legend>
        {fieldError("tasks")}
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
                <input id={`${kind}-t${i}-name`} name={`tasks.${i}.name`} className="input" defaultValue={a.name} />
                {fieldError(`tasks.${i}.name`)}
              </div>
              <div>
                <label className="label" htmlFor={`${kind}-t${i}-communication`}>
                  {s.communication}
                </label>
                <select id={`${kind}-t${i}-communication`} name={`tasks.${i}.communication`} className="input" defaultValue={a.communication}>
                  {Object.entries(s.levels).map(([v, l]) => (
                    <option key={v} value={v}>
                      {l}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label className="label" htmlFor={`${kind}-t${i}-decision`}>
                  {s.decision}
                </label>
                <select id={`${kind}-t${i}-decision`} name={`tasks.${i}.decision`} className="input" defaultValue={a.decision}>
                  {Object.entries(s.styles).map(([v, l]) => (
                    <option key={v} value={v}>
                      {l}
                    </option>
                  ))}
                </select>
              </div>
              <div className="sm:col-span-2">
                <label className="label" htmlFor={`${kind}-t${i}-content`}>
                  {s.content}
                </label>
                <textarea id={`${kind}-t${i}-content`} name={`tasks.${i}.content`} rows={2} className="input" defaultValue={a.content} />
              </div>
              <div>
                <label className="label" htmlFor={`${kind}-t${i}-priority`}>
                  {s.priority}
                </label>
                <input id={`${kind}-t${i}-priority`} name={`tasks.${i}.priority`} type="number" min={0} max={100} className="input" defaultValue={a.priority} />
                {fieldError(`tasks.${i}.priority`)}
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
