// /api/manager/exporting: the list of past exports (spec manager §7) and a new export, streamed.
import * as M from "./answer-schemas";
import { Hono } from "hono";
import { exportSchema, listExports, streamExport } from "../../admin/exports";
import { answers, validate } from "../../lib/validate";
import type { ManagerEnv } from ".";

export const managerExportingApi = new Hono<ManagerEnv>()
  .get("/", answers(M.list), async (c) => c.json(await listExports(c.get("scope").db, c.req.query())))
  .post("/", validate("json", exportSchema), answers(M.spreadsheet, 200, "text/csv"), async (c) => streamExport(c.get("scope"), c.req.valid("json")));
