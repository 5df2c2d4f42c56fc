// Picking employees to compare, in the employee lists. Without script it is a GET form: the rows'
// checkboxes (form="compare-form", name="ids") submit the ticked ids to the compare page. With
// script the ticks live in localStorage `diffList` (client/diff-list.ts), so they survive pages,
// filters and visits and feed the dashboard's Compare widget; this island ticks the rows already
// picked, records every change, and sends the whole list to the compare page.
import { useEffect, useState } from "react";
import { compareHref, DIFF_LIST_MAX, onDiffListChange, picksOf, toggleDiffItem, writeDiffList, readDiffList, type DiffItem } from "../client/diff-list";

export interface ComparePickerProps {
  project: string;
  /** the compare page */
  action: string;
  /** "Compare the picked employees" */
  label: string;
  /** "Picked: {n}" */
  picked: string;
  clear: string;
  /** shown when the list is full */
  full: string;
}

export const PICK_SELECTOR = 'input[type="checkbox"][form="compare-form"][name="ids"]';
const boxes = () => Array.from(document.querySelectorAll<HTMLInputElement>(PICK_SELECTOR));

export default function ComparePicker({ project, action, label, picked, clear, full }: ComparePickerProps) {
  const [picks, setPicks] = useState<DiffItem[] | null>(null);
  const [isFull, setFull] = useState(false);

  useEffect(() => {
    const sync = () => {
      const now = picksOf(project);
      const ids = new Set(now.map((p) => p._id));
      for (const box of boxes()) box.checked = ids.has(box.value);
      setPicks(now);
    };
    const onChange = (e: Event) => {
      const box = e.target as HTMLInputElement;
      if (!box.matches?.(PICK_SELECTOR)) return;
      const ok = toggleDiffItem({ _id: box.value, name: box.dataset.name ?? "", project }, box.checked);
      if (!ok) box.checked = false;
      setFull(!ok);
      // the same person may be listed twice (the phone cards and the table)
      for (const other of boxes()) if (other.value === box.value) other.checked = box.checked;
    };
    sync();
    document.addEventListener("change", onChange);
    const off = onDiffListChange(sync);
    return () => {
      document.removeEventListener("change", onChange);
      off();
    };
  }, [project]);

  const n = picks?.length ?? 0;
  const go = (e: React.FormEvent) => {
    if (!picks) return; // not read yet: the form submits the ticked rows as without script
    e.preventDefault();
    if (n > 1) location.assign(compareHref(action, project, picks));
  };
  const clearAll = () => {
    writeDiffList(readDiffList().filter((i) => i.project !== project));
    setFull(false);
  };

  return (
    <form
      id="compare-form"
      method="get"
      action={action}
      onSubmit={go}
      className="flex flex-wrap items-center gap-3"
      data-testid="compare-picker"
      data-count={picks ? n : undefined}
    >
      <input type="hidden" name="project" value={project} />
      <button type="submit" className="btn-secondary py-2 text-sm" data-testid="compare" disabled={picks !== null && n < 2}>
        {label}
      </button>
      {picks && (
        <>
          <span className="text-sm text-slate-600" data-testid="compare-picked" aria-live="polite">
            {picked.replace("{n}", String(n))}
          </span>
          {n > 0 && (
            <button type="button" onClick={clearAll} className="text-sm text-brand-700 hover:underline" data-testid="compare-clear">
              {clear}
            </button>
          )}
        </>
      )}
      {isFull && (
        <span role="alert" className="text-sm text-amber-700">
          {full.replace("{n}", String(DIFF_LIST_MAX))}
        </span>
      )}
    </form>
  );
}
