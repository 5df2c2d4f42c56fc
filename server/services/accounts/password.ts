// Changing the password while signed in: the current one first; the other sessions end.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { users } from "../../../db/schema";
import { tFor, type Locale } from "../../../locales";
import type { AppDeps } from "../../context";
import { validationFailed } from "../../lib/errors";
import { logActivity } from "../activity";
import { hashPassword, passwordSchema, verifyPassword } from "../passwords";
import { revokeUserSessions } from "../sessions";
import type { UserRow } from "../users";

export const repeatMatches = <T extends { password: string; repeat: string }>(v: T) => v.password === v.repeat;
export const changePasswordSchema = z
  .object({
    current: z.string({ error: "common.validation.required" }).min(1, "common.validation.required").max(1024),
    password: passwordSchema(),
    repeat: z.string({ error: "common.validation.required" }),
  })
  .refine(repeatMatches, { message: "auth.errors.repeatMismatch", path: ["repeat"] });

export async function changePassword(deps: AppDeps, user: UserRow, sessionId: string, input: z.infer<typeof changePasswordSchema>, locale: Locale) {
  if (!(await verifyPassword(user.passwordHash, input.current))) {
    throw validationFailed({ current: tFor(locale)("auth.errors.currentWrong") });
  }
  await deps.db
    .update(users)
    .set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() })
    .where(eq(users.id, user.id));
  await revokeUserSessions(deps.db, user.id, sessionId);
  await logActivity(deps.db, user.id, "password.change");
}
