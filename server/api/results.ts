// /api/result: the user's own results, completing one, its format and its report (spec §7).
import * as X from "./answer-schemas";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { ID_PARAM, idSchema, pathId } from "../lib/ids";
import { notFound } from "../lib/errors";
import { answers, validate } from "../lib/validate";
import { guard } from "../middleware/guards";
import { getFormat } from "../services/formats";
import { completeResult, currentResult, latestCompleted, listOwnResults, progressOf, requireOwnResult, toResultDoc } from "../services/testing";
import { reportLanguageQuery, serveReport } from "./reports";

export const resultsApi = new Hono<AppEnv>().use(guard("auth"));

resultsApi.post("/", validate("json", z.object({ result: idSchema() })), answers(X.result), async (c) =>
  c.json(toResultDoc(await completeResult(c.get("scope"), c.req.valid("json").result))),
);

resultsApi.get("/", answers(X.results), async (c) => {
  const db = c.get("scope").db;
  const open = await currentResult(db, c.get("user").id);
  return c.json({
    docs: (await listOwnResults(c.get("scope"))).map(toResultDoc),
    current: open ? { ...toResultDoc(open), progress: await progressOf(db, open) } : null,
  });
});

resultsApi.get("/prev", answers(X.result), async (c) => {
  const prev = await latestCompleted(c.get("scope").db, c.get("user").id, 1);
  if (!prev) throw notFound();
  return c.json(toResultDoc(prev));
});

resultsApi.get(`/${ID_PARAM}/format`, answers(X.resultFormat), async (c) => {
  const result = await requireOwnResult(c.get("scope").db, c.get("user").id, pathId(c));
  if (!result.formatCode) throw notFound();
  return c.json({ format: await getFormat(c.get("scope").db, result.formatCode), probability: result.probability, runnerUp: result.runnerUpCode });
});

// `/report` defaults to the full report (downgraded to base before purchase), `/review` to base.
for (const [path, fallback] of [
  ["/:id/report", "full"],
  ["/:id/review", "base"],
] as const) {
  resultsApi.get(path, validate("query", reportLanguageQuery.extend({ type: z.enum(["base", "full"]).default(fallback) })), answers(X.report), (c) =>
    serveReport(c, c.req.valid("query").type, pathId(c)),
  );
}
