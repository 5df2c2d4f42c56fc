import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
// The dashboard: TOTAL (employees), ACTIVE (tested), PENDING (not yet), the latest activity,
// optionally inside one department (and its sub-departments).
import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { departments, employees, invites, users } from "../../../db/schema";
import { notFound } from "../../lib/errors";
import { ID_PATTERN } from "../../lib/ids";
import { subtree, type Scope } from "./access";

/** The departments a call may see: the scope's, narrowed to one department and its
 * sub-departments when one is named (404 for one outside the scope); null = all. */
export async function departmentsWithin(scope: Scope, department?: string | null): Promise<Set<string> | null> {
  if (!department) return scope.departments;
  if (!ID_PATTERN.test(department)) throw notFound();
  const all = await scope.db
    .select({ id: departments.id, parentId: departments.parentId })
    .from(departments)
    .where(eq(departments.projectId, scope.project.id));
  if (!all.some((d) => d.id === department) || (scope.departments && !scope.departments.has(department))) throw notFound();
  return subtree(all, [department]);
}

/** A column narrowed to the departments `departmentsWithin` gave (null: no narrowing; empty: nothing). */
export const inDepartments = (column: SQLiteColumn, within: Set<string> | null) => (within ? (within.size ? inArray(column, [...within]) : sql`0`) : undefined);

export async function dashboard(scope: Scope, department?: string | null) {
  const within = await departmentsWithin(scope, department);
  const where = and(eq(employees.projectId, scope.project.id), inDepartments(employees.departmentId, within));
  const [counts] = await scope.db
    .select({ total: sql<number>`count(*)`, active: sql<number>`sum(case when ${users.formatCode} is not null then 1 else 0 end)` })
    .from(employees)
    .leftJoin(users, eq(users.id, employees.userId))
    .where(where);
  const total = counts?.total ?? 0;
  const active = counts?.active ?? 0;
  const latest = await scope.db
    .select({
      _id: invites.id,
      email: invites.email,
      status: invites.status,
      name: users.name,
      /** the person in this project, for a link to their page (null until they joined) */
      employee: employees.id,
      updatedAt: sql<number>`coalesce(${invites.updatedAt}, ${invites.createdAt})`,
    })
    .from(invites)
    .leftJoin(users, eq(users.id, invites.userId))
    .leftJoin(employees, and(eq(employees.projectId, invites.projectId), eq(employees.userId, invites.userId)))
    .where(and(eq(invites.projectId, scope.project.id), isNotNull(invites.id)))
    .orderBy(desc(sql`coalesce(${invites.updatedAt}, ${invites.createdAt})`))
    .limit(scope.departments ? 0 : 10);
  return {
    TOTAL: total,
    ACTIVE: active,
    PENDING: total - active,
    balance: scope.project.inviteBalance,
    latest: latest.map((l) => ({ ...l, updatedAt: new Date(Number(l.updatedAt)) })),
  };
}
