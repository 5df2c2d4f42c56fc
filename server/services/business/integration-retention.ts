// How long the integrations' logs are kept: webhook deliveries (with the answers read) and API token
// uses grow with every event and call, and after a month they only serve to see an endpoint's or a
// token's recent history. The runner's clock work (runFollowUps) deletes rows older than KEEP_DAYS,
// but never an endpoint's or a token's last KEEP_LAST, so a quiet integration still shows what it
// last did. Each delete is per endpoint or token, by its (owner, created_at) index.
import { and, desc, eq, lt, ne, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { apiTokens, apiTokenUses, webhookDeliveries, webhookEndpoints } from "../../../db/schema";
import type { AppDeps } from "../../context";
import { systemScope, transaction } from "../../scope";

export const KEEP_DAYS = 30;
export const KEEP_LAST = 100;

type Log = { table: SQLiteTable; id: SQLiteColumn; owner: SQLiteColumn; createdAt: SQLiteColumn; keep?: SQL };

/** Deletes one owner's rows older than `cutoff` beyond its last KEEP_LAST; answers how many went. */
async function pruneOwner(deps: AppDeps, log: Log, ownerId: string, cutoff: Date) {
  // the newest row beyond the kept ones: it and everything older may go, when before the cutoff
  const [edge] = (await deps.db
    .select({ at: log.createdAt })
    .from(log.table)
    .where(eq(log.owner, ownerId))
    .orderBy(desc(log.createdAt))
    .limit(1)
    .offset(KEEP_LAST)) as { at: Date }[];
  if (!edge) return 0;
  const before = edge.at < cutoff ? new Date(edge.at.getTime() + 1) : cutoff;
  const gone = await transaction(systemScope(deps), (tx) =>
    tx.db
      .delete(log.table)
      .where(and(eq(log.owner, ownerId), lt(log.createdAt, before), log.keep))
      .returning({ id: log.id }),
  );
  return gone.length;
}

/** Deletes old webhook deliveries and token uses (the runner's clock work); answers how many of each went. */
export async function pruneIntegrationLogs(deps: AppDeps, now = new Date()) {
  const cutoff = new Date(now.getTime() - KEEP_DAYS * 86_400_000);
  const deliveries: Log = {
    table: webhookDeliveries,
    id: webhookDeliveries.id,
    owner: webhookDeliveries.endpointId,
    createdAt: webhookDeliveries.createdAt,
    // a pending delivery is still the runner's to send
    keep: ne(webhookDeliveries.status, "pending"),
  };
  const uses: Log = { table: apiTokenUses, id: apiTokenUses.id, owner: apiTokenUses.tokenId, createdAt: apiTokenUses.createdAt };
  const out = { deliveries: 0, uses: 0 };
  for (const { id } of await deps.db.select({ id: webhookEndpoints.id }).from(webhookEndpoints))
    out.deliveries += await pruneOwner(deps, deliveries, id, cutoff);
  for (const { id } of await deps.db.select({ id: apiTokens.id }).from(apiTokens)) out.uses += await pruneOwner(deps, uses, id, cutoff);
  return out;
}
