// The business cabinet's page kit: `cabinetPage` serves one screen under both shells (the
// /business/* and /dashboard/* paths), behind the project guard, with the shell's data loaded
// through the services; plus small shared pieces (links within the same shell, notices, the
// confirmation box, the pager).
import type { Context } from "hono";
import type { ComponentType, ReactNode } from "react";
import type { z } from "zod";
import type { T } from "../../locales";
import type { GuardedEnv } from "../../server/middleware/guards";
import { definePage } from "../../server/render/define";
import { usePage, type FormState } from "../../server/render/page";
import { inviteCount, listProjects, rememberProject, type Scope } from "../../server/services/business";
import type { ShellData } from "../_layouts/cabinet";

export type CabinetCtx = Context<GuardedEnv<["project"]>>;
export type WithShell<D> = D & { shell: ShellData };

async function shellData(c: CabinetCtx, scope: Scope): Promise<ShellData> {
  const named = Boolean(c.req.query("project"));
  if (named && scope.role !== "admin") await rememberProject(scope.db, scope.user, scope.project.id);
  const [projects, counts] = await Promise.all([listProjects(scope.db, scope.user), inviteCount(scope.db, scope.project)]);
  return {
    projects: projects.map((p) => ({ _id: p._id, name: p.name })),
    project: { _id: scope.project.id, name: scope.project.name, inviteBalance: scope.project.inviteBalance },
    role: scope.role,
    isBusiness: scope.user.isBusiness,
    demo: scope.demo,
    named,
    pendingInvites: counts.pending,
    freeInvites: counts.free,
    reservedInvites: counts.reserved,
  };
}

export function cabinetPage<D>(def: {
  /** The screen's paths in both shells, e.g. ["/business/employees", "/dashboard/employees"]. */
  path: string[];
  params?: z.ZodType;
  title: (t: T, data: WithShell<D>) => string;
  load: (c: CabinetCtx, scope: Scope) => Promise<D | Response>;
  Component: ComponentType<{ data: WithShell<D> }>;
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
    action: def.action ? async (c) => def.action!(c, c.get("scope")) : undefined,
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
    invites: dash ? "/dashboard/invites" : "/business/invite",
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

export function Notice() {
  const { t, url } = usePage();
  const key = url.searchParams.get("done");
  if (!key || !/^[a-zA-Z]+$/.test(key)) return null;
  return (
    <p role="status" className="mb-4 rounded-lg bg-emerald-50 p-3 text-emerald-800" data-testid="notice">
      {t(`cabinet.done.${key}`)}
    </p>
  );
}

/** A form's error line (for forms not drawn by ServerForm). */
export function FormError({ kind }: { kind: string }) {
  const { t, form } = usePage();
  if (form?.kind !== kind || !form.errors) return null;
  const fields = Object.entries(form.errors).filter(([k]) => k !== "_");
  return (
    <div role="alert" className="mb-3 rounded-lg bg-rose-50 p-3 text-sm text-rose-800" data-testid="form-error">
      <p>{form.errors._ ?? t("common.errors.validation")}</p>
      {fields.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {fields.map(([k, v]) => (
            <li key={k}>{v}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A delete button behind a confirmation that says what will happen (no script: <details>). */
export function ConfirmDelete({
  kind,
  label,
  consequence,
  confirm,
  hidden,
}: {
  kind: string;
  label: string;
  consequence: string;
  confirm: string;
  hidden?: Record<string, string>;
}) {
  return (
    <details className="rounded-xl border border-rose-200 bg-rose-50 p-4" data-testid={`confirm-${kind}`}>
      <summary className="cursor-pointer font-semibold text-rose-800">{label}</summary>
      <form method="post" className="mt-3 space-y-3">
        <input type="hidden" name="_form" value={kind} />
        {Object.entries(hidden ?? {}).map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <p className="text-sm text-rose-900">{consequence}</p>
        <button type="submit" className="btn bg-rose-600 text-white hover:bg-rose-700">
          {confirm}
        </button>
      </form>
    </details>
  );
}

export function Card({ title, children, testid }: { title?: string; children: ReactNode; testid?: string }) {
  return (
    <section className="card p-4 sm:p-6" data-testid={testid}>
      {title && <h2 className="mb-4 text-lg font-semibold">{title}</h2>}
      {children}
    </section>
  );
}

export function Select({
  name,
  label,
  value,
  options,
  id,
}: {
  name: string;
  label: string;
  value?: string | null;
  options: { value: string; label: string }[];
  id?: string;
}) {
  const { form } = usePage();
  const v = form?.values?.[name] ?? value ?? "";
  return (
    <div>
      <label htmlFor={id ?? name} className="label">
        {label}
      </label>
      <select id={id ?? name} name={name} defaultValue={v} className="input">
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
