// The schema's section: integrations (tokens, webhooks).
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, createdAt } from "./columns";
import { projects } from "./business";
import { users } from "./people";

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
