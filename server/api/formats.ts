// /api/format: the 27 formats and one by its code; POST edits a format's names and descriptions
// (managers only, spec public §7 and manager §6 "only managers manage formats"). The 27 codes are
// fixed (the classifier's classes), so POST names an existing one by `_id` and never adds one.
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { formatPostSchema, updateFormat } from "../admin/content";
import { guard } from "../middleware/guards";
import { validate } from "../lib/validate";
import { getFormat, listFormats, toFormatDoc } from "../services/formats";

export const formatsApi = new Hono<AppEnv>()
  .get("/", async (c) => c.json({ docs: await listFormats(c.get("deps").db) }))
  .get("/:id", async (c) => c.json(await getFormat(c.get("deps").db, c.req.param("id").toUpperCase())))
  .post("/", guard("admin"), validate("json", formatPostSchema), async (c) => {
    const { _id, ...input } = c.req.valid("json");
    return c.json(toFormatDoc(await updateFormat(c.get("scope"), _id, input)));
  });
