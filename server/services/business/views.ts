// "Who viewed my results": every time a company role opens a person's shared results
// (the employee page, the API's detail, compare, the business report and its PDF — all through
// getEmployee), one row per viewer per person per day is kept; every export or PDF that carries a
// person's results is one row per export per person (recordExports). The person's data page lists
// both by role and name, never by e-mail.
import { and, desc, eq, gte, sql } from "drizzle-orm";
import { employees, projects, resultExports, resultViews, users } from "../../../db/schema";
import { crashPoint } from "../../lib/crash-points";
import { createId } from "../../lib/ids";
import { transaction } from "../../scope";
import type { Scope } from "./access";
import type { UserScope } from "../../scope";

export const VIEW_ROLES = ["owner", "projectManager", "supervisor", "admin"] as const;
export type ViewRole = (typeof VIEW_ROLES)[number];
/** How far back the person's page looks. */
const SHOWN_DAYS = 180;

/** Records that this scope's user opened the person's results (a no-op for the person, the demo, or nothing shared). */
export async function recordView(scope: Scope, person: { _id: string; user: string | null; consent: boolean }) {
  if (!person.user || !person.consent || scope.demo || person.user === scope.user.id) return;
  // a manager behind a masquerade is named as the service's staff, never as the owner they act as
  const { viewer, role } = viewerOf(scope);
  const now = new Date();
  await scope.db
    .insert(resultViews)
    .values({ employeeId: person._id, viewerId: viewer, role, day: now.toISOString().slice(0, 10), viewedAt: now })
    .onConflictDoNothing();
}

export const EXPORT_KINDS = ["csv", "xlsx", "pdf", "teamPdf"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** The viewer and their role as the logs name them: a manager behind a masquerade is the service's staff. */
function viewerOf(scope: Scope): { viewer: string; role: ViewRole } {
  const viewer = scope.actor.realActorId;
  return { viewer, role: viewer !== scope.user.id ? "admin" : scope.role };
}

/** Records one export of these people's results: a row per person who shares them (none in the demo), all in one unit. */
export async function recordExports(scope: Scope, people: readonly { _id: string; user: string | null; consent: boolean }[], kind: ExportKind) {
  if (scope.demo) return;
  const { viewer, role } = viewerOf(scope);
  const at = new Date();
  const rows = people
    .filter((p) => p.user && p.consent && p.user !== scope.user.id)
    .map((p) => ({ id: createId(), employeeId: p._id, viewerId: viewer, role, kind, exportedAt: at }));
  if (!rows.length) return;
  // a big team's rows go in several statements (SQLite's limit on bound values): all of them or none
  await transaction(scope, async (tx) => {
    for (let i = 0; i < rows.length; i += 500) {
      if (i > 0) crashPoint("exports.afterChunk");
      await tx.db.insert(resultExports).values(rows.slice(i, i + 500));
    }
  });
}

/** Who opened this person's results, in every company they work for: newest first. */
export async function viewsOfMe(scope: UserScope) {
  const { db } = scope;
  const userId = scope.user.id;
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
  const exportViewer = sql<
    string | null
  >`coalesce(nullif(trim(${users.name}), ''), (select e2.name from ${employees} e2 where e2.project_id = ${employees.projectId} and e2.user_id = ${resultExports.viewerId} and e2.name not like '%@%'))`;
  const exported = await db
    .select({ project: projects.name, role: resultExports.role, viewer: exportViewer, viewedAt: resultExports.exportedAt, kind: resultExports.kind })
    .from(resultExports)
    .innerJoin(employees, eq(employees.id, resultExports.employeeId))
    .innerJoin(projects, eq(projects.id, employees.projectId))
    .leftJoin(users, eq(users.id, resultExports.viewerId))
    .where(and(eq(employees.userId, userId), gte(resultExports.exportedAt, new Date(`${since}T00:00:00Z`))))
    .orderBy(desc(resultExports.exportedAt))
    .limit(100);
  return [...rows.map((r) => ({ ...r, kind: "view" as ViewKind })), ...exported.map((r) => ({ ...r, kind: r.kind as ViewKind }))]
    .sort((a, b) => b.viewedAt.getTime() - a.viewedAt.getTime())
    .slice(0, 100)
    .map((r) => ({ ...r, role: r.role as ViewRole, viewer: r.role === "admin" ? null : r.viewer }));
}
/** An opened page ("view") or one of the exports. */
export type ViewKind = "view" | ExportKind;
export type ResultView = Awaited<ReturnType<typeof viewsOfMe>>[number];
