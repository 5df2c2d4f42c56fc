// Business analytics on the cabinet's pages: the employee's metrics, their fit for
// every position with the reasons, and their soft skills. Server-rendered only: the reasons open
// with <details>, so nothing here ships script.
import { intlLocale } from "../../locales";
import { usePage } from "../../server/render/page";
import { dateIn } from "../../server/lib/time-zone";
import type { employeeEfficiency, employeeSkills } from "../../server/services/business";
import { Card, useLinks } from "./kit";
import { isId } from "../../server/lib/ids";

export type FitView = Awaited<ReturnType<typeof employeeEfficiency>>;
export type SkillsView = Awaited<ReturnType<typeof employeeSkills>>;

const INDICATOR_ORDER = [
  "ME_SYSTEM",
  "ME_ANALYT",
  "WE_SYSTEM",
  "WE_ANALYT",
  "WR_SYSTEM",
  "WR_ANALYT",
  "system",
  "analytics",
  "volume",
  "presentation",
  "harmony",
  "anxiety",
] as const;
const show = (v: number | null | undefined) => (v === null || v === undefined ? "—" : String(Math.round(v)));

function Meter({ value, tone = "brand" }: { value: number | null; tone?: "brand" | "amber" }) {
  const w = value === null ? 0 : Math.max(2, Math.min(100, value));
  return (
    <span className="block h-2 w-full rounded-full bg-slate-100" aria-hidden="true">
      <span className={`block h-2 rounded-full ${tone === "brand" ? "bg-brand-600" : "bg-amber-500"}`} style={{ width: `${w}%` }} />
    </span>
  );
}

/** The scales explained: a number's range and one line of meaning. */
export const SCALED = ["harmony", "anxiety", "efficiency", "diff", "system", "analytics", "volume", "presentation"] as const;

/** A label with its scale: a tooltip on wide screens, a line of text on phones (no hover there). */
export function ScaledLabel({ label, scale }: { label: string; scale: string | null }) {
  if (!scale) return <>{label}</>;
  return (
    <>
      <span title={scale} className="cursor-help underline decoration-slate-300 decoration-dotted underline-offset-2" data-scale>
        {label}
      </span>
      <span className="block text-xs text-slate-500 sm:hidden">{scale}</span>
    </>
  );
}

/** 20+ metrics: the twelve indicators, fit and diff, and the five skill families' fields. */
export function MetricsCard({ indicators, fit, skills }: { indicators: Record<string, number> | null; fit: FitView; skills: SkillsView }) {
  const { t } = usePage();
  const f = skills.families;
  const type = (k: string | null) => (k ? t(`analytics.family.types.${k}`) : "—");
  const rows: [string, string, string][] = [
    ...INDICATOR_ORDER.map((k) => [k, t(`analytics.indicator.${k}`), show(indicators?.[k])] as [string, string, string]),
    ["efficiency", t("analytics.fit.efficiency"), show(fit.efficiency)],
    ["diff", t("analytics.fit.diff"), show(fit.diff)],
    ["best", t("analytics.fit.best"), fit.best?.name ?? "—"],
    ["researcherMin", t("analytics.filter.researcherMin"), show(f.researcher.min)],
    ["researcherMax", t("analytics.filter.researcherMax"), show(f.researcher.max)],
    ["researcherActual", t("analytics.family.researcherActual", { actual: show(f.researcher.actual), potential: show(f.researcher.potential) }), ""],
    ["businessmanSystem", t("analytics.family.businessmanSystem"), show(f.businessman.system)],
    ["businessmanEnergy", t("analytics.family.businessmanEnergy"), show(f.businessman.energy)],
    ["leaderType", t("analytics.family.leaderType"), type(f.leader.type)],
    [
      "managerType",
      t("analytics.family.managerType"),
      f.manager.type ? `${type(f.manager.type)} · ${t("analytics.family.horizon", { n: f.manager.horizonYears ?? 1 })}` : "—",
    ],
    ["managerResource", t("analytics.family.managerResource"), show(f.manager.resource)],
    ["sellerPercent", t("analytics.family.sellerPercent"), show(f.seller.percent)],
  ];
  return (
    <Card title={t("analytics.metrics.title")} testid="employee-metrics">
      {/* one row per metric: the label and its value on a line, the scale under them across the card */}
      <dl className="divide-y divide-slate-100 text-sm">
        {rows.map(([k, label, value]) => {
          const scale = (SCALED as readonly string[]).includes(k) ? t(`analytics.scale.${k}`) : null;
          return (
            <div key={k} className="flex flex-wrap items-baseline justify-between gap-x-4 py-1.5" data-metric={k}>
              <dt className="text-slate-600 first-letter:uppercase">
                {scale ? (
                  <span title={scale} className="cursor-help underline decoration-slate-300 decoration-dotted underline-offset-2" data-scale>
                    {label}
                  </span>
                ) : (
                  label
                )}
              </dt>
              {value !== "" && <dd className="text-right font-medium tabular-nums">{value}</dd>}
              {scale && <dd className="basis-full text-xs text-slate-500 sm:hidden">{scale}</dd>}
            </div>
          );
        })}
      </dl>
    </Card>
  );
}

const signed = (v: number) => `${v > 0 ? "+" : v < 0 ? "−" : "±"}${Math.abs(v).toFixed(1)}`;

/** The base and the terms (and what the 0–100 bounds cut) that add up to the score, so the reasons visibly make the number. */
function FitSum({
  activities,
  efficiency,
  base,
  bounded,
}: {
  activities: { reasons: { points: number }[] }[];
  efficiency: number | null;
  base: number;
  bounded: number;
}) {
  const { t } = usePage();
  if (efficiency === null) return null;
  const points = activities.flatMap((a) => a.reasons.map((r) => r.points));
  const plus = points.filter((p) => p > 0).reduce((s, p) => s + p, 0);
  const minus = points.filter((p) => p < 0).reduce((s, p) => s + p, 0);
  return (
    <div className="rounded-lg bg-slate-50 p-2 text-slate-700" data-testid="fit-sum">
      <p>{t("analytics.fit.base", { base })}</p>
      <p className="font-semibold tabular-nums">
        {t("analytics.fit.total", { base, plus: `+ ${plus.toFixed(1)}`, minus: `− ${Math.abs(minus).toFixed(1)}`, efficiency })}
      </p>
      {bounded !== 0 && <p className="tabular-nums">{t("analytics.fit.bounded", { points: signed(bounded) })}</p>}
      <p className="text-xs text-slate-500">{t("analytics.fit.totalNote")}</p>
    </div>
  );
}

/** A fit's explanation: the headline, base + reasons = score, and each activity's reasons, biggest first. */
export function FitExplanation({ explanation, efficiency }: { explanation: FitView["docs"][number]["explanation"]; efficiency: number | null }) {
  const { t } = usePage();
  return (
    <>
      <p className="text-slate-600">{explanation.headline}</p>
      <FitSum activities={explanation.activities} efficiency={efficiency} base={explanation.base} bounded={explanation.bounded} />
      {explanation.activities.map((a, i) => (
        <div key={i}>
          <p className="font-medium text-slate-800">
            {a.name} ·{" "}
            <span className="font-normal text-slate-500">
              {t("analytics.fit.share", { share: a.share })}, {t("analytics.fit.score", { score: a.score })}
            </span>
          </p>
          <p className="text-xs text-slate-500">{a.needs}</p>
          <ul className="mt-1 space-y-0.5">
            {a.reasons.map((r, j) => (
              <li key={j} className={r.points > 0 ? "text-emerald-800" : r.points < 0 ? "text-rose-800" : "text-slate-600"}>
                <span className="mr-1 inline-block min-w-[3.5rem] font-semibold tabular-nums" data-points>
                  {signed(r.points)}
                </span>
                {r.text}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}

/** Fit for every position, best first; each opens to its reasons. */
export function FitCard({ fit }: { fit: FitView }) {
  const { t } = usePage();
  const links = useLinks();
  const flags = fit.docs[0]?.explanation.flags ?? [];
  return (
    <Card title={t("analytics.fit.allPositions")} testid="employee-fit">
      {flags.length > 0 && (
        <ul className="mb-3 space-y-1 rounded-lg bg-amber-50 p-3 text-sm text-amber-900" data-testid="fit-flags">
          {flags.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      )}
      {fit.docs.length === 0 && <p className="text-sm text-slate-500">{t("analytics.fit.unknown")}</p>}
      <ol className="space-y-2">
        {fit.docs.map((d) => (
          <li key={d.position._id} data-fit={d.position._id}>
            <details className="rounded-lg border border-slate-200 p-2" open={d.isCurrent}>
              <summary className="cursor-pointer list-none">
                <span className="flex flex-wrap items-baseline justify-between gap-x-2">
                  <span className="min-w-0 break-words font-medium text-slate-800">
                    {d.position.name}
                    {d.isCurrent && <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-700">{t("analytics.fit.current")}</span>}
                    {d.isBest && <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs text-emerald-700">{t("analytics.fit.best")}</span>}
                  </span>
                  <span className="font-semibold tabular-nums" data-efficiency>
                    {show(d.efficiency)}
                  </span>
                </span>
                <span className="mt-1 block">
                  <Meter value={d.efficiency} />
                </span>
              </summary>
              <div className="mt-2 space-y-2 text-sm">
                <FitExplanation explanation={d.explanation} efficiency={d.efficiency} />
                <a href={`${links.positions}/${d.position._id}#who-fits`} className="inline-block text-brand-700 hover:underline">
                  {t("analytics.fit.whoFits")} →
                </a>
              </div>
            </details>
          </li>
        ))}
      </ol>
    </Card>
  );
}

/** The five families, the built-in skills, the company's own, and what was entered by hand. */
export function SkillsCard({ skills, children }: { skills: SkillsView; children?: React.ReactNode }) {
  const { t, locale, config } = usePage();
  const customName = (key: string | null) => skills.custom.find((c) => c._id === key)?.name ?? key ?? "";
  const nameOf = (key: string | null) => (key && !isId(key) ? t(`analytics.skills.${key}`) : customName(key));
  const date = (d: Date | string | null | undefined) => (d ? dateIn(new Date(d), config.TIME_ZONE, intlLocale(locale)) : "");
  return (
    <Card title={t("analytics.skills.title")} testid="employee-skills">
      <p className="mb-3 text-xs text-slate-500" data-testid="skills-scale">
        {t("analytics.scale.skills")}
      </p>
      <ul className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {[
          ...skills.natural.map((s) => ({ key: s.key, label: t(`analytics.skills.${s.key}`), value: s.value })),
          ...skills.custom.map((c) => ({ key: c._id, label: c.name, value: c.value })),
        ].map((s) => (
          <li key={s.key} data-skill={s.key}>
            <span className="flex justify-between gap-2">
              <span className="min-w-0 break-words text-slate-700">{s.label}</span>
              <span className="tabular-nums text-slate-900">{show(s.value)}</span>
            </span>
            <Meter value={s.value} />
          </li>
        ))}
      </ul>
      {skills.acquired.length > 0 && (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-slate-800">{t("analytics.skills.acquired")}</h3>
          <ul className="mt-1 space-y-1 text-sm" data-testid="skills-acquired">
            {skills.acquired.map((a) =>
              a.kind === "acquired" ? (
                <li key={a._id} className="flex flex-wrap justify-between gap-x-2">
                  <span>
                    {nameOf(a.skill)}: <strong className="tabular-nums">{show(a.value)}</strong>
                  </span>
                  <span className="text-xs text-slate-500">{t("analytics.skills.acquiredBy", { who: a.enteredBy.name ?? "—", when: date(a.enteredAt) })}</span>
                </li>
              ) : null,
            )}
          </ul>
        </div>
      )}
      {children}
    </Card>
  );
}

/** The skills a value can be entered for: built-in and the company's own. */
export function skillOptions(t: (k: string) => string, skills: SkillsView) {
  return [
    ...skills.natural.map((s) => ({ value: s.key, label: t(`analytics.skills.${s.key}`) })),
    ...skills.custom.map((c) => ({ value: c._id, label: c.name })),
  ];
}

// ------------------------------------------------------------------ the list's analytics filters
export const ANALYTICS_QUERY_KEYS = [
  "managerType",
  "leaderType",
  "harmony",
  "anxiety",
  "researcherMin",
  "researcherMax",
  "sellerMin",
  "businessmanSystemMin",
  "businessmanEnergyMin",
  "efficiencyMin",
  "diffMin",
] as const;
export type AnalyticsQuery = Record<(typeof ANALYTICS_QUERY_KEYS)[number], string>;

export function analyticsQuery(raw: Record<string, string | undefined>): AnalyticsQuery {
  return Object.fromEntries(ANALYTICS_QUERY_KEYS.map((k) => [k, (raw[k] ?? "").slice(0, 40)])) as AnalyticsQuery;
}

/** The query string's analytics fields as the list service's filter (blank fields are left out; bad ones are refused by its schema). */
export function analyticsFilterOf(q: AnalyticsQuery) {
  const n = (v: string) => (v === "" ? undefined : v);
  return {
    manager: q.managerType ? { type: q.managerType } : undefined,
    leader: q.leaderType ? { type: q.leaderType } : undefined,
    harmony: n(q.harmony),
    anxiety: n(q.anxiety),
    researcher: q.researcherMin || q.researcherMax ? { min: n(q.researcherMin), max: n(q.researcherMax) } : undefined,
    seller: q.sellerMin ? { min: q.sellerMin } : undefined,
    businessman:
      q.businessmanSystemMin || q.businessmanEnergyMin ? { system: { min: n(q.businessmanSystemMin) }, energy: { min: n(q.businessmanEnergyMin) } } : undefined,
    efficiency: q.efficiencyMin ? { min: q.efficiencyMin } : undefined,
    diff: q.diffMin ? { min: q.diffMin } : undefined,
  };
}

/** "More filters": the spec's analytics fields, a plain GET form that keeps the other filters. */
export function AnalyticsFilters({ q, keep, action }: { q: AnalyticsQuery; keep: Record<string, string>; action: string }) {
  const { t } = usePage();
  const any = t("cabinet.employees.any");
  const select = (name: keyof AnalyticsQuery, label: string, options: [string, string][]) => (
    <div key={name}>
      <label htmlFor={`af-${name}`} className="label">
        {label}
      </label>
      <select id={`af-${name}`} name={name} defaultValue={q[name]} className="input py-2">
        <option value="">{any}</option>
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </div>
  );
  const number = (name: keyof AnalyticsQuery, label: string) => (
    <div key={name}>
      <label htmlFor={`af-${name}`} className="label">
        {label}
      </label>
      <input id={`af-${name}`} name={name} type="number" min={0} max={100} defaultValue={q[name]} className="input py-2" />
    </div>
  );
  const active = ANALYTICS_QUERY_KEYS.some((k) => q[k]);
  return (
    <details className="mt-3" open={active} data-testid="analytics-filters">
      <summary className="cursor-pointer text-sm font-semibold text-brand-700">{t("analytics.filter.more")}</summary>
      <form method="get" action={action} className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {Object.entries(keep).map(([k, v]) => (v ? <input key={k} type="hidden" name={k} value={v} /> : null))}
        {select(
          "managerType",
          t("analytics.filter.managerType"),
          ["tactical", "team", "strategic"].map((k) => [k, t(`analytics.family.types.${k}`)]),
        )}
        {select(
          "leaderType",
          t("analytics.filter.leaderType"),
          ["organizer", "visionary", "inspirer", "expert"].map((k) => [k, t(`analytics.family.types.${k}`)]),
        )}
        {select(
          "harmony",
          t("analytics.filter.harmony"),
          ["crisis", "norm", "comfort"].map((k) => [k, t(`analytics.filter.harmonyBands.${k}`)]),
        )}
        {select(
          "anxiety",
          t("analytics.filter.anxiety"),
          ["confident", "rather-confident", "rather-anxious", "anxious"].map((k) => [k, t(`analytics.filter.anxietyBands.${k}`)]),
        )}
        {number("researcherMin", t("analytics.filter.researcherMin"))}
        {number("researcherMax", t("analytics.filter.researcherMax"))}
        {number("sellerMin", t("analytics.filter.sellerMin"))}
        {number("businessmanSystemMin", t("analytics.filter.businessmanSystemMin"))}
        {number("businessmanEnergyMin", t("analytics.filter.businessmanEnergyMin"))}
        {number("efficiencyMin", t("analytics.filter.efficiencyMin"))}
        {number("diffMin", t("analytics.filter.diffMin"))}
        <div className="flex items-end">
          <button type="submit" className="btn-secondary w-full py-2">
            {t("cabinet.employees.apply")}
          </button>
        </div>
      </form>
    </details>
  );
}
