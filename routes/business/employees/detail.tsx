// Employee detail: indicators and format as the consent allows; moves, appointing and removing
// control, removal with confirmation. Served at /business/employees/{id} and /dashboard/employees/{id}.
import { Fragment } from "react";
import { z } from "zod";
import { postedVersion } from "../../../server/lib/forms";
import { usePage } from "../../../server/render/page";
import {
  activateManager,
  activateManagerSchema,
  checkVersion,
  moveEmployee,
  moveEmployeeSchema,
  versionOf,
  previewAppointment,
  requestRetake,
  renameEmployee,
  renameEmployeeSchema,
  can,
  createSkill,
  employeeEfficiency,
  employeeSkills,
  skillCreateSchema,
  deleteEmployee,
  getEmployee,
  indented,
  inTreeOrder,
  listDepartments,
  supervisorOptions,
  listPositions,
} from "../../../server/services/business";
import { listFormats } from "../../../server/services/formats";
import { BusinessShell } from "../../_layouts/cabinet";
import { SCALED, ScaledLabel } from "../analytics-kit";
import {
  blankToNull,
  Card,
  cabinetForm,
  cabinetPage,
  ConfirmDelete,
  done,
  FormError,
  InviteStatusChip,
  Notice,
  Select,
  useLinks,
  VersionField,
  type WithShell,
} from "../kit";
import { displayName, FormatCell, StatusBadge } from "./cells";
import { AppointConfirm, type DetailData, EmployeeAnalytics, ReliabilityBlock, TextInput } from "./detail-cards";
import { ID_PARAM, idSchema, withoutTrailingId } from "../../../server/lib/ids";

const INDICATORS = ["harmony", "anxiety", "system", "analytics", "volume", "presentation"] as const;

function EmployeeDetail({ data }: { data: WithShell<DetailData> }) {
  const { t } = usePage();
  const links = useLinks();
  const e = data.employee;
  const none = { value: "", label: t("cabinet.employees.none") };
  const shown = e.indicators ? Object.entries(e.indicators).filter(([k]) => (INDICATORS as readonly string[]).includes(k)) : [];
  return (
    <BusinessShell shell={data.shell} title={displayName(t, e.name)}>
      <Notice />
      <p className="mb-4">
        <a href={links.employees} className="text-sm text-brand-700 hover:underline">
          ← {t("cabinet.nav.business.employees")}
        </a>
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title={t("cabinet.employees.result")} testid="employee-result">
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <dt className="text-slate-500">{t("cabinet.employees.cols.format")}</dt>
            <dd data-testid="employee-format">
              <FormatCell doc={e} />
            </dd>
            <dt className="text-slate-500">{t("cabinet.employees.cols.status")}</dt>
            <dd>
              <StatusBadge status={e.status} />
            </dd>
            {/* the invitation's state only while it says more than the test status above */}
            {e.invite && e.invite !== "completed test" && (
              <>
                <dt className="text-slate-500">{t("cabinet.employees.invite")}</dt>
                <dd>
                  <InviteStatusChip status={e.invite} />
                </dd>
              </>
            )}
            {shown.map(([k, v]) => (
              <Fragment key={k}>
                <dt className="text-slate-500">
                  <ScaledLabel
                    label={t(`cabinet.employees.indicators.${k}`)}
                    scale={(SCALED as readonly string[]).includes(k) ? t(`analytics.scale.${k}`) : null}
                  />
                </dt>
                <dd className="tabular-nums" data-indicator={k}>
                  {v}
                </dd>
              </Fragment>
            ))}
          </dl>
          {!e.consent && (
            <p className="mt-3 rounded-lg bg-slate-100 p-3 text-sm text-slate-700" data-testid="stopped-sharing">
              {t("people.stoppedSharing")}
            </p>
          )}
          <FormError kind="retake" />
          <ReliabilityBlock e={e} runnerUpName={data.runnerUpName} canAsk={data.canPeople} />
        </Card>
        <Card title={t("cabinet.employees.place")}>
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <dt className="text-slate-500">{t("cabinet.employees.department")}</dt>
            <dd>{e.department?.name ?? "—"}</dd>
            <dt className="text-slate-500">{t("cabinet.employees.position")}</dt>
            <dd>{e.position?.name ?? "—"}</dd>
            <dt className="text-slate-500">{t("cabinet.employees.supervisor")}</dt>
            <dd>{e.supervisorDoc?.name ?? "—"}</dd>
            <dt className="text-slate-500">{t("cabinet.employees.control")}</dt>
            <dd data-testid="employee-control">
              {[e.isProjectManager ? t("cabinet.employees.projectManager") : null, ...e.supervises.map((d) => t("cabinet.employees.heads", { name: d.name }))]
                .filter(Boolean)
                .join("; ") || "—"}
            </dd>
          </dl>
        </Card>
        {data.canMove && (
          <Card title={t("cabinet.employees.move")}>
            <FormError kind="move" />
            <form method="post" className="space-y-3" data-testid="form-move">
              <input type="hidden" name="_form" value="move" />
              <VersionField kind="move" version={data.version} />
              <Select
                kind="move"
                name="department"
                label={t("cabinet.employees.department")}
                value={e.department?._id}
                options={[none, ...data.departments.map((d) => ({ value: d._id, label: d.name }))]}
              />
              <Select
                kind="move"
                name="position"
                label={t("cabinet.employees.position")}
                value={e.position?._id}
                options={[none, ...data.positions.map((d) => ({ value: d._id, label: d.name }))]}
              />
              <Select
                kind="move"
                name="supervisor"
                label={t("cabinet.employees.supervisor")}
                value={e.supervisor}
                options={[none, ...data.people.filter((p) => p._id !== e._id).map((d) => ({ value: d._id, label: d.name }))]}
              />
              <button type="submit" className="btn-primary">
                {t("cabinet.save")}
              </button>
            </form>
          </Card>
        )}
        {data.canPeople && (
          <Card title={t("cabinet.employees.identity")} testid="employee-identity">
            <FormError kind="identity" />
            <form method="post" className="space-y-3" data-testid="form-identity">
              <input type="hidden" name="_form" value="identity" />
              <VersionField kind="identity" version={data.version} />
              <TextInput name="name" label={t("cabinet.employees.nameLabel")} value={e.name} required maxLength={120} hint={t("cabinet.employees.nameHint")} />
              <TextInput name="personnelNumber" label={t("cabinet.employees.personnelNumber")} value={e.personnelNumber ?? ""} maxLength={60} />
              <button type="submit" className="btn-primary">
                {t("cabinet.save")}
              </button>
            </form>
          </Card>
        )}
        {data.canStructure && (
          <Card title={t("cabinet.employees.control")}>
            <div id="control" />
            {data.appoint ? (
              <AppointConfirm name={displayName(t, e.name)} appoint={data.appoint} version={data.version} />
            ) : (
              <>
                <FormError kind="control" />
                <form method="post" className="space-y-3" data-testid="form-control">
                  <input type="hidden" name="_form" value="control" />
                  <VersionField kind="control" version={data.version} />
                  <Select
                    kind="control"
                    name="type"
                    label={t("cabinet.employees.appoint")}
                    value=""
                    options={[
                      // no default: one click on Apply must never make someone a project manager
                      { value: "", label: t("cabinet.employees.chooseRole") },
                      { value: "department", label: t("cabinet.employees.asSupervisor") },
                      { value: "project", label: t("cabinet.employees.asProjectManager") },
                      { value: "none", label: t("cabinet.employees.removeControl") },
                    ]}
                  />
                  <Select
                    kind="control"
                    name="department"
                    label={t("cabinet.employees.ofDepartment")}
                    value=""
                    options={[none, ...data.departments.map((d) => ({ value: d._id, label: d.name }))]}
                  />
                  <button type="submit" className="btn-secondary">
                    {t("cabinet.apply")}
                  </button>
                </form>
              </>
            )}
          </Card>
        )}
      </div>
      {/* withdrawn consent: no fit, metrics or skills cards full of "—" */}
      {e.consent && <EmployeeAnalytics data={data} />}
      {data.canStructure && (
        <div className="mt-6">
          <ConfirmDelete
            kind="delete"
            label={t("cabinet.employees.delete")}
            consequence={t("cabinet.employees.deleteConsequence", { name: e.name })}
            confirm={t("cabinet.employees.deleteConfirm")}
          />
        </div>
      )}
    </BusinessShell>
  );
}

const idParam = z.object({ id: idSchema() });

export const employeePage = cabinetPage<DetailData>({
  path: [`/business/employees/${ID_PARAM}`, `/dashboard/employees/${ID_PARAM}`],
  params: idParam,
  title: (t, d) => displayName(t, d.employee.name),
  load: async (c, scope) => {
    const [employee, departments, positions] = await Promise.all([getEmployee(scope, c.req.param("id")!), listDepartments(scope), listPositions(scope)]);
    const people = await supervisorOptions(scope, employee._id, employee.supervisorDoc);
    const [fit, skills] = await Promise.all([employeeEfficiency(scope, employee._id, c.get("locale")), employeeSkills(scope, employee._id)]);
    // the control form's first submit comes back here to be confirmed (checked again on the second)
    const asked = activateManagerSchema.safeParse({ employee: employee._id, type: c.req.query("appoint"), department: c.req.query("department") || null });
    const appoint = asked.success && can(scope, "structure") ? await previewAppointment(scope, asked.data).catch(() => null) : null;
    return {
      fit,
      skills,
      employee,
      version: await versionOf(scope.db, "employee", employee._id),
      // the selects show the tree: a sub-department indented under its parent
      departments: inTreeOrder(departments).map((d) => ({ _id: d._id, name: indented(d) })),
      // a position says its department, as on the invitation form
      positions: positions.map((p) => ({ _id: p._id, name: p.department?.name ? `${p.name} · ${p.department.name}` : p.name })),
      people,
      canStructure: can(scope, "structure") && !scope.demo,
      canMove: can(scope, "move") && !scope.demo,
      canPeople: can(scope, "people") && !scope.demo,
      appoint: appoint ? { type: appoint.type, department: appoint.department } : null,
      runnerUpName: employee.reliability?.runnerUp
        ? (((await listFormats(scope.db)).find((f) => f.code === employee.reliability!.runnerUp)?.name as Record<string, string> | undefined)?.[
            c.get("locale")
          ] ?? null)
        : null,
    };
  },
  Component: EmployeeDetail,
  // the edit forms carry the version the page was made from (`_version`): a save over a newer one is refused (409)
  forms: {
    delete: cabinetForm({
      schema: z.object({}),
      run: async (scope, _input, c) => {
        await deleteEmployee(scope, c.req.param("id")!);
        return done(c, scope, "employeeDeleted", withoutTrailingId(c.req.path));
      },
    }),
    skill: cabinetForm({
      schema: skillCreateSchema,
      shape: (v, c) => ({
        kind: "acquired",
        employee: c.req.param("id")!,
        skill: v.skill,
        value: v.value === "" || v.value === undefined ? undefined : Number(v.value),
        note: v.note || undefined,
      }),
      run: async (scope, input, c) => {
        await createSkill(scope, input);
        return done(c, scope, "saved");
      },
    }),
    control: cabinetForm({
      schema: activateManagerSchema,
      shape: (v, c) => ({ employee: c.req.param("id")!, type: v.type || undefined, department: v.department || null }),
      run: async (scope, input, c, values) => {
        const version = postedVersion(values);
        if (values.confirm !== "1") {
          // the first step writes nothing, but a form made before someone else's change says so now
          await checkVersion(scope, "employee", c.req.param("id")!, version);
          await previewAppointment(scope, input);
          const q = new URLSearchParams({ appoint: input.type, ...(input.department ? { department: input.department } : {}) });
          return c.redirect(`${c.req.path}?${q}#control`, 303);
        }
        await activateManager(scope, input, { version });
        return done(c, scope, "saved");
      },
    }),
    retake: cabinetForm({
      schema: z.object({}),
      run: async (scope, _input, c) => {
        await requestRetake(scope, c.req.param("id")!);
        return done(c, scope, "retakeAsked");
      },
    }),
    identity: cabinetForm({
      schema: renameEmployeeSchema,
      shape: (v, c) => ({ employee: c.req.param("id")!, name: v.name, personnelNumber: v.personnelNumber }),
      run: async (scope, input, c, values) => {
        await renameEmployee(scope, input, { version: postedVersion(values) });
        return done(c, scope, "saved");
      },
    }),
    move: cabinetForm({
      schema: moveEmployeeSchema,
      shape: (v, c) => ({ ...blankToNull(v), employee: c.req.param("id")! }),
      run: async (scope, input, c, values) => {
        await moveEmployee(scope, input, { version: postedVersion(values) });
        return done(c, scope, "saved");
      },
    }),
  },
});
