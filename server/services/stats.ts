import type { Db } from "../../db/client";
import { getSetting, settingsWritesHere } from "./setting-store";

export const TOTAL_KEY = "stats.total";

/** How long the counter is kept: every landing view and GET /api/total asks for it. */
export const TOTAL_KEPT_MS = 1000;
const keptTotal = new WeakMap<Db, { value: number; at: number; writes: number }>();

/** People who used the service: the counter is bumped on every completed test, and starts from
 * the operator's base (setting `counterBase`). Kept for a second: a completion or a setting saved
 * through this process shows at once, one through another instance within the second. */
export async function totalUsers(db: Db): Promise<number> {
  const now = Date.now();
  const writes = settingsWritesHere(db);
  const kept = keptTotal.get(db);
  if (kept && kept.writes === writes && now - kept.at < TOTAL_KEPT_MS) return kept.value;
  const [counted, base] = await Promise.all([getSetting(db, TOTAL_KEY, 0), getSetting(db, "counterBase", 0)]);
  const value = (Number(counted) || 0) + (Number(base) || 0);
  keptTotal.set(db, { value, at: now, writes });
  return value;
}
