// Sharing a result, opted into by its owner: a public card of the format (its name and summary) at
// /share/{code}, with its own preview image. Never the answers, the indicators or the e-mail.
// Stopping sharing drops the code, so the old address answers 404 at once.
import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { formats, results } from "../../db/schema";
import type { UserScope } from "../scope";
import { generateToken } from "./sessions";
import { latestCompleted } from "./testing";

/** Base32 as generateToken makes it: 16 characters, unguessable. */
export const SHARE_CODE = /^[a-z2-7]{16}$/;

/** The code the person's latest result is shared under, or null. */
export async function shareCodeOf(db: Db, userId: string): Promise<string | null> {
  const result = await latestCompleted(db, userId);
  return result?.shareCode ?? null;
}

/** Shares the person's latest completed result (the same code again if it is shared already). */
export async function shareResult(scope: UserScope): Promise<string | null> {
  const result = await latestCompleted(scope.db, scope.user.id);
  if (!result?.formatCode) return null;
  if (result.shareCode) return result.shareCode;
  const code = generateToken(10);
  await scope.db.update(results).set({ shareCode: code }).where(eq(results.id, result.id));
  return code;
}

/** Stops sharing every result of the person: each card's address is dead from now on. */
export async function stopSharing(scope: UserScope) {
  await scope.db
    .update(results)
    .set({ shareCode: null })
    .where(and(eq(results.userId, scope.user.id), isNotNull(results.shareCode)));
}

/** What a shared card shows: the format alone. Null for an unknown or withdrawn code. */
export async function sharedFormat(db: Db, code: string) {
  if (!SHARE_CODE.test(code)) return null;
  const [row] = await db
    .select({ code: formats.code, name: formats.name, description: formats.description })
    .from(results)
    .innerJoin(formats, eq(formats.code, results.formatCode))
    .where(eq(results.shareCode, code))
    .limit(1);
  return row ?? null;
}
