// No-script page forms: read the posted fields, validate with the same zod schema as the API,
// run the service, and either redirect or hand back the form state for the page to show again.
import type { Context } from "hono";
import type { z } from "zod";
import type { FormState } from "../render/page";
import { AppError, errorMessage, translateFields } from "./errors";
import { parseInput } from "./validate";
import { isStale } from "./versions";

export interface FormOptions {
  /**
   * A save refused because the record changed since the form was made (409, server/lib/versions.ts)
   * shows the form again with the record's current values, as the form posts them and with their
   * `_version`. Without it the form's own values are dropped: a page whose fields fall back to what
   * its loader read (and `VersionField` to the version it read) shows the current record.
   */
  current?: () => Promise<Record<string, string>>;
}

/** The version a posted form was made from (its hidden `_version`), if any. */
export const postedVersion = (values: Record<string, unknown>) => (typeof values._version === "string" && values._version ? values._version : null);

export async function formValues(c: Context): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  return Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => typeof e[1] === "string"));
}

/** The default mapping of posted strings to a schema's input: an empty field is an absent one. */
export const blankAsMissing = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === "" ? undefined : v]));

/**
 * Runs `run` on the posted form. A 4xx AppError it throws (a failed validation included) comes
 * back as the form's state with the messages in the page's language; anything else propagates.
 */
export async function submitForm(
  c: Context,
  kind: string,
  run: (input: unknown) => Promise<Response | FormState>,
  /** Maps posted strings to the input's shape (checkboxes → booleans, "" → undefined…). */
  shape: (values: Record<string, string>) => unknown = blankAsMissing,
  opts: FormOptions = {},
): Promise<Response | FormState> {
  const values = await formValues(c);
  try {
    return await run(shape(values));
  } catch (e) {
    if (!(e instanceof AppError) || e.status >= 500) throw e;
    if (isStale(e)) return staleForm(c, kind, opts.current ? await opts.current() : {});
    return { kind, values, errors: e.fields ? translateFields(c.get("t"), e.fields) : { _: errorMessage(c.get("t"), e) } };
  }
}

/**
 * A save refused because the record changed since the form was shown (server/lib/versions.ts):
 * nothing was saved; the form again with the record as it is now (its version included) and the
 * message saying so, as 409. Every edit form of both cabinets and the back-office answers this way.
 */
export const staleForm = (c: Context, kind: string, current: Record<string, string> = {}): FormState => ({
  kind,
  values: current,
  errors: { _: c.get("t")("common.errors.stale") },
  status: 409,
});

export async function handleForm<S extends z.ZodType>(
  c: Context,
  kind: string,
  schema: S,
  run: (data: z.output<S>) => Promise<Response>,
  shape?: (values: Record<string, string>) => unknown,
  opts?: FormOptions,
): Promise<Response | FormState> {
  return submitForm(c, kind, (input) => run(parseInput(c.get("t"), schema, input)), shape, opts);
}
