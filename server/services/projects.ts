// Who may see which business project. The one place tenant isolation is decided: the `project`
// guard asks it once per request, and every business call then works inside `c.get("project")`.
import { and, asc, eq, inArray, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { departments, employees, projects } from "../../db/schema";
import { AppError, notFound } from "../lib/errors";
import { ID_PATTERN } from "../lib/ids";
import { isManager, type UserRow } from "./users";

export type ProjectRow = typeof projects.$inferSelect;
/** What the caller is to the project: its owner, an appointed project manager, a supervisor
 * (head of a department: that department and its sub-departments), or a manager (back-office),
 * who sees every project. What each may do: server/services/business/access.ts. */
export type ProjectRole = "owner" | "projectManager" | "supervisor" | "admin";

export interface ProjectAccess {
  project: ProjectRow;
  role: ProjectRole;
}

/** Projects the user may work in, oldest first (the first is the default one). */
export async function visibleProjects(db: Db, user: UserRow): Promise<ProjectRow[]> {
  if (isManager(user)) return db.select().from(projects).orderBy(asc(projects.createdAt)).limit(500);
  // owned, managed as an appointed employee, or a department headed: index lookups each (an OR
  // over left joins would scan every project)
  const managed = db
    .select({ id: employees.projectId })
    .from(employees)
    .where(and(eq(employees.userId, user.id), eq(employees.isProjectManager, true)));
  const supervised = db
    .select({ id: departments.projectId })
    .from(departments)
    .innerJoin(employees, eq(employees.id, departments.supervisorId))
    .where(eq(employees.userId, user.id));
  return db
    .select()
    .from(projects)
    .where(or(eq(projects.ownerId, user.id), inArray(projects.id, managed), inArray(projects.id, supervised)))
    .orderBy(asc(projects.createdAt));
}

async function roleIn(db: Db, user: UserRow, project: ProjectRow): Promise<ProjectRole | null> {
  if (project.ownerId === user.id) return "owner";
  if (isManager(user)) return "admin";
  const [appointed] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.projectId, project.id), eq(employees.userId, user.id), eq(employees.isProjectManager, true)))
    .limit(1);
  if (appointed) return "projectManager";
  const [head] = await db
    .select({ id: departments.id })
    .from(departments)
    .innerJoin(employees, eq(employees.id, departments.supervisorId))
    .where(and(eq(departments.projectId, project.id), eq(employees.projectId, project.id), eq(employees.userId, user.id)))
    .limit(1);
  return head ? "supervisor" : null;
}

/**
 * The project a request works in: the one it names (`?project=` wins over the `Project` header,
 * spec §4), else the user's saved current project, else their first. Naming a project that does
 * not exist is a 404; one that exists but is not the caller's is a 403: never served.
 */
export async function resolveProject(db: Db, user: UserRow, named: string | null | undefined): Promise<ProjectAccess> {
  if (named) {
    if (!ID_PATTERN.test(named)) throw notFound();
    const [project] = await db.select().from(projects).where(eq(projects.id, named)).limit(1);
    if (!project) throw notFound();
    const role = await roleIn(db, user, project);
    if (!role) throw new AppError(403, "project_forbidden", "errors.projectForbidden");
    return { project, role };
  }
  const saved = user.currentProjectId ? await resolveProject(db, user, user.currentProjectId).catch(() => null) : null;
  if (saved) return saved;
  const [first] = await visibleProjects(db, user);
  if (!first) throw new AppError(400, "project_required", "errors.projectRequired");
  return { project: first, role: (await roleIn(db, user, first))! };
}
