// Employees of a project: the list (filter, sort, pages), the detail with the indicators the
// employee's consent allows, moves between department, position and supervisor, appointing a
// project manager or a department supervisor, and removal (the person's account stays theirs).
import { and, asc, desc, eq, inArray, isNotNull, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client";
import { departments, employeeAnalytics as ea, employees, formats, invites, positions, results, users } from "../../../db/schema";
import { LEADER_TYPES, MANAGER_TYPES } from "../../../model/skills";
import { badRequest, forbidden, notFound } from "../../lib/errors";
import { crashPoint } from "../../lib/crash-points";
import { ID_PATTERN } from "../../lib/ids";
import { paged } from "../../lib/listing";
import { enqueue, enqueueMail, transaction } from "../../scope";
import { tFor, type Locale } from "../../../locales";
import { quotedName } from "./invites";
import { belongsToProject, requireCan, requireDepartment, subtree, type Scope } from "./access";
import { ensureFresh } from "./efficiency";
import { latestIndicators } from "./skills";
import { reliabilityOf, retakeState } from "./reliability";
import { departmentsWithin, inDepartments } from "./dashboard";
import { containsPattern } from "./search";
import { recordView } from "./views";
import { saveChecked, type VersionOpts } from "./versions";

export const EMPLOYEE_STATUSES = ["completed", "inProgress", "notStarted"] as const;
export const SORT_TYPES = ["name", "department", "position", "format", "harmony", "anxiety", "status", "createdAt", "efficiency", "diff"] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];

const id = () => z.string().regex(ID_PATTERN, "business.errors.badId");
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
function toDoc(r: Row, formatNames: Map<string, unknown>) {
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
const formatNameCache = new WeakMap<Db, { revision: number; names: Map<string, unknown> }>();
async function formatNames(scope: Scope) {
  const [stamp] = await scope.db.select({ revision: sql<number>`coalesce(sum(${formats.revision}), 0)` }).from(formats);
  const kept = formatNameCache.get(scope.db);
  if (kept && kept.revision === stamp!.revision) return kept.names;
  const names = new Map((await scope.db.select({ code: formats.code, name: formats.name }).from(formats)).map((f) => [f.code, f.name] as [string, unknown]));
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

async function findEmployee(scope: Scope, employeeId: string) {
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

const ref = () => z.string().regex(ID_PATTERN, "business.errors.badId");
export const changeDepartmentSchema = z.object({ employee: ref(), department: ref().nullable() });
export const changePositionSchema = z.object({ employee: ref(), position: ref().nullable() });
export const changeSupervisorSchema = z.object({ employee: ref(), supervisor: ref().nullable() });
export const activateManagerSchema = z.object({
  employee: ref(),
  /** project: a project manager; department: the supervisor of `department`; none: removes both. */
  type: z.enum(["project", "department", "none"], { error: "business.errors.chooseRole" }),
  department: ref().nullish(),
});
export const renameEmployeeSchema = z.object({
  employee: ref(),
  name: z.string({ error: "common.validation.required" }).trim().min(1, "common.validation.required").max(120, "common.validation.tooLong"),
  personnelNumber: z
    .string()
    .trim()
    .max(60, "common.validation.tooLong")
    .nullish()
    .transform((v) => v || null),
});

/** The owner's own name and personnel number for a person: later profile renames no longer overwrite it. */
export async function renameEmployee(scope: Scope, input: z.infer<typeof renameEmployeeSchema>, opts: VersionOpts = {}) {
  const e = await target(scope, input.employee, "people");
  if (scope.demo) throw forbidden("auth.errors.demoReadOnly");
  await saveChecked(scope, "employee", e._id, opts.version, (tx) =>
    tx.db
      .update(employees)
      .set({ name: input.name, personnelNumber: input.personnelNumber, nameByOwner: input.name !== e.name || e.nameByOwner })
      .where(eq(employees.id, e._id)),
  );
  return findEmployee(scope, e._id);
}

/** The employee an edit names, inside the caller's reach: moving them, or (`people`) what only the owner and a project manager change. */
async function target(scope: Scope, employeeId: string, action: "move" | "people" = "move") {
  requireCan(scope, action);
  const e = await findEmployee(scope, employeeId);
  requireDepartment(scope, e.department?._id);
  return e;
}

async function inProject(scope: Scope, table: typeof departments | typeof positions | typeof employees, rowId: string, field: string) {
  if (!(await belongsToProject(scope, table, rowId))) throw badRequest("errors.validation", { [field]: "business.errors.notInProject" });
}

export async function changeDepartment(scope: Scope, input: z.infer<typeof changeDepartmentSchema>, opts: VersionOpts = {}) {
  const e = await target(scope, input.employee);
  if (input.department) {
    await inProject(scope, departments, input.department, "department");
    requireDepartment(scope, input.department);
  } else if (scope.departments) throw forbidden("business.errors.notAllowed");
  await saveChecked(scope, "employee", e._id, opts.version, (tx) =>
    tx.db.update(employees).set({ departmentId: input.department }).where(eq(employees.id, e._id)),
  );
  return findEmployee(scope, e._id);
}

/**
 * A position that belongs to a department is held in that department or one of its sub-departments
 * ("Логист" of Логистика was accepted for a person in Продажи). A position without a department
 * fits anywhere. Refused as a field error on `position`, naming the position's department.
 */
export async function checkPositionDepartment(scope: Scope, positionId: string, departmentId: string | null) {
  const [p] = await scope.db
    .select({ departmentId: positions.departmentId, departmentName: departments.name })
    .from(positions)
    .leftJoin(departments, eq(departments.id, positions.departmentId))
    .where(and(eq(positions.id, positionId), eq(positions.projectId, scope.project.id)));
  if (!p) throw badRequest("errors.validation", { position: "business.errors.notInProject" });
  if (!p.departmentId) return;
  const all = await scope.db
    .select({ id: departments.id, parentId: departments.parentId })
    .from(departments)
    .where(eq(departments.projectId, scope.project.id));
  if (departmentId && subtree(all, [p.departmentId]).has(departmentId)) return;
  throw badRequest("errors.validation", { position: scope.t("business.errors.positionOtherDepartment", { department: p.departmentName ?? "" }) });
}

export async function changePosition(scope: Scope, input: z.infer<typeof changePositionSchema>, opts: VersionOpts & { department?: string | null } = {}) {
  const e = await target(scope, input.employee);
  if (input.position) await checkPositionDepartment(scope, input.position, opts.department !== undefined ? opts.department : (e.department?._id ?? null));
  await saveChecked(scope, "employee", e._id, opts.version, async (tx) => {
    await tx.db.update(employees).set({ positionId: input.position }).where(eq(employees.id, e._id));
    await enqueue(tx, "recompute-project", { projectId: tx.project.id, employees: [e._id] });
  });
  return findEmployee(scope, e._id);
}

export async function changeSupervisor(scope: Scope, input: z.infer<typeof changeSupervisorSchema>, opts: VersionOpts = {}) {
  const e = await target(scope, input.employee);
  if (input.supervisor) {
    if (input.supervisor === e._id) throw badRequest("errors.validation", { supervisor: "business.errors.selfSupervisor" });
    await inProject(scope, employees, input.supervisor, "supervisor");
    // a head of department names a supervisor from their own subtree only
    if (scope.departments) {
      const [chosen] = await scope.db.select({ departmentId: employees.departmentId }).from(employees).where(eq(employees.id, input.supervisor));
      requireDepartment(scope, chosen?.departmentId);
    }
  }
  await saveChecked(scope, "employee", e._id, opts.version, (tx) =>
    tx.db.update(employees).set({ supervisorId: input.supervisor }).where(eq(employees.id, e._id)),
  );
  return findEmployee(scope, e._id);
}

export const moveEmployeeSchema = changeDepartmentSchema.extend({
  position: changePositionSchema.shape.position,
  supervisor: changeSupervisorSchema.shape.supervisor,
});

/**
 * The employee page's move form: department, position and supervisor as one save (one version
 * check, one unit of work). The position is checked against the new department before anything
 * moves, so a refused position leaves the department as it was.
 */
export async function moveEmployee(scope: Scope, input: z.infer<typeof moveEmployeeSchema>, opts: VersionOpts = {}) {
  const current = await target(scope, input.employee);
  if (input.position) await checkPositionDepartment(scope, input.position, input.department);
  const employee = current._id;
  await saveChecked(scope, "employee", employee, opts.version, async (tx) => {
    if ((current.department?._id ?? null) !== input.department) await changeDepartment(tx, { employee, department: input.department });
    if ((current.position?._id ?? null) !== input.position) await changePosition(tx, { employee, position: input.position }, { department: input.department });
    if (current.supervisor !== input.supervisor) await changeSupervisor(tx, { employee, supervisor: input.supervisor });
  });
  return findEmployee(scope, employee);
}

/** What an appointee will see, by role: named in the owner's confirmation and in the appointee's mail. */
export const ROLE_SEES = { project: "business.roles.project.sees", department: "business.roles.department.sees" } as const;

/** Checks an appointment before it is confirmed: the person, and for a head the department named. */
export async function previewAppointment(scope: Scope, input: z.infer<typeof activateManagerSchema>) {
  requireCan(scope, "structure");
  const e = await findEmployee(scope, input.employee);
  let department: { id: string; name: string } | null = null;
  if (input.type === "project") {
    if (!e.user) throw badRequest("errors.validation", { employee: "business.errors.noAccount" });
  } else if (input.type === "department") {
    if (!input.department) throw badRequest("errors.validation", { department: "business.errors.departmentForHead" });
    await inProject(scope, departments, input.department, "department");
    const [dep] = await scope.db.select({ id: departments.id, name: departments.name }).from(departments).where(eq(departments.id, input.department));
    department = dep!;
  }
  return { employee: e, type: input.type, department };
}

/**
 * Appointing a project manager or a department supervisor, or removing control. A head needs the
 * department named (never guessed from where the person works); an appointee is told by mail.
 */
export async function activateManager(scope: Scope, input: z.infer<typeof activateManagerSchema>, opts: VersionOpts = {}) {
  const { employee: e, department } = await previewAppointment(scope, input);
  await saveChecked(scope, "employee", e._id, opts.version, async (tx) => {
    if (input.type === "project") {
      await tx.db.update(employees).set({ isProjectManager: true }).where(eq(employees.id, e._id));
    } else if (input.type === "department") {
      await tx.db.update(departments).set({ supervisorId: e._id }).where(eq(departments.id, department!.id));
    } else {
      await tx.db.update(employees).set({ isProjectManager: false }).where(eq(employees.id, e._id));
      await tx.db
        .update(departments)
        .set({ supervisorId: null })
        .where(and(eq(departments.projectId, tx.project.id), eq(departments.supervisorId, e._id)));
    }
    if (input.type !== "none" && e.user) await mailAppointee(tx, e.user, input.type, department?.name ?? null);
  });
  return getEmployee(scope, e._id);
}

async function mailAppointee(tx: Scope, userId: string, type: keyof typeof ROLE_SEES, department: string | null) {
  const [person] = await tx.db.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, userId));
  if (!person) return;
  const t = tFor(person.locale as Locale);
  const company = quotedName(tx.project.name);
  const role = type === "project" ? t("business.roles.project.name") : t("business.roles.department.name", { department: quotedName(department ?? "") });
  const text = [
    t("business.mail.role.body", { company, role }),
    t(ROLE_SEES[type]),
    "",
    t("business.mail.role.open"),
    `${tx.deps.config.PUBLIC_URL}/dashboard`,
    "",
    t("mail.signature"),
  ].join("\n");
  await enqueueMail(tx, { to: person.email, subject: t("business.mail.role.subject", { company }), text });
}

/** Removes the employee from the project; their account and results stay theirs. */
export async function deleteEmployee(scope: Scope, employeeId: string) {
  requireCan(scope, "structure");
  const e = await findEmployee(scope, employeeId);
  const p = scope.project.id;
  // one unit: a crash must not leave the person listed with their invitation switched off
  await transaction(scope, async (tx) => {
    await tx.db
      .update(departments)
      .set({ supervisorId: null })
      .where(and(eq(departments.projectId, p), eq(departments.supervisorId, e._id)));
    await tx.db
      .update(employees)
      .set({ supervisorId: null })
      .where(and(eq(employees.projectId, p), eq(employees.supervisorId, e._id)));
    if (e.user)
      await tx.db
        .update(invites)
        .set({ isActive: false, updatedAt: new Date() })
        .where(and(eq(invites.projectId, p), eq(invites.userId, e.user)));
    crashPoint("employee.afterUnlink");
    await tx.db.delete(employees).where(and(eq(employees.id, e._id), eq(employees.projectId, p)));
  });
  return { ok: true };
}
