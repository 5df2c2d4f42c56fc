// /api/manager/formats: the formats, and one result's rechecker view and hand-set format (spec
// manager §7). The results calls are declared with the resource (server/admin/resources/results.ts).
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

export const managerFormatsApi = new Hono<ManagerEnv>()
  .get("/", async (c) => {
    const rows = await c.var.deps.db.select().from(formats).orderBy(asc(formats.position));
    return c.json(paged(rows.map(({ code, ...f }) => ({ _id: code, code, ...f })), rows.length, 1, Math.max(rows.length, 1)));
  })
  .get("/:resultId", async (c) => c.json(await recheck(c.var.deps.db, pathId(c, "resultId"), false)))
  .put("/:resultId", validate("json", setFormatSchema), async (c) => c.json(await setFormat(c, pathId(c, "resultId"), c.req.valid("json"))));
