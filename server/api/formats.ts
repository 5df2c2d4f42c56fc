// /api/format: the 27 formats and one by its code.
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { getFormat, listFormats } from "../services/formats";

export const formatsApi = new Hono<AppEnv>()
  .get("/", async (c) => c.json({ docs: await listFormats(c.var.deps.db) }))
  .get("/:id", async (c) => c.json(await getFormat(c.var.deps.db, c.req.param("id").toUpperCase())));
