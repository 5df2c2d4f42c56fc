// Soft skills in a project: the built-in types (model/skills.ts), the company's own skills
// (definitions: a weighted combination of indicator features) and acquired values entered by the
// owner or a supervisor for an employee, with who and when. /api/business/skills and the
// employee detail both read here.
import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { results, skills } from "../../../db/schema";
import type { IndicatorValues } from "../../../model/fit";
import { customSkill, FEATURES, naturalSkills, SKILL_BY_KEY, SKILL_TYPES, type Feature } from "../../../model/skills";
import { badRequest, notFound } from "../../lib/errors";
import { transaction } from "../../scope";
import { createId, ID_PATTERN, idSchema } from "../../lib/ids";
import { employeeInScope, requireCan, requireDepartment, requireWritable, type Scope } from "./access";
import { take } from "../rate-limits";

const weightsSchema = z
  .partialRecord(
    z.enum(FEATURES as unknown as [Feature, ...Feature[]], { error: "analytics.errors.feature" }),
    z.number({ error: "common.validation.invalid" }).min(0, "common.validation.invalid").max(10, "common.validation.invalid"),
  )
  .refine((w) => Object.values(w).some((v) => (v ?? 0) > 0), { message: "analytics.errors.weights" });

const definitionSchema = z.object({
  kind: z.literal("definition"),
  name: z.string().trim().min(1, "common.validation.required").max(80),
  description: z.string().trim().max(1000).optional(),
  weights: weightsSchema,
});
const acquiredSchema = z.object({
  kind: z.literal("acquired"),
  employee: idSchema("business.errors.badId"),
  /** A built-in skill key or a custom skill's id. */
  skill: z.string().trim().min(1).max(60),
  value: z
    .number({ error: "common.validation.invalid" })
    .int("common.validation.invalid")
    .min(0, "common.validation.invalid")
    .max(100, "common.validation.invalid"),
  note: z.string().trim().max(500).optional(),
});
export const skillCreateSchema = z.discriminatedUnion("kind", [definitionSchema, acquiredSchema], { error: "analytics.errors.kind" });
export const skillUpdateSchema = z.object({
  name: z.string().trim().min(1, "common.validation.required").max(80).optional(),
  description: z.string().trim().max(1000).optional(),
  weights: weightsSchema.optional(),
  value: z
    .number({ error: "common.validation.invalid" })
    .int("common.validation.invalid")
    .min(0, "common.validation.invalid")
    .max(100, "common.validation.invalid")
    .optional(),
  note: z.string().trim().max(500).optional(),
});
export const skillListSchema = z.object({ employee: idSchema("business.errors.badId").optional() });

type SkillRow = typeof skills.$inferSelect;
const familyOf = (key: string) => (SKILL_BY_KEY.get(key)?.family ?? "custom") as SkillRow["type"];

function toDoc(r: SkillRow) {
  return r.type === "custom" && !r.employeeId
    ? {
        _id: r.id,
        kind: "definition" as const,
        name: r.name ?? "",
        description: r.description,
        weights: r.weights ?? {},
        createdAt: r.createdAt,
        updatedAt: r.updatedAt,
      }
    : {
        _id: r.id,
        kind: "acquired" as const,
        employee: r.employeeId,
        skill: r.skillKey,
        type: r.type,
        subtype: r.subtype,
        value: r.acquired,
        note: r.description,
        enteredBy: { _id: r.enteredBy, name: r.enteredByName },
        enteredAt: r.updatedAt ?? r.createdAt,
      };
}

async function definitions(scope: Scope) {
  return scope.db
    .select()
    .from(skills)
    .where(and(eq(skills.projectId, scope.project.id), eq(skills.type, "custom"), isNull(skills.employeeId)))
    .orderBy(asc(skills.name));
}

export async function latestIndicators(scope: Pick<Scope, "db">, userId: string | null): Promise<IndicatorValues | null> {
  if (!userId) return null;
  const [r] = await scope.db
    .select({ indicators: results.indicators })
    .from(results)
    .where(and(eq(results.userId, userId), eq(results.isCompleted, true)))
    .orderBy(desc(results.completedAt))
    .limit(1);
  return (r?.indicators as IndicatorValues | undefined) ?? null;
}

/** One employee's skills: natural (computed; hidden without consent), acquired (entered), and the company's own. */
export async function employeeSkills(scope: Scope, employeeId: string) {
  const e = await employeeInScope(scope, employeeId);
  const ind = e.withdrawn ? null : await latestIndicators(scope, e.userId);
  const natural = naturalSkills(ind);
  const [defs, acquired] = await Promise.all([
    definitions(scope),
    scope.db
      .select()
      .from(skills)
      .where(and(eq(skills.projectId, scope.project.id), eq(skills.employeeId, e.id)))
      .orderBy(asc(skills.createdAt)),
  ]);
  return {
    employee: e.id,
    shared: !e.withdrawn,
    families: { researcher: natural.researcher, businessman: natural.businessman, leader: natural.leader, manager: natural.manager, seller: natural.seller },
    crisis: natural.crisis,
    natural: SKILL_TYPES.map((s) => ({ key: s.key, family: s.family, value: natural.all[s.key] ?? null })),
    custom: defs.map((d) => ({ _id: d.id, name: d.name ?? "", value: customSkill(ind, (d.weights ?? {}) as Record<Feature, number>) })),
    acquired: acquired.map(toDoc),
  };
}

/** GET /business/skills: the built-in catalogue, the company's own definitions, and with `employee` that person's skills. */
export async function listSkills(scope: Scope, input: z.infer<typeof skillListSchema>) {
  const defs = await definitions(scope);
  return {
    builtIn: SKILL_TYPES.map((s) => ({ key: s.key, family: s.family, weights: s.weights })),
    features: FEATURES,
    docs: defs.map(toDoc),
    ...(input.employee ? { employee: await employeeSkills(scope, input.employee) } : {}),
  };
}

async function checkSkillKey(scope: Scope, key: string) {
  if (SKILL_BY_KEY.has(key)) return;
  if (ID_PATTERN.test(key) && (await definitions(scope)).some((d) => d.id === key)) return;
  throw badRequest("errors.validation", { skill: "analytics.errors.skill" });
}

export async function createSkill(scope: Scope, input: z.infer<typeof skillCreateSchema>) {
  requireWritable(scope);
  await take(scope.db, "structure", scope.actor.realActorId);
  const id = createId();
  if (input.kind === "definition") {
    requireCan(scope, "structure");
    await scope.db.insert(skills).values({
      id,
      projectId: scope.project.id,
      type: "custom",
      name: input.name,
      description: input.description ?? null,
      weights: input.weights as Record<string, number>,
    });
  } else {
    // the owner or a project manager (a head of department only moves people)
    requireCan(scope, "people");
    const e = await employeeInScope(scope, input.employee);
    requireDepartment(scope, e.departmentId);
    await checkSkillKey(scope, input.skill);
    const [family, subtype] = input.skill.split(".");
    await scope.db.insert(skills).values({
      id,
      projectId: scope.project.id,
      employeeId: e.id,
      type: familyOf(input.skill),
      subtype: SKILL_BY_KEY.has(input.skill) && family !== "general" ? (subtype ?? null) : null,
      skillKey: input.skill,
      acquired: input.value,
      description: input.note ?? null,
      enteredBy: scope.user.id,
      enteredByName: scope.user.name || scope.user.email,
      updatedAt: new Date(),
    });
  }
  return getSkill(scope, id);
}

async function findSkill(scope: Scope, skillId: string) {
  if (!ID_PATTERN.test(skillId)) throw notFound();
  const [row] = await scope.db
    .select()
    .from(skills)
    .where(and(eq(skills.id, skillId), eq(skills.projectId, scope.project.id)));
  if (!row) throw notFound();
  if (row.employeeId) await employeeInScope(scope, row.employeeId); // a supervisor sees their subtree's only
  return row;
}

export async function getSkill(scope: Scope, skillId: string) {
  return toDoc(await findSkill(scope, skillId));
}

export async function updateSkill(scope: Scope, skillId: string, input: z.infer<typeof skillUpdateSchema>) {
  requireWritable(scope);
  const row = await findSkill(scope, skillId);
  const set: Partial<SkillRow> = { updatedAt: new Date() };
  if (!row.employeeId) {
    requireCan(scope, "structure");
    if (input.name !== undefined) set.name = input.name;
    if (input.description !== undefined) set.description = input.description;
    if (input.weights !== undefined) set.weights = input.weights as Record<string, number>;
  } else {
    requireCan(scope, "people");
    if (input.value !== undefined) set.acquired = input.value;
    if (input.note !== undefined) set.description = input.note;
    set.enteredBy = scope.user.id;
    set.enteredByName = scope.user.name || scope.user.email;
  }
  await scope.db.update(skills).set(set).where(eq(skills.id, row.id));
  return getSkill(scope, row.id);
}

export async function deleteSkill(scope: Scope, skillId: string) {
  requireWritable(scope);
  const row = await findSkill(scope, skillId);
  requireCan(scope, row.employeeId ? "people" : "structure");
  await transaction(scope, async (tx) => {
    await tx.db.delete(skills).where(eq(skills.id, row.id));
    // values entered for a company skill go with its definition
    if (!row.employeeId) await tx.db.delete(skills).where(and(eq(skills.projectId, scope.project.id), eq(skills.skillKey, row.id)));
  });
  return { ok: true };
}
