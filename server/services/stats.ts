import type { Db } from "../../db/client";
import { getSetting } from "./settings";

export const TOTAL_KEY = "stats.total";

/** People who used the service: the counter is bumped on every completed test. */
export async function totalUsers(db: Db): Promise<number> {
  return Number(await getSetting(db, TOTAL_KEY, 0)) || 0;
}
