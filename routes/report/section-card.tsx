// One block of a report as a reader sees it: open blocks show their text, locked ones a padlock
// and a teaser. The report page and the /demo sample both render blocks with it.
import type { ReactNode } from "react";
import type { ReportRow } from "../../server/services/reports";
import { ReportText } from "../_blocks/report-text";

export type ReportSection = ReportRow["sections"][number];

/** An inline padlock: emoji fonts are missing on many systems. */
function LockIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" width="18" height="18" className="shrink-0 fill-slate-400">
      <path d="M10 1a5 5 0 0 0-5 5v3H4a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-8a1 1 0 0 0-1-1h-1V6a5 5 0 0 0-5-5Zm-3 8V6a3 3 0 1 1 6 0v3H7Z" />
    </svg>
  );
}

/** `excerpt` shows only the first paragraph of an open block; `children` follow a locked block (its call to action). */
/** `lang` marks the block's title and text with their language (the call to action is the page's). */
export function SectionCard({
  section: s,
  excerpt,
  id,
  lang,
  children,
}: {
  section: ReportSection;
  excerpt?: boolean;
  id?: string;
  lang?: string;
  children?: ReactNode;
}) {
  return (
    <article className="card" id={id} data-section={s.key} data-locked={s.locked || undefined}>
      <h3 className="mb-2 flex items-center gap-2 text-lg font-semibold" lang={lang}>
        {s.locked && <LockIcon />}
        {s.title}
      </h3>
      <ReportText
        text={s.locked ? s.teaser : s.text}
        first={excerpt}
        lang={lang}
        className={`mb-3 leading-relaxed ${s.locked ? "text-slate-500" : "text-slate-700"}`}
      />
      {s.locked && children}
    </article>
  );
}
