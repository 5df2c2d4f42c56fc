// A GET filter form that works without script (an Apply button); with script it applies itself
// as soon as a select changes. The fields are plain data, so the server renders the same form.
export interface AutoSubmitProps {
  action: string;
  id: string;
  fields: { name: string; label: string; value: string; options: { value: string; label: string }[] }[];
  /** Hidden values kept across a filter change (sort, direction, project). */
  keep: Record<string, string>;
  apply: string;
}

export default function AutoSubmit({ action, id, fields, keep, apply }: AutoSubmitProps) {
  return (
    <form method="get" action={action} id={id} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5" data-testid={id}>
      {Object.entries(keep).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      {fields.map((f) => (
        <div key={f.name}>
          <label htmlFor={`${id}-${f.name}`} className="label">
            {f.label}
          </label>
          <select id={`${id}-${f.name}`} name={f.name} defaultValue={f.value} className="input py-2" onChange={(e) => e.currentTarget.form?.requestSubmit()}>
            {f.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      ))}
      <div className="flex items-end">
        <button type="submit" className="btn-secondary w-full py-2">
          {apply}
        </button>
      </div>
    </form>
  );
}
