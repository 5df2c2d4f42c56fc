// The forms of a resource's detail and create pages, made from its declaration and run by the one
// pipeline (routes/_kit/forms.ts, through `managerPage`): the edit form (checked with the form's
// schema, saved with its version: a stale save is refused with the record's current values) and
// the declared actions (their input checked, run with the manager's scope, the outcome's session
// set as a cookie for a masquerade). A 4xx comes back as the form's messages; anything else propagates.
import { createResource, findRow, updateResource, type ResourceDef } from "../../../server/admin/resource";
import { isStale } from "../../../server/lib/versions";
import { z } from "zod";
import { AppError, translateFields } from "../../../server/lib/errors";
import { postedVersion } from "../../../server/lib/forms";
import { withDone } from "../../../server/lib/notice";
import { setSessionCookies } from "../../../server/lib/http";
import { fieldErrors } from "../../../server/lib/validate";
import type { FormState } from "../../../server/render/page";
import { type ManagerCtx, type ManagerForm, managerForm } from "../kit";
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
  const base = id ? await findRow(c.get("scope").db, def, id) : {};
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

/**
 * A declared form as posted: its fields read (a file that cannot be read is the form's own error),
 * shaped and checked with its schema, every field's message at once when it fails. `id`: the record
 * an edit is of (its rules then hold only what changes), null for a create.
 */
async function readDeclared(
  c: ManagerCtx,
  def: ResourceDef,
  form: { fields: Parameters<typeof postedValues>[1]; schema: z.ZodObject },
  kind: string,
  posted: Record<string, string>,
  id: string | null,
): Promise<{ failed: FormState } | { values: Record<string, string>; data: Record<string, unknown> }> {
  let values: Record<string, string>;
  try {
    values = await postedValues(c, form.fields);
  } catch (e) {
    return { failed: formError(c, e, kind, posted) };
  }
  const input = formInput(form.fields, values);
  const parsed = form.schema.safeParse(input);
  if (!parsed.success) return { failed: { kind, values, errors: await allFieldErrors(c, def, form.schema, parsed.error.issues, input, id) } };
  return { values, data: parsed.data as Record<string, unknown> };
}

/** Where a record's forms come back to: its page. */
const recordPath = (def: ResourceDef, c: ManagerCtx) => `/manager/${def.pagePath}/${c.req.param("id")!}`;

/** The edit form of a record's page: the declaration's fields and schema, saved with the version it was made from. */
function editForm(def: ResourceDef, form: NonNullable<ResourceDef["form"]>): ManagerForm {
  return managerForm({
    schema: z.object({}),
    run: async (scope, _input, c, posted) => {
      const id = c.req.param("id")!;
      const read = await readDeclared(c, def, form, "edit", posted, id);
      // a rule that asks a question (a used code renamed) brings the form back as a step, not an error
      if ("failed" in read) return asQuestion(form.fields, read.failed);
      const { values } = read;
      try {
        await updateResource(scope, def, id, read.data, { version: postedVersion(values) });
      } catch (e) {
        // changed since the form was shown: the pipeline shows the form again with what the record is now
        if (isStale(e)) throw e;
        return asQuestion(form.fields, formError(c, e, "edit", values));
      }
      return withDone(recordPath(def, c), "saved");
    },
    current: async (scope, c) => currentAsPosted(def, await findRow(scope.db, def, c.req.param("id")!)),
  });
}

/** One of the record's declared actions: its input checked, run with the manager's scope, the outcome's session set as a cookie (a masquerade). */
function actionForm(def: ResourceDef, kind: string, action: NonNullable<ResourceDef["actions"]>[string]): ManagerForm {
  return managerForm({
    schema: z.object({}),
    run: async (scope, _input, c, posted) => {
      const id = c.req.param("id")!;
      let values: Record<string, string>;
      try {
        values = await postedValues(c, []);
      } catch (e) {
        return formError(c, e, kind, posted);
      }
      // the record changed since the page was shown (a review approved meanwhile): said, not run
      if (action.when && !(await action.when(def.toDoc(await findRow(c.get("scope").db, def, id)), c.get("scope").db)))
        return { kind: "action", values: {}, errors: { _: c.get("t")("manager.errors.notApplicable") } };
      let input: Record<string, unknown> = {};
      if (action.input) {
        const raw = formInput(action.input.fields, values);
        const parsed = action.input.schema.safeParse(raw);
        if (!parsed.success) return { kind, values, errors: fieldErrors(c.get("t"), parsed.error.issues, raw) };
        input = parsed.data as Record<string, unknown>;
      }
      try {
        const res = await action.run(scope, id, input);
        if (res?.session) setSessionCookies(c, res.session.token, res.session.userId, res.session.cookie);
        return res?.redirect ?? withDone(recordPath(def, c), res?.notice ?? kind);
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
    },
  });
}

/**
 * A record page's forms, from its declaration: `edit` (when it has an edit form) and each of its
 * declared actions by name (own names only: never `constructor` and its kin).
 */
export function recordForms(def: ResourceDef): Record<string, ManagerForm> {
  const forms: Record<string, ManagerForm> = {};
  for (const [name, action] of Object.entries(def.actions ?? {})) forms[name] = actionForm(def, name, action);
  if (def.form) forms.edit = editForm(def, def.form);
  return forms;
}

/** The create page's one form: checked with the declaration's create schema, stored, then the new record's page. */
export function createForms(def: ResourceDef): Record<string, ManagerForm> {
  const create = def.create!;
  return {
    create: managerForm({
      schema: z.object({}),
      run: async (scope, _input, c, posted) => {
        const read = await readDeclared(c, def, create, "create", posted, null);
        if ("failed" in read) return read.failed;
        const { values } = read;
        try {
          const id = await createResource(scope, def, read.data);
          return withDone(`/manager/${def.pagePath}/${id}`, "saved");
        } catch (e) {
          return formError(c, e, "create", values);
        }
      },
    }),
  };
}
