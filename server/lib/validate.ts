// Request validation: zod schemas through @hono/zod-validator, with failures answered as
// 400 {error: {code: "validation_failed", fields: {path: message}}} in the request's locale.
// A schema may name its own message as a locale key (e.g. "common.validation.email").
import { zValidator } from "@hono/zod-validator";
import type { Context, ValidationTargets } from "hono";
import { z } from "zod";
import type { T } from "../../locales";
import { validationFailed } from "./errors";

const zodLocales = { ru: z.locales.ru().localeError, en: z.locales.en().localeError };

function valueAt(data: unknown, path: PropertyKey[]): unknown {
  let v: unknown = data;
  for (const key of path) {
    if (v == null || typeof v !== "object") return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

export function fieldErrors(t: T, issues: readonly z.core.$ZodIssue[], input: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join(".") || "_";
    if (fields[path]) continue;
    // a custom issue may carry the message's parameters (e.g. which address is wrong); a length
    // check's own message gets its bound
    const params =
      issue.code === "custom"
        ? (issue.params as Record<string, string | number> | undefined)
        : issue.code === "too_big" || issue.code === "too_small"
          ? { max: Number(issue.code === "too_big" ? issue.maximum : 0), min: Number(issue.code === "too_small" ? issue.minimum : 0) }
          : undefined;
    // z.string({ error: "…required" }) lends its message to every check of the string: a value too
    // long is not a missing one (m2: a 121-character name said "Required")
    const inherited = issue.code === "too_big" && issue.message === "common.validation.required";
    const own = !inherited && /^[a-z]+\.[a-zA-Z.]+$/.test(issue.message) ? t(issue.message, params) : null;
    if (own && own !== issue.message) fields[path] = own;
    else if (issue.code === "invalid_type" && [undefined, null, ""].includes(valueAt(input, issue.path) as never)) {
      fields[path] = t("common.validation.required");
    } else if (issue.code === "too_small" && issue.origin === "string") {
      fields[path] = Number(issue.minimum) <= 1 ? t("common.validation.required") : t("common.validation.tooShort", { min: Number(issue.minimum) });
    } else if (issue.code === "too_big" && issue.origin === "string") {
      fields[path] = t("common.validation.tooLong", { max: Number(issue.maximum) });
    } else {
      const generic = zodLocales[t.locale](issue as never) as string | { message: string } | undefined;
      fields[path] = typeof generic === "string" ? generic : (generic?.message ?? t("common.validation.invalid"));
    }
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

export const validate = <Target extends keyof ValidationTargets, S extends z.ZodType>(target: Target, schema: S) =>
  zValidator(target, schema, (result, c) => {
    if (!result.success) throw validationError(c as Context, result.error as unknown as z.ZodError, result.data);
  });

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
