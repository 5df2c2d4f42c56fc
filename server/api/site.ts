// /api/health (the platform's health check) and /api/total (the landing's counter).
import * as X from "./answer-schemas";
import { answers } from "../lib/validate";
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { opsHealth } from "../lib/ops-health";
import { storageHealthOf } from "../lib/storage-health";
import { totalUsers } from "../services/stats";

/** Reads, and (at most every 2 s) commits a real write: a disk that is full, a read-only file or a
 * locked database is a 503 with its reason, so the platform and the operator see it. Beside it, the
 * backups, the free space and the WAL (server/lib/ops-health.ts): a problem there is "degraded",
 * 200 for the routing check and 503 with `?strict` for the alerting one. */
export const healthApi = new Hono<AppEnv>().get("/", answers(X.health), async (c) => {
  const { database, config } = c.get("deps");
  try {
    await database.ping();
  } catch {
    return c.json({ status: "error", database: "unreachable" }, 503);
  }
  const fault = await storageHealthOf(database).check();
  const ops = opsHealth(config);
  const details = ops ? { backup: ops.backup, disk: ops.disk, wal: ops.wal } : {};
  if (fault) return c.json({ status: "error", database: database.kind, writes: fault, ...details }, 503);
  if (ops?.problems.length) {
    return c.json({ status: "degraded", database: database.kind, problems: ops.problems, ...details }, c.req.query("strict") !== undefined ? 503 : 200);
  }
  return c.json({ status: "ok", database: database.kind, ...details });
});

export const totalApi = new Hono<AppEnv>().get("/", answers(X.total), async (c) => c.json({ total: await totalUsers(c.get("scope").db) }));
