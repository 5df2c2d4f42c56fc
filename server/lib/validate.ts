// Request validation: zod schemas through @hono/zod-validator, with failures answered as
// 400 {error: {code: "validation_failed", fields: {path: message}}} in the request's locale.
// A schema may name its own message as a locale key (e.g. "common.validation.email").
import { zValidator } from "@hono/zod-validator";
import type { Context, MiddlewareHandler, Next, ValidationTargets } from "hono";
import { z } from "zod";
import type { T } from "../../locales";
import { validationFailed } from "./errors";

function valueAt(data: unknown, path: PropertyKey[]): unknown {
  let v: unknown = data;
  for (const key of path) {
    if (v == null || typeof v !== "object") return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/** Numbers as the reader writes them (1 000 000, 0,5). */
const num = (t: T, v: unknown) => Number(v).toLocaleString(t.locale === "en" ? "en-GB" : "ru-RU");

/**
 * One issue in words a person reads: a message the schema names as a locale key, else ours for the
 * issue's kind. Zod's own wording ("expected number to be >=0", "must match pattern /^\d{9}$/")
 * never reaches a reader, in either language: a check with no words of ours says "invalid value".
 */
function issueMessage(t: T, issue: z.core.$ZodIssue, input: unknown): string {
  // a schema's own message key gets the check's bound (a "tooLong" named by the schema says its maximum)
  const bound = issue as { minimum?: unknown; maximum?: unknown };
  // a custom issue may carry its message's parameters (e.g. which address is wrong)
  const params = {
    min: String(bound.minimum ?? ""),
    max: String(bound.maximum ?? ""),
    ...(issue.code === "custom" ? (issue.params as Record<string, string | number> | undefined) : undefined),
  };
  // z.string({ error: "…required" }) lends its message to every check of the string: a value too
  // long is not a missing one (a 121-character department name said "Required")
  const inherited = issue.code === "too_big" && issue.message === "common.validation.required";
  const own = !inherited && /^[a-z]+\.[a-zA-Z.]+$/.test(issue.message) ? t(issue.message, params) : null;
  if (own && own !== issue.message) return own;
  const v = "common.validation";
  switch (issue.code) {
    case "invalid_type": {
      if ([undefined, null, ""].includes(valueAt(input, issue.path) as never)) return t(`${v}.required`);
      if (issue.expected === "int") return t(`${v}.integer`);
      if (issue.expected === "number" || issue.expected === "bigint") return t(`${v}.number`);
      if (issue.expected === "date") return t(`${v}.date`);
      return t(`${v}.invalid`);
    }
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string") return min <= 1 ? t(`${v}.required`) : t(`${v}.tooShort`, { min });
      if (issue.origin === "number" || issue.origin === "bigint") {
        if (min === 0) return t(issue.inclusive ? `${v}.notNegative` : `${v}.positive`);
        return t(issue.inclusive ? `${v}.atLeast` : `${v}.moreThan`, { min: num(t, min) });
      }
      if (issue.origin === "array" || issue.origin === "set") return min <= 1 ? t(`${v}.chooseOne`) : t(`${v}.fewItems`, { min });
      if (issue.origin === "date") return t(`${v}.dateTooEarly`);
      return t(`${v}.invalid`);
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "string") return t(`${v}.tooLong`, { max });
      if (issue.origin === "number" || issue.origin === "bigint") return t(issue.inclusive ? `${v}.atMost` : `${v}.lessThan`, { max: num(t, max) });
      if (issue.origin === "array" || issue.origin === "set") return t(`${v}.manyItems`, { max });
      if (issue.origin === "date") return t(`${v}.dateTooLate`);
      return t(`${v}.invalid`);
    }
    case "invalid_format":
      if (issue.format === "email") return t(`${v}.email`);
      if (issue.format === "url") return t(`${v}.url`);
      if (issue.format === "date" || issue.format === "datetime") return t(`${v}.date`);
      return t(`${v}.format`);
    case "invalid_value":
      return t(`${v}.choose`);
    case "invalid_union": {
      // a field that may be empty or an address: the message of the branch that says most
      const branches = (issue.errors ?? []).flat();
      const best = branches.find((i) => /^[a-z]+\.[a-zA-Z.]+$/.test(i.message)) ?? branches.find((i) => i.code !== "invalid_value");
      return best ? issueMessage(t, { ...best, path: issue.path } as z.core.$ZodIssue, input) : t(`${v}.invalid`);
    }
    case "not_multiple_of":
      return t(`${v}.multipleOf`, { n: num(t, issue.divisor) });
    default:
      return t(`${v}.invalid`);
  }
}

export function fieldErrors(t: T, issues: readonly z.core.$ZodIssue[], input: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join(".") || "_";
    if (!fields[path]) fields[path] = issueMessage(t, issue, input);
  }
  return fields;
}

export function validationError(c: Context, error: z.ZodError, input: unknown) {
  return validationFailed(fieldErrors(c.get("t"), error.issues, input));
}

/** Validates data that is already in hand (a service's own input, a page form): 400 with field messages in `t`'s language. */
export function parseInput<S extends z.ZodType>(t: T, schema: S, data: unknown): z.output<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw validationFailed(fieldErrors(t, parsed.error.issues, data));
  return parsed.data;
}

/** What a route's middleware says about its input or answer, read by the OpenAPI description (server/openapi.ts). */
export const ROUTE_SCHEMA = Symbol("routeSchema");
export type RouteSchema = { target: keyof ValidationTargets; schema: z.ZodType } | { target: "answer"; status: number; schema: z.ZodType; type: string };
export const routeSchemaOf = (h: unknown): RouteSchema | undefined => (h as { [ROUTE_SCHEMA]?: RouteSchema })?.[ROUTE_SCHEMA];

export const validate = <Target extends keyof ValidationTargets, S extends z.ZodType>(target: Target, schema: S) =>
  Object.assign(
    zValidator(target, schema, (result, c) => {
      if (!result.success) throw validationError(c as Context, result.error as unknown as z.ZodError, result.data);
    }),
    { [ROUTE_SCHEMA]: { target, schema } },
  );

/**
 * Declares a route's answer (for the OpenAPI description; checked by the tests, not at run time):
 * JSON by default; a file or a page names its media type (its schema is then a string's).
 */
export const answers = (schema: z.ZodType, status = 200, type = "application/json"): MiddlewareHandler =>
  Object.assign(async (_c: Context, next: Next) => next(), { [ROUTE_SCHEMA]: { target: "answer" as const, status, schema, type } });

/** A phone number as people type it: an optional +, then 7–20 digits, spaces, dashes and brackets. */
export const PHONE_PATTERN = /^\+?[0-9()\-\s]{7,20}$/;

/** Common field schemas with our own messages. */
export const fields = {
  email: () =>
    z
      .string({ error: "common.validation.required" })
      .trim()
      .toLowerCase()
      .min(1, "common.validation.required")
      .max(254)
      .pipe(z.email("common.validation.email")),
  name: () => z.string({ error: "common.validation.required" }).trim().min(1, "common.validation.required").max(120),
  phone: () => z.string().trim().regex(PHONE_PATTERN, "common.validation.phone"),
  text: (max = 2000) => z.string().trim().max(max),
};
