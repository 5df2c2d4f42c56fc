// Who may do what inside a business project (the spec leaves it open; the README's table is this one).
// Actions: read (see the project), move (an employee's department, position and supervisor),
// people (the owner's name and personnel number for a person, retake requests, skill notes,
// hiring), structure (departments, positions, skills, appointments, efficiency), invites,
// billing (buying invites, invoice details), project (its settings), createProject.
//
// | role            | read                                   | write                                              |
// |-----------------|----------------------------------------|----------------------------------------------------|
// | owner           | everything in their projects           | everything: move, people, structure, invites,      |
// |                 |                                        | billing, project, createProject                    |
// | admin (manager) | every project                          | everything                                         |
// | projectManager  | everything in the project              | move, people, structure, invites, project (not     |
// |                 |                                        | billing, not creating projects)                    |
// | supervisor      | their department and its sub-depart-   | move only: an employee of that subtree to a depart-|
// |                 | ments and those departments' employees;| ment of it, a position, a supervisor of it         |
// |                 | positions read-only; no invites        |                                                    |
// | employee        | nothing here: their own results only (their account), as the invite consent allows  |
// | anyone else     | 403 on the API, redirect home on pages (the project guard)                           |
//
// Every id a request names is looked up inside `scope.project` (and for a supervisor inside
// their subtree); an id of another project is a 404, never served and never changed.
import { and, eq } from "drizzle-orm";
import { demoProjectId } from "../../../db/seed/demo-ids";
import { departments, employees, type positions } from "../../../db/schema";
import { AppError, forbidden, notFound } from "../../lib/errors";
import { ID_PATTERN } from "../../lib/ids";
import type { UserScope } from "../../scope";
import { resolveProject, type ProjectRole, type ProjectRow } from "../projects";

export type Action = "read" | "move" | "people" | "structure" | "invites" | "billing" | "project" | "createProject";
export const ACTIONS: readonly Action[] = ["read", "move", "people", "structure", "invites", "billing", "project", "createProject"];

/** The caller scope of the cabinet (made by the project guard): a user working in one project. */
export interface ProjectScope extends UserScope {
  project: ProjectRow;
  role: ProjectRole;
  /** The departments a supervisor may see (their own and every sub-department); null = all. */
  departments: Set<string> | null;
  /** The read-only demo company. */
  demo: boolean;
}

export const MATRIX: Record<ProjectRole, readonly Action[]> = {
  owner: ["read", "move", "people", "structure", "invites", "billing", "project", "createProject"],
  admin: ["read", "move", "people", "structure", "invites", "billing", "project", "createProject"],
  projectManager: ["read", "move", "people", "structure", "invites", "project"],
  supervisor: ["read", "move"],
};

/** The cabinet's services were written against this name. */
export type Scope = ProjectScope;

export const can = (scope: Pick<Scope, "role">, action: Action) => MATRIX[scope.role].includes(action);

export function requireCan(scope: Scope, action: Action) {
  if (!can(scope, action)) throw forbidden("business.errors.notAllowed");
}

/** Whether a row of the project's structure (a department, position or employee) is this project's. */
export async function belongsToProject(scope: Scope, table: typeof departments | typeof positions | typeof employees, rowId: string) {
  const [row] = await scope.db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, rowId), eq(table.projectId, scope.project.id)));
  return Boolean(row);
}

/** The demo company is for looking around: a write through it is refused. */
export function requireWritable(scope: Pick<Scope, "demo">) {
  if (scope.demo) throw new AppError(403, "demo_read_only", "auth.errors.demoReadOnly");
}

/** A department id and all its descendants, from the project's whole (small) tree. */
export function subtree(all: { id: string; parentId: string | null }[], roots: Iterable<string>): Set<string> {
  const children = new Map<string, string[]>();
  for (const d of all) if (d.parentId) children.set(d.parentId, [...(children.get(d.parentId) ?? []), d.id]);
  const out = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

export async function scopeFor(base: UserScope, project: ProjectRow, role: ProjectRole): Promise<ProjectScope> {
  const { db, user } = base;
  let visible: Set<string> | null = null;
  if (role === "supervisor") {
    const all = await db
      .select({ id: departments.id, parentId: departments.parentId, supervisorId: departments.supervisorId })
      .from(departments)
      .where(eq(departments.projectId, project.id));
    const me = await db
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.projectId, project.id), eq(employees.userId, user.id)));
    const mine = new Set(me.map((e) => e.id));
    visible = subtree(
      all,
      all.filter((d) => d.supervisorId && mine.has(d.supervisorId)).map((d) => d.id),
    );
  }
  return { ...base, project, role, departments: visible, demo: base.auth.kind === "demo" };
}

/** "This project for this user": the named project (or the user's current one) as a scope, 403/404
 * when they may not see it. The project guard and the calls that name a project another way use it. */
export async function projectScope(base: UserScope, named: string | null | undefined): Promise<ProjectScope> {
  // the demo company speaks the UI's language (one demo project per language): the demo account
  // always works in the one of the request's locale, whatever project a kept link names
  const { project, role } = await resolveProject(base.db, base.user, base.auth.kind === "demo" ? demoProjectId(base.locale) : named);
  return scopeFor(base, project, role);
}

/** An employee of this project the scope may see (a supervisor: inside their subtree), or 404. */
export async function employeeInScope(scope: Scope, employeeId: string) {
  if (!ID_PATTERN.test(employeeId)) throw notFound();
  const [e] = await scope.db
    .select({
      id: employees.id,
      name: employees.name,
      userId: employees.userId,
      positionId: employees.positionId,
      departmentId: employees.departmentId,
      withdrawn: employees.consentWithdrawnAt,
    })
    .from(employees)
    .where(and(eq(employees.id, employeeId), eq(employees.projectId, scope.project.id)));
  if (!e) throw notFound();
  if (scope.departments && !(e.departmentId && scope.departments.has(e.departmentId))) throw notFound();
  return e;
}

/** A supervisor may only touch departments inside their subtree. */
export function requireDepartment(scope: Scope, departmentId: string | null | undefined) {
  if (!scope.departments) return;
  if (!departmentId || !scope.departments.has(departmentId)) throw forbidden("business.errors.notAllowed");
}
