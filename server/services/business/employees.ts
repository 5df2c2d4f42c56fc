// Employees of a project: the list (filter, sort, pages) and the detail with the indicators the
// employee's consent allows, each with its reliability; what changes them is employee-changes.ts.
import { and, asc, desc, eq, inArray, isNotNull, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client";
import { departments, employeeAnalytics as ea, employees, formats, invites, positions, results, users } from "../../../db/schema";
import { LEADER_TYPES, MANAGER_TYPES } from "../../../model/skills";
import { notFound } from "../../lib/errors";
import { ID_PATTERN, idSchema } from "../../lib/ids";
import { paged } from "../../lib/listing";
import type { Scope } from "./access";
import { ensureFresh } from "./efficiency";
import { latestIndicators } from "./skills";
import { reliabilityOf, retakeState } from "./reliability";
import { departmentsWithin, inDepartments } from "./dashboard";
import { containsPattern } from "./search";
import { recordView } from "./views";

export const EMPLOYEE_STATUSES = ["completed", "inProgress", "notStarted"] as const;
export const SORT_TYPES = ["name", "department", "position", "format", "harmony", "anxiety", "status", "createdAt", "efficiency", "diff"] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];

const id = () => idSchema("business.errors.badId");
const bound = (lo: number, hi: number) =>
  z.coerce.number({ error: "common.validation.invalid" }).min(lo, "common.validation.invalid").max(hi, "common.validation.invalid").nullish();
const range = (lo: number, hi: number) => z.object({ min: bound(lo, hi), max: bound(lo, hi) }).nullish();
export const HARMONY_BANDS = ["crisis", "norm", "comfort"] as const;
export const ANXIETY_BANDS = ["confident", "rather-confident", "rather-anxious", "anxious"] as const;
/** The spec's analytics filter fields (§3): manager, leader, researcher, seller, businessman, harmony, anxiety, efficiency, diff. */
export const analyticsFilterShape = {
  manager: z.object({ type: z.enum(MANAGER_TYPES).nullish(), resource: range(0, 100) }).nullish(),
  leader: z.object({ type: z.enum(LEADER_TYPES).nullish() }).nullish(),
  researcher: z.object({ min: bound(0, 100), max: bound(0, 100), basis: z.enum(["actual", "potential"]).nullish() }).nullish(),
  seller: z.object({ min: bound(0, 100), max: bound(0, 100) }).nullish(),
  businessman: z.object({ system: range(0, 100), energy: range(0, 100) }).nullish(),
  harmony: z.union([z.enum(HARMONY_BANDS), range(0, 100)]).nullish(),
  anxiety: z.union([z.enum(ANXIETY_BANDS), range(-10, 10)]).nullish(),
  efficiency: range(0, 100),
  diff: range(0, 100),
};
export const employeeListSchema = z.object({
  filter: z
    .object({
      department: id().nullish(),
      position: id().nullish(),
      format: z
        .string()
        .trim()
        .max(40)
        .regex(/^[A-Z-]+$/, "common.validation.invalid")
        .nullish(),
      status: z.enum(EMPLOYEE_STATUSES).nullish(),
      name: z.string().trim().max(120).nullish(),
      /** a name, or an address the company itself invited by e-mail */
      q: z.string().trim().max(120, "common.validation.tooLong").nullish(),
      ...analyticsFilterShape,
    })
    .default({}),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(500),
  sortType: z.enum(SORT_TYPES).default("name"),
  sortDirection: z
    .union([z.enum(["asc", "desc"]), z.literal(1), z.literal(-1), z.literal("1"), z.literal("-1")])
    .default("asc")
    .transform((d) => (d === "desc" || d === -1 || d === "-1" ? "desc" : "asc")),
});

const shared = sql`${employees.consentWithdrawnAt} is null`;
// harmony and anxiety from the stored analytics row (recomputed with every result), the same values
// the filters read: no per-row subquery over results, so sorting 5,000 people by them stays cheap
const indicator = (column: SQLWrapper) => sql<number | null>`case when ${shared} then ${column} end`;
const statusExpr = sql<EmployeeStatus>`case when ${users.formatCode} is not null then 'completed' when exists (select 1 from ${results} r where r.user_id = ${employees.userId} and +r.is_completed = 0) then 'inProgress' else 'notStarted' end`;
const formatExpr = sql<string | null>`case when ${shared} then ${users.formatCode} end`;

const columns = {
  _id: employees.id,
  name: employees.name,
  user: employees.userId,
  departmentId: employees.departmentId,
  departmentName: departments.name,
  positionId: employees.positionId,
  positionName: positions.name,
  supervisor: employees.supervisorId,
  isProjectManager: employees.isProjectManager,
  consent: sql<number>`${shared}`,
  personnelNumber: employees.personnelNumber,
  externalId: employees.externalId,
  nameByOwner: employees.nameByOwner,
  retakeRequestedAt: employees.retakeRequestedAt,
  format: formatExpr,
  harmony: indicator(ea.harmony),
  anxiety: indicator(ea.anxiety),
  status: statusExpr,
  createdAt: employees.createdAt,
  efficiency: ea.efficiency,
  diff: ea.diff,
  bestPositionId: ea.bestPositionId,
  managerType: ea.managerType,
  managerResource: ea.managerResource,
  leaderType: ea.leaderType,
  researcherMin: ea.researcherMin,
  researcherMax: ea.researcherMax,
  researcherActual: ea.researcherActual,
  researcherPotential: ea.researcherPotential,
  sellerPercent: ea.sellerPercent,
  businessmanSystem: ea.businessmanSystem,
  businessmanEnergy: ea.businessmanEnergy,
  crisis: ea.crisis,
};
const sortColumn: Record<(typeof SORT_TYPES)[number], SQL | typeof employees.name> = {
  name: sql`${employees.name} collate nocase`,
  department: sql`${departments.name} collate nocase`,
  position: sql`${positions.name} collate nocase`,
  format: formatExpr,
  harmony: indicator(ea.harmony),
  anxiety: indicator(ea.anxiety),
  status: statusExpr,
  createdAt: sql`${employees.createdAt}`,
  efficiency: sql`${ea.efficiency}`,
  diff: sql`${ea.diff}`,
};

type Row = { [K in keyof typeof columns]: unknown } & Record<string, unknown>;
function toDoc(r: Row, formatNames: Map<string, FormatName>) {
  return {
    _id: r._id as string,
    name: r.name as string,
    user: r.user as string | null,
    department: r.departmentId ? { _id: r.departmentId as string, name: (r.departmentName as string) ?? "" } : null,
    position: r.positionId ? { _id: r.positionId as string, name: (r.positionName as string) ?? "" } : null,
    supervisor: r.supervisor as string | null,
    isProjectManager: Boolean(r.isProjectManager),
    consent: Boolean(r.consent),
    personnelNumber: (r.personnelNumber as string | null) ?? null,
    // the ATS's id when the person was hired as a candidate it invited
    externalId: (r.externalId as string | null) ?? null,
    retakeRequestedAt: (r.retakeRequestedAt as Date | null) ?? null,
    nameByOwner: Boolean(r.nameByOwner),
    format: r.format ? { code: r.format as string, name: formatNames.get(r.format as string) ?? null } : null,
    harmony: r.harmony as number | null,
    anxiety: r.anxiety as number | null,
    status: r.status as EmployeeStatus,
    createdAt: r.createdAt as Date,
    efficiency: (r.efficiency as number | null) ?? null,
    diff: (r.diff as number | null) ?? null,
    bestPosition: (r.bestPositionId as string | null) ?? null,
    // the five skill families' list fields (natural; null without a shared result)
    manager: r.managerType ? { type: r.managerType as string, resource: r.managerResource as number | null } : null,
    leader: r.leaderType ? { type: r.leaderType as string } : null,
    researcher:
      r.researcherPotential !== null && r.researcherPotential !== undefined
        ? { min: r.researcherMin as number, max: r.researcherMax as number, actual: r.researcherActual as number, potential: r.researcherPotential as number }
        : null,
    seller: r.sellerPercent !== null && r.sellerPercent !== undefined ? { percent: r.sellerPercent as number } : null,
    businessman:
      r.businessmanSystem !== null && r.businessmanSystem !== undefined
        ? { system: r.businessmanSystem as number, energy: r.businessmanEnergy as number | null }
        : null,
    crisis: Boolean(r.crisis),
  };
}
export type EmployeeDoc = ReturnType<typeof toDoc>;

/** The formats' names, kept per database under the sum of the rows' revisions (a trigger raises a
 * row's on any change, whoever makes it): every instance sees a rename on its next read. */
type FormatName = typeof formats.$inferSelect.name;
const formatNameCache = new WeakMap<Db, { revision: number; names: Map<string, FormatName> }>();
async function formatNames(scope: Scope) {
  const [stamp] = await scope.db.select({ revision: sql<number>`coalesce(sum(${formats.revision}), 0)` }).from(formats);
  const kept = formatNameCache.get(scope.db);
  if (kept && kept.revision === stamp!.revision) return kept.names;
  const names = new Map((await scope.db.select({ code: formats.code, name: formats.name }).from(formats)).map((f) => [f.code, f.name] as [string, FormatName]));
  formatNameCache.set(scope.db, { revision: stamp!.revision, names });
  return names;
}

function base(scope: Scope) {
  return scope.db
    .select(columns)
    .from(employees)
    .leftJoin(users, eq(users.id, employees.userId))
    .leftJoin(departments, eq(departments.id, employees.departmentId))
    .leftJoin(positions, eq(positions.id, employees.positionId))
    .leftJoin(ea, analyticsJoin);
}

// the fit and skill columns exist for the list only while the person shares their results: gated in
// the join itself, so no read, filter or sort sees a withdrawn person's row before its recompute drops it
const analyticsJoin = and(eq(ea.employeeId, employees.id), shared);

type AnalyticsFilter = { [K in keyof typeof analyticsFilterShape]?: z.output<(typeof analyticsFilterShape)[K]> };
const inRange = (col: SQLWrapper, r: { min?: number | null; max?: number | null } | null | undefined, out: SQL[]) => {
  if (r?.min !== null && r?.min !== undefined) out.push(sql`${col} >= ${r.min}`);
  if (r?.max !== null && r?.max !== undefined) out.push(sql`${col} <= ${r.max}`);
};
const HARMONY_RANGE: Record<(typeof HARMONY_BANDS)[number], [number, number]> = { crisis: [0, 39.999], norm: [40, 59.999], comfort: [60, 100] };
const ANXIETY_RANGE: Record<(typeof ANXIETY_BANDS)[number], [number, number]> = {
  confident: [-10, -5.5],
  "rather-confident": [-5.5, 0.4999],
  "rather-anxious": [0.5, 5.4999],
  anxious: [5.5, 10],
};

/** The analytics conditions, on the stored per-employee row (which exists only for people who share their results). */
export function analyticsWhere(f: AnalyticsFilter): SQL[] {
  const w: SQL[] = [];
  if (f.manager?.type) w.push(eq(ea.managerType, f.manager.type));
  inRange(ea.managerResource, f.manager?.resource, w);
  if (f.leader?.type) w.push(eq(ea.leaderType, f.leader.type));
  if (f.researcher) {
    const col = f.researcher.basis === "actual" ? ea.researcherActual : ea.researcherPotential;
    inRange(col, f.researcher, w);
  }
  inRange(ea.sellerPercent, f.seller, w);
  inRange(ea.businessmanSystem, f.businessman?.system, w);
  inRange(ea.businessmanEnergy, f.businessman?.energy, w);
  if (typeof f.harmony === "string") inRange(ea.harmony, { min: HARMONY_RANGE[f.harmony][0], max: HARMONY_RANGE[f.harmony][1] }, w);
  else inRange(ea.harmony, f.harmony, w);
  if (typeof f.anxiety === "string") inRange(ea.anxiety, { min: ANXIETY_RANGE[f.anxiety][0], max: ANXIETY_RANGE[f.anxiety][1] }, w);
  else inRange(ea.anxiety, f.anxiety, w);
  inRange(ea.efficiency, f.efficiency, w);
  inRange(ea.diff, f.diff, w);
  return w;
}

function scopeWhere(scope: Scope): SQL[] {
  const w: SQL[] = [eq(employees.projectId, scope.project.id)];
  if (scope.departments) w.push(scope.departments.size ? inArray(employees.departmentId, [...scope.departments]) : sql`0`);
  return w;
}

export async function listEmployees(scope: Scope, input: z.output<typeof employeeListSchema>) {
  // the list sorts and filters on stored fits: bring them up to the current formula first
  await ensureFresh(scope.db, scope.project.id);
  const w = scopeWhere(scope);
  const f = input.filter ?? {};
  // a department with its sub-departments, as the statistics count it
  if (f.department) w.push(inDepartments(employees.departmentId, await departmentsWithin(scope, f.department).catch(() => new Set<string>()))!);
  if (f.position) w.push(eq(employees.positionId, f.position));
  if (f.format) w.push(and(eq(users.formatCode, f.format), shared)!);
  // on the folded name (search.ts): "анна" finds "Анна"
  if (f.name) w.push(sql`${employees.nameKey} like ${containsPattern(f.name)}`);
  if (f.q) {
    const like = containsPattern(f.q);
    // e-mail only where the company typed it itself (an e-mail invitation): never the person's own address
    w.push(
      sql`(${employees.nameKey} like ${like} or exists (select 1 from ${invites} i where i.project_id = ${employees.projectId} and i.user_id = ${employees.userId} and i.kind = 'email' and i.email like ${like}))`,
    );
  }
  if (f.status) w.push(sql`${statusExpr} = ${f.status}`);
  w.push(...analyticsWhere(f));
  const where = and(...w);
  const [{ total }] = (await scope.db
    .select({ total: sql<number>`count(*)` })
    .from(employees)
    .leftJoin(users, eq(users.id, employees.userId))
    .leftJoin(ea, analyticsJoin)
    .where(where)) as [{ total: number }];
  const dir = input.sortDirection === "desc" ? desc : asc;
  // `+r.is_completed` in the subqueries keeps SQLite on results_user_idx (without statistics it
  // picks results_completed_idx and scans): 5,000 employees at limit 500 in tens of ms.
  const rows = (await base(scope)
    .where(where)
    .orderBy(sql`${sortColumn[input.sortType]} is null`, dir(sortColumn[input.sortType] as SQL), asc(employees.name), asc(employees.id))
    .limit(input.limit)
    .offset((input.page - 1) * input.limit)) as Row[];
  const names = await formatNames(scope);
  return paged(
    await withReliability(
      scope,
      rows.map((r) => toDoc(r, names)),
    ),
    total,
    input.page,
    input.limit,
  );
}

/** Each shared result with how far it can be trusted (the facts the person's own report shows). */
async function withReliability<D extends EmployeeDoc>(scope: Scope, docs: D[]) {
  const rel = await reliabilityOf(
    scope,
    docs.filter((d) => d.consent && d.user && d.status === "completed").map((d) => d.user!),
  );
  return docs.map((d) => ({ ...d, reliability: d.consent && d.user ? (rel.get(d.user) ?? null) : null }));
}

export async function findEmployee(scope: Scope, employeeId: string) {
  if (!ID_PATTERN.test(employeeId)) throw notFound();
  const [row] = (await base(scope).where(and(eq(employees.id, employeeId), ...scopeWhere(scope)))) as Row[];
  if (!row) throw notFound();
  return toDoc(row, await formatNames(scope));
}

/** The detail: the list's fields plus every indicator of the latest result, when consented. */
export async function getEmployee(scope: Scope, employeeId: string) {
  const doc = await findEmployee(scope, employeeId);
  // as stored: every value a number (the type says what the results column holds)
  const indicators = doc.consent ? ((await latestIndicators(scope, doc.user)) as Record<string, number> | null) : null;
  const [withRel] = await withReliability(scope, [doc]);
  // every company view of a person's results passes here: the person sees who and when
  await recordView(scope, doc);
  const retake = retakeState(doc.retakeRequestedAt, withRel!.reliability?.completedAt ?? null);
  const [invite] = doc.user
    ? await scope.db
        .select({ status: invites.status })
        .from(invites)
        .where(and(eq(invites.projectId, scope.project.id), eq(invites.userId, doc.user)))
        .orderBy(desc(invites.createdAt))
        .limit(1)
    : [];
  const supervises = await scope.db
    .select({ _id: departments.id, name: departments.name })
    .from(departments)
    .where(and(eq(departments.projectId, scope.project.id), eq(departments.supervisorId, doc._id)));
  const [sup] = doc.supervisor
    ? await scope.db
        .select({ _id: employees.id, name: employees.name })
        .from(employees)
        .where(and(eq(employees.id, doc.supervisor), eq(employees.projectId, scope.project.id)))
    : [];
  return { ...withRel!, indicators, invite: invite?.status ?? null, supervises, supervisorDoc: sup ?? null, retake };
}

/** Project managers and department supervisors. */
export async function listManagers(scope: Scope) {
  const heads = await scope.db
    .select({ id: departments.supervisorId, _id: departments.id, name: departments.name })
    .from(departments)
    .where(and(eq(departments.projectId, scope.project.id), isNotNull(departments.supervisorId)));
  const ids = [...new Set(heads.map((h) => h.id!))];
  const rows = await scope.db
    .select({ _id: employees.id, name: employees.name, isProjectManager: employees.isProjectManager, departmentId: employees.departmentId })
    .from(employees)
    .where(and(eq(employees.projectId, scope.project.id), or(eq(employees.isProjectManager, true), ids.length ? inArray(employees.id, ids) : sql`0`)))
    .orderBy(asc(employees.name));
  return rows
    .filter((r) => !scope.departments || (r.departmentId && scope.departments.has(r.departmentId)))
    .map((r) => ({ ...r, supervises: heads.filter((h) => h.id === r._id).map((h) => ({ _id: h._id, name: h.name })) }));
}
