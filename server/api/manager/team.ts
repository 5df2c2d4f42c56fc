// /api/manager/managers: the back-office team (admins only; the work is server/admin/team.ts).
import * as M from "./answer-schemas";
import { Hono } from "hono";
import { z } from "zod";
import { changeManager, inviteManager, inviteSchema, listManagers, removeManager, roleSchema } from "../../admin/team";
import { pathId, ID_PARAM } from "../../lib/ids";
import { answers, validate } from "../../lib/validate";
import type { ManagerEnv } from ".";

const changeSchema = z.object({ role: roleSchema.shape.role.optional(), isActive: z.boolean().optional() });

export const managerTeamApi = new Hono<ManagerEnv>()
  .get("/", answers(M.records), async (c) => c.json({ docs: await listManagers(c.get("scope").db) }))
  .post("/", validate("json", inviteSchema), answers(M.record, 201), async (c) => c.json(await inviteManager(c.get("scope"), c.req.valid("json")), 201))
  // an API client has its own confirmation (the page asks first)
  .put(`/${ID_PARAM}`, validate("json", changeSchema), answers(M.managerChanged), async (c) =>
    c.json(await changeManager(c.get("scope"), pathId(c), c.req.valid("json"))),
  )
  .delete(`/${ID_PARAM}`, answers(M.managerRemoved), async (c) => c.json(await removeManager(c.get("scope"), pathId(c))));
