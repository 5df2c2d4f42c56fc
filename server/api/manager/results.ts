// /api/manager/results and /api/manager/formats: results in the back-office and the rechecker
// (spec manager §7), from the resource declaration (server/admin/resources/results.ts).
import { Hono } from "hono";
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { formats, results } from "../../../db/schema";
import { paged } from "../../lib/listing";
import { resourceApi } from "../../admin/api";
import { listResource, parseListQuery } from "../../admin/resource";
import { resultResource } from "../../admin/resources/results";
import { deleteAnswer, filterList, filterListQuery, formatRequestSchema, neuralCount, recheck, resetResultOf, setFormat, setFormatSchema } from "../../admin/results";
import { pathId } from "../../lib/ids";
import { validate } from "../../lib/validate";
import { guard } from "../../middleware/guards";
import type { ManagerEnv } from ".";

export const managerResultsApi = resourceApi(resultResource, (app) =>
  app
    .get("/progress", async (c) => c.json(await listResource(c.var.deps.db, resultResource, parseListQuery(resultResource, c.req.query()), [eq(results.isCompleted, false)])))
    .post("/filter-list", validate("json", z.record(z.string(), z.unknown())), async (c) => {
      return c.json(await filterList(c.var.deps.db, filterListQuery(c.req.valid("json"))));
    })
    .post("/format", validate("json", formatRequestSchema), async (c) => c.json(await recheck(c.var.deps.db, c.req.valid("json").id, false)))
    .post("/new-format", validate("json", formatRequestSchema), async (c) => c.json(await recheck(c.var.deps.db, c.req.valid("json").id, true)))
    .get("/neural/count", async (c) => c.json(await neuralCount(c.var.deps.db)))
    // a GET that writes (the spec's): only with the Authorization header, never a cookie alone
    .get("/:id/reset", guard("bearer"), async (c) => {
      const fresh = await resetResultOf(c, pathId(c));
      return c.json({ _id: fresh.id, user: fresh.userId, test: fresh.testId, isCompleted: fresh.isCompleted });
    })
    .delete("/:resultId/delete/answer/:answerId", async (c) => c.json(await deleteAnswer(c, pathId(c, "resultId"), pathId(c, "answerId")))),
);

export const managerFormatsApi = new Hono<ManagerEnv>()
  .get("/", async (c) => {
    const rows = await c.var.deps.db.select().from(formats).orderBy(asc(formats.position));
    return c.json(paged(rows.map(({ code, ...f }) => ({ _id: code, code, ...f })), rows.length, 1, Math.max(rows.length, 1)));
  })
  .get("/:resultId", async (c) => c.json(await recheck(c.var.deps.db, pathId(c, "resultId"), false)))
  .put("/:resultId", validate("json", setFormatSchema), async (c) => c.json(await setFormat(c, pathId(c, "resultId"), c.req.valid("json"))));
