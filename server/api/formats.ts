// /api/format: the 27 formats and one by its code; POST edits a format's names and descriptions
// (managers only, spec public §7 and manager §6 "only managers manage formats"). The 27 codes are
// fixed (the classifier's classes), so POST names an existing one by `_id` and never adds one.
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { formatPostSchema, updateFormat } from "../admin/content";
import { guard } from "../middleware/guards";
import { z } from "zod";
import { answers, validate } from "../lib/validate";
import { getFormat, listFormats, toFormatDoc } from "../services/formats";

// the answer's shape (the OpenAPI description's; every API test's answer is checked against it)
const localized = z.object({ ru: z.string(), en: z.string(), ch: z.string().optional() });
const formatDoc = z.object({
  _id: z.string(),
  code: z.string(),
  position: z.int(),
  structure: z.enum(["system", "analytic", "balanced"]),
  volume: z.enum(["low", "middle", "high"]),
  presentation: z.enum(["slow", "middle", "fast"]),
  name: localized,
  description: localized,
});

export const formatsApi = new Hono<AppEnv>()
  .get("/", answers(z.object({ docs: z.array(formatDoc) })), async (c) => c.json({ docs: await listFormats(c.get("scope").db) }))
  .get("/:id", answers(formatDoc), async (c) => c.json(await getFormat(c.get("scope").db, c.req.param("id").toUpperCase())))
  .post("/", guard("admin"), validate("json", formatPostSchema), answers(formatDoc), async (c) => {
    const { _id, ...input } = c.req.valid("json");
    return c.json(toFormatDoc(await updateFormat(c.get("scope"), _id, input)));
  });
