// The cells the employees' list and detail both show, and the comparison and settings reuse:
// a person's format (or that they stopped sharing), their test status, and their name.
import type { EmployeeDoc } from "../../../server/services/business";
import { usePage } from "../../../server/render/page";

export function FormatCell({ doc }: { doc: Pick<EmployeeDoc, "format" | "consent"> }) {
  const { t, locale } = usePage();
  if (!doc.consent) return <span className="text-slate-500">{t("people.stoppedSharingShort")}</span>;
  if (!doc.format) return <span className="text-slate-400">—</span>;
  const name = doc.format.name as { ru?: string; en?: string } | null;
  return <span title={doc.format.code}>{name?.[locale] ?? doc.format.code}</span>;
}

export function StatusBadge({ status, wrap }: { status: string; wrap?: boolean }) {
  const { t } = usePage();
  const tone =
    status === "completed" ? "bg-emerald-100 text-emerald-800" : status === "inProgress" ? "bg-amber-100 text-amber-800" : "bg-slate-100 text-slate-700";
  return (
    <span className={`${wrap ? "inline-block" : "whitespace-nowrap"} rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>
      {t(`cabinet.employees.status.${status}`)}
    </span>
  );
}

/** The name the company gave or the person gave; never their e-mail (see employeeName). */
export const displayName = (t: (k: string) => string, name: string) => name || t("cabinet.employees.noName");
