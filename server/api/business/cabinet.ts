// /api/business/*: the cabinet's resources — projects, departments, positions, employees,
// invites, the dashboard, settings and support — each behind the project guard, which fixes the
// project of the request (tenant isolation); the services check every id against it and the
// permission matrix (server/services/business/access.ts). Edits are optimistic as the back-office's
// (server/services/business/versions.ts): GET of a department, position, employee or project answers
// its version as `ETag`; a change with `If-Match` naming an older one is refused with 409 and writes
// nothing (an employee's POST calls take the employee's version); without `If-Match` it saves.
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context";
import { ID_PARAM, idSchema, pathId } from "../../lib/ids";
import { etagOf, ifMatch } from "../../lib/versions";
import { answers, validate } from "../../lib/validate";
import * as A from "./answer-schemas";
import { guard, type GuardedEnv } from "../../middleware/guards";
import * as biz from "../../services/business";
import { notifySchema, updateNotify } from "../../services/business/follow-up";
import { importInvites, inviteImportSchema } from "../../services/business/invite-import";
import { resendAllPending } from "../../services/business/invites";
import { performersApi } from "./performers";

type ProjectCtx = Context<GuardedEnv<["project"]>>;
const scope = (c: ProjectCtx) => c.get("scope");
const inProject = guard("project");

/** Answers `body` with the record's current version as `ETag`. */
async function tagged(c: Context, kind: biz.VersionedKind, id: string, body: unknown) {
  const version = await biz.versionOf(c.get("scope").db, kind, id);
  if (version) c.header("ETag", etagOf(version));
  return c.json(body);
}
const version = (c: Context) => ({ version: ifMatch(c) });

// ------------------------------------------------------------------ projects
export const projectsApi = new Hono<AppEnv>();
projectsApi.get("/", guard("business"), answers(A.docsOf(A.project)), async (c) => c.json({ docs: await biz.listProjects(c.get("scope")) }));
projectsApi.post("/", guard("business"), validate("json", biz.projectSchema), answers(A.project, 201), async (c) =>
  c.json(await biz.createProject(c.get("scope"), c.req.valid("json")), 201),
);
projectsApi.put("/", inProject, validate("json", biz.updateProjectSchema), answers(A.project), async (c) =>
  tagged(c, "project", c.get("project").id, await biz.updateProject(await scope(c), c.req.valid("json"), version(c))),
);
projectsApi.put("/refresh-invite-code", inProject, answers(A.inviteCode), async (c) => c.json(await biz.refreshInviteCode(await scope(c))));
projectsApi.put("/notify", inProject, validate("json", notifySchema), answers(A.notify), async (c) =>
  tagged(c, "project", c.get("project").id, await updateNotify(await scope(c), c.req.valid("json"), version(c))),
);
projectsApi.put("/details", inProject, validate("json", biz.detailsSchema), answers(A.details), async (c) =>
  tagged(c, "project", c.get("project").id, await biz.updateDetails(await scope(c), c.req.valid("json"), version(c))),
);
// a GET that writes (spec): only with the Authorization header, never the demo
projectsApi.get("/reset-efficiency", guard("bearer", "project"), answers(A.recomputed), async (c) => c.json(await biz.resetEfficiency(await scope(c))));
projectsApi.post("/reset-efficiency", inProject, answers(A.recomputed), async (c) => c.json(await biz.resetEfficiency(await scope(c))));
projectsApi.get(`/stats/${ID_PARAM}`, guard("business"), answers(A.teamStats), async (c) => {
  return c.json(await biz.teamStats(await biz.projectScope(c.get("scope"), pathId(c))));
});
projectsApi.get(`/${ID_PARAM}`, guard("business"), answers(A.projectDetail), async (c) => {
  const doc = await biz.getProject(c.get("scope"), pathId(c));
  return tagged(c, "project", doc._id, doc);
});

// ------------------------------------------------------------------ departments
export const departmentsApi = new Hono<AppEnv>();
departmentsApi.get("/", inProject, answers(A.departments), async (c) => c.json({ docs: await biz.listDepartments(await scope(c)) }));
departmentsApi.post("/", inProject, validate("json", biz.departmentSchema), answers(A.department, 201), async (c) =>
  c.json(await biz.createDepartment(await scope(c), c.req.valid("json")), 201),
);
departmentsApi.get(`/${ID_PARAM}`, inProject, answers(A.department), async (c) => {
  const doc = await biz.getDepartment(await scope(c), pathId(c));
  return tagged(c, "department", doc._id, doc);
});
departmentsApi.put(`/${ID_PARAM}`, inProject, validate("json", biz.departmentUpdateSchema), answers(A.department), async (c) => {
  const doc = await biz.updateDepartment(await scope(c), pathId(c), c.req.valid("json"), version(c));
  return tagged(c, "department", doc._id, doc);
});
departmentsApi.delete(`/${ID_PARAM}`, inProject, answers(A.departmentDeleted), async (c) => c.json(await biz.deleteDepartment(await scope(c), pathId(c))));

// ------------------------------------------------------------------ positions
export const positionsApi = new Hono<AppEnv>();
positionsApi.get("/", inProject, answers(A.positions), async (c) => c.json({ docs: await biz.listPositions(await scope(c)) }));
positionsApi.post("/", inProject, validate("json", biz.positionSchema), answers(A.position, 201), async (c) =>
  c.json(await biz.createPosition(await scope(c), c.req.valid("json")), 201),
);
// the wizard's live preview of the team's fit for the activities as typed (nothing is saved)
positionsApi.post("/preview", inProject, validate("json", biz.previewSchema), answers(A.positionPreview), async (c) =>
  c.json(await biz.previewPositionFit(await scope(c), c.req.valid("json"))),
);
positionsApi.get(`/${ID_PARAM}/candidates`, inProject, answers(A.positionCandidates), async (c) =>
  c.json(await biz.positionCandidates(await scope(c), pathId(c))),
);
positionsApi.get(`/${ID_PARAM}`, inProject, answers(A.position), async (c) => {
  const doc = await biz.getPosition(await scope(c), pathId(c));
  return tagged(c, "position", doc._id, doc);
});
positionsApi.put(`/${ID_PARAM}`, inProject, validate("json", biz.positionUpdateSchema), answers(A.position), async (c) => {
  const doc = await biz.updatePosition(await scope(c), pathId(c), c.req.valid("json"), version(c));
  return tagged(c, "position", doc._id, doc);
});
positionsApi.delete(`/${ID_PARAM}`, inProject, answers(A.positionDeleted), async (c) => c.json(await biz.deletePosition(await scope(c), pathId(c))));
// marking top performers and calibrating the target from them (./performers.ts)
positionsApi.route("/", performersApi);

// ------------------------------------------------------------------ employees
export const employeesApi = new Hono<AppEnv>();
employeesApi.post("/", inProject, validate("json", biz.employeeListSchema), answers(A.employees), async (c) =>
  c.json(await biz.listEmployees(await scope(c), c.req.valid("json"))),
);
employeesApi.get("/export", inProject, validate("query", biz.employeeExportSchema), answers(z.string(), 200, "text/csv"), async (c) =>
  biz.exportEmployees(await scope(c), c.req.valid("query"), c.get("t")),
);
employeesApi.get("/managers", inProject, answers(A.managers), async (c) => c.json({ docs: await biz.listManagers(await scope(c)) }));
employeesApi.post("/change-department", inProject, validate("json", biz.changeDepartmentSchema), answers(A.employee), async (c) =>
  tagged(c, "employee", c.req.valid("json").employee, await biz.changeDepartment(await scope(c), c.req.valid("json"), version(c))),
);
employeesApi.post("/change-position", inProject, validate("json", biz.changePositionSchema), answers(A.employee), async (c) =>
  tagged(c, "employee", c.req.valid("json").employee, await biz.changePosition(await scope(c), c.req.valid("json"), version(c))),
);
employeesApi.post("/change-supervisor", inProject, validate("json", biz.changeSupervisorSchema), answers(A.employee), async (c) =>
  tagged(c, "employee", c.req.valid("json").employee, await biz.changeSupervisor(await scope(c), c.req.valid("json"), version(c))),
);
employeesApi.post("/activate-manager", inProject, validate("json", biz.activateManagerSchema), answers(A.employee), async (c) =>
  tagged(c, "employee", c.req.valid("json").employee, await biz.activateManager(await scope(c), c.req.valid("json"), version(c))),
);
// what the employee page does, for the API's clients: the company's name and personnel number for
// a person, and asking them to retake the test (mailed, at most once a day)
employeesApi.post("/rename", inProject, validate("json", biz.renameEmployeeSchema), answers(A.employee), async (c) =>
  tagged(c, "employee", c.req.valid("json").employee, await biz.renameEmployee(await scope(c), c.req.valid("json"), version(c))),
);
employeesApi.post("/ask-retake", inProject, validate("json", biz.retakeSchema), answers(A.retakeAsked), async (c) =>
  c.json(await biz.requestRetake(await scope(c), c.req.valid("json").employee)),
);
employeesApi.get(`/${ID_PARAM}`, inProject, answers(A.employeeDetail), async (c) => {
  const doc = await biz.getEmployee(await scope(c), pathId(c));
  return tagged(c, "employee", doc._id, doc);
});
employeesApi.delete(`/${ID_PARAM}`, inProject, answers(A.ok), async (c) => c.json(await biz.deleteEmployee(await scope(c), pathId(c))));

// ------------------------------------------------------------------ invites
export const invitesApi = new Hono<AppEnv>();
invitesApi.get("/", inProject, validate("query", biz.inviteListSchema), answers(A.invites), async (c) =>
  c.json(await biz.listInvites(await scope(c), c.req.valid("query"))),
);
invitesApi.post("/", inProject, validate("json", biz.inviteCreateSchema), answers(A.invitesMade, 201), async (c) =>
  c.json(await biz.createInvites(await scope(c), c.req.valid("json")), 201),
);
invitesApi.put("/createOrUpdateInvite", inProject, validate("json", biz.inviteUpdateSchema), answers(A.invite), async (c) =>
  c.json(await biz.createOrUpdateInvite(await scope(c), c.req.valid("json"))),
);
// not in the spec: follow-up: resend every pending invitation, invitations from a CSV file
invitesApi.post("/resend-pending", inProject, answers(A.invitesResent), async (c) => c.json(await resendAllPending(await scope(c))));
invitesApi.post("/import", inProject, validate("json", inviteImportSchema), answers(A.invitesImported, 201), async (c) =>
  c.json(await importInvites(await scope(c), c.req.valid("json")), 201),
);
invitesApi.get("/get-count", inProject, answers(A.inviteCount), async (c) => c.json(await biz.inviteCount(c.get("scope").db, c.get("project"))));
invitesApi.delete(`/${ID_PARAM}`, inProject, answers(A.ok), async (c) => c.json(await biz.deleteInvite(await scope(c), pathId(c))));

// ------------------------------------------------------------------ the rest of /api/business
export const cabinetApi = new Hono<AppEnv>();
cabinetApi.get("/dashboard", inProject, validate("query", z.object({ department: z.string().max(100).optional() })), answers(A.dashboard), async (c) =>
  c.json(await biz.dashboard(await scope(c), c.req.valid("query").department || null)),
);
const departmentQuery = validate("query", z.object({ department: z.string().max(100).optional() }));
cabinetApi.get("/stats", inProject, departmentQuery, answers(A.teamStats), async (c) =>
  c.json(await biz.teamStats(await scope(c), c.req.valid("query").department || null)),
);
cabinetApi.get("/communication", inProject, departmentQuery, answers(A.communication), async (c) =>
  c.json(await biz.communicationBalance(await scope(c), c.req.valid("query").department || null)),
);
cabinetApi.post("/support", inProject, validate("json", biz.supportSchema), answers(A.supportSent, 201), async (c) =>
  c.json(await biz.sendSupport(await scope(c), c.req.valid("json")), 201),
);
// not in the spec: booking the consultation or deep analysis the plans include
cabinetApi.post("/booking", inProject, validate("json", biz.bookingSchema), answers(A.supportSent, 201), async (c) =>
  c.json(await biz.bookConsultation(await scope(c), c.req.valid("json")), 201),
);
cabinetApi.get("/reports", inProject, answers(A.reports), async (c) => c.json(await biz.businessReports(await scope(c))));
// candidates for a position (not in the spec): invited against a position, ranked with the team, hired or removed
// `stage` (optional) narrows the candidates to one stage; the team is always ranked with them
const candidatesQuery = validate(
  "query",
  z.object({
    position: idSchema("business.errors.badId"),
    stage: z.enum(biz.CANDIDATE_STAGES, { error: "jobfit.stages.badStage" }).optional(),
  }),
);
cabinetApi.get("/candidates", inProject, candidatesQuery, answers(A.candidates), async (c) => {
  const { position, stage } = c.req.valid("query");
  return c.json(await biz.listCandidates(await scope(c), position, { stage }));
});
cabinetApi.post(
  "/candidates",
  inProject,
  validate("json", biz.candidateInviteSchema.extend({ position: idSchema("business.errors.badId") })),
  answers(A.candidateInvited, 201),
  async (c) => {
    const { position, ...input } = c.req.valid("json");
    return c.json(await biz.inviteCandidate(await scope(c), position, input), 201);
  },
);
// one candidate as their page shows them: format, reliability, fit per activity with reasons, the holders side by side
cabinetApi.get(`/candidates/${ID_PARAM}`, inProject, answers(A.candidateProfile), async (c) =>
  c.json(await biz.candidateProfile(await scope(c), pathId(c), c.get("locale"))),
);
// `?notify=1`: the candidate gets the decision's mail (GET /candidates/{id} shows it as `mails`)
const decisionOpts = (c: ProjectCtx) => ({ notify: ["1", "true"].includes(c.req.query("notify") ?? ""), locale: c.get("locale") });
cabinetApi.post(`/candidates/${ID_PARAM}/hire`, inProject, answers(A.hired), async (c) =>
  c.json(await biz.hireCandidate(await scope(c), pathId(c), decisionOpts(c))),
);
cabinetApi.delete(`/candidates/${ID_PARAM}`, inProject, answers(A.ok), async (c) =>
  c.json(await biz.removeCandidate(await scope(c), pathId(c), decisionOpts(c))),
);
// stages and notes: the owner's shortlist mark, declining (the row stays, `?notify=1` mails the candidate), private notes
cabinetApi.put(`/candidates/${ID_PARAM}/shortlist`, inProject, validate("json", biz.shortlistSchema), answers(A.staged), async (c) =>
  c.json(await biz.shortlistCandidate(await scope(c), pathId(c), c.req.valid("json"))),
);
cabinetApi.post(`/candidates/${ID_PARAM}/decline`, inProject, answers(A.staged), async (c) =>
  c.json(await biz.declineCandidate(await scope(c), pathId(c), decisionOpts(c))),
);
cabinetApi.get(`/candidates/${ID_PARAM}/notes`, inProject, answers(A.notes), async (c) => c.json({ docs: await biz.listNotes(await scope(c), pathId(c)) }));
cabinetApi.post(`/candidates/${ID_PARAM}/notes`, inProject, validate("json", biz.noteSchema), answers(A.note, 201), async (c) =>
  c.json(await biz.addNote(await scope(c), pathId(c), c.req.valid("json")), 201),
);
cabinetApi.delete(`/candidates/${ID_PARAM}/notes/:note`, inProject, answers(A.ok), async (c) =>
  c.json(await biz.deleteNote(await scope(c), pathId(c), c.req.param("note"))),
);
// the invitee's side: which company invites them, joining with consent, withdrawing it
cabinetApi.get("/project-form-info/:id", guard("auth"), answers(A.formInfo), async (c) =>
  c.json(await biz.projectFormInfo(c.get("scope").db, c.req.param("id"), c.get("user").id)),
);
cabinetApi.post(
  "/join/:id",
  guard("auth"),
  validate(
    "json",
    z.object({ agree: z.literal(true, { error: "common.validation.agree" }), name: z.string().trim().max(120, "common.validation.tooLong").nullish() }),
  ),
  answers(A.joined, 201),
  async (c) => c.json(await biz.joinProject(c.get("scope"), c.get("user"), c.req.param("id"), { name: c.req.valid("json").name }), 201),
);
cabinetApi.get("/consent", guard("auth"), answers(A.myCompanies), async (c) => c.json({ docs: await biz.myCompanies(c.get("scope")) }));
cabinetApi.post("/consent/:id", guard("auth"), validate("json", z.object({ consent: z.boolean() })), answers(A.consentSet), async (c) =>
  c.json(await biz.setConsent(c.get("scope"), c.get("user"), c.req.param("id"), c.req.valid("json").consent)),
);
