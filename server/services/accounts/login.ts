// Sign-in with e-mail and password. Failures count per address and account, per address, and per
// account (server/services/rate-limits.ts: the first two make the address wait, the last only
// slows the account's attempts down, so nobody elsewhere can lock the owner out).
import { z } from "zod";
import type { Scope } from "../../scope";
import { AppError, tooMany } from "../../lib/errors";
import { fields } from "../../lib/validate";
import { logActivity } from "../activity";
import { verifyPassword } from "../passwords";
import { createSession } from "../sessions";
import { findUserByEmail, normalizeEmail } from "../users";
import type { RequestMeta } from "./meta";
import { clear, loginBackoffMs, loginWait, recordFailure } from "../rate-limits";

export const loginSchema = z.object({
  email: fields.email(),
  password: z.string({ error: "common.validation.required" }).min(1, "common.validation.required").max(1024),
});

export async function login(scope: Scope, input: z.infer<typeof loginSchema>, meta: RequestMeta) {
  const { db } = scope;
  const email = normalizeEmail(input.email);
  const ip = meta.ip ?? "unknown";
  const wait = await loginWait(db, email, ip);
  if (wait > 0) throw tooMany(wait);
  const backoff = await loginBackoffMs(db, email);
  if (backoff) await new Promise((r) => setTimeout(r, backoff));
  const user = await findUserByEmail(db, email);
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok || !user.isActive) {
    await Promise.all([recordFailure(db, "loginPair", `${email}|${ip}`), recordFailure(db, "loginAddress", ip), recordFailure(db, "loginAccount", email)]);
    throw new AppError(401, "invalid_credentials", "auth.errors.invalidCredentials");
  }
  await clear(db, "loginPair", `${email}|${ip}`);
  const { token } = await createSession(db, user.id, { userAgent: meta.userAgent, ip: meta.ip });
  await logActivity(db, user.id, "login", { ip: meta.ip });
  return { user, token };
}
