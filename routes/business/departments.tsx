// Departments: the tree with supervisors and head counts, a create form, and the detail (edit
// name, parent, supervisor; its people; delete with a confirmation that says where its employees
// go). Served at /business/departments[/{id}] and /dashboard/departments[/{id}].
import { z } from "zod";
import { postedVersion } from "../../server/lib/forms";
import { ServerForm } from "../_blocks/blocks";
import { usePage } from "../../server/render/page";
import {
  can,
  createDepartment,
  deleteDepartment,
  deletePreview,
  departmentSchema,
  employeeListSchema,
  getDepartment,
  indented,
  inTreeOrder,
  listDepartments,
  listEmployees,
  updateDepartment,
  versionOf,
} from "../../server/services/business";
import { BusinessShell } from "../_layouts/cabinet";
import { blankToNull, Card, cabinetForm, cabinetPage, ConfirmDelete, done, Notice, useLinks, VersionField, type WithShell } from "./kit";
import { ID_PARAM, idSchema, withoutTrailingId } from "../../server/lib/ids";

type Dep = Awaited<ReturnType<typeof listDepartments>>[number];
type Person = { _id: string; name: string };

/** Departments in tree order with their depth. */
function treeOrder(list: Dep[]) {
  const out: { d: Dep; depth: number }[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const d of list.filter((x) => (x.parent?._id ?? null) === parent || (parent === null && x.parent && !list.some((y) => y._id === x.parent!._id)))) {
      if (out.some((o) => o.d._id === d._id)) continue;
      out.push({ d, depth });
      walk(d._id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

function DepartmentFields({
  kind,
  deps,
  people,
  value,
  submit,
  exclude,
  version,
}: {
  kind: string;
  deps: Dep[];
  people: Person[];
  value?: { name: string; parent: string; supervisor: string };
  submit: string;
  exclude?: string;
  /** an edit form's version (none for the create form) */
  version?: string | null;
}) {
  const { t } = usePage();
  return (
    <ServerForm
      kind={kind}
      submit={submit}
      fields={[
        { name: "name", label: t("cabinet.departments.name"), required: true, value: value?.name, maxLength: 120 },
        {
          name: "parent",
          label: t("cabinet.departments.parent"),
          type: "select",
          value: value?.parent,
          options: [
            { value: "", label: t("cabinet.departments.noParent") },
            // indented by the tree, so a sub-department reads as one
            ...inTreeOrder(deps)
              .filter((d) => d._id !== exclude)
              .map((d) => ({ value: d._id, label: indented(d) })),
          ],
        },
        {
          name: "supervisor",
          label: t("cabinet.employees.supervisor"),
          type: "select",
          value: value?.supervisor,
          options: [{ value: "", label: t("cabinet.employees.none") }, ...people.map((p) => ({ value: p._id, label: p.name }))],
        },
      ]}
    >
      {version !== undefined && <VersionField kind={kind} version={version} />}
    </ServerForm>
  );
}

type ListData = { departments: Dep[]; people: Person[]; canEdit: boolean };

function DepartmentList({ data }: { data: WithShell<ListData> }) {
  const { t } = usePage();
  const links = useLinks();
  return (
    <BusinessShell shell={data.shell} title={t("cabinet.nav.business.departments")}>
      <Notice />
      <div className="grid gap-4 lg:grid-cols-2">
        <Card testid="department-list">
          {data.departments.length === 0 ? (
            <p className="text-slate-600">{t("cabinet.departments.empty")}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {treeOrder(data.departments).map(({ d, depth }) => (
                <li key={d._id} className="flex flex-wrap items-baseline justify-between gap-2 py-2" style={{ paddingLeft: `${depth * 1.25}rem` }}>
                  <a href={`${links.departments}/${d._id}`} className="font-medium text-brand-700 hover:underline" data-department={d._id}>
                    {d.name}
                  </a>
                  <span className="text-sm text-slate-500">
                    {t("cabinet.departments.people", { n: d.employees })}
                    {d.supervisor ? ` · ${d.supervisor.name}` : ""}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        {data.canEdit && (
          <Card title={t("cabinet.departments.create")}>
            <DepartmentFields kind="department" deps={data.departments} people={data.people} submit={t("cabinet.departments.create")} />
          </Card>
        )}
      </div>
    </BusinessShell>
  );
}

async function people(scope: Parameters<typeof listEmployees>[0]) {
  return (await listEmployees(scope, employeeListSchema.parse({}))).docs.map((e) => ({ _id: e._id, name: e.name }));
}

const formShape = (v: Record<string, string>) => blankToNull(v);

export const departmentsPage = cabinetPage<ListData>({
  path: ["/business/departments", "/dashboard/departments"],
  title: (t) => t("cabinet.nav.business.departments"),
  load: async (_c, scope) => {
    const [departments, staff] = await Promise.all([listDepartments(scope), people(scope)]);
    return { departments, people: staff, canEdit: can(scope, "structure") && !scope.demo };
  },
  Component: DepartmentList,
  forms: {
    department: cabinetForm({
      schema: departmentSchema,
      shape: formShape,
      run: async (scope, input, c) => {
        await createDepartment(scope, input);
        return done(c, scope, "departmentCreated");
      },
    }),
  },
});

type DetailData = {
  department: Awaited<ReturnType<typeof getDepartment>>;
  departments: Dep[];
  people: Person[];
  preview: Awaited<ReturnType<typeof deletePreview>>;
  /** the edit form's version (server/services/business/versions.ts) */
  version: string | null;
  canEdit: boolean;
};

/** A department as its edit form shows it. */
const asForm = (d: { name: string; parent: { _id: string } | null; supervisor: { _id: string } | null }) => ({
  name: d.name,
  parent: d.parent?._id ?? "",
  supervisor: d.supervisor?._id ?? "",
});

function DepartmentDetail({ data }: { data: WithShell<DetailData> }) {
  const { t } = usePage();
  const links = useLinks();
  const d = data.department;
  const p = data.preview;
  const consequence =
    p.employees === 0
      ? t("cabinet.departments.deleteEmpty")
      : p.movesTo
        ? t("cabinet.departments.deleteMoves", { n: p.employees, to: p.movesTo.name })
        : t("cabinet.departments.deleteUnassigns", { n: p.employees });
  return (
    <BusinessShell shell={data.shell} title={d.name}>
      <Notice />
      <p className="mb-4">
        <a href={links.departments} className="text-sm text-brand-700 hover:underline">
          ← {t("cabinet.nav.business.departments")}
        </a>
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title={t("cabinet.departments.staff")} testid="department-staff">
          {d.staff.length === 0 ? (
            <p className="text-slate-600">{t("cabinet.departments.noStaff")}</p>
          ) : (
            <ul className="space-y-1">
              {d.staff.map((s) => (
                <li key={s._id}>
                  <a href={`${links.employees}/${s._id}`} className="text-brand-700 hover:underline">
                    {s.name}
                  </a>
                </li>
              ))}
            </ul>
          )}
          {d.children.length > 0 && (
            <>
              <h3 className="mb-2 mt-4 font-semibold">{t("cabinet.departments.children")}</h3>
              <ul className="space-y-1">
                {d.children.map((c) => (
                  <li key={c._id}>
                    <a href={`${links.departments}/${c._id}`} className="text-brand-700 hover:underline">
                      {c.name}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Card>
        {data.canEdit && (
          <Card title={t("cabinet.departments.edit")}>
            <DepartmentFields
              kind="department"
              deps={data.departments}
              people={data.people}
              exclude={d._id}
              value={asForm(d)}
              submit={t("cabinet.save")}
              version={data.version}
            />
          </Card>
        )}
      </div>
      {data.canEdit && (
        <div className="mt-6">
          <ConfirmDelete kind="delete" label={t("cabinet.departments.delete")} consequence={consequence} confirm={t("cabinet.departments.deleteConfirm")} />
        </div>
      )}
    </BusinessShell>
  );
}

export const departmentPage = cabinetPage<DetailData>({
  path: [`/business/departments/${ID_PARAM}`, `/dashboard/departments/${ID_PARAM}`],
  params: z.object({ id: idSchema() }),
  title: (_t, d) => d.department.name,
  load: async (c, scope) => {
    const id = c.req.param("id")!;
    const [department, departments, staff, preview] = await Promise.all([
      getDepartment(scope, id),
      listDepartments(scope),
      people(scope),
      deletePreview(scope, id),
    ]);
    const version = await versionOf(scope.db, "department", id);
    return { department, departments, people: staff, preview, version, canEdit: can(scope, "structure") && !scope.demo };
  },
  Component: DepartmentDetail,
  forms: {
    delete: cabinetForm({
      schema: z.object({}),
      run: async (scope, _input, c) => {
        await deleteDepartment(scope, c.req.param("id")!);
        return done(c, scope, "departmentDeleted", withoutTrailingId(c.req.path));
      },
    }),
    department: cabinetForm({
      schema: departmentSchema,
      shape: formShape,
      // changed by someone else since the form was made: the form again with what it is now
      current: async (scope, c) => {
        const id = c.req.param("id")!;
        return { ...asForm(await getDepartment(scope, id)), _version: (await versionOf(scope.db, "department", id)) ?? "" };
      },
      run: async (scope, input, c, values) => {
        await updateDepartment(scope, c.req.param("id")!, input, { version: postedVersion(values) });
        return done(c, scope, "saved");
      },
    }),
  },
});
