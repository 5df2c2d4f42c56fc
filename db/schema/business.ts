// The schema's section: business cabinet.
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, createdAt, bool } from "./columns";
import { users } from "./people";

export const projects = sqliteTable(
  "projects",
  {
    id: id(),
    name: text().notNull(),
    description: text(),
    ownerId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    inviteCode: text().notNull(),
    inviteBalance: integer().notNull().default(0),
    isDemo: bool(),
    /** Company details for invoices (business settings). */
    details: text({ mode: "json" }).$type<{ company?: string; inn?: string; kpp?: string; address?: string; email?: string; phone?: string }>(),
    /** How the owner hears of joins, completions and consent changes: each event, a daily digest, or not. */
    notify: text({ enum: ["each", "digest", "off"] })
      .notNull()
      .default("each"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("projects_invite_code_uq").on(t.inviteCode), index("projects_owner_idx").on(t.ownerId)],
);

export const departments = sqliteTable(
  "departments",
  {
    id: id(),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text().notNull(),
    supervisorId: text(),
    parentId: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index("departments_project_idx").on(t.projectId, t.name),
    index("departments_parent_idx").on(t.projectId, t.parentId),
    // the projects a supervisor may see (visibleProjects)
    index("departments_supervisor_idx").on(t.supervisorId),
  ],
);

export const positions = sqliteTable(
  "positions",
  {
    id: id(),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    departmentId: text().references(() => departments.id, { onDelete: "set null" }),
    name: text().notNull(),
    priority: integer().notNull().default(0),
    classification: text(),
    createdAt: createdAt(),
  },
  (t) => [index("positions_project_idx").on(t.projectId, t.name)],
);

export const tasks = sqliteTable(
  "tasks",
  {
    id: id(),
    positionId: text()
      .notNull()
      .references(() => positions.id, { onDelete: "cascade" }),
    name: text().notNull(),
    communication: text({ enum: ["individual", "team", "global"] }).notNull(),
    decision: text({ enum: ["balanced", "moderate", "improvisation"] }).notNull(),
    // asked since fit-v3 (model/FIT.md); null breadth/method on older rows read as before they were asked
    client: integer({ mode: "boolean" }).notNull().default(false),
    breadth: text({ enum: ["depth", "mixed", "broad"] }),
    method: text({ enum: ["order", "inquiry", "either"] }),
    content: text(),
    sort: integer().notNull().default(0),
    priority: integer().notNull().default(0),
  },
  (t) => [index("tasks_position_idx").on(t.positionId, t.sort)],
);

export const employees = sqliteTable(
  "employees",
  {
    id: id(),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: text().references(() => users.id, { onDelete: "set null" }),
    name: text().notNull(),
    departmentId: text().references(() => departments.id, { onDelete: "set null" }),
    positionId: text().references(() => positions.id, { onDelete: "set null" }),
    supervisorId: text(),
    isProjectManager: bool(),
    efficiency: real(),
    /** When the employee withdrew their consent: the company then sees the name and status only. */
    consentWithdrawnAt: integer({ mode: "timestamp_ms" }),
    /** The company's own personnel number for the person (owner-edited). */
    personnelNumber: text(),
    /** The company's ATS id of the person, carried over from the candidate row at hiring. */
    externalId: text(),
    /** Set when the owner renamed the person: profile renames then no longer overwrite the name. */
    nameByOwner: bool(),
    /** When the company last asked the person to retake the test (cleared by a newer result). */
    retakeRequestedAt: integer({ mode: "timestamp_ms" }),
    /** The name folded for search (lower case, Cyrillic too; ё as е): written by a trigger (0019). */
    nameKey: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index("employees_project_idx").on(t.projectId, t.name),
    // the list's search scans this small index, not the table (a LIKE '%…%' uses no b-tree order)
    index("employees_name_key_idx").on(t.projectId, t.nameKey),
    uniqueIndex("employees_project_user_uq").on(t.projectId, t.userId),
    index("employees_department_idx").on(t.projectId, t.departmentId),
    index("employees_position_idx").on(t.projectId, t.positionId),
    // the projects a user manages (visibleProjects): without it, every project is scanned
    index("employees_user_idx").on(t.userId),
  ],
);

export const invites = sqliteTable(
  "invites",
  {
    id: id(),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    email: text(),
    userId: text().references(() => users.id, { onDelete: "set null" }),
    link: text().notNull(),
    kind: text({ enum: ["link", "email", "candidate"] })
      .notNull()
      .default("email"),
    status: text({ enum: ["Invited", "Sent", "Accepted", "completed test", "pending activation", "no action"] })
      .notNull()
      .default("Invited"),
    isActive: integer({ mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: integer({ mode: "timestamp_ms" }),
    /** After this the invitation can no longer be accepted (null: no deadline). */
    expiresAt: integer({ mode: "timestamp_ms" }),
    /** The owner's own words, put into the invitation mail (plain text, escaped in HTML). */
    message: text(),
    /** When the last invitation or reminder mail was queued (a link joiner's row: when they joined); the reminders count from it. */
    mailedAt: integer({ mode: "timestamp_ms" }),
    /** Automatic reminders sent (at most 2: business/follow-up.ts). */
    reminders: integer().notNull().default(0),
    /** From a CSV import: the name, department and position the person gets on joining. */
    name: text(),
    departmentId: text(),
    positionId: text(),
  },
  (t) => [
    index("invites_project_idx").on(t.projectId, t.createdAt),
    uniqueIndex("invites_link_uq").on(t.link),
    index("invites_user_idx").on(t.userId),
    index("invites_project_status_idx").on(t.projectId, t.status),
    // invitations are addressed by account or by e-mail (listOwnInvites)
    index("invites_email_idx").on(t.email),
    // the reminders' sweep: invitations still owed a reminder, by when they were last mailed
    index("invites_reminders_idx").on(t.reminders, t.mailedAt),
  ],
);

/**
 * "Who viewed my results": one row per viewer per person per day (the employee's data page lists
 * them). Written where every company view of a person's results passes (getEmployee).
 */
export const resultViews = sqliteTable(
  "result_views",
  {
    employeeId: text()
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    viewerId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** the viewer's role in the project then: owner, projectManager, supervisor or admin */
    role: text().notNull(),
    /** UTC day, YYYY-MM-DD */
    day: text().notNull(),
    viewedAt: integer({ mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.employeeId, t.viewerId, t.day] })],
);

/**
 * Every export or PDF that carried a person's shared results (the CSV/XLSX of the list, the team PDF,
 * their business report's PDF): one row per export per person, listed on their "who viewed" page.
 */
export const resultExports = sqliteTable(
  "result_exports",
  {
    id: id(),
    employeeId: text()
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    viewerId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** the viewer's role in the project then, as in result_views */
    role: text().notNull(),
    /** csv, xlsx, pdf (the person's business report) or teamPdf */
    kind: text().notNull(),
    exportedAt: integer({ mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("result_exports_employee_idx").on(t.employeeId, t.exportedAt)],
);

/** Events the owner hears of in a daily digest (projects.notify = digest), until the digest is sent. */
export const ownerEvents = sqliteTable(
  "owner_events",
  {
    id: id(),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    ownerId: text().notNull(),
    // a text column without a CHECK: a new kind needs no migration
    kind: text({ enum: ["joined", "completed", "consentWithdrawn", "consentGiven", "candidateJoined", "candidateCompleted"] }).notNull(),
    /** The name the company sees, as it was then. */
    name: text().notNull(),
    createdAt: createdAt(),
    digestedAt: integer({ mode: "timestamp_ms" }),
  },
  (t) => [index("owner_events_pending_idx").on(t.digestedAt, t.ownerId)],
);

/**
 * A candidate for a position: invited by an e-mail invitation of kind "candidate", not an
 * employee. Joined (userId) when they open the invitation and agree; their fit is computed from their
 * latest completed result on reading. Hiring makes an employee and removes the row.
 */
export const candidates = sqliteTable(
  "candidates",
  {
    id: id(),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    positionId: text()
      .notNull()
      .references(() => positions.id, { onDelete: "cascade" }),
    inviteId: text().references(() => invites.id, { onDelete: "set null" }),
    userId: text().references(() => users.id, { onDelete: "set null" }),
    name: text().notNull().default(""),
    email: text().notNull(),
    joinedAt: integer({ mode: "timestamp_ms" }),
    /** The candidate no longer shares their results (they withdrew at the invitation page). */
    consentWithdrawnAt: integer({ mode: "timestamp_ms" }),
    /** The company's own id for the person in its applicant-tracking system, echoed to it (webhooks, API). */
    externalId: text(),
    /**
     * The company's own step, when it took one: "shortlisted" (an owner's mark, taken back to null)
     * or "declined" (a decision, the row kept with its notes). Invited / tested are read from the
     * row and the results; hiring makes an employee and removes the row.
     */
    stage: text({ enum: ["shortlisted", "declined"] }),
    stageAt: integer({ mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("candidates_position_idx").on(t.positionId, t.createdAt),
    uniqueIndex("candidates_invite_uq").on(t.inviteId),
    index("candidates_user_idx").on(t.userId),
  ],
);

/** The owner's and project managers' private notes on a candidate (never shown to the candidate). */
export const candidateNotes = sqliteTable(
  "candidate_notes",
  {
    id: id(),
    candidateId: text()
      .notNull()
      .references(() => candidates.id, { onDelete: "cascade" }),
    authorId: text().references(() => users.id, { onDelete: "set null" }),
    /** The author's name as it was, so a note still says who wrote it after they leave. */
    authorName: text().notNull().default(""),
    text: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("candidate_notes_candidate_idx").on(t.candidateId, t.createdAt)],
);

export const skills = sqliteTable(
  "skills",
  {
    id: id(),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    employeeId: text().references(() => employees.id, { onDelete: "cascade" }),
    // "custom": a company's own skill definition (employeeId null); the others: a value entered for an employee
    type: text({ enum: ["researcher", "businessman", "leader", "manager", "seller", "general", "custom"] }).notNull(),
    subtype: text(), // manager: tactical | team | strategic
    natural: integer(),
    acquired: integer(),
    createdAt: createdAt(),
    // ---- business analytics
    /** The skill an acquired value is for: a built-in key (model/skills.ts) or a custom skill's id. */
    skillKey: text(),
    name: text(),
    description: text(),
    /** A custom skill's definition: feature → weight (model/skills.ts FEATURES). */
    weights: text({ mode: "json" }).$type<Record<string, number>>(),
    /** Who entered an acquired value (owner or supervisor), by user id and name at the time. */
    enteredBy: text(),
    enteredByName: text(),
    updatedAt: integer({ mode: "timestamp_ms" }),
  },
  (t) => [index("skills_project_idx").on(t.projectId, t.employeeId)],
);
