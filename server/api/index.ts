import { Hono } from "hono";
import type { AppEnv } from "../context";
import { publicApi } from "./public";

export const api = new Hono<AppEnv>();
// The spec's clients send a no-cache pragma; answers are per user, so never cache them either.
api.use("*", async (c, next) => {
  await next();
  c.header("Cache-Control", "no-store");
});
api.route("/", publicApi);
