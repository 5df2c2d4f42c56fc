// /api/result: the user's own results, completing one, its format and its report (spec §7).
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { ID_PATTERN, pathId } from "../lib/ids";
import { notFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { guard } from "../middleware/guards";
import { getFormat } from "../services/formats";
import { completeResult, currentResult, latestCompleted, listOwnResults, progressOf, requireOwnResult, toResultDoc } from "../services/testing";
import { reportLanguageQuery, serveReport } from "./reports";

export const resultsApi = new Hono<AppEnv>().use(guard("auth"));

resultsApi.post("/", validate("json", z.object({ result: z.string().regex(ID_PATTERN) })), async (c) =>
  c.json(toResultDoc(await completeResult(c.var.deps.db, c.var.user, c.req.valid("json").result))),
);

resultsApi.get("/", async (c) => {
  const db = c.var.deps.db;
  const open = await currentResult(db, c.var.user.id);
  return c.json({
    docs: (await listOwnResults(db, c.var.user.id)).map(toResultDoc),
    current: open ? { ...toResultDoc(open), progress: await progressOf(db, open) } : null,
  });
});

resultsApi.get("/prev", async (c) => {
  const prev = await latestCompleted(c.var.deps.db, c.var.user.id, 1);
  if (!prev) throw notFound();
  return c.json(toResultDoc(prev));
});

resultsApi.get("/:id/format", async (c) => {
  const result = await requireOwnResult(c.var.deps.db, c.var.user.id, pathId(c));
  if (!result.formatCode) throw notFound();
  return c.json({ format: await getFormat(c.var.deps.db, result.formatCode), probability: result.probability, runnerUp: result.runnerUpCode });
});

// `/report` defaults to the full report (downgraded to base before purchase), `/review` to base.
for (const [path, fallback] of [["/:id/report", "full"], ["/:id/review", "base"]] as const) {
  resultsApi.get(path, validate("query", reportLanguageQuery.extend({ type: z.enum(["base", "full"]).default(fallback) })), (c) =>
    serveReport(c, c.req.valid("query").type, pathId(c)),
  );
}
