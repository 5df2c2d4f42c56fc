// The consumer site's page kit (as routes/business/kit.tsx's `cabinetPage` is the cabinet's): a
// page of a signed-in person (`personPage`) or of anyone (`visitorPage`) declares its no-script
// forms as a `forms` map, run by the one pipeline of routes/_kit/forms.ts. The scope is the
// request's: the person's (behind the sign-in guard) or a visitor's. A form that returns nothing
// comes back to the same page (its query kept) with `?done=<form>` (server/lib/notice.ts); one
// that returns a path goes there as it is (it names its own notice with `withDone`, or none).
import type { Context } from "hono";
import type { z } from "zod";
import { withDone } from "../../server/lib/notice";
import type { GuardedEnv, SignedInContext } from "../../server/middleware/guards";
import { definePage, type PageDef } from "../../server/render/define";
import type { Scope, UserScope } from "../../server/scope";
import { formsAction, type PageForm, pageForm } from "./forms";

/** One form of a signed-in person's page. */
export type PersonForm<S extends z.ZodType = z.ZodType> = PageForm<UserScope, SignedInContext, S>;
/** A person's form, typed by its schema (an object literal in `forms` would lose the input's type). */
export const personForm = <S extends z.ZodType>(form: PersonForm<S>): PersonForm => pageForm(form);

/** One form of a page anyone may open (no one is signed in for it). */
export type VisitorForm<S extends z.ZodType = z.ZodType> = PageForm<Scope, Context, S>;
export const visitorForm = <S extends z.ZodType>(form: VisitorForm<S>): VisitorForm => pageForm(form);

/** Back to the page the form was on, its query kept, with the form's notice; or where the form said. */
const finish = (c: Context, _scope: unknown, kind: string, to: string | undefined) => {
  const url = new URL(c.req.url);
  return c.redirect(to ?? withDone(url.pathname + url.search, kind), 303);
};

type PersonPageDef<D> = Omit<PageDef<D, ["auth"]>, "guards" | "action"> & {
  forms?: Record<string, PersonForm>;
  /** the form a post without `_form` runs: the payment sandbox's buttons post what a provider's page would */
  unnamed?: string;
};

/** A page behind the sign-in guard, its forms run with the person's scope. */
export function personPage<D = undefined>({ forms, unnamed, ...def }: PersonPageDef<D>): PageDef<D, ["auth"]> {
  return definePage<D, ["auth"]>({
    ...def,
    guards: ["auth"],
    action: forms ? formsAction<UserScope, Context<GuardedEnv<["auth"]>>>(forms, { scope: (c) => c.get("scope"), finish, unnamed }) : undefined,
  });
}

type VisitorPageDef<D> = Omit<PageDef<D, []>, "guards" | "action"> & { forms?: Record<string, VisitorForm> };

/** A page without a guard (anyone may open it), its forms run with the request's scope. */
export function visitorPage<D = undefined>({ forms, ...def }: VisitorPageDef<D>): PageDef<D, []> {
  return definePage<D, []>({ ...def, action: forms ? formsAction<Scope, Context>(forms, { scope: (c) => c.get("scope"), finish }) : undefined });
}
