// /uploads/reviews/<name>: the review photos stored by server/admin/photos.ts. The name is checked
// against the one shape we write, so no path leaves the folder.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { Hono } from "hono";
import type { AppEnv } from "./context";
import { photoDir, PHOTO_TYPES, type PhotoExt } from "./admin/photos";
import { notFound } from "./lib/errors";
import { ID_SOURCE } from "./lib/ids";

/** A stored photo's file name: the review's id and one of the types we accept. */
const PHOTO_NAME = new RegExp(`^(${ID_SOURCE})\\.(jpg|png|webp)$`);

export const uploadRoutes = new Hono<AppEnv>().get("/uploads/reviews/:name", async (c) => {
  const m = PHOTO_NAME.exec(c.req.param("name"));
  if (!m) throw notFound();
  const bytes = await readFile(join(photoDir(c.get("deps")), m[0])).catch(() => null);
  if (!bytes) throw notFound();
  return c.body(bytes, 200, {
    "Content-Type": PHOTO_TYPES[m[2] as PhotoExt],
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
  });
});
