// How far a result can be trusted, beside every result the company sees: the employee
// list and page, compare, the business report. The lines come from reliabilityLines (the service),
// so the pages and the PDF say the same.
import type { ReactNode } from "react";
import { usePage } from "../../server/render/page";
import type { Reliability } from "../../server/services/business";

/** The full note: a title and the lines (the business report; the employee page adds the retake below them). */
export function ReliabilityNote({
  r,
  lines,
  spacing = "mt-3 space-y-1",
  children,
}: {
  r: Reliability | null;
  lines: string[];
  spacing?: string;
  children?: ReactNode;
}) {
  const { t } = usePage();
  if (!r || !lines.length) return null;
  return (
    <div
      className={`${spacing} rounded-xl p-3 text-sm ${r.doubtful ? "bg-amber-50 text-amber-950" : "bg-emerald-50 text-emerald-950"}`}
      data-testid="reliability"
      data-doubtful={r.doubtful ? "1" : undefined}
    >
      <p className="font-semibold">{t("cabinet.reliability.title")}</p>
      {lines.map((l) => (
        <p key={l}>{l}</p>
      ))}
      {children}
    </div>
  );
}

/** One short line for narrow places (a person's card in compare): confidence, between, the grade's word. */
export function ReliabilityLine({ r }: { r: Reliability | null }) {
  const { t } = usePage();
  if (!r) return null;
  const parts = [
    t("cabinet.reliability.confidence", { p: r.probability }),
    r.between ? t("cabinet.reliability.betweenShort") : null,
    t(`people.reliability.grade.${r.grade}`),
  ].filter(Boolean);
  return (
    <span
      className={`block text-xs ${r.doubtful ? "font-semibold text-amber-800" : "text-emerald-800"}`}
      data-testid="reliability-line"
      data-doubtful={r.doubtful ? "1" : undefined}
    >
      {r.doubtful ? "⚠ " : ""}
      {parts.join(" · ")}
    </span>
  );
}
