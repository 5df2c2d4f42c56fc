// Changes to a project's employees: the owner's name and personnel number for a person, moves
// between department, position and supervisor (checked against the caller's reach and the
// position's department), appointing a project manager or a department supervisor, and removal
// (the person's account and results stay theirs). The list and the detail are employees.ts.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { departments, employees, invites, positions, users } from "../../../db/schema";
import { tFor, type Locale } from "../../../locales";
import { badRequest, forbidden } from "../../lib/errors";
import { crashPoint } from "../../lib/crash-points";
import { idSchema } from "../../lib/ids";
import { enqueue, enqueueMail, transaction } from "../../scope";
import { belongsToProject, requireCan, requireDepartment, subtree, type Scope } from "./access";
import { findEmployee, getEmployee } from "./employees";
import { quotedName } from "./follow-up";
import { saveChecked, type VersionOpts } from "./versions";

const ref = () => idSchema("business.errors.badId");
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
