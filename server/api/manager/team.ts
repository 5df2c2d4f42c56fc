// /api/manager/managers: the back-office team (admins only; the work is server/admin/team.ts).
import { Hono } from "hono";
import { z } from "zod";
import { inviteManager, inviteSchema, listManagers, removeManager, roleSchema, setManagerActive, setManagerRole } from "../../admin/team";
import { ID_PARAM, pathId } from "../../lib/ids";
import { validate } from "../../lib/validate";
import type { ManagerEnv } from ".";

const changeSchema = z.object({ role: roleSchema.shape.role.optional(), isActive: z.boolean().optional() });

export const managerTeamApi = new Hono<ManagerEnv>()
  .get("/", async (c) => c.json({ docs: await listManagers(c.get("deps").db) }))
  .post("/", validate("json", inviteSchema), async (c) => c.json(await inviteManager(c.get("scope"), c.req.valid("json")), 201))
  // an API client has its own confirmation (the page asks first)
  .put(`/${ID_PARAM}`, validate("json", changeSchema), async (c) => {
    const { role, isActive } = c.req.valid("json");
    if (role) await setManagerRole(c.get("scope"), pathId(c), role);
    if (isActive !== undefined) await setManagerActive(c.get("scope"), pathId(c), isActive);
    return c.json({ _id: pathId(c), ...c.req.valid("json") });
  })
  .delete(`/${ID_PARAM}`, async (c) => c.json(await removeManager(c.get("scope"), pathId(c))));
