// POST /api/answer: one answer of the running test; the last one completes it.
import * as X from "./answer-schemas";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { idSchema } from "../lib/ids";
import { answers, validate } from "../lib/validate";
import { guard } from "../middleware/guards";
import type { AnswerValue } from "../../model";
import { ANSWER_KEYS, recordAnswer, toResultDoc } from "../services/testing";

const id = idSchema();
const answerValue = z.union([z.number().int().min(-2).max(2), z.enum(Object.keys(ANSWER_KEYS) as [keyof typeof ANSWER_KEYS]).transform((k) => ANSWER_KEYS[k])]);
const answerSchema = z
  .object({
    result: id,
    question: id.optional(),
    position: z.number().int().min(1).max(500).optional(),
    value: answerValue,
    elapsedMs: z.number().min(0).max(86_400_000).nullish(),
    /** The answer the device showed before this one (null: unanswered), to notice another device's. */
    previous: answerValue.nullable().optional(),
  })
  .refine((a) => a.question || a.position, { path: ["question"], message: "common.validation.required" });

export const answersApi = new Hono<AppEnv>().post("/", guard("auth"), validate("json", answerSchema), answers(X.answered), async (c) => {
  const input = c.req.valid("json");
  const { progress, result, stale } = await recordAnswer(c.get("scope"), {
    ...input,
    value: input.value as AnswerValue,
    previous: input.previous as AnswerValue | null | undefined,
  });
  // another device answered this question since: the attempt as it is, for the device to move there
  if (stale) return c.json({ error: { code: "answer_stale", message: c.get("t")("test.errors.stale") }, progress, answers: stale }, 409);
  return c.json({ progress, completed: Boolean(result), result: result ? toResultDoc(result) : null });
});
