// What the cabinet's calls answer, as JSON (dates as ISO strings): declared on each route with
// `answers()`, published by the OpenAPI description and held against every answer the API tests
// receive. Objects are open (a field added is not a break); a field renamed, dropped or retyped is.
import { z } from "zod";
import { CANDIDATE_STAGES, EMPLOYEE_STATUSES, INVITE_STATUSES } from "../../services/business";

export const at = z.iso.datetime();
const id = z.string();
const num = z.number();
const ref = z.object({ _id: id, name: z.string() });
export const ok = z.object({ ok: z.boolean() });
export const docsOf = <S extends z.ZodType>(doc: S) => z.object({ docs: z.array(doc) });
const paged = { page: z.int(), limit: z.int(), total: z.int(), pages: z.int() };
const localized = z.object({ ru: z.string(), en: z.string() });

/** How far a result can be trusted: the facts the person's own report shows. */
const reliability = z.object({
  probability: num,
  between: z.boolean(),
  runnerUp: z.string().nullable(),
  runnerUpProbability: num,
  grade: z.string(),
  flags: z.array(z.string()),
  completedAt: at.nullable(),
  careless: z.boolean(),
  doubtful: z.boolean(),
});

// ------------------------------------------------------------------ projects
export const project = z.object({
  _id: id,
  name: z.string(),
  description: z.string().nullable(),
  owner: id,
  inviteCode: z.string(),
  inviteBalance: z.int(),
  isDemo: z.boolean(),
  createdAt: at,
});
export const projectDetail = project.extend({ role: z.string(), details: z.record(z.string(), z.string()) });
export const activated = z.object({ project: z.object({ _id: id, name: z.string(), inviteBalance: z.int() }) });
export const inviteCode = z.object({ _id: id, inviteCode: z.string() });
export const notify = z.object({ notify: z.enum(["each", "digest", "off"]) });
export const details = z.record(z.string(), z.string());
export const recomputed = z.object({ ok: z.literal(true), version: z.string(), employees: z.int(), fits: z.int(), ms: num });
/** A card payment to make, an invoice issued, or (500 people and more) a request for an offer. */
export const refilled = z.union([
  z.object({ order: id, redirect: z.string(), paid: z.boolean() }),
  z.object({ order: id, invoice: z.string(), corporate: z.literal(false) }),
  z.object({ request: id, corporate: z.literal(true) }),
]);
export const demoSession = z.object({ token: z.string(), _id: id });

// ------------------------------------------------------------------ departments
const departmentRow = z.object({ _id: id, name: z.string(), parent: ref.nullable(), supervisor: ref.nullable(), employees: z.int() });
export const departments = docsOf(departmentRow);
export const department = departmentRow.extend({ children: z.array(ref), staff: z.array(ref) });
export const departmentDeleted = ok.extend({ moved: z.int(), movedTo: ref.nullable() });

// ------------------------------------------------------------------ positions
const task = z.object({
  _id: id,
  name: z.string(),
  communication: z.string(),
  decision: z.string(),
  client: z.boolean(),
  breadth: z.string().nullable(),
  method: z.string().nullable(),
  content: z.string().nullable(),
  priority: num,
});
export const position = z.object({
  _id: id,
  name: z.string(),
  department: ref.nullable(),
  priority: num,
  classification: z.unknown(),
  employees: z.int(),
  tasks: z.array(task),
});
export const positions = docsOf(position);
export const positionDeleted = ok.extend({ unassigned: z.int() });
export const positionPreview = z.object({
  target: z.object({
    presentation: num,
    volume: num,
    spheres: z.record(z.string(), num),
    decisions: z.record(z.string(), num),
    formats: z.array(z.object({ code: z.string(), efficiency: num })),
  }),
  team: z.object({
    measured: z.int(),
    min: num.nullable(),
    median: num.nullable(),
    max: num.nullable(),
    good: z.int(),
    goodFrom: num,
    top: z.array(ref.extend({ efficiency: num })),
  }),
});
export const positionCandidates = z.object({
  position: ref,
  docs: z.array(ref.extend({ efficiency: num, flags: z.array(z.string()), isCurrent: z.boolean(), reliability: reliability.nullable() })),
});

// ------------------------------------------------------------------ employees
/** An employee as the list and every change answer it (the five skill families only while shared). */
export const employee = z.object({
  _id: id,
  name: z.string(),
  user: id.nullable(),
  department: ref.nullable(),
  position: ref.nullable(),
  supervisor: id.nullable(),
  isProjectManager: z.boolean(),
  consent: z.boolean(),
  personnelNumber: z.string().nullable(),
  externalId: z.string().nullable(),
  retakeRequestedAt: at.nullable(),
  nameByOwner: z.boolean(),
  format: z.object({ code: z.string(), name: localized.nullable() }).nullable(),
  harmony: num.nullable(),
  anxiety: num.nullable(),
  status: z.enum(EMPLOYEE_STATUSES),
  createdAt: at,
  efficiency: num.nullable(),
  diff: num.nullable(),
  bestPosition: id.nullable(),
  manager: z.object({ type: z.string(), resource: num.nullable() }).nullable(),
  leader: z.object({ type: z.string() }).nullable(),
  researcher: z.object({ min: num, max: num, actual: num, potential: num }).nullable(),
  seller: z.object({ percent: num }).nullable(),
  businessman: z.object({ system: num, energy: num.nullable() }).nullable(),
  crisis: z.boolean(),
});
export const employees = z.object({ docs: z.array(employee.extend({ reliability: reliability.nullable() })), ...paged });
export const employeeDetail = employee.extend({
  reliability: reliability.nullable(),
  indicators: z.record(z.string(), num).nullable(),
  invite: z.enum(INVITE_STATUSES).nullable(),
  supervises: z.array(ref),
  supervisorDoc: ref.nullable(),
  retake: z.object({ state: z.string(), at: at.nullable(), canAsk: z.boolean() }),
});
export const managers = docsOf(ref.extend({ isProjectManager: z.boolean(), departmentId: id.nullable(), supervises: z.array(ref) }));
export const retakeAsked = z.object({ employee: id, retakeRequestedAt: at });
const explanation = z.object({
  headline: z.string(),
  base: num,
  bounded: num,
  flags: z.array(z.string()),
  activities: z.array(z.record(z.string(), z.unknown())),
});
export const efficiency = z.object({
  employee: ref.extend({ position: id.nullable() }),
  efficiency: num.nullable(),
  currentEfficiency: num.nullable(),
  diff: num.nullable(),
  best: ref.extend({ efficiency: num.nullable() }).nullable(),
  shared: z.boolean(),
  version: z.string(),
  docs: z.array(
    z.object({
      position: ref,
      efficiency: num.nullable(),
      isCurrent: z.boolean(),
      isBest: z.boolean(),
      flags: z.array(z.string()),
      version: z.string(),
      activities: z.array(z.record(z.string(), z.unknown())),
      explanation: explanation.nullable(),
    }),
  ),
  position: ref.extend({ isCurrent: z.boolean() }).optional(),
});

// ------------------------------------------------------------------ invites
export const invite = z.object({
  _id: id,
  email: z.string().nullable(),
  user: id.nullable(),
  kind: z.string(),
  status: z.enum(INVITE_STATUSES),
  isActive: z.boolean(),
  expiresAt: at.nullable(),
  expired: z.boolean(),
  message: z.string().nullable(),
  reminders: z.int(),
  createdAt: at,
  updatedAt: at.nullable(),
});
export const invites = z.object({
  docs: z.array(invite),
  ...paged,
  counts: z.record(z.enum(INVITE_STATUSES), z.int()),
  balance: z.int(),
  reserved: z.int(),
  inviteCode: z.string(),
});
export const invitesMade = z.object({ docs: z.array(invite), skipped: z.array(z.unknown()) });
export const inviteCount = z.object({ count: z.int(), balance: z.int(), employees: z.int(), pending: z.int(), reserved: z.int(), free: z.int() });
export const invitesImported = z.object({ invited: z.int(), skipped: z.array(z.unknown()) });
export const invitesResent = z.record(z.string(), z.unknown());

// ------------------------------------------------------------------ the cabinet's overviews
export const dashboard = z.object({
  TOTAL: z.int(),
  ACTIVE: z.int(),
  PENDING: z.int(),
  balance: z.int(),
  latest: z.array(
    z.object({
      _id: id,
      email: z.string().nullable(),
      status: z.enum(INVITE_STATUSES),
      name: z.string().nullable(),
      employee: id.nullable(),
      updatedAt: at.nullable(),
    }),
  ),
});
const spread = z.object({ n: z.int(), mean: num.nullable(), sd: num.nullable(), min: num.nullable(), max: num.nullable() });
export const teamStats = z.object({
  total: z.int(),
  tested: z.int(),
  shared: z.int(),
  formats: z.array(z.object({ code: z.string(), count: z.int() })),
  map: z.array(
    z.object({
      code: z.string(),
      structure: z.string(),
      volume: z.string(),
      presentation: z.string(),
      count: z.int(),
      people: z.array(z.record(z.string(), z.unknown())),
    }),
  ),
  harmony: num.nullable(),
  anxiety: num.nullable(),
  overall: z.record(z.string(), spread),
  departments: z.array(
    z.object({
      _id: id.nullable(),
      name: z.string().nullable(),
      employees: z.int(),
      tested: z.int(),
      indicators: z.record(z.string(), z.record(z.string(), z.unknown())),
    }),
  ),
  alerts: z.array(ref.extend({ department: z.string().nullable(), harmony: num.nullable(), anxiety: num.nullable(), reasons: z.array(z.string()) })),
  alertCount: z.int(),
  completion: z.object({ unit: z.string(), points: z.array(z.object({ date: z.string(), count: z.int(), total: z.int() })) }),
  coverage: z.array(z.object({ position: ref, best: num.nullable(), bestEmployee: ref.nullable(), uncovered: z.boolean() })),
});
const spheres = z.record(z.string(), num);
export const communication = z.object({
  basis: z.string(),
  positions: z.int(),
  activities: z.int(),
  holders: z.int(),
  measured: z.int(),
  demand: spheres.nullable(),
  supply: spheres.nullable(),
  balance: z.array(z.object({ sphere: z.string(), demand: num, supply: num, gap: num, status: z.string() })),
});
export const supportSent = z.object({ _id: id });
export const reports = z.object({ orders: z.array(z.record(z.string(), z.unknown())), invitesBought: z.int() });

// ------------------------------------------------------------------ candidates
const stage = z.enum(CANDIDATE_STAGES);
export const candidates = z.object({
  position: ref.extend({ department: ref.nullable() }),
  stage: stage.nullable(),
  team: z.object({ measured: z.int(), min: num.nullable(), median: num.nullable(), max: num.nullable() }),
  candidates: z.array(
    ref.extend({
      email: z.string(),
      externalId: z.string().nullable(),
      status: z.string(),
      stage,
      formatCode: z.string().nullable(),
      efficiency: num.nullable(),
      reliability: reliability.nullable(),
      createdAt: at,
      rank: z.int().nullable(),
    }),
  ),
  ranked: z.array(
    ref.extend({
      kind: z.string(),
      efficiency: num.nullable(),
      isCurrent: z.boolean(),
      reliability: reliability.nullable(),
      rank: z.int(),
      stage: stage.optional(),
    }),
  ),
});
export const candidateInvited = z.object({ _id: id, position: ref, email: z.string(), externalId: z.string().nullable(), invite: z.object({ _id: id }) });
const note = z.object({ _id: id, text: z.string(), author: z.object({ _id: id.nullable(), name: z.string() }), createdAt: at });
export const notes = docsOf(note);
export { note };
const mail = z.object({ to: z.string(), subject: z.string(), text: z.string() });
export const candidateProfile = z.object({
  candidate: ref.extend({ email: z.string(), status: z.string(), stageAt: at.nullable(), createdAt: at }),
  notes: z.array(note),
  mails: z.object({ hire: mail, decline: mail }).nullable(),
  position: ref.extend({ department: ref.nullable() }),
  format: z.object({ code: z.string(), name: z.string() }).nullable(),
  runnerUp: z.string().nullable(),
  reliability: reliability.nullable(),
  efficiency: num.nullable(),
  explanation: explanation.extend({ activities: z.array(z.record(z.string(), z.unknown())) }).nullable(),
  activities: z.array(z.object({ name: z.string(), share: num.nullable(), score: num.nullable() })),
  holders: z.array(
    ref.extend({ efficiency: num.nullable(), format: z.string().nullable(), activities: z.array(num.nullable()), reliability: reliability.nullable() }),
  ),
});
export const staged = z.object({ _id: id, stage: stage.nullable() });
export const hired = z.object({ employee: id, name: z.string(), externalId: z.string().nullable(), position: ref });

// ------------------------------------------------------------------ the invitee's side
export const formInfo = z.object({
  project: ref.extend({ description: z.string().nullable() }),
  email: z.string().nullable(),
  shares: z.array(z.string()).readonly(),
  isDemo: z.boolean(),
});
export const joined = z.object({
  project: ref,
  employee: id.nullable(),
  candidate: id.optional(),
  status: z.string(),
  already: z.boolean(),
});
export const myCompanies = docsOf(z.object({ _id: id, project: ref, consent: z.boolean() }));
export const consentSet = z.object({ project: id, consent: z.boolean() });

// ------------------------------------------------------------------ skills
const skillDefinition = z.object({
  _id: id,
  kind: z.literal("definition"),
  name: z.string(),
  description: z.string().nullable(),
  weights: z.record(z.string(), num),
  createdAt: at,
  updatedAt: at.nullable(),
});
const skillAcquired = z.object({
  _id: id,
  kind: z.literal("acquired"),
  employee: id,
  skill: z.string(),
  type: z.string(),
  subtype: z.string().nullable(),
  value: num,
  note: z.string().nullable(),
  enteredBy: ref.nullable(),
  enteredAt: at,
});
export const skill = z.discriminatedUnion("kind", [skillDefinition, skillAcquired]);
export const skills = z.object({
  builtIn: z.array(z.object({ key: z.string(), family: z.string(), weights: z.record(z.string(), num.optional()) })),
  features: z.array(z.string()).readonly(),
  docs: z.array(skill),
  employee: z
    .object({
      employee: id,
      shared: z.boolean(),
      // the five skill families, each as its own calculation gives it (null without a shared result)
      families: z.object({ researcher: z.unknown(), businessman: z.unknown(), leader: z.unknown(), manager: z.unknown(), seller: z.unknown() }).nullable(),
      crisis: z.boolean(),
      natural: z.array(z.object({ key: z.string(), family: z.string(), value: num.nullable() })),
      custom: z.array(ref.extend({ value: num.nullable() })),
      acquired: z.array(skill),
    })
    .optional(),
});
