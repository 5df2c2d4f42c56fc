// The back-office's page kit (as routes/business/kit.tsx's `cabinetPage` is the cabinet's):
// `managerPage` gives a screen the admin guard, the manager's scope, the layout with the side bar
// (its entries from the resource declarations, with the work-queue counts) and the no-script form
// pipeline: a posted `_form` names one of the screen's forms, its fields are checked with the
// form's zod schema (per-field messages in the page's language), the back-office function runs with
// the scope, and the page redirects (by default to itself with `?done=<form>`), or shows the form
// again with the entered values and messages on a 4xx. Screens call server/admin functions, never
// the database.
import type { Context } from "hono";
import type { ComponentType, ReactNode } from "react";
import { z } from "zod";
import type { T } from "../../locales";
import { managerNav, type ManagerNav, type WorkQueues } from "../../server/admin/nav";
import { workQueues } from "../../server/admin/overview";
import { idSchema } from "../../server/lib/ids";
import type { GuardedEnv } from "../../server/middleware/guards";
import { definePage } from "../../server/render/define";
import { usePage, type FormState } from "../../server/render/page";
import type { ManagerScope } from "../../server/scope";
import { CabinetLayout } from "../_layouts/cabinet";
import { formsAction, type PageForm, pageForm } from "../_kit/forms";

export type ManagerCtx = Context<GuardedEnv<["admin"]>>;
export const idParams = z.object({ id: idSchema() });

/** One form of a screen (the shared page kit's form, with the manager's scope). */
export type ManagerForm<S extends z.ZodType = z.ZodType> = PageForm<ManagerScope, ManagerCtx, S>;

/** A form of a screen, typed by its schema (an object literal in `forms` would lose the input's type). */
export const managerForm = <S extends z.ZodType>(form: ManagerForm<S>): ManagerForm => pageForm(form);

export interface ManagerShell {
  nav: ManagerNav;
}
export type WithShell<D> = { page: D; shell: ManagerShell };

export function managerPage<D>(def: {
  path: string | string[];
  params?: z.ZodType;
  title: (t: T, data: D) => string;
  /** `queues`: the work queues' counts the side bar shows, read once for the page (the main page lists them too) */
  load?: (c: ManagerCtx, scope: ManagerScope, shared: { queues: Promise<WorkQueues> }) => Promise<D | Response> | D;
  Component: ComponentType<{ data: D }>;
  /** above the heading (a notice that concerns the whole screen) */
  banner?: (data: D) => ReactNode;
  /** the screen's forms by their `_form` name */
  forms?: Record<string, ManagerForm>;
  /** a POST the forms do not cover (a streamed answer, a form of its own making) */
  action?: (c: ManagerCtx, scope: ManagerScope) => Promise<Response | FormState>;
}) {
  const Component = def.Component;
  return definePage({
    path: def.path,
    guards: ["admin"],
    params: def.params,
    load: async (c): Promise<WithShell<D> | Response> => {
      const scope = c.get("scope");
      const queues = workQueues(scope.db);
      const [nav, page] = await Promise.all([queues.then((q) => managerNav(q, scope.user)), def.load ? def.load(c, scope, { queues }) : (undefined as D)]);
      if (page instanceof Response) return page;
      return { page, shell: { nav } };
    },
    title: (t, data) => def.title(t, data.page),
    Component: ({ data }) => {
      const { t } = usePage();
      return (
        <CabinetLayout kind="manager" title={def.title(t, data.page)} nav={data.shell.nav} banner={def.banner?.(data.page)}>
          <Component data={data.page} />
        </CabinetLayout>
      );
    },
    action: formsAction(def.forms ?? {}, {
      scope: (c) => c.get("scope"),
      finish: (c, _scope, kind, to) => c.redirect(to ?? `${c.req.path}?done=${encodeURIComponent(kind)}`, 303),
      fallback: def.action,
    }),
  });
}
