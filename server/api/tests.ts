// /api/test: the tests, one test with its questions, and starting one (spec §7).
import * as X from "./answer-schemas";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { pathId, ID_PARAM } from "../lib/ids";
import { answers, validate } from "../lib/validate";
import { guard } from "../middleware/guards";
import { answeredMap, getTest, listTests, progressOf, questionCount, startTest, testQuestions, toResultDoc, toTestDoc } from "../services/testing";

export const testsApi = new Hono<AppEnv>();

testsApi.get("/", answers(X.tests), async (c) => {
  const db = c.get("scope").db;
  const docs = await Promise.all((await listTests(db)).map(async (t) => toTestDoc(t, c.get("locale"), await questionCount(db, t.id))));
  return c.json({ docs });
});

testsApi.get(`/${ID_PARAM}`, answers(X.testWithQuestions), async (c) => {
  const db = c.get("scope").db;
  const test = await getTest(db, pathId(c));
  const qs = await testQuestions(db, test.id, c.get("locale"));
  return c.json({ ...toTestDoc(test, c.get("locale"), qs.length), questions: qs });
});

testsApi.post(
  `/start/${ID_PARAM}`,
  guard("auth"),
  validate("json", z.object({ code: z.string().max(100).optional() }).default({})),
  answers(X.started),
  async (c) => {
    const db = c.get("scope").db;
    const result = await startTest(c.get("scope"), { testId: pathId(c), code: c.req.valid("json").code });
    return c.json({ ...toResultDoc(result), progress: await progressOf(db, result), answers: await answeredMap(db, result.id) });
  },
);
