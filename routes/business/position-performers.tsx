// The position page's "model after top performers" card (owner only): mark the tested people who do
// the job well, read the target calibrated from them beside the current one, how the top of the
// ranking would change and where the marked people rank, then adopt it (a confirmation) or keep the
// current target. Data from server/services/business/performers.ts; its forms are handled here.
import { z } from "zod";
import type { Locale } from "../../locales";
import { positionTarget } from "../../model/fit";
import { postedVersion } from "../../server/lib/forms";
import { usePage } from "../../server/render/page";
import {
  adoptCalibration,
  adoptSchema,
  canCalibrate,
  measuredPeople,
  type PositionCalibration,
  performersSchema,
  positionCalibration,
  type Scope,
  setPerformers,
} from "../../server/services/business";
import { Card, cabinetForm, Confirm, done, FormError } from "./kit";
import { targetSentence } from "./position-target";

export interface PerformersView {
  calibration: PositionCalibration;
  /** Everyone who may be marked: the company's people with a shared result. */
  people: { _id: string; name: string }[];
  canEdit: boolean;
}

/** The card's data for the position page, or null for those who may not calibrate. */
export async function loadPerformers(scope: Scope, positionId: string, locale: Locale): Promise<PerformersView | null> {
  if (!canCalibrate(scope)) return null;
  const [calibration, people] = await Promise.all([positionCalibration(scope, { position: positionId, locale }), measuredPeople(scope)]);
  return {
    calibration,
    people: people.map((p) => ({ _id: p.id, name: p.name })).sort((a, b) => a.name.localeCompare(b.name)),
    canEdit: !scope.demo,
  };
}

/** The checkboxes post `performer.<id>`: the list of ids the service takes. */
const markedFromForm = (v: Record<string, string>) => ({
  employees: Object.keys(v)
    .filter((k) => k.startsWith("performer."))
    .map((k) => k.slice("performer.".length)),
});

/** The card's forms, part of the position page's `forms` map (the position's id is the path's). */
export const performerForms = {
  performers: cabinetForm({
    schema: performersSchema,
    shape: markedFromForm,
    run: async (scope, input, c) => {
      await setPerformers(scope, { position: c.req.param("id")!, ...input });
      return done(c, scope, "performersSaved", `${c.req.path}#top-performers`);
    },
  }),
  "adopt-calibration": cabinetForm({
    schema: adoptSchema,
    run: async (scope, input, c, values) => {
      await adoptCalibration(scope, { position: c.req.param("id")!, ...input }, { version: postedVersion(values) });
      return done(c, scope, "calibrationAdopted", `${c.req.path}#top-performers`);
    },
  }),
  // keeping the current target writes nothing: the suggestion stays on the page until the marks change
  "keep-calibration": cabinetForm({ schema: z.object({}), run: async (scope, _input, c) => done(c, scope, "calibrationKept", `${c.req.path}#top-performers`) }),
};

type Row = PositionCalibration["ranking"]["after"][number];

function RankList({ title, rows, at, testid }: { title: string; rows: Row[]; at: "before" | "after"; testid: string }) {
  const { t } = usePage();
  return (
    <div data-testid={testid}>
      <h4 className="mb-2 text-sm font-semibold text-slate-800">{title}</h4>
      <ol className="space-y-1 text-sm">
        {rows.map((r) => (
          <li key={r._id} className="flex items-baseline justify-between gap-2" data-person={r._id}>
            <span className="min-w-0 break-words">
              <span className="tabular-nums text-slate-500">{r[at].rank}.</span> {r.name}
              {r.performer && <span className="ml-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900">{t("jobfit.performers.marked")}</span>}
            </span>
            <span className="font-semibold tabular-nums text-slate-900">{r[at].efficiency}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

function Moves({ title, rows, testid }: { title: string; rows: PositionCalibration["ranking"]["movedIn"]; testid: string }) {
  const { t } = usePage();
  if (!rows.length) return null;
  return (
    <div data-testid={testid}>
      <h4 className="text-sm font-semibold text-slate-800">{title}</h4>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {rows.map((r) => (
          <li key={r._id}>
            {t("jobfit.performers.move", {
              name: r.name,
              before: r.before.rank,
              after: r.after.rank,
              fitBefore: r.before.efficiency,
              fitAfter: r.after.efficiency,
            })}
            {r.reason ? `: ${r.reason.text}` : ""}
            {r.note ? ` ${r.note}` : ""}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Comparison({ c }: { c: PositionCalibration }) {
  const { t } = usePage();
  const now = positionTarget(c.current.activities);
  const next = positionTarget(c.calibrated.activities);
  const num = (v: number | undefined | null) => (v === undefined || v === null ? "—" : v > 0 ? `+${Math.round(v)}` : String(Math.round(v)));
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-lg bg-slate-50 p-3 text-sm" data-testid="calibration-current">
          <h4 className="font-semibold text-slate-800">{t("jobfit.performers.currentTarget")}</h4>
          {now && <p className="mt-1 text-slate-700">{targetSentence(t, now)}</p>}
        </div>
        <div className="rounded-lg bg-brand-50 p-3 text-sm" data-testid="calibration-calibrated">
          <h4 className="font-semibold text-slate-800">{t("jobfit.performers.calibratedTarget")}</h4>
          {next && <p className="mt-1 text-slate-700">{targetSentence(t, next)}</p>}
        </div>
      </div>
      <div className="max-w-xl overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-slate-500">
              <th className="py-1 pr-2 font-medium" />
              <th className="py-1 pr-2 font-medium">{t("jobfit.performers.col.current")}</th>
              <th className="py-1 pr-2 font-medium">{t("jobfit.performers.col.mean")}</th>
              <th className="py-1 font-medium">{t("jobfit.performers.col.calibrated")}</th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            <tr className="border-t border-slate-100">
              <th scope="row" className="py-1 pr-2 text-left font-medium text-slate-800">
                {t("jobfit.performers.row.pace")}
              </th>
              <td className="py-1 pr-2">{num(c.pace?.current)}</td>
              <td className="py-1 pr-2">{num(c.pace?.mean)}</td>
              <td className="py-1">{num(c.calibrated.target?.presentation)}</td>
            </tr>
            <tr className="border-t border-slate-100">
              <th scope="row" className="py-1 pr-2 text-left font-medium text-slate-800">
                {t("jobfit.performers.row.volume")}
              </th>
              <td className="py-1 pr-2">{num(c.volume?.current)}</td>
              <td className="py-1 pr-2">{num(c.volume?.mean)}</td>
              <td className="py-1">{num(c.calibrated.target?.volume)}</td>
            </tr>
          </tbody>
        </table>
        <p className="mt-1 text-xs text-slate-500">{t("jobfit.performers.scales")}</p>
      </div>
    </div>
  );
}

export function PerformersCard({ view, version }: { view: PerformersView; version: string | null }) {
  const { t, form } = usePage();
  const c = view.calibration;
  const chosen = form?.kind === "performers" ? new Set(markedFromForm(form.values).employees) : new Set(c.performers.map((p) => p._id));
  const top = c.ranking.topN;
  return (
    <div id="top-performers" className="scroll-mt-20">
      <Card title={t("jobfit.performers.title")} testid="top-performers">
        <p className="mb-3 text-sm text-slate-600">{t("jobfit.performers.lead")}</p>
        {view.people.length === 0 ? (
          <p className="text-sm text-slate-500">{t("jobfit.performers.nobody")}</p>
        ) : (
          <form method="post" action="#top-performers" className="mb-4" data-testid="performers-form">
            <input type="hidden" name="_form" value="performers" />
            <FormError kind="performers" />
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-slate-800">{t("jobfit.performers.mark")}</legend>
              <div className="grid max-h-64 gap-1 overflow-y-auto rounded-lg border border-slate-200 p-2 sm:grid-cols-2">
                {view.people.map((p) => (
                  <label key={p._id} className="flex min-h-11 items-center gap-2 rounded px-2 text-sm hover:bg-slate-50">
                    <input type="checkbox" name={`performer.${p._id}`} defaultChecked={chosen.has(p._id)} disabled={!view.canEdit} className="h-5 w-5" />
                    <span className="min-w-0 break-words">{p.name}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            {view.canEdit && (
              <button type="submit" className="btn-secondary mt-2 py-2 text-sm" data-testid="performers-save">
                {t("jobfit.performers.save")}
              </button>
            )}
          </form>
        )}

        <p
          className={`mb-4 rounded-lg p-3 text-sm ${c.status === "ready" ? "bg-brand-50 text-brand-900" : "bg-amber-50 text-amber-900"}`}
          role="status"
          data-testid="calibration-status"
          data-status={c.status}
        >
          {c.message}
        </p>

        {c.status !== "tooFew" && (
          <div className="space-y-5">
            <Comparison c={c} />
            {c.changes.length > 0 && (
              <div data-testid="calibration-changes">
                <h3 className="text-sm font-semibold text-slate-800">{t("jobfit.performers.changes")}</h3>
                <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
                  {c.changes.map((ch) => (
                    <li key={`${ch.index}-${ch.field}`}>{ch.text}</li>
                  ))}
                </ul>
              </div>
            )}
            <div>
              <h3 className="mb-2 text-sm font-semibold text-slate-800">{t("jobfit.performers.ranking", { n: top, measured: c.ranking.measured })}</h3>
              <div className="grid gap-4 sm:grid-cols-2">
                <RankList title={t("jobfit.performers.topNow", { n: top })} rows={c.ranking.before} at="before" testid="calibration-top-before" />
                <RankList title={t("jobfit.performers.topAfter", { n: top })} rows={c.ranking.after} at="after" testid="calibration-top-after" />
              </div>
            </div>
            {c.ranking.movedIn.length + c.ranking.movedOut.length === 0 ? (
              <p className="text-sm text-slate-600">{t("jobfit.performers.sameTop")}</p>
            ) : (
              <div className="grid gap-4 sm:grid-cols-2">
                <Moves title={t("jobfit.performers.movedIn", { n: top })} rows={c.ranking.movedIn} testid="calibration-moved-in" />
                <Moves title={t("jobfit.performers.movedOut", { n: top })} rows={c.ranking.movedOut} testid="calibration-moved-out" />
              </div>
            )}
            <div data-testid="calibration-performers">
              <h3 className="text-sm font-semibold text-slate-800">{t("jobfit.performers.whereTheyRank")}</h3>
              <ul className="mt-1 space-y-1 text-sm text-slate-700">
                {c.ranking.performers.map((r) => (
                  <li key={r._id}>
                    {t("jobfit.performers.rankLine", {
                      name: r.name,
                      before: r.before.rank,
                      after: r.after.rank,
                      measured: c.ranking.measured,
                      fitBefore: r.before.efficiency,
                      fitAfter: r.after.efficiency,
                    })}{" "}
                    <span className={r.before.rank <= top ? "text-emerald-700" : "text-amber-800"}>
                      {t(r.before.rank <= top ? "jobfit.performers.inTop" : "jobfit.performers.notInTop", { n: top })}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        )}

        {c.status === "ready" && c.suggestion && view.canEdit && (
          <div className="mt-5 space-y-3">
            <FormError kind="adopt-calibration" />
            <Confirm
              kind="adopt-calibration"
              tone="neutral"
              label={t("jobfit.performers.adopt")}
              consequence={
                <>
                  <p>{t("jobfit.performers.adoptConsequence")}</p>
                  <ul className="list-disc pl-5">
                    {c.changes.map((ch) => (
                      <li key={`${ch.index}-${ch.field}`}>{ch.text}</li>
                    ))}
                  </ul>
                  <p>{t("jobfit.performers.undo")}</p>
                </>
              }
              confirm={t("jobfit.performers.adoptConfirm")}
              hidden={{ suggestion: c.suggestion, ...(version ? { _version: version } : {}) }}
              action="#top-performers"
            />
            <form method="post" action="#top-performers">
              <input type="hidden" name="_form" value="keep-calibration" />
              <button type="submit" className="btn-secondary py-2 text-sm" data-testid="calibration-keep">
                {t("jobfit.performers.keep")}
              </button>
            </form>
          </div>
        )}
      </Card>
    </div>
  );
}
