// Sign-in with e-mail and password, throttled per e-mail and per IP.
import { z } from "zod";
import type { AppDeps } from "../../context";
import { AppError } from "../../lib/errors";
import { fields } from "../../lib/validate";
import { logActivity } from "../activity";
import { verifyPassword } from "../passwords";
import { createSession } from "../sessions";
import { findUserByEmail, normalizeEmail } from "../users";
import type { RequestMeta } from "./meta";
import { byEmail, byIp, checkThrottle } from "./throttle";

export const loginSchema = z.object({
  email: fields.email(),
  password: z.string({ error: "common.validation.required" }).min(1, "common.validation.required").max(1024),
});

export async function login(deps: AppDeps, input: z.infer<typeof loginSchema>, meta: RequestMeta) {
  const email = normalizeEmail(input.email);
  checkThrottle(email, meta.ip);
  const user = await findUserByEmail(deps.db, email);
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok || !user.isActive) {
    byEmail.fail(email);
    if (meta.ip) byIp.fail(meta.ip);
    throw new AppError(401, "invalid_credentials", "auth.errors.invalidCredentials");
  }
  byEmail.reset(email);
  const { token } = await createSession(deps.db, user.id, { userAgent: meta.userAgent, ip: meta.ip });
  await logActivity(deps.db, user.id, "login", { ip: meta.ip });
  return { user, token };
}
