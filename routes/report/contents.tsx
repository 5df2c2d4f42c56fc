// The report's sections in reading order, with a table of contents before them. No tabs: each
// section has an address, so the contents are plain links that work without script, and a reader
// of the base report sees every section the full report holds, the paid ones marked as such.
import type { ReactNode } from "react";
import { usePage } from "../../server/render/page";
import { htmlLang, type ReportRow } from "../../server/services/reports";
import { type ReportSection, SectionCard } from "./section-card";

export const REPORT_PARTS = ["general", "career", "personal"] as const;

const partsOf = (content: ReportRow) =>
  REPORT_PARTS.map((part) => ({ part, sections: content.sections.filter((s) => s.tab === part) })).filter((p) => p.sections.length > 0);

export const sectionAnchor = (s: Pick<ReportSection, "key">) => `section-${s.key}`;

/** The table of contents: every section by part, the locked ones marked, and the indicators last. */
export function ReportContents({ content, indicators }: { content: ReportRow | null; indicators: boolean }) {
  const { t } = usePage();
  if (!content) return null;
  return (
    <nav className="card mb-8" aria-labelledby="report-contents" data-testid="report-contents">
      <h2 id="report-contents" className="mb-3 text-xl font-bold">
        {t("report.contents")}
      </h2>
      <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {partsOf(content).map(({ part, sections }) => (
          <li key={part}>
            <a href={`#part-${part}`} className="font-semibold text-brand-700 hover:underline">
              {t(`report.tabs.${part}`)}
            </a>
            <ul className="mt-1 space-y-1 text-sm">
              {sections.map((s) => (
                <li key={s.key} data-toc={s.key} data-toc-locked={s.locked || undefined}>
                  <a
                    href={`#${sectionAnchor(s)}`}
                    lang={htmlLang(content.language)}
                    className="text-slate-800 underline decoration-slate-300 underline-offset-2 hover:text-brand-700"
                  >
                    {s.title}
                  </a>
                  {s.locked && <span className="ml-1 whitespace-nowrap text-slate-600">· {t("report.tocLocked")}</span>}
                </li>
              ))}
            </ul>
          </li>
        ))}
        {indicators && (
          <li>
            <a href="#indicators" className="font-semibold text-brand-700 hover:underline">
              {t("test.result.indicators")}
            </a>
          </li>
        )}
      </ol>
    </nav>
  );
}

/** The sections, one headed part after another; `locked` follows each locked block (its call to action). */
export function ReportParts({ content, locked }: { content: ReportRow; locked?: ReactNode }) {
  const { t } = usePage();
  return (
    <div className="grid gap-8">
      {partsOf(content).map(({ part, sections }) => (
        <section key={part} id={`part-${part}`} aria-labelledby={`part-${part}-title`} data-part={part}>
          <h2 id={`part-${part}-title`} className="mb-4 text-2xl font-bold">
            {t(`report.tabs.${part}`)}
          </h2>
          <div className="grid gap-4">
            {sections.map((s) => (
              <SectionCard key={s.key} section={s} id={sectionAnchor(s)} lang={htmlLang(content.language)}>
                {locked}
              </SectionCard>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
