// The schema's section: people and access.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, createdAt, bool } from "./columns";
import { referrals } from "./money";
import { formats } from "./test";

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
