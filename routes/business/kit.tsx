// The business cabinet's page kit: `cabinetPage` serves one screen under both shells (the
// /business/* and /dashboard/* paths), behind the project guard, with the shell's data loaded
// through the services; plus small shared pieces (links within the same shell; notices, the
// confirmation box and the pager come from the shared kit in routes/_kit).
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { ComponentType } from "react";
import type { z } from "zod";
import type { T } from "../../locales";
import { AppError } from "../../server/lib/errors";
import { COOKIE, sessionCookieName } from "../../server/middleware/auth";
import type { GuardedEnv, SignedInContext } from "../../server/middleware/guards";
import { definePage } from "../../server/render/define";
import { usePage, type FormState } from "../../server/render/page";
import { inviteCount, listProjects, rememberProject, type Scope } from "../../server/services/business";
import { can, projectScope } from "../../server/services/business/access";
import { resolveToken } from "../../server/services/sessions";
import type { ShellData } from "../_layouts/business-nav";
import { formsAction, type PageForm, pageForm } from "../_kit/forms";

// the shared page kit (notices, confirmations, form errors), under the names the cabinet's pages import
export { Card, Confirm, ConfirmDelete, FormError, Notice, PAGE_SIZES, Pager, VersionField } from "../_kit";

export type CabinetCtx = Context<GuardedEnv<["project"]>>;

/** One form of a cabinet screen (the shared page kit's form, with the project's scope). */
export type CabinetForm<S extends z.ZodType = z.ZodType> = PageForm<Scope, CabinetCtx, S>;

/** A form of a screen, typed by its schema (an object literal in `forms` would lose the input's type). */
export const cabinetForm = <S extends z.ZodType>(form: CabinetForm<S>): CabinetForm => pageForm(form);
export type WithShell<D> = D & { shell: ShellData };

/** In the demo: whether someone is signed in behind it, and with a business account or not. */
async function demoBehind(c: Context, scope: Scope): Promise<ShellData["demoBehind"]> {
  if (!scope.demo) return null;
  const token = getCookie(c, sessionCookieName(c, COOKIE.token));
  const own = token ? await resolveToken(scope.db, token) : null;
  if (!own || !own.user.isActive || own.session.kind !== "normal") return "visitor";
  return own.user.isBusiness ? "business" : "private";
}

async function shellData(c: Context, scope: Scope): Promise<ShellData> {
  const named = Boolean(c.req.query("project"));
  if (named && scope.role !== "admin") await rememberProject(scope, scope.project.id);
  const [projects, counts, behind] = await Promise.all([listProjects(scope), inviteCount(scope.db, scope.project), demoBehind(c, scope)]);
  return {
    // the demo account has a company per language: only the one of the page's language is offered
    projects: projects.filter((p) => !scope.demo || p._id === scope.project.id).map((p) => ({ _id: p._id, name: p.name })),
    project: { _id: scope.project.id, name: scope.project.name, inviteBalance: scope.project.inviteBalance },
    role: scope.role,
    isBusiness: scope.user.isBusiness,
    demo: scope.demo,
    demoBehind: behind,
    named,
    pendingInvites: counts.pending,
    freeInvites: counts.free,
    reservedInvites: counts.reserved,
    integrations: can(scope, "billing") && !scope.demo,
  };
}

/** The shell for a page outside the project guard (the Begin page): null when the person has no
 * project to work in yet (before activating a business account). */
export async function optionalShell(c: SignedInContext): Promise<ShellData | null> {
  try {
    return await shellData(c, await projectScope(c.get("scope"), c.req.query("project") ?? c.req.header("project")));
  } catch (e) {
    if (e instanceof AppError && e.status < 500) return null;
    throw e;
  }
}

export function cabinetPage<D>(def: {
  /** The screen's paths in both shells, e.g. ["/business/employees", "/dashboard/employees"]. */
  path: string[];
  params?: z.ZodType;
  title: (t: T, data: WithShell<D>) => string;
  load: (c: CabinetCtx, scope: Scope) => Promise<D | Response>;
  Component: ComponentType<{ data: WithShell<D> }>;
  /** the screen's forms by their `_form` name (routes/_kit/forms.ts) */
  forms?: Record<string, CabinetForm>;
  /** a POST the forms do not cover */
  action?: (c: CabinetCtx, scope: Scope) => Promise<Response | FormState>;
}) {
  return definePage({
    path: def.path,
    guards: ["project"],
    params: def.params,
    load: async (c) => {
      const scope = c.get("scope");
      const [shell, data] = await Promise.all([shellData(c, scope), def.load(c, scope)]);
      if (data instanceof Response) return data;
      return { ...data, shell } as WithShell<D>;
    },
    title: def.title,
    Component: def.Component,
    action: def.forms
      ? formsAction(def.forms, { scope: (c) => c.get("scope"), finish: (c, scope, kind, to) => done(c, scope, kind, to), fallback: def.action })
      : def.action
        ? async (c) => def.action!(c, c.get("scope"))
        : undefined,
  });
}

/** The shell a page is in, for links that stay in it. */
export function useLinks() {
  const { path } = usePage();
  const dash = path.startsWith("/dashboard");
  const base = dash ? "/dashboard" : "/business";
  return {
    dash,
    home: dash ? "/dashboard" : "/business/dashboard",
    employees: `${base}/employees`,
    departments: `${base}/departments`,
    positions: `${base}/positions`,
    candidates: `${base}/candidates`,
    invites: dash ? "/dashboard/invites" : "/business/invite",
    compare: `${base}/employees/compare`,
    /** one person's business report (?employee=) */
    report: dash ? "/dashboard/report/base" : "/business/report",
    reports: "/business/reports",
    projects: dash ? "/dashboard/project" : "/business/settings/projects",
  };
}

/** After a form: back to the page (or another) in the same project, with a notice key. */
export function done(c: CabinetCtx, scope: Scope, notice: string, to?: string) {
  const url = new URL(to ?? c.req.path, "http://x");
  url.searchParams.set("project", scope.project.id);
  url.searchParams.set("done", notice);
  return c.redirect(`${url.pathname}${url.search}`, 303);
}

/**
 * A select that, after a refused post, shows what was posted only when its own form (`kind`) was the
 * one refused: two forms on a page may share a field name (the employee page's "move" and "control"
 * both have `department`), and refilling the other one would save a value nobody chose.
 */
export function Select({
  name,
  label,
  value,
  options,
  id,
  kind,
}: {
  name: string;
  label: string;
  value?: string | null;
  options: { value: string; label: string }[];
  id?: string;
  /** The form's `_form` kind; without it the select shows `value` only. */
  kind?: string;
}) {
  const { form } = usePage();
  const posted = kind && form?.kind === kind ? form.values?.[name] : undefined;
  const v = posted ?? value ?? "";
  const htmlId = id ?? (kind ? `${kind}-${name}` : name);
  return (
    <div>
      <label htmlFor={htmlId} className="label">
        {label}
      </label>
      <select id={htmlId} name={name} defaultValue={v} className="input">
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The GET form that narrows a screen (dashboard, statistics) to one department of the project. */
export function DepartmentFilter({
  id,
  projectId,
  departments,
  value,
  allLabel,
}: {
  id: string;
  projectId: string;
  departments: { _id: string; name: string }[];
  value: string;
  allLabel: string;
}) {
  const { t, path } = usePage();
  return (
    <form method="get" action={path} className="mb-4 flex flex-wrap items-end gap-2" data-testid={`${id}-filter`}>
      <input type="hidden" name="project" value={projectId} />
      <Select
        id={`${id}-department`}
        name="department"
        label={t("cabinet.employees.department")}
        value={value}
        options={[{ value: "", label: allLabel }, ...departments.map((d) => ({ value: d._id, label: d.name }))]}
      />
      <button type="submit" className="btn-secondary py-2 text-sm">
        {t("cabinet.employees.apply")}
      </button>
    </form>
  );
}

export const blankToNull = (v: Record<string, string>) => Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x === "" ? null : x]));

/** Each invitation status's colour: waiting (amber), joined (sky), done (emerald), stopped (slate). */
const INVITE_TONE: Record<string, string> = {
  Invited: "border-amber-200 bg-amber-50 text-amber-900",
  Sent: "border-amber-200 bg-amber-50 text-amber-900",
  Accepted: "border-sky-200 bg-sky-50 text-sky-900",
  "completed test": "border-emerald-200 bg-emerald-50 text-emerald-900",
  "pending activation": "border-violet-200 bg-violet-50 text-violet-900",
  "no action": "border-slate-200 bg-slate-50 text-slate-700",
};

/**
 * An invitation's status as a chip that says what it means on hover (the invite page's legend
 * says it for phones). It never breaks inside, so a row wraps between chips, not through one.
 */
export function InviteStatusChip({ status }: { status: string }) {
  const { t } = usePage();
  const key = status.replace(/ /g, "_");
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium leading-5 ${INVITE_TONE[status] ?? INVITE_TONE["no action"]}`}
      title={t(`followup.invites.statusText.${key}`)}
      data-invite-status={status}
    >
      {t(`cabinet.invites.status.${key}`)}
    </span>
  );
}
