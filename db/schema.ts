// The whole data model of both specs. Column names are snake_case in SQL (drizzle `casing`),
// camelCase in TypeScript. Ids are 24-hex strings (see server/lib/ids.ts) exposed as `_id`.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export type Localized = { ru: string; en: string; ch?: string };

const id = () => text().primaryKey();
const createdAt = () => integer({ mode: "timestamp_ms" }).notNull().default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);
const bool = () => integer({ mode: "boolean" }).notNull().default(false);

// ---------------------------------------------------------------- people and access
export const users = sqliteTable(
  "users",
  {
    id: id(),
    email: text().notNull(),
    passwordHash: text(),
    name: text(),
    phone: text(),
    birthday: text(), // YYYY-MM-DD
    city: text(),
    gender: text({ enum: ["Male", "Female"] }),
    personnelId: text(),
    balance: integer().notNull().default(0),
    /** What a manager (role admin) may do in the back-office; null is a full admin (the bootstrap's). */
    managerRole: text({ enum: ["admin", "support", "finance", "content"] }),
    role: text({ enum: ["user", "admin"] })
      .notNull()
      .default("user"),
    isActive: integer({ mode: "boolean" }).notNull().default(true),
    isBusiness: bool(),
    isCompleted: bool(),
    isFull: bool(),
    alert: integer().notNull().default(0),
    formatCode: text().references(() => formats.code),
    locale: text({ enum: ["ru", "en"] })
      .notNull()
      .default("ru"),
    emailConfirmedAt: integer({ mode: "timestamp_ms" }),
    referralId: text().references(() => referrals.id, { onDelete: "set null" }),
    /** The invite link code the user signed up with (spec sign-up body `invite`). */
    inviteLink: text(),
    utm: text({ mode: "json" }).$type<Record<string, string>>(),
    currentProjectId: text(),
    createdAt: createdAt(),
    updatedAt: integer({ mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("users_email_uq").on(t.email),
    index("users_created_idx").on(t.createdAt),
    index("users_referral_idx").on(t.referralId),
    index("users_full_idx").on(t.isFull, t.createdAt),
    // back-office list filters (manager-back-office §2 /manager/users)
    // role first: a list with role and the flags is counted from the index alone
    index("users_role_flags_idx").on(t.role, t.isCompleted, t.isBusiness, t.createdAt),
    index("users_completed_idx").on(t.isCompleted, t.createdAt),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    kind: text({ enum: ["normal", "masq", "demo"] })
      .notNull()
      .default("normal"),
    actorId: text(), // the manager behind a masquerade session
    /** a masquerade's stated reason, its mode (read-only or full) and the back-office page it started from */
    masqReason: text(),
    masqMode: text({ enum: ["read", "full"] }),
    masqReturnTo: text(),
    userAgent: text(),
    ip: text(),
    createdAt: createdAt(),
    lastUsedAt: integer({ mode: "timestamp_ms" }),
    expiresAt: integer({ mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("sessions_token_uq").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);

export const emailTokens = sqliteTable(
  "email_tokens",
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text({ enum: ["confirm", "restore", "delete"] }).notNull(),
    tokenHash: text().notNull(),
    createdAt: createdAt(),
    expiresAt: integer({ mode: "timestamp_ms" }).notNull(),
    usedAt: integer({ mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("email_tokens_hash_uq").on(t.tokenHash), index("email_tokens_user_idx").on(t.userId, t.purpose)],
);

export const oauthAccounts = sqliteTable(
  "oauth_accounts",
  {
    provider: text({ enum: ["google", "yandex", "vk"] }).notNull(),
    providerUserId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerUserId] }), index("oauth_user_idx").on(t.userId)],
);

export const logs = sqliteTable(
  "logs",
  {
    id: id(),
    userId: text().references(() => users.id, { onDelete: "cascade" }),
    actorId: text(),
    action: text().notNull(),
    data: text({ mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("logs_user_idx").on(t.userId, t.createdAt)],
);

// ---------------------------------------------------------------- test, model, results
export const formats = sqliteTable("formats", {
  code: text().primaryKey(), // e.g. SYS-HIGH-FAST; the classifier's class order is `position`
  position: integer().notNull(),
  structure: text({ enum: ["system", "analytic", "balanced"] }).notNull(),
  volume: text({ enum: ["low", "middle", "high"] }).notNull(),
  presentation: text({ enum: ["slow", "middle", "fast"] }).notNull(),
  name: text({ mode: "json" }).$type<Localized>().notNull(),
  description: text({ mode: "json" }).$type<Localized>().notNull(),
  /** Raised by a trigger on every change of the row, however it is made: readers cache by it (0015). */
  revision: integer().notNull().default(0),
});

export const tests = sqliteTable("tests", {
  id: id(),
  name: text({ mode: "json" }).$type<Localized>().notNull(),
  description: text({ mode: "json" }).$type<Localized>(),
  itemBankVersion: text().notNull(),
  minutes: integer().notNull().default(20),
  activationCode: text(), // when set, /test/start/{id} needs this code
  isActive: integer({ mode: "boolean" }).notNull().default(true),
  isDefault: bool(),
  createdAt: createdAt(),
});

export const questions = sqliteTable(
  "questions",
  {
    id: id(),
    testId: text()
      .notNull()
      .references(() => tests.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    code: text().notNull(),
    text: text({ mode: "json" }).$type<Localized>().notNull(),
    keys: text({ mode: "json" }).$type<{ scale: string; sign: number; weight?: number }[]>().notNull(),
    pairWith: integer(),
  },
  (t) => [uniqueIndex("questions_test_pos_uq").on(t.testId, t.position)],
);

/** The results the rechecker waits on: completed, unconfirmed, doubted or of low top probability (< LOW_PROBABILITY, 0.6). */
export const RECHECK_PREDICATE = "is_completed = 1 and is_correct = 0 and (is_doubt = 1 or probability < 0.6)";

export const results = sqliteTable(
  "results",
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    testId: text()
      .notNull()
      .references(() => tests.id),
    isCompleted: bool(),
    formatCode: text().references(() => formats.code),
    probability: real(),
    runnerUpCode: text(),
    runnerUpProbability: real(),
    indicators: text({ mode: "json" }).$type<Record<string, number>>(),
    quality: text({ mode: "json" }).$type<{ grade: string; flags: string[] }>(),
    isCorrect: bool(),
    isDoubt: bool(),
    modelVersion: text(),
    scoringVersion: text(),
    /** This person's share of the test's population profile (model/recalibrate.ts personProfile), set on completion. */
    populationShare: text({ mode: "json" }).$type<number[]>(),
    /** Set while the person shares a public card of this result's format (/share/{code}); null when not. */
    shareCode: text(),
    createdAt: createdAt(),
    lastAnswerAt: integer({ mode: "timestamp_ms" }),
    completedAt: integer({ mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("results_share_code_uq").on(t.shareCode),
    index("results_user_idx").on(t.userId, t.createdAt),
    // a person's open or latest completed result (the report page, the test start): by the person,
    // not by the flag every completed result shares
    index("results_user_completed_idx").on(t.userId, t.isCompleted, t.createdAt),
    index("results_completed_idx").on(t.isCompleted, t.createdAt),
    index("results_correct_idx").on(t.isCorrect),
    // back-office list filters and the rechecker queue (manager-back-office §2 /manager/results)
    index("results_created_idx").on(t.createdAt),
    index("results_format_idx").on(t.formatCode, t.createdAt),
    index("results_doubt_idx").on(t.isDoubt, t.createdAt),
    // the flags together: filter-list and its newCount are counted from the index alone
    index("results_flags_idx").on(t.isCompleted, t.isDoubt, t.isCorrect, t.createdAt),
    index("results_model_idx").on(t.modelVersion, t.createdAt),
    // the quality grade lives in the JSON; the filter's expression (server/admin/resources/results.ts)
    // matches these, so grade alone and format + grade are index searches, not JSON reads per row
    index("results_grade_idx").on(sql`json_extract(${t.quality}, '$.grade')`, t.createdAt),
    index("results_format_grade_idx").on(t.formatCode, sql`json_extract(${t.quality}, '$.grade')`, t.createdAt),
    // the item analysis: a test's completed results, and its cache stamp from the index alone
    index("results_test_completed_idx").on(t.testId, t.isCompleted, t.completedAt),
    // the rechecker's count in every back-office side bar (server/admin/overview.ts workQueues counts
    // through this index by name, with the same predicate; 0.6 is LOW_PROBABILITY): 3 ms, not 50, on 100,000
    index("results_recheck_idx").on(t.completedAt).where(sql.raw(RECHECK_PREDICATE)),
  ],
);

export const answers = sqliteTable(
  "answers",
  {
    id: id(),
    resultId: text()
      .notNull()
      .references(() => results.id, { onDelete: "cascade" }),
    questionId: text()
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    value: integer().notNull(), // −2..2
    elapsedMs: integer(),
    answeredAt: createdAt(),
  },
  (t) => [uniqueIndex("answers_result_question_uq").on(t.resultId, t.questionId)],
);

// ---------------------------------------------------------------- content
export const reports = sqliteTable(
  "reports",
  {
    id: id(),
    formatCode: text()
      .notNull()
      .references(() => formats.code),
    type: text({ enum: ["short", "business", "full", "base", "couple", "chief", "career"] }).notNull(),
    language: text({ enum: ["ru", "en", "ch"] }).notNull(),
    title: text().notNull(),
    text: text().notNull().default(""),
    sections: text({ mode: "json" }).$type<{ key: string; tab: string; title: string; text: string; teaser: string; locked: boolean }[]>().notNull(),
    updatedAt: integer({ mode: "timestamp_ms" }),
    /** Raised by a trigger on every change of the row, however it is made: readers cache by it. */
    revision: integer().notNull().default(0),
  },
  (t) => [uniqueIndex("reports_format_type_lang_uq").on(t.formatCode, t.type, t.language), index("reports_type_idx").on(t.type, t.language)],
);

export const reviews = sqliteTable(
  "reviews",
  {
    id: id(),
    userId: text().references(() => users.id, { onDelete: "set null" }),
    name: text().notNull(),
    position: text(),
    img: text(),
    text: text({ mode: "json" }).$type<Partial<Localized>>().notNull(),
    isPublished: bool(),
    createdAt: createdAt(),
  },
  (t) => [index("reviews_published_idx").on(t.isPublished, t.createdAt)],
);

/** Fixed-window counters for abuse limits, in the database so every app instance shares them. */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text().primaryKey(),
    count: integer().notNull(),
    resetAt: integer().notNull(), // epoch ms
  },
  (t) => [index("rate_limits_reset_idx").on(t.resetAt)],
);

export const settings = sqliteTable("settings", {
  key: text().primaryKey(),
  value: text({ mode: "json" }).$type<unknown>().notNull(),
  updatedAt: integer({ mode: "timestamp_ms" }),
});

// ---------------------------------------------------------------- money
export const referrals = sqliteTable(
  "referrals",
  {
    id: id(),
    code: text().notNull(),
    name: text(),
    link: text(),
    /** switched off: its links land normally and credit nobody */
    retiredAt: integer({ mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("referrals_code_uq").on(t.code)],
);

/** A referral's former codes: links handed out before a rename keep crediting it. */
export const referralAliases = sqliteTable("referral_aliases", {
  code: text().primaryKey(),
  referralId: text()
    .notNull()
    .references(() => referrals.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

/** Each sign-up a referral credited, kept when the account is deleted: its historical count. */
export const referralSignups = sqliteTable(
  "referral_signups",
  {
    id: id(),
    referralId: text()
      .notNull()
      .references(() => referrals.id, { onDelete: "cascade" }),
    /** no foreign key: the row outlives the account */
    userId: text(),
    createdAt: createdAt(),
  },
  (t) => [index("referral_signups_ref_idx").on(t.referralId, t.createdAt)],
);

export const coupons = sqliteTable(
  "coupons",
  {
    id: id(),
    code: text().notNull(),
    type: text({ enum: ["absolute", "percent"] }).notNull(),
    amount: integer().notNull(), // kopecks for absolute, 1..100 for percent
    count: integer().notNull().default(1), // uses left
    content: text({ enum: ["full", "all", "invite"] })
      .notNull()
      .default("full"),
    expiredAt: integer({ mode: "timestamp_ms" }),
    /** switched off by a manager: checkout refuses it whatever its expiry; only "enable again" clears it */
    disabledAt: integer({ mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("coupons_code_uq").on(t.code)],
);

/** A coupon's former codes (kept at a rename of a used coupon): links handed out before still work. */
export const couponAliases = sqliteTable("coupon_aliases", {
  code: text().primaryKey(),
  couponId: text()
    .notNull()
    .references(() => coupons.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

export const couponUses = sqliteTable(
  "coupon_uses",
  {
    couponId: text()
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orderId: text(),
    usedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.userId] })],
);

export const orders = sqliteTable(
  "orders",
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    projectId: text(),
    entityType: text({ enum: ["report", "invites"] }).notNull(),
    entityId: text(),
    quantity: integer().notNull().default(1),
    amount: integer().notNull(), // kopecks, after coupon
    currency: text().notNull().default("RUB"),
    method: text({ enum: ["card", "invoice", "coupon"] })
      .notNull()
      .default("card"),
    /** refunded: all the money went back (a part refunded leaves it paid, with refundedAmount) */
    state: text({ enum: ["pending", "paid", "failed", "cancelled", "refunded"] })
      .notNull()
      .default("pending"),
    couponId: text(),
    invoiceNumber: integer(),
    createdAt: createdAt(),
    paidAt: integer({ mode: "timestamp_ms" }),
    /** When the managers were told about this (business) order: they are told once. */
    notifiedAt: integer({ mode: "timestamp_ms" }),
    /** kopecks given back so far (the refunds rows hold each one) */
    refundedAmount: integer().notNull().default(0),
  },
  (t) => [
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_state_idx").on(t.state, t.createdAt),
    // one number per invoice; orders without an invoice keep NULL, which SQLite does not compare
    uniqueIndex("orders_invoice_number_idx").on(t.invoiceNumber),
  ],
);

export const payments = sqliteTable(
  "payments",
  {
    id: id(),
    orderId: text()
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    provider: text({ enum: ["sandbox", "yookassa", "invoice"] }).notNull(),
    providerPaymentId: text(),
    idempotenceKey: text().notNull(),
    amount: integer().notNull(),
    status: text().notNull().default("pending"),
    confirmationUrl: text(),
    raw: text({ mode: "json" }).$type<unknown>(),
    createdAt: createdAt(),
    updatedAt: integer({ mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("payments_provider_uq").on(t.provider, t.providerPaymentId), index("payments_order_idx").on(t.orderId)],
);

/** Money given back on an order: through the provider (its refund id and status) or recorded by hand. */
export const refunds = sqliteTable(
  "refunds",
  {
    id: id(),
    orderId: text()
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    amount: integer().notNull(),
    reason: text().notNull(),
    /** manual: the money went back outside the site (a bank transfer), recorded here */
    provider: text({ enum: ["sandbox", "yookassa", "manual"] }).notNull(),
    providerRefundId: text(),
    status: text().notNull(),
    actorId: text(),
    createdAt: createdAt(),
  },
  (t) => [index("refunds_order_idx").on(t.orderId)],
);

// ---------------------------------------------------------------- business cabinet
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

// ---------------------------------------------------------------- leads and forms
export const businessRequests = sqliteTable(
  "business_requests",
  {
    id: id(),
    kind: text({ enum: ["demo", "corporate", "research", "lead", "contact", "support"] }).notNull(),
    userId: text().references(() => users.id, { onDelete: "set null" }),
    name: text(),
    phone: text(),
    email: text(),
    company: text(),
    message: text(),
    data: text({ mode: "json" }).$type<Record<string, unknown>>(),
    /** Where a manager has got with it (back-office business requests). */
    status: text({ enum: ["new", "in_progress", "done", "rejected"] })
      .notNull()
      .default("new"),
    createdAt: createdAt(),
  },
  (t) => [index("business_requests_created_idx").on(t.createdAt)],
);

export const consultationTickets = sqliteTable(
  "consultation_tickets",
  {
    id: id(),
    userId: text().references(() => users.id, { onDelete: "set null" }),
    name: text().notNull(),
    phone: text(),
    email: text(),
    message: text(),
    /** Where a manager has got with it (back-office business requests). */
    status: text({ enum: ["new", "in_progress", "done", "rejected"] })
      .notNull()
      .default("new"),
    createdAt: createdAt(),
  },
  (t) => [index("consultation_email_idx").on(t.email)],
);

export const webinarSignups = sqliteTable(
  "webinar_signups",
  {
    id: id(),
    userId: text().references(() => users.id, { onDelete: "set null" }),
    webinar: text().notNull(),
    name: text().notNull(),
    email: text().notNull(),
    phone: text(),
    /** Where a manager has got with it (back-office business requests). */
    status: text({ enum: ["new", "in_progress", "done", "rejected"] })
      .notNull()
      .default("new"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("webinar_email_uq").on(t.webinar, t.email)],
);

/** A manager's handling of a business request (any of the three kinds): who has it and a note. */
export const requestNotes = sqliteTable(
  "request_notes",
  {
    source: text({ enum: ["business", "consultation", "webinar"] }).notNull(),
    requestId: text().notNull(),
    note: text(),
    assigneeId: text().references(() => users.id, { onDelete: "set null" }),
    updatedAt: integer({ mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.source, t.requestId] })],
);

// ---------------------------------------------------------------- back-office
/** Append-only: who (the real manager, also under masquerade) did what to which record, when,
 * with the changed fields. Rows are only ever inserted (server/admin/audit.ts). */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: id(),
    /** The manager who acted (the session's user). */
    actorId: text().notNull(),
    /** The person really behind the request: the manager behind a masquerade session, else the actor. */
    realActorId: text().notNull(),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text(),
    /** The user the record belongs to, for "what was done to them" on the user's page. */
    subjectUserId: text(),
    changes: text({ mode: "json" }).$type<Record<string, { from: unknown; to: unknown }> | Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_entity_idx").on(t.entity, t.entityId, t.createdAt),
    index("audit_subject_idx").on(t.subjectUserId, t.createdAt),
    index("audit_created_idx").on(t.createdAt),
  ],
);

/** Exports made in the back-office (/manager/exporting): who made which, with what filters. */
export const exportsLog = sqliteTable(
  "exports",
  {
    id: id(),
    managerId: text().notNull(),
    kind: text({ enum: ["users", "results", "payments"] }).notNull(),
    format: text({ enum: ["csv", "xlsx"] }).notNull(),
    filters: text({ mode: "json" }).$type<Record<string, unknown>>(),
    rows: integer(),
    createdAt: createdAt(),
    finishedAt: integer({ mode: "timestamp_ms" }),
  },
  (t) => [index("exports_created_idx").on(t.createdAt)],
);

// ---------------------------------------------------------------- business analytics
/** Fit for a position ("efficiency", model/fit.ts) per employee × position, with the formula's version. */
export const employeeFits = sqliteTable(
  "employee_fits",
  {
    employeeId: text()
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    positionId: text()
      .notNull()
      .references(() => positions.id, { onDelete: "cascade" }),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    efficiency: real(),
    flags: text({ mode: "json" }).$type<string[]>().notNull(),
    version: text().notNull(),
    computedAt: integer({ mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.employeeId, t.positionId] }),
    // "who fits this position": the position's people best first
    index("employee_fits_position_idx").on(t.positionId, t.efficiency),
    index("employee_fits_project_version_idx").on(t.projectId, t.version),
  ],
);

/** Per employee: the list's analytics fields (filters and sorting), recomputed with the fits. */
export const employeeAnalytics = sqliteTable(
  "employee_analytics",
  {
    employeeId: text()
      .primaryKey()
      .references(() => employees.id, { onDelete: "cascade" }),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    resultId: text(),
    harmony: real(),
    anxiety: real(),
    /** Fit for the current position. */
    efficiency: real(),
    bestPositionId: text(),
    bestEfficiency: real(),
    /** Best position's efficiency − the current one's. */
    diff: real(),
    researcherMin: integer(),
    researcherMax: integer(),
    researcherActual: integer(),
    researcherPotential: integer(),
    businessmanSystem: integer(),
    businessmanEnergy: integer(),
    leaderType: text(),
    managerType: text(),
    managerResource: integer(),
    sellerPercent: integer(),
    crisis: bool(),
    version: text().notNull(),
    computedAt: integer({ mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("employee_analytics_efficiency_idx").on(t.projectId, t.efficiency),
    index("employee_analytics_diff_idx").on(t.projectId, t.diff),
    // ensureFresh: "rows of another formula version in this project?" without reading them all
    index("employee_analytics_project_version_idx").on(t.projectId, t.version),
  ],
);

// ---------------------------------------------------------------- report content, questions and item analysis
/**
 * Scoring versions of a test: a manager's change of an item's keying appends one, with the whole
 * keying it scores with; a result stores the version it was scored with (results.scoringVersion) and
 * keeps its indicators, new results use the newest (model/README.md "Scoring versions").
 */
export const scoringVersions = sqliteTable(
  "scoring_versions",
  {
    version: text().primaryKey(), // e.g. scoring-v2.1
    testId: text()
      .notNull()
      .references(() => tests.id, { onDelete: "cascade" }),
    keying: text({ mode: "json" }).$type<{ position: number; keys: { scale: string; sign: number; weight?: number }[] }[]>().notNull(),
    /** what changed, for the back-office: {question, from, to} */
    change: text({ mode: "json" }).$type<Record<string, unknown>>(),
    createdBy: text(),
    createdAt: createdAt(),
  },
  (t) => [index("scoring_versions_test_idx").on(t.testId, t.createdAt)],
);

// ---------------------------------------------------------------- work that follows a commit
/**
 * The outbox: work a unit of work decided on and that must happen after its commit, even across a
 * crash (mail, recomputes). Written in the same transaction as the change it follows; done by the
 * job runner (server/jobs.ts) right after the commit and, for what failed or was cut short, later
 * with retries. A job is claimed (locked_until) before it runs, so two instances never both run it.
 */
export const jobs = sqliteTable(
  "jobs",
  {
    id: id(),
    /** what to do: "mail", "recompute-user", … (server/jobs.ts) */
    kind: text().notNull(),
    payload: text({ mode: "json" }).$type<Record<string, unknown>>().notNull(),
    attempts: integer().notNull().default(0),
    /** not before this time (ms); a failure pushes it back */
    runAt: integer({ mode: "timestamp_ms" }).notNull(),
    /** claimed by a runner until then */
    lockedUntil: integer({ mode: "timestamp_ms" }),
    lastError: text(),
    doneAt: integer({ mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("jobs_due_idx").on(t.doneAt, t.runAt)],
);

// ---------------------------------------------------------------- integrations (tokens, webhooks)
/** A company API token: only its SHA-256 is kept; it acts for its creator in its one project, within its scopes. */
export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: id(),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    createdBy: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /** people:read, invites:write, positions:write */
    scopes: text({ mode: "json" }).$type<string[]>().notNull(),
    /** hex SHA-256 of the whole token */
    hash: text().notNull(),
    /** the token's first characters, so the owner can tell tokens apart */
    hint: text().notNull(),
    createdAt: createdAt(),
    lastUsedAt: integer({ mode: "timestamp_ms" }),
    revokedAt: integer({ mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("api_tokens_hash_uq").on(t.hash), index("api_tokens_project_idx").on(t.projectId, t.createdAt)],
);

/** Every call made with a token (the owner's usage log). */
export const apiTokenUses = sqliteTable(
  "api_token_uses",
  {
    id: id(),
    tokenId: text()
      .notNull()
      .references(() => apiTokens.id, { onDelete: "cascade" }),
    projectId: text().notNull(),
    method: text().notNull(),
    path: text().notNull(),
    /** refused for scope or project: the error code; null when let through */
    refused: text(),
    createdAt: createdAt(),
  },
  (t) => [index("api_token_uses_project_idx").on(t.projectId, t.createdAt), index("api_token_uses_token_idx").on(t.tokenId, t.createdAt)],
);

/** A company's webhook endpoint: where deliveries of the events it picked go, signed with its secret. */
export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: id(),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    url: text().notNull(),
    /** whsec_ + base64 of 32 random bytes (Standard Webhooks) */
    secret: text().notNull(),
    events: text({ mode: "json" }).$type<string[]>().notNull(),
    /** failed attempts in a row; a success resets it */
    failures: integer().notNull().default(0),
    /** turned off after too many failures in a row (the owner is mailed) or by the owner */
    disabledAt: integer({ mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("webhook_endpoints_project_idx").on(t.projectId)],
);

/** One event for one endpoint: its id is the webhook-id; the answer of its last attempt is kept. */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: id(),
    endpointId: text()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    projectId: text().notNull(),
    event: text().notNull(),
    /** what the event is about, so a repeated sweep queues it once (e.g. invitation.expired:<invite>) */
    eventKey: text().notNull(),
    /** ids only; the payload is built at each attempt, so a withdrawn consent takes effect at once */
    data: text({ mode: "json" }).$type<Record<string, string | null>>().notNull(),
    status: text({ enum: ["pending", "delivered", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer().notNull().default(0),
    responseStatus: integer(),
    responseBody: text(),
    error: text(),
    createdAt: createdAt(),
    lastAttemptAt: integer({ mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("webhook_deliveries_event_uq").on(t.endpointId, t.eventKey), index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt)],
);
