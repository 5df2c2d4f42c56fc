import type { Db } from "../../db/client";
import { logs } from "../../db/schema";
import { createId } from "../lib/ids";

/** The user's activity log (manager back-office: /manager/users/{id}). */
export async function logActivity(db: Db, userId: string, action: string, data?: Record<string, unknown>, actorId?: string | null) {
  await db.insert(logs).values({ id: createId(), userId, action, data: data ?? null, actorId: actorId ?? null });
}
