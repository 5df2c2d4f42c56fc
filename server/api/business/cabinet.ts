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
import { validate } from "../../lib/validate";
import { guard, type GuardedEnv } from "../../middleware/guards";
import * as biz from "../../services/business";
import { notifySchema, updateNotify } from "../../services/business/follow-up";
import { importInvites, inviteImportSchema } from "../../services/business/invite-import";
import { resendAllPending } from "../../services/business/invites";

type ProjectCtx = Context<GuardedEnv<["project"]>>;
const scope = (c: ProjectCtx) => c.get("scope");
const inProject = guard("project");

/** Answers `body` with the record's current version as `ETag`. */
async function tagged(c: Context, kind: biz.VersionedKind, id: string, body: unknown) {
  const version = await biz.versionOf(c.get("deps").db, kind, id);
  if (version) c.header("ETag", etagOf(version));
  return c.json(body);
}
const version = (c: Context) => ({ version: ifMatch(c) });

// ------------------------------------------------------------------ projects
export const projectsApi = new Hono<AppEnv>();
projectsApi.get("/", guard("business"), async (c) => c.json({ docs: await biz.listProjects(c.get("deps").db, c.get("user")) }));
projectsApi.post("/", guard("business"), validate("json", biz.projectSchema), async (c) =>
  c.json(await biz.createProject(c.get("deps").db, c.get("user"), c.req.valid("json")), 201),
);
projectsApi.put("/", inProject, validate("json", biz.updateProjectSchema), async (c) =>
  tagged(c, "project", c.get("project").id, await biz.updateProject(await scope(c), c.req.valid("json"), version(c))),
);
projectsApi.put("/refresh-invite-code", inProject, async (c) => c.json(await biz.refreshInviteCode(await scope(c))));
projectsApi.put("/notify", inProject, validate("json", notifySchema), async (c) =>
  tagged(c, "project", c.get("project").id, await updateNotify(await scope(c), c.req.valid("json"), version(c))),
);
projectsApi.put("/details", inProject, validate("json", biz.detailsSchema), async (c) =>
  tagged(c, "project", c.get("project").id, await biz.updateDetails(await scope(c), c.req.valid("json"), version(c))),
);
// a GET that writes (spec): only with the Authorization header, never the demo
projectsApi.get("/reset-efficiency", guard("bearer", "project"), async (c) => c.json(await biz.resetEfficiency(await scope(c))));
projectsApi.post("/reset-efficiency", inProject, async (c) => c.json(await biz.resetEfficiency(await scope(c))));
projectsApi.get(`/stats/${ID_PARAM}`, guard("business"), async (c) => {
  return c.json(await biz.teamStats(await biz.projectScope(c.get("scope"), pathId(c))));
});
projectsApi.get(`/${ID_PARAM}`, guard("business"), async (c) => {
  const doc = await biz.getProject(c.get("deps").db, c.get("user"), pathId(c));
  return tagged(c, "project", doc._id, doc);
});

// ------------------------------------------------------------------ departments
export const departmentsApi = new Hono<AppEnv>();
departmentsApi.get("/", inProject, async (c) => c.json({ docs: await biz.listDepartments(await scope(c)) }));
departmentsApi.post("/", inProject, validate("json", biz.departmentSchema), async (c) =>
  c.json(await biz.createDepartment(await scope(c), c.req.valid("json")), 201),
);
departmentsApi.get(`/${ID_PARAM}`, inProject, async (c) => {
  const doc = await biz.getDepartment(await scope(c), pathId(c));
  return tagged(c, "department", doc._id, doc);
});
departmentsApi.put(`/${ID_PARAM}`, inProject, validate("json", biz.departmentUpdateSchema), async (c) => {
  const doc = await biz.updateDepartment(await scope(c), pathId(c), c.req.valid("json"), version(c));
  return tagged(c, "department", doc._id, doc);
});
departmentsApi.delete(`/${ID_PARAM}`, inProject, async (c) => c.json(await biz.deleteDepartment(await scope(c), pathId(c))));

// ------------------------------------------------------------------ positions
export const positionsApi = new Hono<AppEnv>();
positionsApi.get("/", inProject, async (c) => c.json({ docs: await biz.listPositions(await scope(c)) }));
positionsApi.post("/", inProject, validate("json", biz.positionSchema), async (c) =>
  c.json(await biz.createPosition(await scope(c), c.req.valid("json")), 201),
);
// the wizard's live preview of the team's fit for the activities as typed (nothing is saved)
positionsApi.post("/preview", inProject, validate("json", biz.previewSchema), async (c) =>
  c.json(await biz.previewPositionFit(await scope(c), c.req.valid("json"))),
);
positionsApi.get(`/${ID_PARAM}/candidates`, inProject, async (c) => c.json(await biz.positionCandidates(await scope(c), pathId(c))));
positionsApi.get(`/${ID_PARAM}`, inProject, async (c) => {
  const doc = await biz.getPosition(await scope(c), pathId(c));
  return tagged(c, "position", doc._id, doc);
});
positionsApi.put(`/${ID_PARAM}`, inProject, validate("json", biz.positionUpdateSchema), async (c) => {
  const doc = await biz.updatePosition(await scope(c), pathId(c), c.req.valid("json"), version(c));
  return tagged(c, "position", doc._id, doc);
});
positionsApi.delete(`/${ID_PARAM}`, inProject, async (c) => c.json(await biz.deletePosition(await scope(c), pathId(c))));

// ------------------------------------------------------------------ employees
export const employeesApi = new Hono<AppEnv>();
employeesApi.post("/", inProject, validate("json", biz.employeeListSchema), async (c) => c.json(await biz.listEmployees(await scope(c), c.req.valid("json"))));
employeesApi.get("/export", inProject, validate("query", biz.employeeExportSchema), async (c) =>
  biz.exportEmployees(await scope(c), c.req.valid("query"), c.get("t")),
);
employeesApi.get("/managers", inProject, async (c) => c.json({ docs: await biz.listManagers(await scope(c)) }));
employeesApi.post("/change-department", inProject, validate("json", biz.changeDepartmentSchema), async (c) =>
  tagged(c, "employee", c.req.valid("json").employee, await biz.changeDepartment(await scope(c), c.req.valid("json"), version(c))),
);
employeesApi.post("/change-position", inProject, validate("json", biz.changePositionSchema), async (c) =>
  tagged(c, "employee", c.req.valid("json").employee, await biz.changePosition(await scope(c), c.req.valid("json"), version(c))),
);
employeesApi.post("/change-supervisor", inProject, validate("json", biz.changeSupervisorSchema), async (c) =>
  tagged(c, "employee", c.req.valid("json").employee, await biz.changeSupervisor(await scope(c), c.req.valid("json"), version(c))),
);
employeesApi.post("/activate-manager", inProject, validate("json", biz.activateManagerSchema), async (c) =>
  tagged(c, "employee", c.req.valid("json").employee, await biz.activateManager(await scope(c), c.req.valid("json"), version(c))),
);
// what the employee page does, for the API's clients: the company's name and personnel number for
// a person, and asking them to retake the test (mailed, at most once a day)
employeesApi.post("/rename", inProject, validate("json", biz.renameEmployeeSchema), async (c) =>
  tagged(c, "employee", c.req.valid("json").employee, await biz.renameEmployee(await scope(c), c.req.valid("json"), version(c))),
);
employeesApi.post("/ask-retake", inProject, validate("json", biz.retakeSchema), async (c) =>
  c.json(await biz.requestRetake(await scope(c), c.req.valid("json").employee)),
);
employeesApi.get(`/${ID_PARAM}`, inProject, async (c) => {
  const doc = await biz.getEmployee(await scope(c), pathId(c));
  return tagged(c, "employee", doc._id, doc);
});
employeesApi.delete(`/${ID_PARAM}`, inProject, async (c) => c.json(await biz.deleteEmployee(await scope(c), pathId(c))));

// ------------------------------------------------------------------ invites
export const invitesApi = new Hono<AppEnv>();
invitesApi.get("/", inProject, validate("query", biz.inviteListSchema), async (c) => c.json(await biz.listInvites(await scope(c), c.req.valid("query"))));
invitesApi.post("/", inProject, validate("json", biz.inviteCreateSchema), async (c) =>
  c.json(await biz.createInvites(c.get("deps"), await scope(c), c.req.valid("json"), c.get("locale")), 201),
);
invitesApi.put("/createOrUpdateInvite", inProject, validate("json", biz.inviteUpdateSchema), async (c) =>
  c.json(await biz.createOrUpdateInvite(c.get("deps"), await scope(c), c.req.valid("json"), c.get("locale"))),
);
// not in the spec: follow-up: resend every pending invitation, invitations from a CSV file
invitesApi.post("/resend-pending", inProject, async (c) => c.json(await resendAllPending(c.get("deps"), await scope(c), c.get("locale"))));
invitesApi.post("/import", inProject, validate("json", inviteImportSchema), async (c) =>
  c.json(await importInvites(c.get("deps"), await scope(c), c.req.valid("json"), c.get("locale")), 201),
);
invitesApi.get("/get-count", inProject, async (c) => c.json(await biz.inviteCount(c.get("deps").db, c.get("project"))));
invitesApi.delete(`/${ID_PARAM}`, inProject, async (c) => c.json(await biz.deleteInvite(await scope(c), pathId(c))));

// ------------------------------------------------------------------ the rest of /api/business
export const cabinetApi = new Hono<AppEnv>();
cabinetApi.get("/dashboard", inProject, validate("query", z.object({ department: z.string().max(100).optional() })), async (c) =>
  c.json(await biz.dashboard(await scope(c), c.req.valid("query").department || null)),
);
const departmentQuery = validate("query", z.object({ department: z.string().max(100).optional() }));
cabinetApi.get("/stats", inProject, departmentQuery, async (c) => c.json(await biz.teamStats(await scope(c), c.req.valid("query").department || null)));
cabinetApi.get("/communication", inProject, departmentQuery, async (c) =>
  c.json(await biz.communicationBalance(await scope(c), c.req.valid("query").department || null)),
);
cabinetApi.post("/support", inProject, validate("json", biz.supportSchema), async (c) =>
  c.json(await biz.sendSupport(c.get("deps"), await scope(c), c.req.valid("json")), 201),
);
// not in the spec: booking the consultation or deep analysis the plans include
cabinetApi.post("/booking", inProject, validate("json", biz.bookingSchema), async (c) =>
  c.json(await biz.bookConsultation(c.get("deps"), await scope(c), c.req.valid("json")), 201),
);
cabinetApi.get("/reports", inProject, async (c) => c.json(await biz.businessReports(await scope(c))));
// candidates for a position (not in the spec): invited against a position, ranked with the team, hired or removed
// `stage` (optional) narrows the candidates to one stage; the team is always ranked with them
const candidatesQuery = validate(
  "query",
  z.object({
    position: idSchema("business.errors.badId"),
    stage: z.enum(biz.CANDIDATE_STAGES, { error: "jobfit.stages.badStage" }).optional(),
  }),
);
cabinetApi.get("/candidates", inProject, candidatesQuery, async (c) => {
  const { position, stage } = c.req.valid("query");
  return c.json(await biz.listCandidates(await scope(c), position, { stage }));
});
cabinetApi.post("/candidates", inProject, validate("json", biz.candidateInviteSchema.extend({ position: idSchema("business.errors.badId") })), async (c) => {
  const { position, ...input } = c.req.valid("json");
  return c.json(await biz.inviteCandidate(c.get("deps"), await scope(c), position, input, c.get("locale")), 201);
});
// one candidate as their page shows them: format, reliability, fit per activity with reasons, the holders side by side
cabinetApi.get(`/candidates/${ID_PARAM}`, inProject, async (c) => c.json(await biz.candidateProfile(await scope(c), pathId(c), c.get("locale"))));
// `?notify=1`: the candidate gets the decision's mail (GET /candidates/{id} shows it as `mails`)
const decisionOpts = (c: ProjectCtx) => ({ notify: ["1", "true"].includes(c.req.query("notify") ?? ""), locale: c.get("locale") });
cabinetApi.post(`/candidates/${ID_PARAM}/hire`, inProject, async (c) => c.json(await biz.hireCandidate(await scope(c), pathId(c), decisionOpts(c))));
cabinetApi.delete(`/candidates/${ID_PARAM}`, inProject, async (c) => c.json(await biz.removeCandidate(await scope(c), pathId(c), decisionOpts(c))));
// stages and notes: the owner's shortlist mark, declining (the row stays, `?notify=1` mails the candidate), private notes
cabinetApi.put(`/candidates/${ID_PARAM}/shortlist`, inProject, validate("json", biz.shortlistSchema), async (c) =>
  c.json(await biz.shortlistCandidate(await scope(c), pathId(c), c.req.valid("json"))),
);
cabinetApi.post(`/candidates/${ID_PARAM}/decline`, inProject, async (c) => c.json(await biz.declineCandidate(await scope(c), pathId(c), decisionOpts(c))));
cabinetApi.get(`/candidates/${ID_PARAM}/notes`, inProject, async (c) => c.json({ docs: await biz.listNotes(await scope(c), pathId(c)) }));
cabinetApi.post(`/candidates/${ID_PARAM}/notes`, inProject, validate("json", biz.noteSchema), async (c) =>
  c.json(await biz.addNote(await scope(c), pathId(c), c.req.valid("json")), 201),
);
cabinetApi.delete(`/candidates/${ID_PARAM}/notes/:note`, inProject, async (c) => c.json(await biz.deleteNote(await scope(c), pathId(c), c.req.param("note"))));
// the invitee's side: which company invites them, joining with consent, withdrawing it
cabinetApi.get("/project-form-info/:id", guard("auth"), async (c) => c.json(await biz.projectFormInfo(c.get("deps").db, c.req.param("id"), c.get("user").id)));
cabinetApi.post(
  "/join/:id",
  guard("auth"),
  validate(
    "json",
    z.object({ agree: z.literal(true, { error: "common.validation.agree" }), name: z.string().trim().max(120, "common.validation.tooLong").nullish() }),
  ),
  async (c) => c.json(await biz.joinProject(c.get("scope"), c.get("user"), c.req.param("id"), { name: c.req.valid("json").name }), 201),
);
cabinetApi.get("/consent", guard("auth"), async (c) => c.json({ docs: await biz.myCompanies(c.get("deps").db, c.get("user")) }));
cabinetApi.post("/consent/:id", guard("auth"), validate("json", z.object({ consent: z.boolean() })), async (c) =>
  c.json(await biz.setConsent(c.get("scope"), c.get("user"), c.req.param("id"), c.req.valid("json").consent)),
);
