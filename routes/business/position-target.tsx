// The position page's job-target parts: what the position needs (its target profile
// in words and on scales, with the formats closest to it and the team's fit), and its candidates ranked
// among the team (invite, hire, remove). Data from server/services/business/fit-target.ts and candidates.ts.
import type { Decision, PositionTarget, Sphere } from "../../model/fit";
import { usePage } from "../../server/render/page";
import type { listCandidates, TeamFit } from "../../server/services/business";
import { Card, Confirm, FormError, useLinks } from "./kit";
import { ReliabilityMarks } from "./reliability-note";

export type FormatNames = Record<string, string>;

const paceWord = (presentation: number) => (presentation >= 15 ? "fast" : presentation <= -15 ? "slow" : "middle");
const breadthWord = (volume: number) => (volume <= 40 ? "deep" : volume >= 60 ? "broad" : "middle");

/** The target in one sentence: pace, breadth and the spheres that carry at least a quarter of the position. */
export function targetSentence(t: (k: string, p?: Record<string, string | number>) => string, target: PositionTarget) {
  const spheres = (Object.entries(target.spheres) as [Sphere, number][])
    .filter(([, share]) => share >= 25)
    .sort((a, b) => b[1] - a[1])
    .map(([s]) => t(`jobfit.target.sphere.${s}`));
  return t("jobfit.target.summary", {
    pace: t(`jobfit.target.pace.${paceWord(target.presentation)}`),
    breadth: t(`jobfit.target.breadth.${breadthWord(target.volume)}`),
    spheres: spheres.join(` ${t("jobfit.target.and")} `),
  });
}

/** A 0–100 track with a marker at `at` percent and its two ends named. */
function Scale({ label, ends, at, testid, value }: { label: string; ends: string; at: number; testid: string; value: string }) {
  const [left, right] = ends.split("↔").map((s) => s.trim());
  return (
    <div data-testid={testid}>
      <p className="flex justify-between text-sm">
        <span className="font-medium text-slate-800">{label}</span>
        <span className="tabular-nums text-slate-600">{value}</span>
      </p>
      <div className="relative mt-1 h-2 rounded-full bg-gradient-to-r from-slate-200 via-brand-100 to-slate-200" aria-hidden="true">
        <span
          className="absolute top-1/2 h-4 w-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-brand-600 shadow"
          style={{ left: `${Math.max(0, Math.min(100, at))}%` }}
        />
      </div>
      <p className="mt-1 flex justify-between gap-2 text-xs text-slate-500">
        <span>{left}</span>
        <span className="text-right">{right}</span>
      </p>
    </div>
  );
}

export function TeamLine({ team }: { team: TeamFit }) {
  const { t } = usePage();
  const links = useLinks();
  if (!team.measured) return <p className="text-sm text-slate-500">{t("jobfit.target.teamNone")}</p>;
  return (
    <div className="space-y-2 text-sm">
      <p className="text-slate-700">
        {t("jobfit.target.teamLine", {
          measured: team.measured,
          min: team.min!,
          max: team.max!,
          median: team.median!,
          good: team.good,
          goodFrom: team.goodFrom,
        })}
      </p>
      <p className="text-slate-600">
        {t("jobfit.target.best")}:{" "}
        {team.top.slice(0, 3).map((p, i) => (
          <span key={p._id}>
            {i > 0 && ", "}
            <a href={`${links.employees}/${p._id}`} className="text-brand-700 hover:underline">
              {p.name || "—"}
            </a>{" "}
            <span className="tabular-nums">{p.efficiency}</span>
          </span>
        ))}
      </p>
    </div>
  );
}

/** What the position needs: the sentence, the pace and breadth scales, the spheres, the closest formats and the team. */
export function TargetCard({ target, team, formats }: { target: PositionTarget | null; team: TeamFit; formats: FormatNames }) {
  const { t } = usePage();
  if (!target) return null;
  const name = (code: string) => formats[code] ?? code;
  const best = target.formats.slice(0, 3);
  const worst = target.formats.slice(-3).reverse();
  const signed = (v: number) => (v > 0 ? `+${v}` : String(v));
  return (
    <Card title={t("jobfit.target.title")} testid="position-target">
      <p className="mb-2 text-sm text-slate-600">{t("jobfit.target.lead")}</p>
      <p className="mb-4 font-medium text-slate-900" data-testid="target-summary">
        {targetSentence(t, target)}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Scale
          label={t("jobfit.target.paceScale")}
          ends={t("jobfit.target.paceEnds")}
          at={(target.presentation + 100) / 2}
          value={signed(target.presentation)}
          testid="target-pace"
        />
        <Scale
          label={t("jobfit.target.volumeScale")}
          ends={t("jobfit.target.volumeEnds")}
          at={target.volume}
          value={String(target.volume)}
          testid="target-volume"
        />
      </div>
      <div className="mt-4" data-testid="target-spheres">
        <p className="text-sm font-medium text-slate-800">{t("jobfit.target.sphereScale")}</p>
        <ul className="mt-1 space-y-1 text-sm">
          {(["ME", "WE", "WR"] as const).map((s) => (
            <li key={s} className="grid grid-cols-[minmax(0,1fr)_5rem_2.5rem] items-center gap-2">
              <span className="min-w-0 break-words text-slate-600">{t(`jobfit.target.sphere.${s}`)}</span>
              <span className="block h-2 rounded-full bg-slate-100" aria-hidden="true">
                <span className="block h-2 rounded-full bg-brand-600" style={{ width: `${target.spheres[s]}%` }} />
              </span>
              <span className="text-right tabular-nums text-slate-700">{target.spheres[s]}%</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        <div data-testid="target-best">
          <p className="font-medium text-emerald-800">{t("jobfit.target.bestFormats")}</p>
          <ul className="mt-1 space-y-0.5 text-slate-700">
            {best.map((f) => (
              <li key={f.code}>{t("jobfit.target.formatFit", { name: name(f.code), efficiency: f.efficiency })}</li>
            ))}
          </ul>
        </div>
        <div data-testid="target-worst">
          <p className="font-medium text-rose-800">{t("jobfit.target.worstFormats")}</p>
          <ul className="mt-1 space-y-0.5 text-slate-700">
            {worst.map((f) => (
              <li key={f.code}>{t("jobfit.target.formatFit", { name: name(f.code), efficiency: f.efficiency })}</li>
            ))}
          </ul>
        </div>
      </div>
      <div className="mt-4 rounded-lg bg-slate-50 p-3" data-testid="target-team">
        <p className="mb-1 text-sm font-semibold text-slate-800">{t("jobfit.target.team")}</p>
        <TeamLine team={team} />
      </div>
    </Card>
  );
}

/** The stage badge, in the same colours on the candidate page and in the position's ranking. */
export function StageBadge({ stage }: { stage: string }) {
  const { t } = usePage();
  const tone =
    stage === "shortlisted" ? "bg-emerald-100 text-emerald-900" : stage === "declined" ? "bg-slate-200 text-slate-800" : "bg-slate-100 text-slate-700";
  return (
    <span className={`ml-2 inline-block rounded-full px-2 py-0.5 text-xs ${tone}`} data-stage={stage}>
      {t(`jobfit.candidates.status.${stage}`)}
    </span>
  );
}

type CandidateView = Awaited<ReturnType<typeof listCandidates>>;

/** Links that narrow the ranking's candidates to one stage (the team stays, as the measure). */
function StageFilter({ current, projectId }: { current: string | null; projectId: string }) {
  const { t } = usePage();
  const href = (stage?: string) => `?project=${projectId}${stage ? `&stage=${stage}` : ""}#candidates`;
  const options = [
    { key: undefined, label: t("jobfit.stages.all") },
    ...(["tested", "shortlisted", "declined", "invited"] as const).map((s) => ({ key: s, label: t(`jobfit.candidates.status.${s}`) })),
  ];
  return (
    <nav className="mb-3 flex flex-wrap items-center gap-2 text-sm" aria-label={t("jobfit.stages.filter")} data-testid="stage-filter">
      <span className="text-slate-600">{t("jobfit.stages.filter")}:</span>
      {options.map((o) => {
        const on = (o.key ?? null) === current;
        return (
          <a
            key={o.key ?? "all"}
            href={href(o.key)}
            aria-current={on ? "true" : undefined}
            className={`rounded-full border px-3 py-1 ${on ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 text-slate-700 hover:border-brand-700"}`}
          >
            {o.label}
          </a>
        );
      })}
    </nav>
  );
}

/** The position's candidates ranked with the team, their states, hire/remove, and the invitation form. */
export function CandidatesCard({ view, canEdit, formats, projectId }: { view: CandidateView; canEdit: boolean; formats: FormatNames; projectId: string }) {
  const { t, form } = usePage();
  const links = useLinks();
  const waiting = view.candidates.filter((c) => c.efficiency === null);
  const byId = new Map(view.candidates.map((c) => [c._id, c]));
  const team = view.team;
  return (
    <div id="candidates">
      <Card title={t("jobfit.candidates.title")} testid="position-candidates">
        <p className="mb-2 text-sm text-slate-600">{t("jobfit.candidates.lead")}</p>
        {team.measured > 0 && (
          <p className="mb-3 text-sm font-medium text-slate-700" data-testid="team-range">
            {t("jobfit.candidates.teamRange", { min: team.min!, max: team.max!, median: team.median!, measured: team.measured })}
          </p>
        )}
        <StageFilter current={view.stage} projectId={projectId} />
        {view.candidates.length === 0 && <p className="mb-3 text-sm text-slate-500">{t("jobfit.candidates.none")}</p>}
        {view.candidates.some((c) => c.efficiency !== null) && (
          <ol className="mb-4 space-y-2" data-testid="ranked">
            {view.ranked.map((r) => {
              const c = r.kind === "candidate" ? byId.get(r._id) : undefined;
              return (
                <li key={`${r.kind}-${r._id}`} data-rank={r.rank} data-kind={r.kind} className={c ? "rounded-lg bg-amber-50 p-2" : "px-2"}>
                  <span className="flex items-baseline justify-between gap-2">
                    <span className="min-w-0 break-words">
                      <span className="mr-2 tabular-nums text-slate-500">{t("jobfit.candidates.rank", { n: r.rank })}</span>
                      {c ? (
                        <a href={`${links.candidates}/${r._id}`} className="font-medium text-slate-900 underline decoration-amber-400 hover:text-brand-700">
                          {r.name}
                        </a>
                      ) : (
                        <a href={`${links.employees}/${r._id}`} className="font-medium text-brand-700 hover:underline">
                          {r.name || "—"}
                        </a>
                      )}
                      <span className={`ml-2 rounded-full px-2 py-0.5 text-xs ${c ? "bg-amber-200 text-amber-900" : "bg-slate-100 text-slate-600"}`}>
                        {c ? t("jobfit.candidates.candidate") : t("jobfit.candidates.employee")}
                      </span>
                      {c && c.stage !== "tested" && <StageBadge stage={c.stage} />}
                      {c?.formatCode && <span className="ml-2 text-xs text-slate-500">{formats[c.formatCode] ?? c.formatCode}</span>}
                      <ReliabilityMarks r={r.reliability} />
                    </span>
                    <span className="shrink-0 font-semibold tabular-nums text-slate-900">{r.efficiency ?? "—"}</span>
                  </span>
                  <span className="mt-1 block h-2 w-full rounded-full bg-slate-100" aria-hidden="true">
                    <span className={`block h-2 rounded-full ${c ? "bg-amber-500" : "bg-brand-600"}`} style={{ width: `${Math.max(2, r.efficiency ?? 0)}%` }} />
                  </span>
                  {c && canEdit && c.stage !== "declined" && <CandidateActions id={c._id} name={c.name || c.email} joined />}
                </li>
              );
            })}
          </ol>
        )}
        {waiting.length > 0 && (
          <ul className="mb-4 space-y-2 text-sm" data-testid="candidates-waiting">
            {waiting.map((c) => (
              <li key={c._id} className="rounded-lg border border-slate-200 p-2">
                <a href={`${links.candidates}/${c._id}`} className="font-medium text-slate-900 underline decoration-amber-400 hover:text-brand-700">
                  {c.name || c.email}
                </a>
                {c.name && <span className="ml-2 break-all text-slate-500">{c.email}</span>}
                <StageBadge stage={c.status} />
                {canEdit && c.status !== "declined" && <CandidateActions id={c._id} name={c.name || c.email} joined={c.status !== "invited"} />}
              </li>
            ))}
          </ul>
        )}
        {canEdit && (
          <form method="post" action={`#candidates`} className="space-y-3 rounded-xl border border-slate-200 p-3" data-testid="candidate-invite">
            <h3 className="font-semibold">{t("jobfit.candidates.invite")}</h3>
            <p className="text-sm text-slate-600">{t("jobfit.candidates.inviteLead")}</p>
            <FormError kind="candidate" />
            <input type="hidden" name="_form" value="candidate" />
            <div>
              <label className="label" htmlFor="candidate-email">
                {t("jobfit.candidates.email")} <span className="text-rose-600">*</span>
              </label>
              <input
                id="candidate-email"
                name="email"
                type="email"
                inputMode="email"
                autoComplete="off"
                required
                className="input"
                defaultValue={form?.kind === "candidate" ? String(form.values?.email ?? "") : ""}
              />
            </div>
            <div>
              <label className="label" htmlFor="candidate-name">
                {t("jobfit.candidates.name")}
              </label>
              <input
                id="candidate-name"
                name="name"
                maxLength={120}
                className="input"
                defaultValue={form?.kind === "candidate" ? String(form.values?.name ?? "") : ""}
              />
            </div>
            <button type="submit" className="btn-primary">
              {t("jobfit.candidates.send")}
            </button>
          </form>
        )}
      </Card>
    </div>
  );
}

type Mail = { to: string; subject: string; text: string };

/** The decision's mail in full, and the choice to send it (posted as `notify`). */
export function MailPreview({ mail }: { mail: Mail }) {
  const { t } = usePage();
  return (
    <div className="mt-2 space-y-2" data-testid="decision-mail">
      <p className="font-medium">{t("jobfit.decision.preview", { email: mail.to })}</p>
      <blockquote className="whitespace-pre-line rounded-lg border border-slate-200 bg-white p-3 text-slate-800">
        <strong className="block">{mail.subject}</strong>
        {mail.text}
      </blockquote>
      <label className="flex items-center gap-2">
        <input type="checkbox" name="notify" defaultChecked className="h-5 w-5" />
        {t("jobfit.decision.send")}
      </label>
    </div>
  );
}

/**
 * Hire or remove a candidate; `action`: the position's page, when shown elsewhere (the candidate's
 * page, which also shows each decision's mail before it is sent: `mails`).
 */
export function CandidateActions({
  id,
  name,
  joined,
  action,
  mails,
}: {
  id: string;
  name: string;
  joined: boolean;
  action?: string;
  mails?: { hire: Mail; decline: Mail } | null;
}) {
  const { t } = usePage();
  return (
    <div className="mt-2 grid gap-2 sm:grid-cols-2">
      {/* hiring is not a deletion: it looks like the positive step it is, removal stays red */}
      {joined && (
        <Confirm
          tone="neutral"
          kind="hire"
          action={action}
          label={t("jobfit.candidates.hire")}
          consequence={
            <>
              <p>{t("jobfit.candidates.hireConsequence", { name })}</p>
              {mails && <MailPreview mail={mails.hire} />}
            </>
          }
          confirm={t("jobfit.candidates.hireConfirm", { name })}
          hidden={{ candidate: id }}
        />
      )}
      <Confirm
        tone="danger"
        kind="remove-candidate"
        action={action}
        label={t("jobfit.candidates.remove")}
        consequence={
          <>
            <p>{t("jobfit.candidates.removeConsequence")}</p>
            {mails && <MailPreview mail={mails.decline} />}
          </>
        }
        confirm={t("jobfit.candidates.removeConfirm")}
        hidden={{ candidate: id }}
      />
    </div>
  );
}

export type { Decision };
