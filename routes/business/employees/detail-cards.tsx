// The employee detail's parts: its data, the reliability block, the analytics cards with the
// acquired-skill form, the identity field and the appointment's second step.
import { intlLocale } from "../../../locales";
import { usePage } from "../../../server/render/page";
import { dateIn } from "../../../server/lib/time-zone";
import { type getEmployee, reliabilityLines } from "../../../server/services/business";
import { ReliabilityNote } from "../reliability-note";
import { FitCard, MetricsCard, SkillsCard, skillOptions, type FitView, type SkillsView } from "../analytics-kit";
import { Confirm, FormError, Select, useLinks, type WithShell } from "../kit";
import { displayName } from "./cells";

export type DetailData = {
  employee: Awaited<ReturnType<typeof getEmployee>>;
  departments: { _id: string; name: string }[];
  positions: { _id: string; name: string }[];
  people: { _id: string; name: string }[];
  canStructure: boolean;
  canMove: boolean;
  /** the owner's name for a person, retake requests, skill notes: not a head of department's */
  canPeople: boolean;
  /** The neighbouring format's name when the result lies between two. */
  runnerUpName: string | null;
  /** The version the edit forms carry (server/services/business/versions.ts). */
  version: string | null;
  /** An appointment waiting for the owner's confirmation (after the control form's first submit). */
  appoint: { type: "project" | "department" | "none"; department: { id: string; name: string } | null } | null;
  fit: FitView;
  skills: SkillsView;
};

/** The detail's reliability: the same facts the person's own report shows, and "ask to retake". */
export function ReliabilityBlock({ e, runnerUpName, canAsk }: { e: DetailData["employee"]; runnerUpName: string | null; canAsk: boolean }) {
  const { t, locale, config } = usePage();
  const r = e.reliability;
  if (!r) return null;
  const date = (d: Date | string) => dateIn(new Date(d), config.TIME_ZONE, intlLocale(locale));
  return (
    <ReliabilityNote r={r} lines={reliabilityLines(t, r, runnerUpName)} spacing="mt-4 space-y-2">
      <p className="text-slate-600" data-testid="retake-state" data-state={e.retake.state}>
        {e.retake.state === "asked"
          ? t("cabinet.reliability.asked", { date: date(e.retake.at!) })
          : e.retake.state === "retaken"
            ? t("cabinet.reliability.retaken", { date: date(e.retake.at!) })
            : null}
      </p>
      {canAsk && e.retake.canAsk && (
        <Confirm
          kind="retake"
          tone="neutral"
          label={t("cabinet.reliability.ask")}
          consequence={t("cabinet.reliability.askConsequence", { name: displayName(t, e.name) })}
          confirm={t("cabinet.reliability.askConfirm")}
        />
      )}
    </ReliabilityNote>
  );
}
/** The analytics part of the detail: metrics, fit for every position, skills, the report link. */
export function EmployeeAnalytics({ data }: { data: WithShell<DetailData> }) {
  const { t } = usePage();
  const links = useLinks();
  const e = data.employee;
  // the business report in the family the page is in (/dashboard/report/base or /business/report)
  const report = `${links.report}?employee=${e._id}&project=${data.shell.project._id}`;
  return (
    <div className="mt-6 space-y-4" data-testid="employee-analytics">
      <p>
        <a href={report} className="btn-secondary py-2 text-sm" data-testid="business-report-link">
          {t("analytics.report.title")}
        </a>
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <MetricsCard indicators={e.indicators} fit={data.fit} skills={data.skills} />
        <FitCard fit={data.fit} />
      </div>
      <SkillsCard skills={data.skills}>
        {data.canPeople && (
          <form method="post" className="mt-4 grid gap-3 sm:grid-cols-[2fr_1fr_2fr_auto] sm:items-end" data-testid="form-skill">
            <FormError kind="skill" />
            <input type="hidden" name="_form" value="skill" />
            <Select kind="skill" id="skill" name="skill" label={t("analytics.skills.acquired")} options={skillOptions(t, data.skills)} />
            <div>
              <label htmlFor="skill-value" className="label">
                %
              </label>
              <input id="skill-value" name="value" type="number" min={0} max={100} required className="input" />
            </div>
            <div>
              <label htmlFor="skill-note" className="label">
                {t("cabinet.positions.content")}
              </label>
              <input id="skill-note" name="note" maxLength={500} className="input" />
            </div>
            <button type="submit" className="btn-primary">
              {t("cabinet.save")}
            </button>
          </form>
        )}
      </SkillsCard>
    </div>
  );
}
export function TextInput({
  name,
  label,
  value,
  required,
  maxLength,
  hint,
}: {
  name: string;
  label: string;
  value: string;
  required?: boolean;
  maxLength: number;
  hint?: string;
}) {
  const { form } = usePage();
  const error = form?.kind === "identity" ? form.errors?.[name] : undefined;
  return (
    <div>
      <label htmlFor={`f-${name}`} className="label">
        {label}
      </label>
      <input
        id={`f-${name}`}
        name={name}
        className="input"
        defaultValue={form?.kind === "identity" ? (form.values?.[name] ?? value) : value}
        required={required}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
      />
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}

/** The second step of an appointment: what the person will see, and that they will be told. */
export function AppointConfirm({ name, appoint, version }: { name: string; appoint: NonNullable<DetailData["appoint"]>; version: string | null }) {
  const { t, path } = usePage();
  const role =
    appoint.type === "project"
      ? t("business.roles.project.name")
      : appoint.type === "department"
        ? t("business.roles.department.name", { department: appoint.department?.name ?? "" })
        : "";
  return (
    <Confirm
      kind="control"
      open
      action={path}
      label={t("cabinet.employees.confirmRoleTitle")}
      hidden={{ type: appoint.type, department: appoint.department?.id ?? "", confirm: "1", ...(version ? { _version: version } : {}) }}
      consequence={
        appoint.type === "none" ? (
          <p>{t("cabinet.employees.confirmRemove", { name })}</p>
        ) : (
          <>
            <p className="font-semibold">{t("cabinet.employees.confirmRole", { name, role })}</p>
            <p>{t(appoint.type === "project" ? "business.roles.project.sees" : "business.roles.department.sees")}</p>
            <p className="text-slate-600">{t("cabinet.employees.confirmRoleMail")}</p>
          </>
        )
      }
      confirm={t("cabinet.employees.confirmApply")}
      cancel={{ href: path, label: t("cabinet.employees.cancel") }}
    />
  );
}
