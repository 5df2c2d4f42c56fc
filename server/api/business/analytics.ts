// /api/business analytics: fit for a position per employee (spec §7
// /business/employees/efficiency/{id}) and the project's soft skills (/business/skills).
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context";
import { ID_PARAM, idSchema, pathId } from "../../lib/ids";
import { answers, validate } from "../../lib/validate";
import * as A from "./answer-schemas";
import { guard } from "../../middleware/guards";
import * as biz from "../../services/business";

const inProject = guard("project");

export const efficiencyApi = new Hono<AppEnv>();
efficiencyApi.get(
  `/${ID_PARAM}`,
  inProject,
  validate(
    "query",
    z.object({
      position: idSchema("business.errors.badId").optional(),
    }),
  ),
  answers(A.efficiency),
  async (c) => c.json(await biz.employeeEfficiency(c.get("scope"), pathId(c), c.get("locale"), c.req.valid("query").position)),
);

export const skillsApi = new Hono<AppEnv>();
skillsApi.get("/", inProject, validate("query", biz.skillListSchema), answers(A.skills), async (c) =>
  c.json(await biz.listSkills(c.get("scope"), c.req.valid("query"))),
);
skillsApi.post("/", inProject, validate("json", biz.skillCreateSchema), answers(A.skill, 201), async (c) =>
  c.json(await biz.createSkill(c.get("scope"), c.req.valid("json")), 201),
);
skillsApi.put(`/${ID_PARAM}`, inProject, validate("json", biz.skillUpdateSchema), answers(A.skill), async (c) =>
  c.json(await biz.updateSkill(c.get("scope"), pathId(c), c.req.valid("json"))),
);
skillsApi.delete(`/${ID_PARAM}`, inProject, answers(A.ok), async (c) => c.json(await biz.deleteSkill(c.get("scope"), pathId(c))));
