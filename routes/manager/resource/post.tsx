// What a resource's detail and create pages do with a post: the edit form (checked with the form's
// schema, saved with its version: a stale save is refused with the record's current values) and
// the declared actions (their input checked, run with the manager's scope, the outcome's session
// set as a cookie for a masquerade). A 4xx comes back as the form's messages; anything else propagates.
import { createResource, findRow, updateResource, type ResourceDef } from "../../../server/admin/resource";
import { isStale } from "../../../server/lib/versions";
import type { z } from "zod";
import { AppError, translateFields } from "../../../server/lib/errors";
import { formValues, staleForm } from "../../../server/lib/forms";
import { withDone } from "../../../server/lib/notice";
import { setSessionCookies } from "../../../server/lib/http";
import { fieldErrors } from "../../../server/lib/validate";
import type { FormState } from "../../../server/render/page";
import type { ManagerCtx } from "../kit";
import { asQuestion, currentAsPosted, formInput, postedValues } from "./form";

/** A 4xx the service threw → the form shown again with its field messages (anything else propagates). */
export function formError(c: ManagerCtx, e: unknown, kind: string, values: Record<string, string>): FormState {
  if (!(e instanceof AppError) || e.status >= 500) throw e;
  return {
    kind,
    values,
    errors: e.fields
      ? translateFields(c.get("t"), e.fields)
      : { _: c.get("t")(e.messageKey.includes(".") && !e.messageKey.startsWith("errors.") ? e.messageKey : `common.${e.messageKey}`) },
  };
}

/**
 * The schema's messages and, in the same answer, the rules of the form's `check` for the fields that
 * did pass (a coupon's code, uses and expiry all wrong are all said at once, not in two
 * rounds). A rule that needs a field that failed stays for the next submit.
 */
async function allFieldErrors(
  c: ManagerCtx,
  def: ResourceDef,
  schema: z.ZodObject,
  issues: readonly z.core.$ZodIssue[],
  input: Record<string, unknown>,
  id: string | null,
): Promise<Record<string, string>> {
  const t = c.get("t");
  const errors = fieldErrors(t, issues, input);
  const check = def.form?.check;
  if (!check) return errors;
  const good: Record<string, unknown> = {};
  for (const [k, field] of Object.entries(schema.shape)) {
    if (errors[k] || input[k] === undefined) continue;
    const one = (field as z.ZodType).safeParse(input[k]);
    if (one.success && one.data !== undefined) good[k] = one.data;
  }
  const scope = c.get("scope");
  const columns = def.form?.toColumns ? def.form.toColumns(good, scope) : good;
  const base = id ? await findRow(c.get("deps").db, def, id) : {};
  try {
    // on an edit, as on a save, only what changes is held to the rules
    const changed = Object.keys(columns).filter((k) => !id || JSON.stringify((base as Record<string, unknown>)[k]) !== JSON.stringify(columns[k]));
    await check(scope, { ...base, ...columns }, { id, fields: new Set(changed) });
  } catch (e) {
    if (!(e instanceof AppError) || !e.fields) return errors;
    for (const [k, v] of Object.entries(translateFields(t, e.fields))) errors[k] ??= v;
  }
  return errors;
}

export async function handleResourcePost(c: ManagerCtx, def: ResourceDef, id: string): Promise<Response | FormState> {
  const kind = (await formValues(c))._form ?? "";
  const back = `/manager/${def.pagePath}/${id}`;
  let values: Record<string, string>;
  try {
    values = await postedValues(c, kind === "edit" && def.form ? def.form.fields : []);
  } catch (e) {
    return formError(c, e, kind, await formValues(c));
  }
  if (kind === "edit" && def.form) {
    const input = formInput(def.form.fields, values);
    const parsed = def.form.schema.safeParse(input);
    // a rule that asks a question (a used code renamed) brings the form back as a step, not an error
    const fields = def.form.fields;
    if (!parsed.success) return asQuestion(fields, { kind, values, errors: await allFieldErrors(c, def, def.form.schema, parsed.error.issues, input, id) });
    try {
      await updateResource(c.get("scope"), def, id, parsed.data as Record<string, unknown>, { version: values._version || null });
    } catch (e) {
      // changed since the form was shown: nothing saved; the form again with what the record is now
      if (isStale(e)) return staleForm(c, kind, currentAsPosted(def, await findRow(c.get("deps").db, def, id)));
      return asQuestion(fields, formError(c, e, kind, values));
    }
    return c.redirect(withDone(back, "saved"), 303);
  }
  // a posted name is looked up among the record's own actions only (never `constructor` and its kin)
  const action = def.actions && Object.hasOwn(def.actions, kind) ? def.actions[kind] : undefined;
  if (!action) throw new AppError(400, "bad_request", "errors.badRequest");
  // the record changed since the page was shown (a review approved meanwhile): said, not run
  if (action.when && !(await action.when(def.toDoc(await findRow(c.get("deps").db, def, id)), c.get("deps").db)))
    return { kind: "action", values: {}, errors: { _: c.get("t")("manager.errors.notApplicable") } };
  let input: Record<string, unknown> = {};
  if (action.input) {
    const raw = formInput(action.input.fields, values);
    const parsed = action.input.schema.safeParse(raw);
    if (!parsed.success) return { kind, values, errors: fieldErrors(c.get("t"), parsed.error.issues, raw) };
    input = parsed.data as Record<string, unknown>;
  }
  try {
    const res = await action.run(c.get("scope"), id, input);
    if (res?.session) setSessionCookies(c, res.session.token, res.session.userId, res.session.cookie);
    return c.redirect(res?.redirect ?? withDone(back, res?.notice ?? kind), 303);
  } catch (e) {
    if (!(e instanceof AppError) || e.status >= 500) throw e;
    // the action's own question (whose address this is), asked in its form
    if (e.fields && action.input) {
      const asked = asQuestion(action.input.fields, formError(c, e, kind, values));
      if (asked.status === 200) return asked;
    }
    return {
      kind: "action",
      values: {},
      errors: {
        _: e.fields
          ? Object.values(e.fields)
              .map((v) => c.get("t")(v))
              .join(" ")
          : c.get("t")(e.messageKey.includes(".") && !e.messageKey.startsWith("errors.") ? e.messageKey : `common.${e.messageKey}`),
      },
    };
  }
}

/** The create form's post: checked with the declaration's create schema, stored, then the new record's page. */
export async function handleCreatePost(c: ManagerCtx, def: ResourceDef): Promise<Response | FormState> {
  const create = def.create!;
  let values: Record<string, string>;
  try {
    values = await postedValues(c, create.fields);
  } catch (e) {
    return formError(c, e, "create", await formValues(c));
  }
  const input = formInput(create.fields, values);
  const parsed = create.schema.safeParse(input);
  if (!parsed.success) return { kind: "create", values, errors: await allFieldErrors(c, def, create.schema, parsed.error.issues, input, null) };
  try {
    const id = await createResource(c.get("scope"), def, parsed.data as Record<string, unknown>);
    return c.redirect(withDone(`/manager/${def.pagePath}/${id}`, "saved"), 303);
  } catch (e) {
    return formError(c, e, "create", values);
  }
}
