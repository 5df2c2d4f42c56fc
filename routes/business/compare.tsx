// The comparison of picked employees (/dashboard/employees/compare?ids=…, also under
// /business/employees/compare), in the cabinet's shell: indicators side by side, each person's
// reliability, and their fit for a chosen position. What it shows comes from compareEmployees
// (server/services/business/screens.ts); every number is server-rendered.
import { Fragment } from "react";
import { usePage } from "../../server/render/page";
import { compareEmployees } from "../../server/services/business";
import { BusinessShell } from "../_layouts/cabinet";
import { Card, cabinetPage, useLinks, type WithShell } from "./kit";
import { FormatCell } from "./employees/cells";
import { ReliabilityLine } from "./reliability-note";

type CompareData = Awaited<ReturnType<typeof compareEmployees>>;

const PERSON_COLORS = ["#2563eb", "#059669", "#d97706", "#7c3aed", "#e11d48", "#0891b2", "#4b5563", "#65a30d", "#c026d3", "#ea580c"];

function Compare({ data }: { data: WithShell<CompareData> }) {
  const { t } = usePage();
  const links = useLinks();
  const people = data.people;
  const label = (k: string) => (k.includes("_") ? t(`stats.indicators.${k}`) : t(`cabinet.employees.indicators.${k}`));
  const ranked = data.ranked;
  const color = (i: number) => PERSON_COLORS[i % PERSON_COLORS.length]!;
  return (
    <BusinessShell shell={data.shell} title={t("cabinet.compare.title")}>
      <p className="mb-4">
        <a href={links.employees} className="text-sm text-brand-700 hover:underline">
          ← {t("cabinet.nav.business.employees")}
        </a>
      </p>
      {people.length < 2 ? (
        <Card>{t("cabinet.compare.pick")}</Card>
      ) : (
        <div className="space-y-4">
          <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 xl:grid-cols-5" data-testid="compare-people">
            {people.map((p, i) => (
              <li key={p._id} className="card flex items-start gap-3 p-3" data-person={p._id}>
                <span aria-hidden className="mt-1 h-3 w-3 shrink-0 rounded-full" style={{ background: color(i) }} />
                <span className="min-w-0">
                  <a href={`${links.employees}/${p._id}`} className="font-semibold text-brand-700 hover:underline [overflow-wrap:anywhere]">
                    {p.name}
                  </a>
                  <span className="block text-sm">
                    <FormatCell doc={p} />
                  </span>
                  <ReliabilityLine r={p.reliability} />
                  <span className="block text-xs text-slate-500">{[p.department?.name, p.position?.name].filter(Boolean).join(" · ") || "—"}</span>
                  {!p.indicators && <span className="block text-xs text-slate-500">{t("stats.compare.noResult")}</span>}
                </span>
              </li>
            ))}
          </ul>
          <Card title={t("stats.compare.differences")} testid="compare-bars">
            {ranked.length === 0 ? (
              <p className="text-slate-600">{t("stats.compare.noResults")}</p>
            ) : (
              <ol className="space-y-4">
                {ranked.map((c) => (
                  <li key={c.key} data-indicator={c.key}>
                    <p className="mb-1 flex justify-between gap-2 text-sm">
                      <span className="font-medium">{label(c.key)}</span>
                      <span className="text-slate-500">{t("stats.compare.apart", { n: Math.round(100 * c.spread) })}</span>
                    </p>
                    {/* overlaid bars: one track, a marker per person, their values beneath */}
                    <div className="relative h-4 rounded bg-slate-100" aria-hidden>
                      {c.min < 0 && <span className="absolute inset-y-0 left-1/2 w-px bg-slate-300" />}
                      {people.map((p, i) => {
                        const v = p.indicators?.[c.key];
                        if (typeof v !== "number") return null;
                        const pos = (100 * (v - c.min)) / (c.max - c.min);
                        return (
                          <span
                            key={p._id}
                            className="absolute inset-y-0 w-1.5 -translate-x-1/2 rounded"
                            style={{ left: `${Math.min(100, Math.max(0, pos))}%`, background: color(i) }}
                          />
                        );
                      })}
                    </div>
                    <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs">
                      {people.map((p, i) =>
                        typeof p.indicators?.[c.key] !== "number" ? null : (
                          <li key={p._id} className="flex items-center gap-1">
                            <span className="h-2 w-2 rounded-full" style={{ background: color(i) }} />
                            <span className="max-w-[9rem] truncate">{p.name}</span>
                            <span className="font-semibold tabular-nums">{p.indicators[c.key]}</span>
                          </li>
                        ),
                      )}
                    </ul>
                  </li>
                ))}
              </ol>
            )}
          </Card>
          {data.fit && (
            <Card title={t("stats.compare.fit", { position: data.fit.position.name })} testid="compare-fit">
              {data.positions.length > 1 && (
                <form method="get" className="mb-3 flex flex-wrap items-end gap-2">
                  {people.map((p) => (
                    <input key={p._id} type="hidden" name="ids" value={p._id} />
                  ))}
                  <label className="text-sm">
                    <span className="label">{t("stats.compare.position")}</span>
                    <select name="position" className="input" defaultValue={data.fit.position._id}>
                      {data.positions.map((p) => (
                        <option key={p._id} value={p._id}>
                          {p.name}
                        </option>
                      ))}
                    </select>
                  </label>
                  <button type="submit" className="btn-secondary py-2 text-sm">
                    {t("stats.compare.show")}
                  </button>
                </form>
              )}
              <ul className="text-sm">
                {people.map((p, i) => {
                  const v = data.fit!.scores[p._id] ?? null;
                  return (
                    <li key={p._id} className="py-1" data-fit={p._id}>
                      <span className="flex justify-between gap-2">
                        <span className="flex min-w-0 items-center gap-1">
                          <span aria-hidden className="h-2 w-2 shrink-0 rounded-full" style={{ background: color(i) }} />
                          <span className="truncate">{p.name}</span>
                        </span>
                        <span className="font-semibold tabular-nums">{v ?? "—"}</span>
                      </span>
                      {v !== null && (
                        <span className="mt-0.5 block h-1.5 rounded bg-slate-100" aria-hidden>
                          <span className="block h-1.5 rounded" style={{ width: `${v}%`, background: color(i) }} />
                        </span>
                      )}
                    </li>
                  );
                })}
              </ul>
            </Card>
          )}
          <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
            <table className="w-full text-left text-sm" data-testid="compare-table">
              <thead className="bg-slate-50">
                <tr>
                  <th className="px-3 py-2" />
                  {people.map((p) => (
                    <th key={p._id} className="min-w-[7rem] px-3 py-2 font-semibold [overflow-wrap:anywhere]">
                      {p.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                <tr>
                  <th className="px-3 py-2 font-medium text-slate-500">{t("cabinet.employees.cols.format")}</th>
                  {people.map((p) => (
                    <td key={p._id} className="px-3 py-2">
                      <FormatCell doc={p} />
                    </td>
                  ))}
                </tr>
                {ranked.map((c) => (
                  <Fragment key={c.key}>
                    <tr>
                      <th className="px-3 py-2 font-medium text-slate-500">{label(c.key)}</th>
                      {people.map((p) => (
                        <td key={p._id} className="px-3 py-2 tabular-nums">
                          {p.indicators?.[c.key] ?? "—"}
                        </td>
                      ))}
                    </tr>
                  </Fragment>
                ))}
                {data.skills?.map((s) => (
                  <tr key={s.key} data-skill={s.key}>
                    <th className="px-3 py-2 font-medium text-slate-500">{s.name ?? t(`analytics.skills.${s.key}`)}</th>
                    {people.map((p) => (
                      <td key={p._id} className="px-3 py-2 tabular-nums">
                        {s.values[p._id] ?? "—"}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </BusinessShell>
  );
}

export const comparePage = cabinetPage<CompareData>({
  path: ["/dashboard/employees/compare", "/business/employees/compare"],
  title: (t) => t("cabinet.compare.title"),
  load: (c, scope) => compareEmployees(scope, { ids: c.req.queries("ids") ?? [], position: c.req.query("position") }),
  Component: Compare,
});
