// The dashboard: TOTAL (employees), ACTIVE (tested), PENDING (not yet), the latest activity,
// optionally inside one department (and its sub-departments).
import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { departments, employees, invites, users } from "../../../db/schema";
import { notFound } from "../../lib/errors";
import { ID_PATTERN } from "../../lib/ids";
import { subtree, type Scope } from "./access";

export async function dashboard(scope: Scope, department?: string | null) {
  let within: Set<string> | null = scope.departments;
  if (department) {
    if (!ID_PATTERN.test(department)) throw notFound();
    const all = await scope.db.select({ id: departments.id, parentId: departments.parentId }).from(departments).where(eq(departments.projectId, scope.project.id));
    if (!all.some((d) => d.id === department) || (within && !within.has(department))) throw notFound();
    within = subtree(all, [department]);
  }
  const where = and(eq(employees.projectId, scope.project.id), within ? (within.size ? inArray(employees.departmentId, [...within]) : sql`0`) : undefined);
  const [counts] = await scope.db
    .select({ total: sql<number>`count(*)`, active: sql<number>`sum(case when ${users.formatCode} is not null then 1 else 0 end)` })
    .from(employees)
    .leftJoin(users, eq(users.id, employees.userId))
    .where(where);
  const total = counts?.total ?? 0;
  const active = counts?.active ?? 0;
  const latest = await scope.db
    .select({ _id: invites.id, email: invites.email, status: invites.status, name: users.name, updatedAt: sql<number>`coalesce(${invites.updatedAt}, ${invites.createdAt})` })
    .from(invites)
    .leftJoin(users, eq(users.id, invites.userId))
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

/** Statistics: people per thinking format (only those who share their results), the average
 * harmony and anxiety, and head counts per department. */
export async function projectStats(scope: Scope) {
  const within = scope.departments;
  const where = and(eq(employees.projectId, scope.project.id), within ? (within.size ? inArray(employees.departmentId, [...within]) : sql`0`) : undefined);
  const formats = await scope.db
    .select({ format: users.formatCode, n: sql<number>`count(*)` })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(and(where, isNotNull(users.formatCode), sql`${employees.consentWithdrawnAt} is null`))
    .groupBy(users.formatCode)
    .orderBy(desc(sql`count(*)`));
  const [avg] = await scope.db
    .select({
      harmony: sql<number | null>`avg((select json_extract(r.indicators, '$.harmony') from results r where r.user_id = ${employees.userId} and +r.is_completed = 1 order by r.completed_at desc limit 1))`,
      anxiety: sql<number | null>`avg((select json_extract(r.indicators, '$.anxiety') from results r where r.user_id = ${employees.userId} and +r.is_completed = 1 order by r.completed_at desc limit 1))`,
    })
    .from(employees)
    .where(and(where, sql`${employees.consentWithdrawnAt} is null`));
  const byDepartment = await scope.db
    .select({ _id: departments.id, name: departments.name, n: sql<number>`count(${employees.id})` })
    .from(departments)
    .leftJoin(employees, eq(employees.departmentId, departments.id))
    .where(and(eq(departments.projectId, scope.project.id), within ? (within.size ? inArray(departments.id, [...within]) : sql`0`) : undefined))
    .groupBy(departments.id)
    .orderBy(departments.name);
  const round = (v: number | null | undefined) => (v == null ? null : Math.round(v * 10) / 10);
  return { formats: formats.map((f) => ({ code: f.format!, count: f.n })), harmony: round(avg?.harmony), anxiety: round(avg?.anxiety), departments: byDepartment.map((d) => ({ _id: d._id, name: d.name, employees: d.n })) };
}
