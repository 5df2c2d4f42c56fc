// Positions and their activities (tasks): one to five per position, each with a communication
// level, a decision style, content and a priority.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { departments, employees, positions, tasks } from "../../../db/schema";
import type { Activity } from "../../../model/fit";
import { crashPoint } from "../../lib/crash-points";
import { badRequest, notFound } from "../../lib/errors";
import { createId, ID_PATTERN, idSchema } from "../../lib/ids";
import { fields } from "../../lib/validate";
import { enqueue, transaction } from "../../scope";
import { requireCan, type Scope } from "./access";
import { take } from "../rate-limits";
import { saveChecked, type VersionOpts } from "./versions";

export const COMMUNICATION = ["individual", "team", "global"] as const;
export const DECISION = ["balanced", "moderate", "improvisation"] as const;
export const BREADTH = ["depth", "mixed", "broad"] as const;
export const METHOD = ["order", "inquiry", "either"] as const;
export const MAX_ACTIVITIES = 5;

export const activitySchema = z.object({
  name: fields.name(),
  communication: z.enum(COMMUNICATION, { error: "business.errors.communication" }),
  decision: z.enum(DECISION, { error: "business.errors.decision" }),
  // asked since fit-v3; left out (older clients), breadth follows the communication level and either way serves
  client: z
    .union([z.boolean(), z.enum(["true", "false", "on", "off", "yes", "no", ""])], { error: "business.errors.client" })
    .optional()
    .transform((v) => v === true || v === "true" || v === "on" || v === "yes"),
  breadth: z.enum(BREADTH, { error: "business.errors.breadth" }).nullish(),
  method: z.enum(METHOD, { error: "business.errors.method" }).nullish(),
  content: z.string().trim().max(2000).optional(),
  priority: z.coerce
    .number({ error: "common.validation.invalid" })
    .int("common.validation.invalid")
    .min(0, "common.validation.invalid")
    .max(100, "common.validation.invalid")
    .default(0),
});

export const positionSchema = z.object({
  name: fields.name(),
  department: idSchema("business.errors.badId").nullish(),
  priority: z.number().int().min(0).max(100).optional(),
  classification: z.string().trim().max(200).nullish(),
  tasks: z
    .array(activitySchema, { error: "business.errors.activities" })
    .min(1, "business.errors.activities")
    .max(MAX_ACTIVITIES, "business.errors.activities"),
});
export const positionUpdateSchema = positionSchema.partial();
export type PositionInput = z.infer<typeof positionSchema>;

async function findPosition(scope: Scope, positionId: string) {
  if (!ID_PATTERN.test(positionId)) throw notFound();
  const [row] = await scope.db
    .select()
    .from(positions)
    .where(and(eq(positions.id, positionId), eq(positions.projectId, scope.project.id)));
  if (!row) throw notFound();
  return row;
}

async function checkDepartment(scope: Scope, id: string | null | undefined) {
  if (!id) return;
  const [d] = await scope.db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.id, id), eq(departments.projectId, scope.project.id)));
  if (!d) throw badRequest("errors.validation", { department: "business.errors.noSuchDepartment" });
}

export async function listPositions(scope: Scope) {
  const rows = await scope.db
    .select({
      p: positions,
      department: departments.name,
      staff: sql<number>`(select count(*) from ${employees} where ${employees.positionId} = ${positions.id})`,
    })
    .from(positions)
    .leftJoin(departments, eq(departments.id, positions.departmentId))
    .where(eq(positions.projectId, scope.project.id))
    .orderBy(asc(positions.name));
  const ids = rows.map((r) => r.p.id);
  const acts = ids.length ? await scope.db.select().from(tasks).where(inArray(tasks.positionId, ids)).orderBy(asc(tasks.sort)) : [];
  return rows.map(({ p, department, staff }) => ({
    _id: p.id,
    name: p.name,
    department: p.departmentId ? { _id: p.departmentId, name: department ?? "" } : null,
    priority: p.priority,
    classification: p.classification,
    employees: staff,
    tasks: acts
      .filter((a) => a.positionId === p.id)
      .map((a) => ({
        _id: a.id,
        name: a.name,
        communication: a.communication,
        decision: a.decision,
        client: a.client,
        breadth: a.breadth,
        method: a.method,
        content: a.content,
        priority: a.priority,
      })),
  }));
}

/** A position's activities as the fit formula reads them (model/fit.ts Activity). */
export function activitiesOf(position: {
  tasks: {
    name: string;
    communication: Activity["communication"];
    decision: Activity["decision"];
    priority: number;
    client: boolean;
    breadth: Activity["breadth"];
    method: Activity["method"];
  }[];
}): Activity[] {
  return position.tasks.map((a) => ({
    name: a.name,
    communication: a.communication,
    decision: a.decision,
    priority: a.priority,
    client: a.client,
    breadth: a.breadth,
    method: a.method,
  }));
}

export async function getPosition(scope: Scope, positionId: string) {
  const row = await findPosition(scope, positionId);
  return (await listPositions(scope)).find((p) => p._id === row.id)!;
}

/** Replaces a position's activities: only inside its unit of work (delete then insert erased them all
 * when the insert never came). */
export async function writeTasks(scope: Scope, positionId: string, list: PositionInput["tasks"]) {
  await scope.db.delete(tasks).where(eq(tasks.positionId, positionId));
  crashPoint("position.afterDelete");
  await scope.db.insert(tasks).values(
    list.map((a, i) => ({
      id: createId(),
      positionId,
      name: a.name,
      communication: a.communication,
      decision: a.decision,
      client: a.client ?? false,
      breadth: a.breadth ?? null,
      method: a.method ?? null,
      content: a.content || null,
      priority: a.priority ?? 0,
      sort: i,
    })),
  );
}

export async function createPosition(scope: Scope, input: PositionInput) {
  requireCan(scope, "structure");
  await checkDepartment(scope, input.department);
  await take(scope.db, "structure", scope.actor.realActorId);
  const id = createId();
  await transaction(scope, async (tx) => {
    await tx.db.insert(positions).values({
      id,
      projectId: tx.project.id,
      name: input.name,
      departmentId: input.department ?? null,
      priority: input.priority ?? 0,
      classification: input.classification ?? null,
    });
    await writeTasks(tx, id, input.tasks);
    await enqueue(tx, "recompute-project", { projectId: tx.project.id, positions: [id] });
  });
  return getPosition(scope, id);
}

export async function updatePosition(scope: Scope, positionId: string, input: z.infer<typeof positionUpdateSchema>, opts: VersionOpts = {}) {
  requireCan(scope, "structure");
  const row = await findPosition(scope, positionId);
  await checkDepartment(scope, input.department);
  const set: Partial<typeof positions.$inferSelect> = {};
  if (input.name !== undefined) set.name = input.name;
  if (input.department !== undefined) set.departmentId = input.department ?? null;
  if (input.priority !== undefined) set.priority = input.priority;
  if (input.classification !== undefined) set.classification = input.classification ?? null;
  await saveChecked(scope, "position", row.id, opts.version, async (tx) => {
    if (Object.keys(set).length) await tx.db.update(positions).set(set).where(eq(positions.id, row.id));
    if (input.tasks) {
      await writeTasks(tx, row.id, input.tasks);
      // what the work needs changed: every employee's fit for it, and so their best position and diff
      await enqueue(tx, "recompute-project", { projectId: tx.project.id, positions: [row.id] });
    }
  });
  return getPosition(scope, row.id);
}

export async function deletePosition(scope: Scope, positionId: string) {
  requireCan(scope, "structure");
  const row = await findPosition(scope, positionId);
  const [n] = await scope.db.select({ n: sql<number>`count(*)` }).from(employees).where(eq(employees.positionId, row.id));
  await transaction(scope, async (tx) => {
    await tx.db
      .update(employees)
      .set({ positionId: null })
      .where(and(eq(employees.projectId, tx.project.id), eq(employees.positionId, row.id)));
    await tx.db.delete(positions).where(eq(positions.id, row.id));
    // its fits went with it (cascade): only the best positions and diffs change
    await enqueue(tx, "recompute-project", { projectId: tx.project.id, positions: [] });
  });
  return { ok: true, unassigned: n?.n ?? 0 };
}

/** A position as the wizard's form posts it (what `positionFromForm` reads back). */
export function positionAsForm(p: Awaited<ReturnType<typeof getPosition>>): Record<string, string> {
  const out: Record<string, string> = { name: p.name, department: p.department?._id ?? "" };
  p.tasks.forEach((a, i) => {
    out[`tasks.${i}.name`] = a.name;
    out[`tasks.${i}.communication`] = a.communication;
    out[`tasks.${i}.decision`] = a.decision;
    out[`tasks.${i}.client`] = a.client ? "yes" : "no";
    out[`tasks.${i}.breadth`] = a.breadth ?? "";
    out[`tasks.${i}.method`] = a.method ?? "";
    out[`tasks.${i}.content`] = a.content ?? "";
    out[`tasks.${i}.priority`] = String(a.priority);
  });
  return out;
}

/** The position wizard's form (no script): name, department, then up to five activity rows;
 * rows left empty are skipped. */
export function positionFromForm(v: Record<string, string>) {
  const list = [];
  for (let i = 0; i < MAX_ACTIVITIES + 1; i++) {
    const name = v[`tasks.${i}.name`]?.trim();
    if (!name && !v[`tasks.${i}.content`]?.trim()) continue;
    list.push({
      name,
      communication: v[`tasks.${i}.communication`] || undefined,
      decision: v[`tasks.${i}.decision`] || undefined,
      client: v[`tasks.${i}.client`] || undefined,
      breadth: v[`tasks.${i}.breadth`] || undefined,
      method: v[`tasks.${i}.method`] || undefined,
      content: v[`tasks.${i}.content`] || undefined,
      priority: v[`tasks.${i}.priority`] || 0,
    });
  }
  return { name: v.name, department: v.department || null, tasks: list };
}
