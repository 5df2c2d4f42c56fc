// The candidate page's stage card (the steps, the shortlist mark, declining with the mail the owner
// reads first) and the private notes (a list with author and time, add and delete). The forms post
// to the candidate's page (routes/business/candidate.tsx) which calls candidate-stages.ts.
import { intlLocale } from "../../locales";
import { usePage } from "../../server/render/page";
import type { CandidateProfile } from "../../server/services/business";
import { Card, Confirm, FormError } from "./kit";
import { MailPreview, StageBadge } from "./position-target";

function When({ d }: { d: Date | string }) {
  const { locale, config } = usePage();
  const date = new Date(d);
  return (
    <time dateTime={date.toISOString()}>
      {date.toLocaleString(intlLocale(locale), { dateStyle: "medium", timeStyle: "short", timeZone: config.TIME_ZONE })}
    </time>
  );
}

export function StageCard({ p, canEdit }: { p: CandidateProfile; canEdit: boolean }) {
  const { t } = usePage();
  const c = p.candidate;
  const declined = c.status === "declined";
  const shortlisted = c.status === "shortlisted";
  return (
    <Card title={t("jobfit.candidate.stage")} testid="candidate-stage">
      <p className="text-sm text-slate-600">{t("jobfit.stages.steps")}</p>
      <p className="mt-2">
        <StageBadge stage={c.status} />
      </p>
      {declined && c.stageAt && (
        <p className="mt-2 text-sm text-slate-600">
          {t("jobfit.stages.declinedOn")} <When d={c.stageAt} />
        </p>
      )}
      {canEdit && !declined && (
        <div className="mt-3 space-y-3">
          {c.status !== "invited" && c.status !== "withdrawn" && (
            <form method="post" className="space-y-1">
              <input type="hidden" name="_form" value="shortlist" />
              <input type="hidden" name="shortlisted" value={shortlisted ? "false" : "true"} />
              <button type="submit" className="btn-secondary py-2 text-sm" data-testid="shortlist">
                {shortlisted ? t("jobfit.stages.unshortlist") : t("jobfit.stages.shortlist")}
              </button>
              <p className="text-xs text-slate-500">{t("jobfit.stages.shortlistLead")}</p>
            </form>
          )}
          <Confirm
            kind="decline"
            label={t("jobfit.stages.decline")}
            consequence={
              <>
                <p>{t("jobfit.stages.declineConsequence")}</p>
                {p.mails && <MailPreview mail={p.mails.decline} />}
              </>
            }
            confirm={t("jobfit.stages.declineConfirm")}
          />
        </div>
      )}
    </Card>
  );
}

export function NotesCard({ p, canEdit }: { p: CandidateProfile; canEdit: boolean }) {
  const { t, form } = usePage();
  return (
    <Card title={t("jobfit.stages.notes")} testid="candidate-notes">
      <p className="mb-3 text-sm text-slate-600">{t("jobfit.stages.notesLead")}</p>
      {p.notes.length === 0 ? (
        <p className="mb-3 text-sm text-slate-500">{t("jobfit.stages.noNotes")}</p>
      ) : (
        <ul className="mb-3 space-y-3">
          {p.notes.map((n) => (
            <li key={n._id} className="rounded-lg border border-slate-200 p-3" data-note={n._id}>
              <p className="whitespace-pre-line break-words text-sm text-slate-900">{n.text}</p>
              <p className="mt-1 text-xs text-slate-500">
                {n.author.name || "—"}, <When d={n.createdAt} />
              </p>
              {canEdit && (
                <form method="post" className="mt-2">
                  <input type="hidden" name="_form" value="delete-note" />
                  <input type="hidden" name="note" value={n._id} />
                  <button type="submit" className="text-sm text-rose-700 underline hover:text-rose-900" data-testid="delete-note">
                    {t("jobfit.stages.deleteNote")}
                  </button>
                </form>
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit && (
        <form method="post" className="space-y-2" data-testid="note-form">
          <FormError kind="note" />
          <input type="hidden" name="_form" value="note" />
          <label className="label" htmlFor="note-text">
            {t("jobfit.stages.note")}
          </label>
          <textarea
            id="note-text"
            name="text"
            rows={3}
            maxLength={2000}
            required
            className="input w-full"
            defaultValue={form?.kind === "note" ? String(form.values?.text ?? "") : ""}
          />
          <button type="submit" className="btn-primary py-2 text-sm">
            {t("jobfit.stages.addNote")}
          </button>
        </form>
      )}
    </Card>
  );
}
