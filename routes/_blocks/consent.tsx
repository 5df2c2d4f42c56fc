// Sharing results with a company, from the person's side: giving consent back is one click, but
// withdrawing it asks first and says what the company will see afterwards.
import { usePage } from "../../server/render/page";

/** The consent form's submitted fields as a decision: a withdrawal counts only when confirmed. */
export const consentChoice = (body: Record<string, unknown>): boolean | null =>
  body.consent === "1" ? true : body.consent === "0" && body.confirm === "1" ? false : null;

export function ConsentToggle({ consent, company, action, hidden }: { consent: boolean; company: string; action?: string; hidden?: Record<string, string> }) {
  const { t } = usePage();
  const fields = (
    <>
      <input type="hidden" name="_form" value="consent" />
      {Object.entries(hidden ?? {}).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
    </>
  );
  if (!consent)
    return (
      <form method="post" action={action}>
        {fields}
        <input type="hidden" name="consent" value="1" />
        <button type="submit" className="btn-secondary py-2 text-sm" data-testid="consent-toggle">
          {t("cabinet.join.giveBack")}
        </button>
      </form>
    );
  return (
    <details className="rounded-lg border border-slate-300 bg-white p-3" data-testid="consent-withdraw">
      <summary className="cursor-pointer text-sm font-semibold text-rose-700">{t("cabinet.join.withdraw")}</summary>
      <form method="post" action={action} className="mt-2 space-y-2">
        {fields}
        <input type="hidden" name="consent" value="0" />
        <input type="hidden" name="confirm" value="1" />
        <p className="text-sm text-slate-700">{t("people.consent.withdrawConsequence", { company })}</p>
        <button type="submit" className="btn-primary bg-rose-600 py-2 text-sm hover:bg-rose-700" data-testid="consent-toggle">
          {t("people.consent.withdrawConfirm")}
        </button>
      </form>
    </details>
  );
}
