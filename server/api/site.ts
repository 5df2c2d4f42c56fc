// /api/health (the platform's health check) and /api/total (the landing's counter).
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { totalUsers } from "../services/stats";

export const healthApi = new Hono<AppEnv>().get("/", async (c) => {
  try {
    await c.get("deps").database.ping();
    return c.json({ status: "ok", database: c.get("deps").database.kind });
  } catch {
    return c.json({ status: "error", database: "unreachable" }, 503);
  }
});

export const totalApi = new Hono<AppEnv>().get("/", async (c) => c.json({ total: await totalUsers(c.get("deps").db) }));
