// Departments: a tree (parent), each with a supervisor (an employee of the project).
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { departments, employees, positions } from "../../../db/schema";
import { badRequest, notFound } from "../../lib/errors";
import { crashPoint } from "../../lib/crash-points";
import { transaction } from "../../scope";
import { createId, ID_PATTERN, idSchema } from "../../lib/ids";
import { fields } from "../../lib/validate";
import { requireCan, requireDepartment, subtree, type Scope } from "./access";
import { take } from "../rate-limits";
import { searchKey } from "./search";
import { saveChecked, type VersionOpts } from "./versions";

const id = () => idSchema("business.errors.badId");
export const departmentSchema = z.object({
  name: fields.name(),
  parent: id().nullish(),
  supervisor: id().nullish(),
});
export const departmentUpdateSchema = departmentSchema.partial();

export type DepartmentRow = typeof departments.$inferSelect;

async function allOf(scope: Scope) {
  return scope.db.select().from(departments).where(eq(departments.projectId, scope.project.id)).orderBy(asc(departments.name));
}

/** A department of the caller's project (and subtree); anything else is a 404. */
export async function findDepartment(scope: Scope, departmentId: string): Promise<DepartmentRow> {
  if (!ID_PATTERN.test(departmentId)) throw notFound();
  const [row] = await scope.db
    .select()
    .from(departments)
    .where(and(eq(departments.id, departmentId), eq(departments.projectId, scope.project.id)));
  if (!row || (scope.departments && !scope.departments.has(row.id))) throw notFound();
  return row;
}

export async function findEmployeeId(scope: Scope, employeeId: string) {
  const [row] = await scope.db
    .select({ id: employees.id, name: employees.name, departmentId: employees.departmentId })
    .from(employees)
    .where(and(eq(employees.id, employeeId), eq(employees.projectId, scope.project.id)));
  if (!row) throw badRequest("errors.validation", { supervisor: "business.errors.noSuchEmployee" });
  return row;
}

export async function listDepartments(scope: Scope) {
  const rows = await allOf(scope);
  const counts = await scope.db
    .select({ id: employees.departmentId, n: sql<number>`count(*)` })
    .from(employees)
    .where(eq(employees.projectId, scope.project.id))
    .groupBy(employees.departmentId);
  const count = new Map(counts.map((c) => [c.id, c.n]));
  const supIds = rows.map((r) => r.supervisorId).filter((x): x is string => !!x);
  const sups = supIds.length
    ? await scope.db
        .select({ id: employees.id, name: employees.name })
        .from(employees)
        .where(and(eq(employees.projectId, scope.project.id), inArray(employees.id, supIds)))
    : [];
  const supName = new Map(sups.map((s) => [s.id, s.name]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return rows
    .filter((r) => !scope.departments || scope.departments.has(r.id))
    .map((r) => ({
      _id: r.id,
      name: r.name,
      parent: r.parentId ? { _id: r.parentId, name: byId.get(r.parentId)?.name ?? "" } : null,
      supervisor: r.supervisorId && supName.has(r.supervisorId) ? { _id: r.supervisorId, name: supName.get(r.supervisorId)! } : null,
      employees: count.get(r.id) ?? 0,
    }));
}

export async function getDepartment(scope: Scope, departmentId: string) {
  const row = await findDepartment(scope, departmentId);
  const list = await listDepartments(scope);
  const doc = list.find((d) => d._id === row.id)!;
  const people = await scope.db
    .select({ _id: employees.id, name: employees.name })
    .from(employees)
    .where(and(eq(employees.projectId, scope.project.id), eq(employees.departmentId, row.id)))
    .orderBy(asc(employees.name))
    .limit(500);
  return { ...doc, children: list.filter((d) => d.parent?._id === row.id).map((d) => ({ _id: d._id, name: d.name })), staff: people };
}

async function checkRefs(scope: Scope, input: { parent?: string | null; supervisor?: string | null }, self?: string) {
  if (input.parent) {
    const [parent] = await scope.db
      .select({ id: departments.id })
      .from(departments)
      .where(and(eq(departments.id, input.parent), eq(departments.projectId, scope.project.id)));
    if (!parent) throw badRequest("errors.validation", { parent: "business.errors.noSuchDepartment" });
    if (self) {
      const all = await allOf(scope);
      if (subtree(all, [self]).has(input.parent)) throw badRequest("errors.validation", { parent: "business.errors.cycle" });
    }
  }
  if (input.supervisor) await findEmployeeId(scope, input.supervisor);
}

/** Two departments of one parent never share a name (case and ё aside): "Продажи" twice is refused. */
async function requireUniqueName(scope: Scope, name: string, parent: string | null, self?: string) {
  const siblings = await scope.db
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(and(eq(departments.projectId, scope.project.id), parent ? eq(departments.parentId, parent) : isNull(departments.parentId)));
  if (siblings.some((d) => d.id !== self && searchKey(d.name.trim()) === searchKey(name.trim())))
    throw badRequest("errors.validation", { name: "people.errors.departmentExists" });
}

/** The departments in tree order (each after its parent), with their depth: for indented selects. */
export function inTreeOrder<D extends { _id: string; name: string; parent: { _id: string } | null }>(list: D[]): (D & { depth: number })[] {
  const ids = new Set(list.map((d) => d._id));
  const children = new Map<string | null, D[]>();
  for (const d of list) {
    const p = d.parent && ids.has(d.parent._id) ? d.parent._id : null;
    children.set(p, [...(children.get(p) ?? []), d]);
  }
  const out: (D & { depth: number })[] = [];
  const seen = new Set<string>();
  const walk = (p: string | null, depth: number) => {
    for (const d of (children.get(p) ?? []).sort((a, b) => a.name.localeCompare(b.name))) {
      if (seen.has(d._id)) continue;
      seen.add(d._id);
      out.push({ ...d, depth });
      walk(d._id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** A select's label for a department in tree order: indented by depth with non-breaking spaces. */
export const indented = (d: { name: string; depth: number }) => `${"\u00a0\u00a0\u00a0".repeat(d.depth)}${d.depth ? "└ " : ""}${d.name}`;

export async function createDepartment(scope: Scope, input: z.infer<typeof departmentSchema>) {
  requireCan(scope, "structure");
  await checkRefs(scope, input);
  await requireUniqueName(scope, input.name, input.parent ?? null);
  await take(scope.db, "structure", scope.actor.realActorId);
  const id = createId();
  await scope.db
    .insert(departments)
    .values({ id, projectId: scope.project.id, name: input.name, parentId: input.parent ?? null, supervisorId: input.supervisor ?? null });
  return getDepartment(scope, id);
}

export async function updateDepartment(scope: Scope, departmentId: string, input: z.infer<typeof departmentUpdateSchema>, opts: VersionOpts = {}) {
  requireCan(scope, "structure");
  const row = await findDepartment(scope, departmentId);
  await checkRefs(scope, input, row.id);
  if (input.name !== undefined || input.parent !== undefined)
    await requireUniqueName(scope, input.name ?? row.name, input.parent !== undefined ? (input.parent ?? null) : row.parentId, row.id);
  const set: Partial<DepartmentRow> = {};
  if (input.name !== undefined) set.name = input.name;
  if (input.parent !== undefined) set.parentId = input.parent ?? null;
  if (input.supervisor !== undefined) set.supervisorId = input.supervisor ?? null;
  await saveChecked(scope, "department", row.id, opts.version, async (tx) => {
    if (Object.keys(set).length) await tx.db.update(departments).set(set).where(eq(departments.id, row.id));
  });
  return getDepartment(scope, row.id);
}

/** What deleting would do: its employees and sub-departments move to its parent (or none). */
export async function deletePreview(scope: Scope, departmentId: string) {
  const row = await findDepartment(scope, departmentId);
  const [n] = await scope.db
    .select({ n: sql<number>`count(*)` })
    .from(employees)
    .where(and(eq(employees.projectId, scope.project.id), eq(employees.departmentId, row.id)));
  const parent = row.parentId
    ? ((await scope.db.select({ _id: departments.id, name: departments.name }).from(departments).where(eq(departments.id, row.parentId)))[0] ?? null)
    : null;
  return { _id: row.id, name: row.name, employees: n?.n ?? 0, movesTo: parent };
}

export async function deleteDepartment(scope: Scope, departmentId: string) {
  requireCan(scope, "structure");
  const preview = await deletePreview(scope, departmentId);
  const to = preview.movesTo?._id ?? null;
  const p = scope.project.id;
  // one unit: its people, positions and sub-departments move with the deletion, or nothing does
  await transaction(scope, async (tx) => {
    await tx.db
      .update(employees)
      .set({ departmentId: to })
      .where(and(eq(employees.projectId, p), eq(employees.departmentId, departmentId)));
    crashPoint("department.afterMove");
    await tx.db
      .update(positions)
      .set({ departmentId: to })
      .where(and(eq(positions.projectId, p), eq(positions.departmentId, departmentId)));
    await tx.db
      .update(departments)
      .set({ parentId: to })
      .where(and(eq(departments.projectId, p), eq(departments.parentId, departmentId)));
    await tx.db.delete(departments).where(and(eq(departments.id, departmentId), eq(departments.projectId, p)));
  });
  return { ok: true, moved: preview.employees, movedTo: preview.movesTo };
}

export { requireDepartment };
