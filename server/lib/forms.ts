// No-script page forms: read the posted fields, validate with the same zod schema as the API,
// run the service, and either redirect or hand back the form state for the page to show again.
import type { Context } from "hono";
import type { z } from "zod";
import type { FormState } from "../render/page";
import { AppError, translateFields } from "./errors";
import { fieldErrors } from "./validate";

export async function formValues(c: Context): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  return Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => typeof e[1] === "string"));
}

export async function handleForm<S extends z.ZodType>(
  c: Context,
  kind: string,
  schema: S,
  run: (data: z.output<S>) => Promise<Response>,
  /** Maps posted strings to the schema's input shape (checkboxes → booleans, "" → undefined…). */
  shape: (values: Record<string, string>) => unknown = (v) => Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x === "" ? undefined : x])),
): Promise<Response | FormState> {
  const values = await formValues(c);
  const input = shape(values);
  const parsed = schema.safeParse(input);
  if (!parsed.success) return { kind, values, errors: fieldErrors(c.var.t, parsed.error.issues, input) };
  try {
    return await run(parsed.data);
  } catch (e) {
    if (!(e instanceof AppError) || e.status >= 500) throw e;
    const key = e.messageKey.includes(".") && !e.messageKey.startsWith("errors.") ? e.messageKey : `common.${e.messageKey}`;
    return { kind, values, errors: e.fields ? translateFields(c.var.t, e.fields) : { _: c.var.t(key, e.params) } };
  }
}
