// Changing the password while signed in: the current one first; the other sessions end.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { users } from "../../../db/schema";
import type { UserScope } from "../../scope";
import { validationFailed } from "../../lib/errors";
import { logActivity } from "../activity";
import { hashPassword, passwordSchema, verifyPassword } from "../passwords";
import { revokeUserSessions } from "../sessions";

export const repeatMatches = <T extends { password: string; repeat: string }>(v: T) => v.password === v.repeat;
export const changePasswordSchema = z
  .object({
    current: z.string({ error: "common.validation.required" }).min(1, "common.validation.required").max(1024),
    password: passwordSchema(),
    repeat: z.string({ error: "common.validation.required" }),
  })
  .refine(repeatMatches, { message: "auth.errors.repeatMismatch", path: ["repeat"] });

/** The session it is asked from stays signed in; the others end. */
export async function changePassword(scope: UserScope, input: z.infer<typeof changePasswordSchema>) {
  const { db, user, auth, t } = scope;
  if (!(await verifyPassword(user.passwordHash, input.current))) {
    throw validationFailed({ current: t("auth.errors.currentWrong") });
  }
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() })
    .where(eq(users.id, user.id));
  await revokeUserSessions(db, user.id, auth.sessionId);
  await logActivity(db, user.id, "password.change");
}
