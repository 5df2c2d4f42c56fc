// Team statistics (/business/statistics, GET /business/stats, /business/projects/stats/{id}) and
// the team communication balance (GET /business/communication). One read of the project's people
// (each with their latest completed result) feeds every figure, so the numbers on the page and in
// the API always agree. Definitions: model/STATS.md.
import { and, asc, eq, sql } from "drizzle-orm";
import { FORMATS } from "../../../model/formats";
import { inCrisis, isAnxious } from "../../../model/scoring";
import { departments, employees, positions, results, tasks, users } from "../../../db/schema";
import type { Scope } from "./access";
import { departmentsWithin, inDepartments } from "./dashboard";
import { positionCoverage } from "./efficiency";

/** The indicators averaged per department, in display order. */
export const STAT_INDICATORS = ["system", "analytics", "volume", "presentation", "harmony", "anxiety"] as const;
export type StatIndicator = (typeof STAT_INDICATORS)[number];
/** People listed in one cell of the 27-format map (the count is always whole). */
export const MAP_NAMES_PER_CELL = 12;
export const SPHERES = ["ME", "WE", "WR"] as const;
export type Sphere = (typeof SPHERES)[number];
const SPHERE_OF = { individual: "ME", team: "WE", global: "WR" } as const satisfies Record<string, Sphere>;
/** A sphere is "short" or in "surplus" when supply and demand differ by more than this (points). */
export const BALANCE_TOLERANCE = 10;

export interface Spread {
  n: number;
  mean: number | null;
  /** population standard deviation */
  sd: number | null;
  min: number | null;
  max: number | null;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

export function spreadOf(values: number[]): Spread {
  if (!values.length) return { n: 0, mean: null, sd: null, min: null, max: null };
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const sd = Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length);
  return { n: values.length, mean: round1(mean), sd: round1(sd), min: Math.min(...values), max: Math.max(...values) };
}

interface Person {
  _id: string;
  name: string;
  departmentId: string | null;
  positionId: string | null;
  consent: boolean;
  /** completed the test (has a format), as the dashboard's ACTIVE counts */
  tested: boolean;
  format: string | null;
  indicators: Record<string, number> | null;
  completedAt: number | null;
}

/** Everyone in the scope (narrowed to a department), with the latest completed result, by name. */
async function people(scope: Scope, within: Set<string> | null): Promise<Person[]> {
  const where = and(eq(employees.projectId, scope.project.id), inDepartments(employees.departmentId, within));
  // two flat reads instead of a subquery per person: the people, then every completed result of
  // theirs (results_user_idx), the latest picked here — a third of the time on 5,000 people. Plain
  // rows (db.all), not the query builder's mapped ones: mapping 10,000 rows was a fifth of the call.
  const [rows, done] = (await Promise.all([
    scope.db.all(sql`select ${employees.id} as _id, ${employees.name} as name, ${employees.userId} as userId, ${employees.departmentId} as departmentId,
        ${employees.positionId} as positionId, ${employees.consentWithdrawnAt} is null as consent, ${users.formatCode} as format
      from ${employees} left join ${users} on ${users.id} = ${employees.userId} where ${where}`),
    scope.db.all(sql`select ${results.userId} as userId, ${results.indicators} as indicators, ${results.completedAt} as completedAt
      from ${employees} inner join ${results} on ${results.userId} = ${employees.userId} and +${results.isCompleted} = 1 where ${where}`),
  ])) as [
    { _id: string; name: string; userId: string | null; departmentId: string | null; positionId: string | null; consent: number; format: string | null }[],
    { userId: string; indicators: string | null; completedAt: number | null }[],
  ];
  const latest = new Map<string, { indicators: string | null; at: number | null }>();
  for (const r of done) {
    const at = r.completedAt ?? null;
    const seen = latest.get(r.userId);
    if (!seen || (at ?? -Infinity) > (seen.at ?? -Infinity)) latest.set(r.userId, { indicators: r.indicators, at });
  }
  return rows
    .map((r) => {
      const last = r.userId ? latest.get(r.userId) : undefined;
      const consent = Boolean(r.consent);
      // a withdrawn consent leaves the name and the test status; never the format or indicators
      return {
        _id: r._id,
        name: r.name,
        departmentId: r.departmentId,
        positionId: r.positionId,
        consent,
        tested: r.format !== null,
        format: consent ? r.format : null,
        indicators: consent && last?.indicators ? (JSON.parse(last.indicators) as Record<string, number>) : null,
        completedAt: r.format ? (last?.at ?? null) : null,
      };
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a._id < b._id ? -1 : 1));
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Tests completed per day (per month when the span is longer than two months), with the
 * running total; every day or month in the span is listed, empty ones with 0. */
export function completionSeries(times: number[]) {
  if (!times.length) return { unit: "day" as const, points: [] as { date: string; count: number; total: number }[] };
  const sorted = [...times].sort((a, b) => a - b);
  const first = new Date(sorted[0]!);
  const last = new Date(sorted[sorted.length - 1]!);
  const unit = (last.getTime() - first.getTime()) / 86_400_000 > 62 ? ("month" as const) : ("day" as const);
  const key = (ms: number) => (unit === "month" ? dayOf(ms).slice(0, 7) : dayOf(ms));
  const counts = new Map<string, number>();
  for (const t of sorted) counts.set(key(t), (counts.get(key(t)) ?? 0) + 1);
  const points: { date: string; count: number; total: number }[] = [];
  const cursor = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), unit === "month" ? 1 : first.getUTCDate()));
  let total = 0;
  while (key(cursor.getTime()) <= key(last.getTime())) {
    const count = counts.get(key(cursor.getTime())) ?? 0;
    total += count;
    points.push({ date: key(cursor.getTime()), count, total });
    if (unit === "month") cursor.setUTCMonth(cursor.getUTCMonth() + 1);
    else cursor.setUTCDate(cursor.getUTCDate() + 1);
  }
  return { unit, points };
}

/** How many alerts the statistics list (the most urgent first); `alertCount` is all of them. */
export const ALERTS_SHOWN = 50;

/** GET /business/stats: the team in figures (see model/STATS.md for every definition). */
export async function projectStats(scope: Scope, department?: string | null) {
  const within = await departmentsWithin(scope, department);
  return statsOf(scope, within, await people(scope, within));
}

async function statsOf(scope: Scope, within: Set<string> | null, all: Person[]) {
  const deps = await scope.db
    .select({ _id: departments.id, name: departments.name })
    .from(departments)
    .where(and(eq(departments.projectId, scope.project.id), inDepartments(departments.id, within)))
    .orderBy(asc(departments.name));
  const isTested = (p: Person) => p.tested;
  const tested = all.filter(isTested);
  const shared = all.filter((p) => p.consent && p.format);
  const measured = all.filter((p) => p.consent && p.indicators);

  const cells = new Map(
    FORMATS.map((f) => [
      f.code,
      { code: f.code, structure: f.structure, volume: f.volume, presentation: f.presentation, count: 0, people: [] as { _id: string; name: string }[] },
    ]),
  );
  for (const p of shared) {
    const cell = cells.get(p.format!);
    if (!cell) continue;
    cell.count++;
    if (cell.people.length < MAP_NAMES_PER_CELL) cell.people.push({ _id: p._id, name: p.name });
  }
  const map = [...cells.values()];

  const values = (group: Person[], k: StatIndicator) => group.flatMap((p) => (typeof p.indicators?.[k] === "number" ? [p.indicators[k]!] : []));
  const spreads = (group: Person[]) => Object.fromEntries(STAT_INDICATORS.map((k) => [k, spreadOf(values(group, k))])) as Record<StatIndicator, Spread>;
  const byDept = (id: string | null) => all.filter((p) => p.departmentId === id);
  const departmentRows = deps.map((d) => {
    const group = byDept(d._id);
    return {
      _id: d._id as string | null,
      name: d.name as string | null,
      employees: group.length,
      tested: group.filter(isTested).length,
      indicators: spreads(group.filter((p) => p.consent && p.indicators)),
    };
  });
  const loose = byDept(null);
  if (loose.length)
    departmentRows.push({
      _id: null,
      name: null,
      employees: loose.length,
      tested: loose.filter(isTested).length,
      indicators: spreads(loose.filter((p) => p.consent && p.indicators)),
    });

  const alerts = measured
    .map((p) => {
      const harmony = p.indicators!.harmony ?? null;
      const anxiety = p.indicators!.anxiety ?? null;
      const reasons = [
        ...(harmony !== null && inCrisis(harmony) ? ["crisis" as const] : []),
        ...(anxiety !== null && isAnxious(anxiety) ? ["anxiety" as const] : []),
      ];
      return { _id: p._id, name: p.name, department: deps.find((d) => d._id === p.departmentId)?.name ?? null, harmony, anxiety, reasons };
    })
    .filter((a) => a.reasons.length)
    // both alerts first, then the lowest harmony, then the highest anxiety
    .sort((a, b) => b.reasons.length - a.reasons.length || (a.harmony ?? 100) - (b.harmony ?? 100) || (b.anxiety ?? -10) - (a.anxiety ?? -10));

  const overall = spreads(measured);
  const formats = map
    .filter((c) => c.count)
    .map((c) => ({ code: c.code, count: c.count }))
    .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
  return {
    total: all.length,
    tested: tested.length,
    shared: shared.length,
    formats,
    map,
    harmony: overall.harmony.mean,
    anxiety: overall.anxiety.mean,
    overall,
    departments: departmentRows,
    // the most urgent first, at most ALERTS_SHOWN: a list to act on, not the whole company
    alerts: alerts.slice(0, ALERTS_SHOWN),
    alertCount: alerts.length,
    completion: completionSeries(tested.flatMap((p) => (p.completedAt ? [p.completedAt] : []))),
  };
}
export type ProjectStats = Awaited<ReturnType<typeof projectStats>>;

/** A person's structure in a sphere: the level of whichever structure dominates there. */
const sphereStrength = (ind: Record<string, number>, s: Sphere) => {
  const sys = ind[`${s}_SYSTEM`];
  const anl = ind[`${s}_ANALYT`];
  if (typeof sys !== "number" || typeof anl !== "number") return null;
  return Math.max(sys, anl);
};

const shares = (w: Record<Sphere, number>) => {
  const sum = SPHERES.reduce((a, s) => a + w[s], 0);
  return Object.fromEntries(SPHERES.map((s) => [s, sum ? w[s] / sum : 0])) as Record<Sphere, number>;
};
const percent = (w: Record<Sphere, number>) => Object.fromEntries(SPHERES.map((s) => [s, round1(100 * w[s])])) as Record<Sphere, number>;

/** GET /business/communication: what the positions' activities ask of each sphere (ME/WE/WR)
 * against where the people's structure lies, in shares of 100 (model/STATS.md). */
export async function communicationBalance(scope: Scope, department?: string | null) {
  const within = await departmentsWithin(scope, department);
  return balanceOf(scope, within, await people(scope, within));
}

async function balanceOf(scope: Scope, within: Set<string> | null, staff: Person[]) {
  const posRows = await scope.db
    .select({ id: positions.id, communication: tasks.communication, priority: tasks.priority })
    .from(positions)
    .innerJoin(tasks, eq(tasks.positionId, positions.id))
    .where(and(eq(positions.projectId, scope.project.id), inDepartments(positions.departmentId, within)));
  // each position's activities split its work over the spheres by weight (priority + 1)
  const work = new Map<string, Record<Sphere, number>>();
  for (const r of posRows) {
    const w = work.get(r.id) ?? { ME: 0, WE: 0, WR: 0 };
    w[SPHERE_OF[r.communication]] += r.priority + 1;
    work.set(r.id, w);
  }
  const positionShares = new Map([...work].map(([id, w]) => [id, shares(w)]));
  // demand counts a position once per person holding it; with nobody placed yet, once per position
  const holders = staff.filter((p) => p.positionId && positionShares.has(p.positionId));
  const basis = holders.length ? ("people" as const) : ("positions" as const);
  const demandSum: Record<Sphere, number> = { ME: 0, WE: 0, WR: 0 };
  for (const sh of holders.length ? holders.map((p) => positionShares.get(p.positionId!)!) : [...positionShares.values()])
    for (const s of SPHERES) demandSum[s] += sh[s];
  const supplySum: Record<Sphere, number> = { ME: 0, WE: 0, WR: 0 };
  let measured = 0;
  for (const p of staff) {
    if (!p.consent || !p.indicators) continue;
    const strength = Object.fromEntries(SPHERES.map((s) => [s, sphereStrength(p.indicators!, s)])) as Record<Sphere, number | null>;
    if (SPHERES.some((s) => strength[s] === null)) continue;
    const sh = shares(strength as Record<Sphere, number>);
    for (const s of SPHERES) supplySum[s] += sh[s];
    measured++;
  }
  const demandN = basis === "people" ? holders.length : positionShares.size;
  const demand = demandN ? percent(shares(demandSum)) : null;
  const supply = measured ? percent(shares(supplySum)) : null;
  const balance =
    demand && supply
      ? SPHERES.map((s) => {
          const gap = round1(supply[s] - demand[s]);
          return {
            sphere: s,
            demand: demand[s],
            supply: supply[s],
            gap,
            status: gap < -BALANCE_TOLERANCE ? ("short" as const) : gap > BALANCE_TOLERANCE ? ("surplus" as const) : ("balanced" as const),
          };
        })
      : [];
  return { basis, positions: positionShares.size, activities: posRows.length, holders: holders.length, measured, demand, supply, balance };
}
export type CommunicationBalance = Awaited<ReturnType<typeof communicationBalance>>;

/** The statistics page: the figures, the communication balance and the coverage over one read of the people. */
export async function statisticsOf(scope: Scope, department: string | null = null) {
  const within = await departmentsWithin(scope, department);
  const staff = await people(scope, within);
  const [stats, comm, coverage] = await Promise.all([statsOf(scope, within, staff), balanceOf(scope, within, staff), positionCoverage(scope, within)]);
  return { stats, comm, coverage };
}

/** GET /business/stats and /business/projects/stats/{id}: the team statistics and the position coverage. */
export async function teamStats(scope: Scope, department: string | null = null) {
  const within = await departmentsWithin(scope, department);
  const [stats, coverage] = await Promise.all([statsOf(scope, within, await people(scope, within)), positionCoverage(scope, within)]);
  return { ...stats, coverage };
}
