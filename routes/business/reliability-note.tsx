// How far a result can be trusted, beside every result the company sees: the employee
// list and page, compare, the business report. The lines come from reliabilityLines (the service),
// so the pages and the PDF say the same.
import type { ReactNode } from "react";
import { usePage } from "../../server/render/page";
import { marksOf, type Reliability } from "../../server/services/business";

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

/**
 * The two marks beside a person's fit or format in every list and ranking: "careless answers" (act: ask
 * for a retake; rose) and "between two formats" (information: read both; slate). Distinct words,
 * colours and signs, so nobody asks a careful person to retake because they sit between two formats.
 */
export function ReliabilityMarks({ r }: { r: Pick<Reliability, "careless" | "between"> | null | undefined }) {
  const { t } = usePage();
  const marks = marksOf(r);
  if (!marks.length) return null;
  return (
    <>
      {marks.map((m) => (
        <span
          key={m}
          className={`ml-1 inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${m === "careless" ? "bg-rose-100 text-rose-900" : "bg-slate-100 text-slate-700"}`}
          title={t(`cabinet.reliability.mark.${m}.why`)}
          data-testid={`mark-${m}`}
        >
          {m === "careless" ? "⚠ " : "↔ "}
          {t(`cabinet.reliability.mark.${m}.label`)}
          <span className="sr-only">: {t(`cabinet.reliability.mark.${m}.why`)}</span>
        </span>
      ))}
    </>
  );
}

/** One short line for narrow places (a person's card in compare): confidence, between, the grade's word. */
export function ReliabilityLine({ r }: { r: Reliability | null }) {
  const { t } = usePage();
  if (!r) return null;
  const parts = [t("cabinet.reliability.confidence", { p: r.probability }), t(`people.reliability.grade.${r.grade}`)].filter(Boolean);
  return (
    <span
      className={`block text-xs ${r.careless ? "font-semibold text-rose-800" : "text-slate-700"}`}
      data-testid="reliability-line"
      data-doubtful={r.careless ? "1" : undefined}
    >
      {parts.join(" · ")}
      <ReliabilityMarks r={r} />
    </span>
  );
}
