// /api/invite (spec §7): the project's invites by another path. `projectId` (query) names the
// project like the Project header; the project guard checks it either way.
import * as A from "./business/answer-schemas";
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { pathId, ID_PARAM } from "../lib/ids";
import { answers, validate } from "../lib/validate";
import { guard, type GuardedEnv } from "../middleware/guards";
import * as biz from "../services/business";

async function scope(c: Context<GuardedEnv<["project"]>>) {
  const named = c.req.query("projectId");
  return !named || named === c.get("project").id ? c.get("scope") : biz.projectScope(c.get("scope"), named);
}

export const inviteApi = new Hono<AppEnv>();
inviteApi.get(
  "/",
  guard("project"),
  validate("query", biz.inviteListSchema.extend({ projectId: z.string().max(100).optional() })),
  answers(A.invites),
  async (c) => c.json(await biz.listInvites(await scope(c), c.req.valid("query"))),
);
inviteApi.post("/", guard("project"), validate("json", biz.inviteCreateSchema), answers(A.invitesMade, 201), async (c) =>
  c.json(await biz.createInvites(await scope(c), c.req.valid("json")), 201),
);
inviteApi.get(`/${ID_PARAM}`, guard("project"), answers(A.invite), async (c) => c.json(await biz.getInvite(await scope(c), pathId(c))));
inviteApi.put(
  `/${ID_PARAM}`,
  guard("project"),
  validate("json", z.object({ resend: z.boolean().optional(), isActive: z.boolean().optional(), locale: z.enum(["ru", "en"]).optional() })),
  answers(A.invite),
  async (c) => c.json(await biz.updateInvite(await scope(c), pathId(c), c.req.valid("json"))),
);
inviteApi.delete(`/${ID_PARAM}`, guard("project"), answers(A.ok), async (c) => c.json(await biz.deleteInvite(await scope(c), pathId(c))));
