// A candidate's page (from the position's ranking): who they are, their format and how far the
// result can be trusted, their fit for the position activity by activity with the reasons, the
// current holders side by side, the stage (shortlist, decline) and private notes (posted here), and
// the decision (hire or remove, posted to the position's page).
import { z } from "zod";
import { usePage } from "../../server/render/page";
import {
  addNote,
  candidateProfile,
  type CandidateProfile,
  can,
  declineCandidate,
  deleteNote,
  noteSchema,
  reliabilityLines,
  shortlistCandidate,
} from "../../server/services/business";
import { BusinessShell } from "../_layouts/cabinet";
import { FitExplanation } from "./analytics-kit";
import { NotesCard, StageCard } from "./candidate-stages";
import { Card, cabinetForm, cabinetPage, done, Notice, useLinks, type WithShell } from "./kit";
import { CandidateActions } from "./position-target";
import { ReliabilityMarks, ReliabilityNote } from "./reliability-note";
import { ID_PARAM, idSchema } from "../../server/lib/ids";

type Data = { profile: CandidateProfile; canEdit: boolean };

function SideBySide({ p }: { p: CandidateProfile }) {
  const { t } = usePage();
  const links = useLinks();
  const show = (v: number | null | undefined) => (v === null || v === undefined ? "—" : String(v));
  const pct = (v: number | null) => (v === null ? "—" : `${v}%`);
  return (
    <Card title={t("jobfit.candidate.sideBySide")} testid="candidate-side-by-side">
      {p.holders.length === 0 ? (
        <p className="text-sm text-slate-500">{t("jobfit.candidate.noHolders")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[20rem] text-sm">
            <thead>
              <tr className="text-left text-slate-500">
                <th className="py-1 pr-2 font-medium">{t("jobfit.candidate.person")}</th>
                <th className="py-1 pr-2 text-right font-medium">{t("analytics.fit.efficiency")}</th>
                {p.activities.map((a) => (
                  <th key={a.name} className="py-1 pr-2 text-right font-medium">
                    {a.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr className="border-t border-slate-100 bg-amber-50" data-testid="side-candidate">
                <td className="py-1 pr-2 font-semibold">
                  {p.candidate.name || p.candidate.email} <span className="text-xs font-normal text-slate-500">({t("jobfit.candidates.candidate")})</span>
                </td>
                <td className="py-1 pr-2 text-right font-semibold tabular-nums">{show(p.efficiency)}</td>
                {p.activities.map((a) => (
                  <td key={a.name} className="py-1 pr-2 text-right tabular-nums">
                    {pct(a.score)}
                  </td>
                ))}
              </tr>
              {p.holders.map((h) => (
                <tr key={h._id} className="border-t border-slate-100" data-testid="side-holder">
                  <td className="py-1 pr-2">
                    <a className="text-brand-700 hover:underline" href={`${links.employees}/${h._id}`}>
                      {h.name || "—"}
                    </a>
                    {h.format && <span className="block text-xs text-slate-500">{h.format}</span>}
                    <ReliabilityMarks r={h.reliability} />
                  </td>
                  <td className="py-1 pr-2 text-right font-semibold tabular-nums">{show(h.efficiency)}</td>
                  {h.activities.map((s, i) => (
                    <td key={p.activities[i]?.name ?? i} className="py-1 pr-2 text-right tabular-nums">
                      {pct(s)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-2 text-xs text-slate-500">{t("jobfit.candidate.sideLead")}</p>
        </div>
      )}
    </Card>
  );
}

function CandidatePage({ data }: { data: WithShell<Data> }) {
  const { t } = usePage();
  const links = useLinks();
  const p = data.profile;
  const name = p.candidate.name || p.candidate.email;
  return (
    <BusinessShell shell={data.shell} title={name}>
      <Notice />
      <p className="mb-4">
        <a href={`${links.positions}/${p.position._id}#candidates`} className="text-sm text-brand-700 hover:underline">
          ← {p.position.name}
        </a>
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t("jobfit.candidate.profile")} testid="candidate-profile">
          <dl className="space-y-1 text-sm">
            {(
              [
                [t("jobfit.candidates.email"), p.candidate.email, "break-all"],
                [t("jobfit.candidate.position"), p.position.name, "break-words"],
                [t("jobfit.candidate.stage"), t(`jobfit.candidates.status.${p.candidate.status}`), ""],
                [t("stats.export.cols.format"), p.format?.name ?? "—", ""],
              ] as const
            ).map(([label, value, wrap]) => (
              <div key={label} className="min-w-0">
                <dt className="text-slate-500">{label}</dt>
                <dd className={`font-medium text-slate-900 ${wrap}`}>{value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 flex flex-wrap gap-1">
            <ReliabilityMarks r={p.reliability} />
          </p>
          {p.reliability && <ReliabilityNote r={p.reliability} lines={reliabilityLines(t, p.reliability, p.runnerUp)} />}
          {data.canEdit && p.candidate.status !== "withdrawn" && p.candidate.status !== "declined" && (
            <div className="mt-4">
              <CandidateActions
                id={p.candidate._id}
                name={name}
                joined={p.candidate.status !== "invited"}
                action={`${links.positions}/${p.position._id}`}
                mails={p.mails}
              />
            </div>
          )}
        </Card>
        <Card title={t("jobfit.candidate.fitTitle", { position: p.position.name })} testid="candidate-fit">
          {p.efficiency === null ? (
            <p className="text-sm text-slate-500">{t(p.candidate.status === "declined" ? "jobfit.candidate.noFitDeclined" : "jobfit.candidate.noFit")}</p>
          ) : (
            <div className="space-y-2 text-sm">
              <p className="text-3xl font-semibold tabular-nums" data-efficiency>
                {p.efficiency}
              </p>
              <FitExplanation explanation={p.explanation} efficiency={p.efficiency} />
            </div>
          )}
        </Card>
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <StageCard p={p} canEdit={data.canEdit} />
        <NotesCard p={p} canEdit={data.canEdit} />
      </div>
      <div className="mt-6">
        <SideBySide p={p} />
      </div>
    </BusinessShell>
  );
}

export const candidatePage = cabinetPage<Data>({
  path: [`/business/candidates/${ID_PARAM}`, `/dashboard/candidates/${ID_PARAM}`],
  params: z.object({ id: idSchema() }),
  title: (_t, d) => d.profile.candidate.name || d.profile.candidate.email,
  load: async (c, scope) => ({
    profile: await candidateProfile(scope, c.req.param("id")!, c.get("locale")),
    canEdit: can(scope, "invites") && !scope.demo,
  }),
  Component: CandidatePage,
  forms: {
    shortlist: cabinetForm({
      schema: z.object({ shortlisted: z.string().optional() }),
      run: async (scope, input, c) => {
        const shortlisted = input.shortlisted === "true";
        await shortlistCandidate(scope, c.req.param("id")!, { shortlisted });
        return done(c, scope, shortlisted ? "candidateShortlisted" : "candidateUnshortlisted");
      },
    }),
    decline: cabinetForm({
      schema: z.object({ notify: z.string().optional() }),
      run: async (scope, { notify }, c) => {
        // the mail the owner read above leaves only if they kept "send"
        await declineCandidate(scope, c.req.param("id")!, { notify: notify === "on", locale: c.get("locale") });
        return done(c, scope, "candidateDeclined");
      },
    }),
    "delete-note": cabinetForm({
      schema: z.object({ note: z.string().default("") }),
      run: async (scope, { note }, c) => {
        await deleteNote(scope, c.req.param("id")!, note);
        return done(c, scope, "noteDeleted");
      },
    }),
    note: cabinetForm({
      schema: noteSchema,
      run: async (scope, input, c) => {
        await addNote(scope, c.req.param("id")!, input);
        return done(c, scope, "noteAdded");
      },
    }),
  },
});
