import type { Db } from "../../db/client";
import { getSetting } from "./settings";

export const TOTAL_KEY = "stats.total";

/** People who used the service: the counter is bumped on every completed test, and starts from
 * the operator's base (setting `counterBase`). */
export async function totalUsers(db: Db): Promise<number> {
  const [counted, base] = await Promise.all([getSetting(db, TOTAL_KEY, 0), getSetting(db, "counterBase", 0)]);
  return (Number(counted) || 0) + (Number(base) || 0);
}
