// POST /api/answer: one answer of the running test; the last one completes it.
import * as X from "./answer-schemas";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { idSchema } from "../lib/ids";
import { answers, validate } from "../lib/validate";
import { guard } from "../middleware/guards";
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
  })
  .refine((a) => a.question || a.position, { path: ["question"], message: "common.validation.required" });

export const answersApi = new Hono<AppEnv>().post("/", guard("auth"), validate("json", answerSchema), answers(X.answered), async (c) => {
  const input = c.req.valid("json");
  const { progress, result } = await recordAnswer(c.get("scope"), { ...input, value: input.value as -2 | -1 | 0 | 1 | 2 });
  return c.json({ progress, completed: Boolean(result), result: result ? toResultDoc(result) : null });
});
