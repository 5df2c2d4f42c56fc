// The dashboard header's Compare widget (spec §2, §4): how many employees of this project are
// picked in `diffList`, and a link to the compare page only when more than one is. The server
// renders it with no count (it cannot read the browser's storage); hydration fills it in.
import { useEffect, useState } from "react";
import { compareHref, onDiffListChange, picksOf, type DiffItem } from "../client/diff-list";

export interface CompareWidgetProps {
  project: string;
  /** the compare page */
  href: string;
  /** "Compare" */
  label: string;
  /** the hint when fewer than two are picked */
  hint: string;
}

export default function CompareWidget({ project, href, label, hint }: CompareWidgetProps) {
  const [picks, setPicks] = useState<DiffItem[] | null>(null);
  useEffect(() => {
    const read = () => setPicks(picksOf(project));
    read();
    return onDiffListChange(read);
  }, [project]);
  const n = picks?.length ?? 0;
  const badge = (
    <span className="rounded-full bg-brand-600 px-2 text-xs font-bold tabular-nums text-white" data-testid="compare-count">
      {picks ? n : "…"}
    </span>
  );
  const box = "flex items-center gap-1.5 whitespace-nowrap rounded-full border px-2.5 py-1 text-sm font-semibold";
  if (picks && n > 1)
    return (
      <a
        href={compareHref(href, project, picks)}
        className={`${box} border-brand-300 bg-brand-50 text-brand-800 hover:bg-brand-100`}
        data-testid="compare-widget"
        data-count={n}
        aria-label={`${label}: ${n}`}
      >
        <span aria-hidden>⇆</span>
        <span className="hidden sm:inline">{label}</span>
        {badge}
      </a>
    );
  return (
    <span
      className={`${box} border-slate-200 text-slate-400`}
      title={hint}
      aria-disabled="true"
      data-testid="compare-widget"
      data-count={picks ? n : undefined}
      aria-label={picks ? `${label}: ${n}` : label}
    >
      <span aria-hidden>⇆</span>
      <span className="hidden sm:inline">{label}</span>
      {badge}
    </span>
  );
}
