// "Who viewed my results": every time a company role opens a person's shared results
// (the employee page, the API's detail, compare, the business report and its PDF — all through
// getEmployee), one row per viewer per person per day is kept; the person's data page lists them
// by role and name, never by e-mail.
import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { employees, projects, resultViews, users } from "../../../db/schema";
import type { Scope } from "./access";

export const VIEW_ROLES = ["owner", "projectManager", "supervisor", "admin"] as const;
export type ViewRole = (typeof VIEW_ROLES)[number];
/** How far back the person's page looks. */
const SHOWN_DAYS = 180;

/** Records that this scope's user opened the person's results (a no-op for the person, the demo, or nothing shared). */
export async function recordView(scope: Scope, person: { _id: string; user: string | null; consent: boolean }) {
  if (!person.user || !person.consent || scope.demo || person.user === scope.user.id) return;
  // a manager behind a masquerade is named as the service's staff, never as the owner they act as
  const viewer = scope.actor.realActorId;
  const role: ViewRole = viewer !== scope.user.id ? "admin" : scope.role;
  const now = new Date();
  await scope.db
    .insert(resultViews)
    .values({ employeeId: person._id, viewerId: viewer, role, day: now.toISOString().slice(0, 10), viewedAt: now })
    .onConflictDoNothing();
}

/** Who opened this person's results, in every company they work for: newest first. */
export async function viewsOfMe(db: Db, userId: string) {
  const since = new Date(Date.now() - SHOWN_DAYS * 86_400_000).toISOString().slice(0, 10);
  const viewer = sql<
    string | null
  >`coalesce(nullif(trim(${users.name}), ''), (select e2.name from ${employees} e2 where e2.project_id = ${employees.projectId} and e2.user_id = ${resultViews.viewerId} and e2.name not like '%@%'))`;
  const rows = await db
    .select({
      project: projects.name,
      role: resultViews.role,
      viewer,
      viewedAt: resultViews.viewedAt,
    })
    .from(resultViews)
    .innerJoin(employees, eq(employees.id, resultViews.employeeId))
    .innerJoin(projects, eq(projects.id, employees.projectId))
    .leftJoin(users, eq(users.id, resultViews.viewerId))
    .where(and(eq(employees.userId, userId), gte(resultViews.day, since)))
    .orderBy(desc(resultViews.viewedAt))
    .limit(100);
  return rows.map((r) => ({ ...r, role: r.role as ViewRole, viewer: r.role === "admin" ? null : r.viewer }));
}
export type ResultView = Awaited<ReturnType<typeof viewsOfMe>>[number];
