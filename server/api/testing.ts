// /api/test, /api/answer, /api/result and the retake call (spec §7).
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { notFound, unauthorized } from "../lib/errors";
import { ID_PATTERN } from "../lib/ids";
import { validate } from "../lib/validate";
import { guard } from "../middleware/guards";
import { getFormat } from "../services/formats";
import {
  ANSWER_KEYS,
  answeredMap,
  completeResult,
  currentResult,
  getTest,
  latestCompleted,
  listOwnResults,
  listTests,
  progressOf,
  questionCount,
  recordAnswer,
  requireOwnResult,
  resetResult,
  startTest,
  testQuestions,
  toResultDoc,
  toTestDoc,
} from "../services/testing";

export const testingApi = new Hono<AppEnv>();
const user = (c: { var: AppEnv["Variables"] }) => {
  if (!c.var.auth) throw unauthorized();
  return c.var.auth.user;
};
const id = z.string().regex(ID_PATTERN);
const idParam = (value: string | undefined) => {
  if (!value || !ID_PATTERN.test(value)) throw notFound();
  return value;
};

testingApi.get("/test", async (c) => {
  const db = c.var.deps.db;
  const docs = await Promise.all((await listTests(db)).map(async (t) => toTestDoc(t, c.var.locale, await questionCount(db, t.id))));
  return c.json({ docs });
});

testingApi.get("/test/:id", async (c) => {
  const db = c.var.deps.db;
  const test = await getTest(db, idParam(c.req.param("id")));
  const qs = await testQuestions(db, test.id, c.var.locale);
  return c.json({ ...toTestDoc(test, c.var.locale, qs.length), questions: qs });
});

testingApi.post("/test/start/:id", guard("auth"), validate("json", z.object({ code: z.string().max(100).optional() }).default({})), async (c) => {
  const db = c.var.deps.db;
  const result = await startTest(db, user(c), idParam(c.req.param("id")), c.req.valid("json").code);
  return c.json({ ...toResultDoc(result), progress: await progressOf(db, result), answers: await answeredMap(db, result.id) });
});

const answerValue = z.union([z.number().int().min(-2).max(2), z.enum(Object.keys(ANSWER_KEYS) as [keyof typeof ANSWER_KEYS]).transform((k) => ANSWER_KEYS[k])]);
const answerSchema = z
  .object({
    result: id,
    question: id.optional(),
    position: z.number().int().min(1).max(500).optional(),
    value: answerValue,
    elapsedMs: z.number().min(0).max(86_400_000).nullish(),
  })
  .refine((a) => a.question || a.position, { path: ["question"], message: "common.validation.required" });

testingApi.post("/answer", guard("auth"), validate("json", answerSchema), async (c) => {
  const input = c.req.valid("json");
  const { progress, result } = await recordAnswer(c.var.deps.db, user(c), { ...input, value: input.value as -2 | -1 | 0 | 1 | 2 });
  return c.json({ progress, completed: Boolean(result), result: result ? toResultDoc(result) : null });
});

testingApi.post("/result", guard("auth"), validate("json", z.object({ result: id })), async (c) => {
  const result = await completeResult(c.var.deps.db, user(c), c.req.valid("json").result);
  return c.json(toResultDoc(result));
});

testingApi.get("/result", guard("auth"), async (c) => {
  const db = c.var.deps.db;
  const u = user(c);
  const open = await currentResult(db, u.id);
  return c.json({
    docs: (await listOwnResults(db, u.id)).map(toResultDoc),
    current: open ? { ...toResultDoc(open), progress: await progressOf(db, open) } : null,
  });
});

testingApi.get("/result/prev", guard("auth"), async (c) => {
  const prev = await latestCompleted(c.var.deps.db, user(c).id, 1);
  if (!prev) throw notFound();
  return c.json(toResultDoc(prev));
});

testingApi.get("/result/:id/format", guard("auth"), async (c) => {
  const result = await requireOwnResult(c.var.deps.db, user(c).id, idParam(c.req.param("id")));
  if (!result.formatCode) throw notFound();
  return c.json({ format: await getFormat(c.var.deps.db, result.formatCode), probability: result.probability, runnerUp: result.runnerUpCode });
});

testingApi.get("/order/reset_result", guard("auth"), async (c) => {
  const db = c.var.deps.db;
  const result = await resetResult(db, user(c));
  return c.json({ ...toResultDoc(result), progress: await progressOf(db, result) });
});
