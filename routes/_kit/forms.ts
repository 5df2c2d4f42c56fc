// The one way a page of either cabinet takes a no-script form. A page declares its forms by their
// `_form` name; a post runs the named one: the posted strings are shaped into the input, checked
// with the form's zod schema (the same one the API validates with), the service runs with the
// request's scope, and the page redirects, or is drawn again with the entered values and each
// field's message in the page's language (a 4xx, see server/lib/forms.ts). The business cabinet
// (routes/business/kit.tsx `cabinetPage`) and the back-office (routes/manager/kit.tsx
// `managerPage`) differ only in their scope and where a form goes when it says nothing.
import type { Context } from "hono";
import type { z } from "zod";
import { AppError } from "../../server/lib/errors";
import { blankAsMissing, formValues, submitForm } from "../../server/lib/forms";
import { parseInput } from "../../server/lib/validate";
import type { FormState } from "../../server/render/page";

/** One form of a page: its schema, how posted strings map to its input, and what it does. */
export interface PageForm<Sc, C extends Context, S extends z.ZodType = z.ZodType> {
  schema: S;
  /**
   * Posted strings → the schema's input (default: an empty field is an absent one). `c` is there
   * for what is not a string (an uploaded file).
   */
  shape?: (values: Record<string, string>, c: C, scope: Sc) => unknown | Promise<unknown>;
  /**
   * A save refused because the record changed since the form was made (409) shows the form again
   * with these values, the record as it is now (with its `_version`).
   */
  current?: (scope: Sc, c: C) => Promise<Record<string, string>>;
  /**
   * Runs before the form is read: what it refuses (a record that is not the person's, 404) is the
   * error page, as the API answers, not a message on the form.
   */
  admit?: (scope: Sc, values: Record<string, string>, c: C) => Promise<void>;
  /**
   * Runs it with the checked input and the posted strings (a hidden `_version`, a confirmation's
   * step). A Response is sent as it is; a form state draws the page again in it (a server-side
   * confirmation's question); a string is where to go; nothing → the page kit's default (the same
   * page with `?done=<form>`).
   */
  run(scope: Sc, input: z.output<S>, c: C, values: Record<string, string>): Promise<Response | FormState | string | void>;
}

export type PageForms<Sc, C extends Context> = Record<string, PageForm<Sc, C>>;

/** A form typed by its schema (an object literal in a `forms` map would lose the input's type). */
export const pageForm = <Sc, C extends Context, S extends z.ZodType>(form: PageForm<Sc, C, S>): PageForm<Sc, C> => form as unknown as PageForm<Sc, C>;

/**
 * The action of a page with `forms`: the posted `_form` picks one, an unknown one is a 400 (or the
 * page's own `fallback`, for a POST no form describes).
 */
export function formsAction<Sc, C extends Context>(
  forms: PageForms<Sc, C>,
  page: {
    scope: (c: C) => Sc;
    /** where a form that returned nothing or a path goes, with its notice */
    finish: (c: C, scope: Sc, kind: string, to: string | undefined) => Response;
    fallback?: (c: C, scope: Sc) => Promise<Response | FormState>;
    /** the form a post without `_form` runs (a page whose one form's fields are not ours to name) */
    unnamed?: string;
  },
): (c: C) => Promise<Response | FormState> {
  return async (c) => {
    const scope = page.scope(c);
    const posted = (await c.req.parseBody())._form;
    const kind = typeof posted === "string" ? posted : (page.unnamed ?? "");
    const form = Object.hasOwn(forms, kind) ? forms[kind]! : undefined;
    if (!form) {
      if (page.fallback) return page.fallback(c, scope);
      throw new AppError(400, "bad_request", "errors.badRequest");
    }
    if (form.admit) await form.admit(scope, await formValues(c), c);
    return submitForm(
      c,
      kind,
      async (values) => {
        const strings = values as Record<string, string>;
        const input = parseInput(c.get("t"), form.schema, await (form.shape ?? blankAsMissing)(strings, c, scope));
        const res = await form.run(scope, input, c, strings);
        if (res instanceof Response || (res && typeof res === "object")) return res;
        return page.finish(c, scope, kind, res ?? undefined);
      },
      // the form's own `shape` runs inside, where its refusals are caught too
      (values) => values,
      { current: form.current ? () => form.current!(scope, c) : undefined },
    );
  };
}
