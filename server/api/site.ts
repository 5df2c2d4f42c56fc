// /api/health (the platform's health check) and /api/total (the landing's counter).
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { storageHealthOf } from "../lib/storage-health";
import { totalUsers } from "../services/stats";

/** Reads, and (at most every 2 s) commits a real write: a disk that is full, a read-only file or a
 * locked database is a 503 with its reason, so the platform and the operator see it. */
export const healthApi = new Hono<AppEnv>().get("/", async (c) => {
  const { database } = c.get("deps");
  try {
    await database.ping();
  } catch {
    return c.json({ status: "error", database: "unreachable" }, 503);
  }
  const fault = await storageHealthOf(database).check();
  if (fault) return c.json({ status: "error", database: database.kind, writes: fault }, 503);
  return c.json({ status: "ok", database: database.kind });
});

export const totalApi = new Hono<AppEnv>().get("/", async (c) => c.json({ total: await totalUsers(c.get("deps").db) }));
