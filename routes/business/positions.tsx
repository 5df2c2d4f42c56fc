// Positions: the list with each position's activities, the create wizard (island over a plain
// form), and the detail (edit with the same wizard, delete with confirmation). Served at
// /business/positions[/{id}] and /dashboard/positions[/{id}].
import { z } from "zod";
import type { T } from "../../locales";
import { postedVersion } from "../../server/lib/forms";
import { Island, usePage } from "../../server/render/page";
import { breadthOf, positionTarget, type PositionTarget } from "../../model/fit";
import { activityQuestions, activityValues } from "./position-form";
import { listFormats } from "../../server/services/formats";
import {
  alikePositions,
  CANDIDATE_STAGES,
  can,
  candidateCounts,
  candidateInviteSchema,
  hireCandidate,
  listCandidates,
  removeCandidate,
  inviteCandidate,
  teamFit,
  type TeamFit,
  positionCandidates,
  createPosition,
  deletePosition,
  activitiesOf,
  getPosition,
  listDepartments,
  listPositions,
  positionAsForm,
  positionFromForm,
  positionSchema,
  updatePosition,
  versionOf,
  type Scope,
} from "../../server/services/business";
import type { DecisionOptions } from "../../server/services/business/candidates";
import { BusinessShell } from "../_layouts/cabinet";
import { Card, cabinetForm, cabinetPage, ConfirmDelete, done, Notice, useLinks, type WithShell } from "./kit";
import type { PositionWizardProps } from "../../islands/position-wizard";
import { loadPerformers, PerformersCard, performerForms, type PerformersView } from "./position-performers";
import { CandidatesCard, type FormatNames, TargetCard } from "./position-target";
import { ReliabilityMarks } from "./reliability-note";
import { ID_PARAM, idSchema, withoutTrailingId } from "../../server/lib/ids";

type Position = Awaited<ReturnType<typeof listPositions>>[number];

function wizardStrings(t: T): PositionWizardProps["s"] {
  return {
    step1: t("cabinet.positions.step1"),
    step2: t("cabinet.positions.step2"),
    name: t("cabinet.positions.name"),
    department: t("cabinet.employees.department"),
    noDepartment: t("cabinet.employees.none"),
    activity: t("cabinet.positions.activity", { n: "{{n}}" }),
    activityName: t("cabinet.positions.activityName"),
    content: t("cabinet.positions.content"),
    priority: t("cabinet.positions.priority"),
    questions: activityQuestions(t),
    add: t("cabinet.positions.add"),
    remove: t("cabinet.positions.remove"),
    next: t("cabinet.positions.next"),
    back: t("cabinet.positions.back"),
    save: t("cabinet.save"),
    stepOf: t("cabinet.positions.stepOf", { n: "{{n}}" }),
    error: t("common.errors.validation"),
    hints: {
      name: t("jobfit.wizard.nameHint"),
      department: t("jobfit.wizard.departmentHint"),
      activities: t("jobfit.wizard.activitiesHint"),
      activityName: t("jobfit.wizard.activityNameHint"),
      content: t("jobfit.wizard.contentHint"),
      priority: t("jobfit.wizard.priorityHint"),
    },
    nameMissing: t("jobfit.wizard.nameMissing"),
    errorsOnStep: t("jobfit.wizard.errorsOnStep", { n: "{{n}}" }),
  };
}

function previewProps(t: T, projectId: string): PositionWizardProps["preview"] {
  return {
    url: `/api/business/positions/preview?project=${projectId}`,
    s: {
      title: t("jobfit.wizard.preview"),
      lead: t("jobfit.wizard.previewLead"),
      waiting: t("jobfit.wizard.previewWaiting"),
      failed: t("jobfit.wizard.previewFailed"),
      teamLine: t("jobfit.target.teamLine", {
        measured: "{{measured}}",
        min: "{{min}}",
        max: "{{max}}",
        median: "{{median}}",
        good: "{{good}}",
        goodFrom: "{{goodFrom}}",
      }),
      teamNone: t("jobfit.target.teamNone"),
      best: t("jobfit.target.best"),
    },
  };
}

function Wizard({
  kind,
  position,
  departments,
  projectId,
  version,
}: {
  kind: string;
  position?: Position;
  /** an edit's version (server/services/business/versions.ts) */
  version?: string | null;
  departments: { _id: string; name: string }[];
  /** With it, the wizard previews the team's fit live. */
  projectId?: string;
}) {
  const { t, form, path, url } = usePage();
  const mine = form?.kind === kind ? form : undefined;
  const fromForm = mine ? positionFromForm(mine.values) : null;
  const values = fromForm
    ? {
        name: fromForm.name ?? "",
        department: fromForm.department ?? "",
        tasks: fromForm.tasks.map((a) => activityValues({ ...a, client: a.client === "yes" })),
      }
    : {
        name: position?.name ?? "",
        department: position?.department?._id ?? "",
        tasks: (position?.tasks ?? []).map(activityValues),
      };
  return (
    <Island
      name="position-wizard"
      props={{
        action: `${path}${url.search}`,
        kind,
        // a refused input keeps the version it was made from; a stale save brings the current one
        ...(version ? { version: mine?.values._version || version } : {}),
        values,
        departments: departments.map((d) => ({ value: d._id, label: d.name })),
        errors: mine?.errors ?? {},
        s: wizardStrings(t),
        ...(projectId ? { preview: previewProps(t, projectId) } : {}),
      }}
    />
  );
}

function Activities({ p }: { p: Position }) {
  const { t } = usePage();
  return (
    <ul className="mt-2 space-y-1 text-sm text-slate-600">
      {p.tasks.map((a) => (
        <li key={a._id}>
          <span className="font-medium text-slate-800">{a.name}</span> · {t(`cabinet.positions.levels.${a.communication}`)}
          {a.client ? ` · ${t("cabinet.positions.withClients")}` : ""} · {t(`cabinet.positions.breadths.${breadthOf(a)}`)} ·{" "}
          {t(`cabinet.positions.methods.${a.method ?? "either"}`)} · {t(`cabinet.positions.styles.${a.decision}`)}
        </li>
      ))}
    </ul>
  );
}

type ListData = {
  positions: Position[];
  departments: { _id: string; name: string }[];
  canEdit: boolean;
  projectId: string;
  /** Candidates per position (empty for those who may not see them). */
  candidates: Record<string, number>;
  canInvite: boolean;
};

function PositionList({ data }: { data: WithShell<ListData> }) {
  const { t } = usePage();
  const links = useLinks();
  return (
    <BusinessShell shell={data.shell} title={t("cabinet.nav.business.positions")}>
      <Notice />
      {/* on a phone the form comes after every position: the way to it is at the top */}
      {data.canEdit && data.positions.length > 0 && (
        <p className="mb-4 lg:hidden">
          <a href="#position-create" className="btn-primary" data-testid="position-create-top">
            {t("cabinet.positions.create")}
          </a>
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="space-y-3" data-testid="position-list">
          {data.positions.length === 0 && <Card>{t("cabinet.positions.empty")}</Card>}
          {data.positions.map((p) => (
            <Card key={p._id}>
              <a href={`${links.positions}/${p._id}`} className="text-lg font-semibold text-brand-700 hover:underline" data-position={p._id}>
                {p.name}
              </a>
              <p className="text-sm text-slate-500">
                {p.department?.name ?? t("cabinet.employees.none")} · {t("cabinet.positions.staff", { n: p.employees })}
              </p>
              <Activities p={p} />
              <a href={`${links.positions}/${p._id}#who-fits`} className="mt-2 inline-block text-sm text-brand-700 hover:underline" data-who-fits={p._id}>
                {t("analytics.fit.whoFits")} →
              </a>
              {(data.canInvite || data.candidates[p._id]) && (
                <a
                  href={`${links.positions}/${p._id}#candidates`}
                  className="mt-1 block text-sm text-brand-700 hover:underline sm:ml-4 sm:mt-2 sm:inline-block"
                  data-candidates={p._id}
                >
                  {data.candidates[p._id] ? t("jobfit.candidates.count", { n: data.candidates[p._id]! }) : t("jobfit.candidates.invite")} →
                </a>
              )}
            </Card>
          ))}
        </div>
        {data.canEdit && (
          <div id="position-create" className="scroll-mt-20">
            <Card title={t("cabinet.positions.create")} testid="position-create">
              <Wizard kind="position" departments={data.departments} projectId={data.projectId} />
            </Card>
          </div>
        )}
      </div>
    </BusinessShell>
  );
}

const formSchema = positionSchema;

/** The ranking's stage filter from the query (an unknown value shows everyone). */
const stageFilter = (v: string | undefined) => CANDIDATE_STAGES.find((s) => s === v);

export const positionsPage = cabinetPage<ListData>({
  path: ["/business/positions", "/dashboard/positions"],
  title: (t) => t("cabinet.nav.business.positions"),
  load: async (_c, scope) => {
    const [positions, departments, candidates] = await Promise.all([listPositions(scope), listDepartments(scope), candidateCounts(scope)]);
    return {
      positions,
      departments: departments.map((d) => ({ _id: d._id, name: d.name })),
      canEdit: can(scope, "structure") && !scope.demo,
      projectId: scope.project.id,
      candidates,
      canInvite: can(scope, "invites") && !scope.demo,
    };
  },
  Component: PositionList,
  forms: {
    position: cabinetForm({
      schema: formSchema,
      shape: positionFromForm,
      run: async (scope, input, c) => {
        await createPosition(scope, input);
        return done(c, scope, "positionCreated");
      },
    }),
  },
});

type DetailData = {
  position: Position;
  /** the edit wizard's version (server/services/business/versions.ts) */
  version: string | null;
  departments: { _id: string; name: string }[];
  canEdit: boolean;
  candidates: Awaited<ReturnType<typeof positionCandidates>>["docs"];
  target: PositionTarget | null;
  team: TeamFit;
  /** Other positions that rank the team nearly the same (r > 0.9): their descriptions do not tell the jobs apart. */
  alike: { _id: string; name: string; r: number }[];
  formats: FormatNames;
  /** The candidate flow, for those who may invite (null otherwise). */
  applicants: Awaited<ReturnType<typeof listCandidates>> | null;
  canInvite: boolean;
  projectId: string;
  /** The owner's "model after top performers" card (null for everyone else). */
  performers: PerformersView | null;
};

/** "Who else fits this position": the project's people by their fit for it, best first. */
function WhoFits({ list }: { list: DetailData["candidates"] }) {
  const { t } = usePage();
  const links = useLinks();
  return (
    <div id="who-fits">
      <Card title={t("analytics.fit.whoFits")} testid="who-fits">
        <p className="mb-3 text-sm text-slate-600">{t("analytics.fit.whoFitsLead")}</p>
        {list.length === 0 && <p className="text-sm text-slate-500">{t("analytics.fit.noEmployees")}</p>}
        <ol className="space-y-2">
          {list.map((e) => (
            <li key={e._id} data-candidate={e._id}>
              <a href={`${links.employees}/${e._id}`} className="flex items-baseline justify-between gap-2 hover:underline">
                <span className="min-w-0 break-words font-medium text-brand-700">
                  {e.name}
                  {e.isCurrent && <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-700">{t("analytics.fit.current")}</span>}
                  <ReliabilityMarks r={e.reliability} />
                </span>
                <span className="font-semibold tabular-nums text-slate-900">{e.efficiency === null ? "—" : Math.round(e.efficiency)}</span>
              </a>
              <span className="mt-1 block h-2 w-full rounded-full bg-slate-100" aria-hidden="true">
                <span className="block h-2 rounded-full bg-brand-600" style={{ width: `${Math.max(2, e.efficiency ?? 0)}%` }} />
              </span>
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
}

function PositionDetail({ data }: { data: WithShell<DetailData> }) {
  const { t } = usePage();
  const links = useLinks();
  const p = data.position;
  return (
    <BusinessShell shell={data.shell} title={p.name}>
      <Notice />
      <p className="mb-4">
        <a href={links.positions} className="text-sm text-brand-700 hover:underline">
          ← {t("cabinet.nav.business.positions")}
        </a>
      </p>
      {data.alike.length > 0 && (
        <div className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900" role="note" data-testid="alike-positions">
          <p className="font-semibold">{t("jobfit.alike.title")}</p>
          <p className="mt-1">
            {t("jobfit.alike.lead", {
              list: data.alike.map((a) => t("jobfit.alike.item", { name: a.name, r: a.r.toFixed(2) })).join(", "),
            })}
          </p>
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
            {data.alike.map((a) => (
              <li key={a._id}>
                <a className="font-medium text-brand-700 underline" href={`${links.positions}/${a._id}`}>
                  {a.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="mb-6 grid gap-6 lg:grid-cols-2">
        <TargetCard target={data.target} team={data.team} formats={data.formats} />
        <WhoFits list={data.candidates} />
      </div>
      {data.performers && (
        <div className="mb-6">
          <PerformersCard view={data.performers} version={data.version} />
        </div>
      )}
      {data.applicants && (
        <div className="mb-6">
          <CandidatesCard view={data.applicants} canEdit={data.canInvite} formats={data.formats} projectId={data.projectId} />
        </div>
      )}
      {data.canEdit ? (
        <div className="space-y-6">
          <Card title={t("cabinet.positions.edit")}>
            <Wizard kind="position" position={p} departments={data.departments} projectId={data.projectId} version={data.version} />
          </Card>
          <ConfirmDelete
            kind="delete"
            label={t("cabinet.positions.delete")}
            consequence={t("cabinet.positions.deleteConsequence", { n: p.employees })}
            confirm={t("cabinet.positions.deleteConfirm")}
          />
        </div>
      ) : (
        <Card>
          <p className="text-sm text-slate-500">{p.department?.name ?? t("cabinet.employees.none")}</p>
          <Activities p={p} />
        </Card>
      )}
    </BusinessShell>
  );
}

/** Hiring or removing a candidate: the mail the owner read on the candidate's page leaves only if they kept "send". */
const decision = (notice: string, act: (scope: Scope, candidate: string, opts: DecisionOptions) => Promise<unknown>) =>
  cabinetForm({
    schema: z.object({ candidate: z.string().default(""), notify: z.string().optional() }),
    run: async (scope, { candidate, notify }, c) => {
      await act(scope, candidate, { notify: notify === "on", locale: c.get("locale") });
      return done(c, scope, notice);
    },
  });

export const positionPage = cabinetPage<DetailData>({
  path: [`/business/positions/${ID_PARAM}`, `/dashboard/positions/${ID_PARAM}`],
  params: z.object({ id: idSchema() }),
  title: (_t, d) => d.position.name,
  load: async (c, scope) => {
    const [position, departments, candidates, formats] = await Promise.all([
      getPosition(scope, c.req.param("id")!),
      listDepartments(scope),
      positionCandidates(scope, c.req.param("id")!),
      listFormats(scope.db),
    ]);
    const activities = activitiesOf(position);
    const locale = c.get("locale");
    return {
      position,
      version: await versionOf(scope.db, "position", position._id),
      departments: departments.map((d) => ({ _id: d._id, name: d.name })),
      canEdit: can(scope, "structure") && !scope.demo,
      candidates: candidates.docs,
      target: positionTarget(activities),
      team: await teamFit(scope, activities),
      alike: await alikePositions(scope, position._id),
      formats: Object.fromEntries(formats.map((f) => [f.code, (f.name as Record<string, string>)[locale] || f.code])),
      applicants: can(scope, "invites") ? await listCandidates(scope, position._id, { stage: stageFilter(c.req.query("stage")) }) : null,
      canInvite: can(scope, "invites") && !scope.demo,
      projectId: scope.project.id,
      performers: await loadPerformers(scope, position._id, locale),
    };
  },
  Component: PositionDetail,
  forms: {
    ...performerForms,
    delete: cabinetForm({
      schema: z.object({}),
      run: async (scope, _input, c) => {
        await deletePosition(scope, c.req.param("id")!);
        return done(c, scope, "positionDeleted", withoutTrailingId(c.req.path));
      },
    }),
    candidate: cabinetForm({
      schema: candidateInviteSchema,
      run: async (scope, input, c) => {
        await inviteCandidate(scope, c.req.param("id")!, input);
        return done(c, scope, "candidateInvited");
      },
    }),
    hire: decision("candidateHired", hireCandidate),
    "remove-candidate": decision("candidateRemoved", removeCandidate),
    position: cabinetForm({
      schema: formSchema,
      shape: positionFromForm,
      // changed by someone else since the wizard was opened: it again with the position as it is now
      current: async (scope, c) => {
        const id = c.req.param("id")!;
        return { ...positionAsForm(await getPosition(scope, id)), _version: (await versionOf(scope.db, "position", id)) ?? "" };
      },
      run: async (scope, input, c, values) => {
        await updatePosition(scope, c.req.param("id")!, input, { version: postedVersion(values) });
        return done(c, scope, "saved");
      },
    }),
  },
});
