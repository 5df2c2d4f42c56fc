// Company API tokens: an owner gives another system (an ATS, an HR system) a credential for the
// cabinet's API. A token is `tf_` + 256 random bits; only its SHA-256 is kept, so the owner sees it
// once. It acts for the owner who made it, in its one project, on `/api/business/*` only, within its
// scopes; every call is written to the token's usage log, and each token has its own rate limit.
import { and, desc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client";
import { apiTokens, apiTokenUses, users } from "../../../db/schema";
import type { AuthState } from "../../context";
import { crashPoint } from "../../lib/crash-points";
import { AppError, notFound } from "../../lib/errors";
import { createId, ID_PATTERN } from "../../lib/ids";
import { consume } from "../rate-limits";
import { generateToken, hashToken } from "../sessions";
import { requireCan, requireWritable, type Scope } from "./access";
import { type Scope as BaseScope, transaction } from "../../scope";

export const API_TOKEN_PREFIX = "tf_";
export const TOKEN_SCOPES = ["people:read", "invites:write", "positions:write"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
/** Tokens a project may hold at once (revoked ones do not count). */
export const TOKENS_MAX = 20;

export const tokenSchema = z.object({
  name: z.string({ error: "common.validation.required" }).trim().min(1, "common.validation.required").max(80, "common.validation.tooLong"),
  scopes: z.array(z.enum(TOKEN_SCOPES)).min(1, "integrations.errors.scopesRequired"),
});

const refused = (code: string, key: string) => new AppError(403, code, `integrations.errors.${key}`);

/** Tokens and webhooks hand the company's data to another system: the owner's decision, as billing is. */
export function requireIntegrator(scope: Scope) {
  requireCan(scope, "billing");
  requireWritable(scope);
  if (scope.auth.apiToken) throw refused("token_route", "tokenRoute");
}

export async function createToken(scope: Scope, input: z.infer<typeof tokenSchema>) {
  requireIntegrator(scope);
  const live = await scope.db
    .select({ id: apiTokens.id })
    .from(apiTokens)
    .where(and(eq(apiTokens.projectId, scope.project.id), isNull(apiTokens.revokedAt)));
  if (live.length >= TOKENS_MAX) throw new AppError(400, "too_many_tokens", "integrations.errors.tooManyTokens");
  const token = API_TOKEN_PREFIX + generateToken(32);
  const row = {
    id: createId(),
    projectId: scope.project.id,
    createdBy: scope.user.id,
    name: input.name,
    scopes: [...new Set(input.scopes)],
    hash: hashToken(token),
    hint: token.slice(0, 9),
  };
  await scope.db.insert(apiTokens).values(row);
  return { _id: row.id, name: row.name, scopes: row.scopes, hint: row.hint, token };
}

export async function listTokens(scope: Scope) {
  requireIntegrator(scope);
  const rows = await scope.db.select().from(apiTokens).where(eq(apiTokens.projectId, scope.project.id)).orderBy(desc(apiTokens.createdAt));
  return {
    docs: rows.map((r) => ({
      _id: r.id,
      name: r.name,
      scopes: r.scopes,
      hint: r.hint,
      createdAt: r.createdAt,
      lastUsedAt: r.lastUsedAt,
      revokedAt: r.revokedAt,
    })),
  };
}

export async function revokeToken(scope: Scope, tokenId: string) {
  requireIntegrator(scope);
  if (!ID_PATTERN.test(tokenId)) throw notFound();
  const done = await scope.db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.projectId, scope.project.id), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  if (!done.length) throw notFound();
  return { _id: tokenId, revoked: true };
}

/** The project's last token calls, newest first (the owner's usage log). */
export async function tokenUses(scope: Scope, limit = 50) {
  requireIntegrator(scope);
  const rows = await scope.db
    .select({
      id: apiTokenUses.id,
      token: apiTokens.name,
      method: apiTokenUses.method,
      path: apiTokenUses.path,
      refused: apiTokenUses.refused,
      at: apiTokenUses.createdAt,
    })
    .from(apiTokenUses)
    .innerJoin(apiTokens, eq(apiTokens.id, apiTokenUses.tokenId))
    .where(eq(apiTokenUses.projectId, scope.project.id))
    .orderBy(desc(apiTokenUses.createdAt))
    .limit(limit);
  return { docs: rows.map(({ id, ...r }) => ({ _id: id, ...r })) };
}

/**
 * Who a presented `tf_` token is: its creator, marked with the token, when the token is live and the
 * creator active. A token outside `/api/business/*`, a revoked or an unknown one is refused outright
 * (never a fall-back to the cookies, which would make a broken integration act as whoever is signed in).
 */
export async function resolveApiToken(db: Db, token: string, path: string): Promise<AuthState> {
  const [row] = await db
    .select({ token: apiTokens, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.createdBy))
    .where(eq(apiTokens.hash, hashToken(token)));
  if (!row || row.token.revokedAt || !row.user.isActive) throw new AppError(401, "token_invalid", "integrations.errors.tokenInvalid");
  if (!path.startsWith("/api/business/")) throw refused("token_path", "tokenPath");
  const { token: t, user } = row;
  return { user, sessionId: "", kind: "normal", actorId: null, via: "bearer", apiToken: { id: t.id, projectId: t.projectId, scopes: t.scopes } };
}

/** Reading calls that are POSTs (the spec's employee list takes its filter as a body). */
const READING_POSTS = new Set(["/api/business/employees", "/api/business/positions/preview"]);
/** GET calls that write (the spec's): never a reader's. */
const WRITING_GETS = new Set(["/api/business/projects/reset-efficiency"]);

/** The scope a call needs, or null when no token may make it (hiring, structure, settings, billing…). */
export function scopeNeeded(method: string, path: string): TokenScope | null {
  const p = path.replace(/\/$/, "");
  if (p.startsWith("/api/business/integrations")) return null;
  const reads = ((method === "GET" || method === "HEAD") && !WRITING_GETS.has(p)) || (method === "POST" && READING_POSTS.has(p));
  if (reads) return "people:read";
  if (p === "/api/business/positions" || p.startsWith("/api/business/positions/")) return "positions:write";
  if (p === "/api/business/candidates" && method === "POST") return "invites:write";
  if (p === "/api/business/invites" || p.startsWith("/api/business/invites/")) return "invites:write";
  return null;
}

/**
 * A token's call inside the project guard: its own project only (another one named: 403), its
 * scopes only (403 `token_scope`), under its rate limit; logged either way.
 */
export async function admitTokenCall(
  scope: BaseScope,
  token: NonNullable<AuthState["apiToken"]>,
  named: string | null | undefined,
  method: string,
  path: string,
) {
  const needed = scopeNeeded(method, path);
  const refusal =
    named && named !== token.projectId
      ? refused("token_project", "tokenProject")
      : !needed
        ? refused("token_route", "tokenRoute")
        : !token.scopes.includes(needed)
          ? refused("token_scope", "tokenScope")
          : null;
  const now = new Date();
  // the log row and the last use commit together (a unit: on libSQL a bare write can lose a race)
  await transaction(scope, async ({ db: tx }) => {
    await tx
      .insert(apiTokenUses)
      .values({ id: createId(), tokenId: token.id, projectId: token.projectId, method, path: path.slice(0, 300), refused: refusal?.code ?? null });
    crashPoint("tokenUse.afterLog");
    await tx.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, token.id));
  });
  if (refusal) throw refusal;
  await consume(scope.db, "apiToken", token.id);
}
