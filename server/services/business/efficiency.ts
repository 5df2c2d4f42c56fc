// Fit for a position ("efficiency", model/fit.ts) stored per employee × position, and the list's
// analytics fields per employee (skills families, harmony, anxiety, efficiency, diff). Recomputed
// when a result completes (a retake too), when a person joins or changes consent or position, when
// a position's activities change, on reset-efficiency, and whenever the stored formula version is
// not the current one. Explanations are not stored: they are derived again on reading from the
// same inputs (the formula is pure), in the reader's language.
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { atomic, type AtomicWrite, type Db } from "../../../db/client";
import { prepared } from "../../../db/prepared";
import { employeeAnalytics, employeeFits, employees, positions, results, tasks } from "../../../db/schema";
import type { Locale } from "../../../locales";
import { tFor } from "../../../locales";
import { diffOf, explainFit, FIT_VERSION, fitFor, GOOD_FIT, rankPositions, type Activity, type IndicatorValues } from "../../../model/fit";
import { naturalSkills } from "../../../model/skills";
import { notFound } from "../../lib/errors";
import { ID_PATTERN } from "../../lib/ids";
import { employeeInScope, requireCan, requireWritable, type Scope } from "./access";
import { inDepartments } from "./dashboard";
import { reliabilityOf } from "./reliability";

export interface PositionWithActivities {
  id: string;
  name: string;
  activities: Activity[];
}

export async function projectPositions(db: Db, projectId: string): Promise<PositionWithActivities[]> {
  const ps = await db.select({ id: positions.id, name: positions.name }).from(positions).where(eq(positions.projectId, projectId)).orderBy(asc(positions.name));
  if (!ps.length) return [];
  const acts = await db
    .select({
      positionId: tasks.positionId,
      name: tasks.name,
      communication: tasks.communication,
      decision: tasks.decision,
      priority: tasks.priority,
      client: tasks.client,
      breadth: tasks.breadth,
      method: tasks.method,
    })
    .from(tasks)
    .where(
      inArray(
        tasks.positionId,
        ps.map((p) => p.id),
      ),
    )
    .orderBy(asc(tasks.sort));
  return ps.map((p) => ({ ...p, activities: acts.filter((a) => a.positionId === p.id) }));
}

export interface EmployeeInput {
  id: string;
  positionId: string | null;
  shared: boolean;
  resultId: string | null;
  formatCode: string | null;
  indicators: IndicatorValues | null;
}

/** Each employee's latest completed result, when they share it: the ids by the per-user index, then the rows by id. */
export async function employeeInputs(db: Db, projectId: string, only?: readonly string[]): Promise<EmployeeInput[]> {
  const latest = sql<
    string | null
  >`(select r.id from ${results} r where r.user_id = "employees"."user_id" and +r.is_completed = 1 order by r.completed_at desc limit 1)`;
  // (qualified by hand: without a join drizzle writes the outer column bare, and inside the subquery a bare user_id is r's)
  const rows = await db
    .select({ id: employees.id, positionId: employees.positionId, withdrawn: employees.consentWithdrawnAt, resultId: latest })
    .from(employees)
    .where(and(eq(employees.projectId, projectId), only ? inArray(employees.id, [...only]) : undefined));
  const ids = rows.filter((r) => r.resultId && !r.withdrawn).map((r) => r.resultId!);
  const byId = new Map<string, { formatCode: string | null; indicators: unknown }>();
  for (let i = 0; i < ids.length; i += 5000) {
    const part = await db
      .select({ id: results.id, formatCode: results.formatCode, indicators: results.indicators })
      .from(results)
      .where(inArray(results.id, ids.slice(i, i + 5000)));
    for (const r of part) byId.set(r.id, r);
  }
  return rows.map((r) => {
    const res = r.withdrawn || !r.resultId ? undefined : byId.get(r.resultId);
    return {
      id: r.id,
      positionId: r.positionId,
      shared: !r.withdrawn,
      resultId: res ? r.resultId : null,
      formatCode: res?.formatCode ?? null,
      indicators: (res?.indicators as IndicatorValues | undefined) ?? null,
    };
  });
}

const FIT_FIELDS = ["employeeId", "positionId", "projectId", "efficiency", "flags", "version", "computedAt"] as const;
const ANALYTICS_FIELDS = [
  "employeeId",
  "projectId",
  "resultId",
  "harmony",
  "anxiety",
  "efficiency",
  "bestPositionId",
  "bestEfficiency",
  "diff",
  "researcherMin",
  "researcherMax",
  "researcherActual",
  "researcherPotential",
  "businessmanSystem",
  "businessmanEnergy",
  "leaderType",
  "managerType",
  "managerResource",
  "sellerPercent",
  "crisis",
  "version",
  "computedAt",
] as const;
const placeholders = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, sql.placeholder(k)])) as unknown as Record<K, ReturnType<typeof sql.placeholder>>;
const excluded = (keys: readonly string[]) =>
  Object.fromEntries(keys.map((k) => [k, sql.raw(`excluded.${k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`)]));

const upsertFit = prepared((db) =>
  db
    .insert(employeeFits)
    .values(placeholders(FIT_FIELDS) as never)
    .onConflictDoUpdate({ target: [employeeFits.employeeId, employeeFits.positionId], set: excluded(["efficiency", "flags", "version", "computedAt"]) })
    .prepare(),
);
const upsertAnalytics = prepared((db) =>
  db
    .insert(employeeAnalytics)
    .values(placeholders(ANALYTICS_FIELDS) as never)
    .onConflictDoUpdate({ target: employeeAnalytics.employeeId, set: excluded(ANALYTICS_FIELDS.filter((k) => k !== "employeeId" && k !== "projectId")) })
    .prepare(),
);
// the spec's employee field `efficiency`: the fit for the current position
const setEmployeeEfficiency = prepared((db) =>
  db
    .update(employees)
    .set({ efficiency: sql.placeholder("efficiency") as never })
    .where(eq(employees.id, sql.placeholder("id")))
    .prepare(),
);

/**
 * Recomputes the fits and analytics of a project (or of some of its employees). Rows are
 * upserted; a position's rows go with it (cascade), a withdrawn consent removes the person's rows.
 */
export async function recomputeEfficiencies(db: Db, projectId: string, only?: readonly string[], opts: { positions?: readonly string[] } = {}) {
  const started = performance.now();
  const [ps, people] = await Promise.all([projectPositions(db, projectId), employeeInputs(db, projectId, only)]);
  // one position changed: only its fits are computed; the others' come from the stored rows (same
  // formula version, else everything is computed) for the best position and diff
  const changed = opts.positions ? new Set(opts.positions) : null;
  const stored = new Map<string, Map<string, number | null>>();
  if (changed) {
    const rows = await db
      .select({ employeeId: employeeFits.employeeId, positionId: employeeFits.positionId, efficiency: employeeFits.efficiency, version: employeeFits.version })
      .from(employeeFits)
      .where(eq(employeeFits.projectId, projectId));
    for (const r of rows) {
      if (r.version !== FIT_VERSION) return recomputeEfficiencies(db, projectId, only);
      let m = stored.get(r.employeeId);
      if (!m) stored.set(r.employeeId, (m = new Map()));
      m.set(r.positionId, r.efficiency);
    }
  }
  const now = new Date();
  const fits: (typeof employeeFits.$inferInsert)[] = [];
  const analytics: (typeof employeeAnalytics.$inferInsert)[] = [];
  const hidden: string[] = [];
  for (const e of people) {
    if (!e.shared) {
      hidden.push(e.id);
      continue;
    }
    const mine = stored.get(e.id);
    const list = ps.map((p) => {
      if (changed && !changed.has(p.id) && mine?.has(p.id)) return { positionId: p.id, name: p.name, efficiency: mine.get(p.id) ?? null };
      const fit = fitFor(e.indicators, p.activities);
      fits.push({ employeeId: e.id, positionId: p.id, projectId, efficiency: fit.efficiency, flags: fit.flags, version: FIT_VERSION, computedAt: now });
      return { positionId: p.id, name: p.name, efficiency: fit.efficiency };
    });
    const { best, diff } = diffOf(list, e.positionId);
    const current = list.find((p) => p.positionId === e.positionId)?.efficiency ?? null;
    const n = naturalSkills(e.indicators);
    const ind = e.indicators ?? {};
    analytics.push({
      employeeId: e.id,
      projectId,
      resultId: e.resultId,
      harmony: typeof ind.harmony === "number" ? ind.harmony : null,
      anxiety: typeof ind.anxiety === "number" ? ind.anxiety : null,
      efficiency: current,
      bestPositionId: best?.positionId ?? null,
      bestEfficiency: best?.efficiency ?? null,
      diff,
      researcherMin: n.researcher.min,
      researcherMax: n.researcher.max,
      researcherActual: n.researcher.actual,
      researcherPotential: n.researcher.potential,
      businessmanSystem: n.businessman.system,
      businessmanEnergy: n.businessman.energy,
      leaderType: n.leader.type,
      managerType: n.manager.type,
      managerResource: n.manager.resource,
      sellerPercent: n.seller.percent,
      crisis: n.crisis,
      version: FIT_VERSION,
      computedAt: now,
    });
  }
  // one transaction of prepared upserts: all of a recompute shows at once, and 50,000 rows take
  // a fraction of a second (building one huge insert in drizzle took seconds)
  const writes: AtomicWrite[] = [];
  for (const f of fits) writes.push({ statement: upsertFit, params: f });
  for (const a of analytics) {
    writes.push({ statement: upsertAnalytics, params: a });
    writes.push({ statement: setEmployeeEfficiency, params: { id: a.employeeId, efficiency: a.efficiency } });
  }
  await atomic(db, writes);
  if (hidden.length) {
    await db.delete(employeeFits).where(inArray(employeeFits.employeeId, hidden));
    await db.delete(employeeAnalytics).where(inArray(employeeAnalytics.employeeId, hidden));
    await db.update(employees).set({ efficiency: null }).where(inArray(employees.id, hidden));
  }
  return { employees: people.length, fits: fits.length, ms: Math.round(performance.now() - started) };
}

/** After a result completes (first test or a retake), a join, or a consent change: every project the person is in. */
export async function recomputeForUser(db: Db, userId: string) {
  const rows = await db.select({ id: employees.id, projectId: employees.projectId }).from(employees).where(eq(employees.userId, userId));
  for (const r of rows) await recomputeEfficiencies(db, r.projectId, [r.id]);
}

/**
 * Recomputes a project whose stored rows come from another formula version, or that has people
 * never computed (a project from before the analytics tables, or rows lost): cheap checks on
 * indexes, so every reader of the stored numbers can call it.
 */
export async function ensureFresh(db: Db, projectId: string) {
  // "another version" as two ranges (below, above): each a seek on the (project, version) index,
  // where `<>` walked every fit of the project (200,000 on 5,000 people × 40 positions)
  const otherVersion = (table: typeof employeeAnalytics | typeof employeeFits) => [
    () =>
      db
        .select({ one: sql`1` })
        .from(table)
        .where(and(eq(table.projectId, projectId), lt(table.version, FIT_VERSION)))
        .limit(1),
    () =>
      db
        .select({ one: sql`1` })
        .from(table)
        .where(and(eq(table.projectId, projectId), gt(table.version, FIT_VERSION)))
        .limit(1),
  ];
  const checks = [
    ...otherVersion(employeeAnalytics),
    ...otherVersion(employeeFits),
    () =>
      db
        .select({ one: sql`1` })
        .from(employees)
        .leftJoin(employeeAnalytics, eq(employeeAnalytics.employeeId, employees.id))
        .where(and(eq(employees.projectId, projectId), isNull(employees.consentWithdrawnAt), isNull(employeeAnalytics.employeeId)))
        .limit(1),
  ];
  for (const check of checks) {
    if ((await check()).length) {
      await recomputeEfficiencies(db, projectId);
      return true;
    }
  }
  return false;
}

/** POST (and the spec's GET) /business/projects/reset-efficiency: the whole project again. */
export async function resetProjectEfficiency(scope: Scope) {
  requireWritable(scope);
  requireCan(scope, "structure");
  const r = await recomputeEfficiencies(scope.db, scope.project.id);
  return { ok: true, version: FIT_VERSION, ...r };
}

/**
 * GET /business/employees/efficiency/{id}: the employee's fit for every position of the project,
 * best first, each with its explanation in the reader's language; `position` narrows to one.
 */
export async function employeeEfficiency(scope: Scope, employeeId: string, locale: Locale, positionId?: string | null) {
  const e = await employeeInScope(scope, employeeId);
  await ensureFresh(scope.db, scope.project.id);
  const [input] = await employeeInputs(scope.db, scope.project.id, [e.id]);
  const ps = await projectPositions(scope.db, scope.project.id);
  if (positionId && !ps.some((p) => p.id === positionId)) throw notFound();
  const t = tFor(locale);
  const all = ps.map((p) => {
    const fit = fitFor(input?.indicators ?? null, p.activities);
    return { positionId: p.id, name: p.name, efficiency: fit.efficiency, fit };
  });
  const { best, diff } = diffOf(all, e.positionId);
  const docs = rankPositions(all, e.positionId)
    .filter((p) => !positionId || p.positionId === positionId)
    .map((p) => ({
      position: { _id: p.positionId, name: p.name },
      efficiency: p.efficiency,
      isCurrent: p.positionId === e.positionId,
      isBest: p.positionId === best?.positionId,
      flags: p.fit.flags,
      version: p.fit.version,
      activities: p.fit.activities,
      explanation: explainFit(p.fit, t),
    }));
  const current = all.find((p) => p.positionId === e.positionId);
  // `?position=P` asks about P: its fit is the top-level answer whether or not the person holds P
  // (a candidate, a move being weighed); `diff` stays the spec's employee field (best − current)
  const asked = positionId ? all.find((p) => p.positionId === positionId) : undefined;
  return {
    employee: { _id: e.id, name: e.name, position: e.positionId },
    efficiency: (asked ?? current)?.efficiency ?? null,
    ...(asked ? { position: { _id: asked.positionId, name: asked.name, isCurrent: asked.positionId === e.positionId } } : {}),
    currentEfficiency: current?.efficiency ?? null,
    diff,
    best: best ? { _id: best.positionId, name: best.name, efficiency: best.efficiency } : null,
    shared: Boolean(input?.shared),
    version: FIT_VERSION,
    docs,
  };
}

/** "Who else fits this position": the project's people by their fit for it, best first. */
export async function positionCandidates(scope: Scope, positionId: string) {
  requireCan(scope, "read");
  if (!ID_PATTERN.test(positionId)) throw notFound();
  const [p] = await scope.db
    .select({ id: positions.id, name: positions.name })
    .from(positions)
    .where(and(eq(positions.id, positionId), eq(positions.projectId, scope.project.id)));
  if (!p) throw notFound();
  await ensureFresh(scope.db, scope.project.id);
  const rows = await scope.db
    .select({
      _id: employees.id,
      name: employees.name,
      userId: employees.userId,
      departmentId: employees.departmentId,
      positionId: employees.positionId,
      efficiency: employeeFits.efficiency,
      flags: employeeFits.flags,
    })
    .from(employeeFits)
    .innerJoin(employees, eq(employees.id, employeeFits.employeeId))
    .where(and(eq(employeeFits.positionId, p.id), sql`${employeeFits.efficiency} is not null`))
    .orderBy(sql`${employeeFits.efficiency} desc`, asc(employees.name));
  const visible = scope.departments ? rows.filter((r) => r.departmentId && scope.departments!.has(r.departmentId)) : rows;
  // the two reliability marks beside every fit of the ranking
  const rel = await reliabilityOf(
    scope,
    visible.map((r) => r.userId).filter((u): u is string => !!u),
  );
  return {
    position: { _id: p.id, name: p.name },
    docs: visible.map((r) => ({
      _id: r._id,
      name: r.name,
      efficiency: r.efficiency,
      flags: r.flags,
      isCurrent: r.positionId === p.id,
      reliability: (r.userId && rel.get(r.userId)) || null,
    })),
  };
}

/**
 * Position coverage (statistics): each position with the best fit anyone visible reaches on it and
 * who; the uncovered ones (below GOOD_FIT, or nobody measured) first; `within` from departmentsWithin. One short walk down
 * employee_fits_position_idx per position, so a 5,000-person project costs as little as a small one.
 */
export async function positionCoverage(scope: Scope, within: Set<string> | null) {
  requireCan(scope, "read");
  await ensureFresh(scope.db, scope.project.id);
  const visible = inDepartments(employees.departmentId, within);
  const ps = await scope.db
    .select({ id: positions.id, name: positions.name })
    .from(positions)
    .where(eq(positions.projectId, scope.project.id))
    .orderBy(asc(positions.name));
  const rows = await Promise.all(
    ps.map(async (p) => {
      const [b] = await scope.db
        .select({ employeeId: employees.id, name: employees.name, efficiency: employeeFits.efficiency })
        .from(employeeFits)
        .innerJoin(employees, eq(employees.id, employeeFits.employeeId))
        .where(and(eq(employeeFits.positionId, p.id), isNotNull(employeeFits.efficiency), visible))
        .orderBy(desc(employeeFits.efficiency), asc(employees.name))
        .limit(1);
      const value = b ? Math.round(b.efficiency!) : null;
      return {
        position: { _id: p.id, name: p.name },
        best: value,
        bestEmployee: b ? { _id: b.employeeId, name: b.name } : null,
        uncovered: value === null || value < GOOD_FIT,
      };
    }),
  );
  return rows.sort((a, b) => Number(b.uncovered) - Number(a.uncovered) || (a.best ?? -1) - (b.best ?? -1) || a.position.name.localeCompare(b.position.name));
}

/** The fit of some employees for one position (the comparison): id → efficiency (null: not measured). */
export async function fitsForPosition(scope: Scope, positionId: string, employeeIds: readonly string[]) {
  requireCan(scope, "read");
  if (!employeeIds.length) return {};
  await ensureFresh(scope.db, scope.project.id);
  const rows = await scope.db
    .select({ employeeId: employeeFits.employeeId, efficiency: employeeFits.efficiency })
    .from(employeeFits)
    .where(and(eq(employeeFits.projectId, scope.project.id), eq(employeeFits.positionId, positionId), inArray(employeeFits.employeeId, [...employeeIds])));
  const out: Record<string, number | null> = Object.fromEntries(employeeIds.map((id) => [id, null]));
  for (const r of rows) out[r.employeeId] = r.efficiency === null ? null : Math.round(r.efficiency);
  return out;
}
