// /api/passport: identity, profile, password, sessions, own data (spec §7).
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { notFound } from "../lib/errors";
import { forgetPerson, requestMeta, setSessionCookies, signOut, trackingCookies } from "../lib/http";
import { validate } from "../lib/validate";
import { guard, requestScope } from "../middleware/guards";
import { keepAccountLocale } from "../middleware/locale";
import {
  changePassword,
  changePasswordSchema,
  deleteAccount,
  exportData,
  login,
  loginSchema,
  profileSchema,
  requestRestore,
  resendConfirmation,
  resetPassword,
  resetPasswordSchema,
  signup,
  signupSchema,
  updateProfile,
} from "../services/accounts";
import { acceptInvite, listOwnInvites } from "../services/invites";
import { listUserSessions, revokeSession, revokeUserSessions } from "../services/sessions";
import { toUserDoc } from "../services/users";
import { ID_PARAM, pathId } from "../lib/ids";

export const passportApi = new Hono<AppEnv>();

passportApi.post("/signup", validate("json", signupSchema), async (c) => {
  const input = c.req.valid("json");
  const { user, token } = await signup(requestScope(c), input, { ...requestMeta(c), cookies: trackingCookies(c) });
  setSessionCookies(c, token, user.id);
  return c.json({ token, _id: user.id }, 201);
});

passportApi.post("/auth", validate("json", loginSchema), async (c) => {
  const { user, token } = await login(c.get("deps"), c.req.valid("json"), requestMeta(c));
  setSessionCookies(c, token, user.id);
  keepAccountLocale(c, user);
  return c.json({ token, _id: user.id });
});

passportApi.post("/logout", async (c) => {
  await signOut(c);
  return c.json({ ok: true });
});

passportApi.get("/", guard("auth"), async (c) => c.json(await toUserDoc(c.get("deps").db, c.get("user"))));

passportApi.put("/", guard("auth"), validate("json", profileSchema), async (c) => {
  const user = await updateProfile(c.get("deps").db, c.get("user"), c.req.valid("json"));
  return c.json(await toUserDoc(c.get("deps").db, user));
});

const changePasswordBody = z.preprocess(
  // the spec names the fields current, new and repeat; `password` is accepted for `new`
  (b) => (b && typeof b === "object" && "new" in b ? { ...b, password: (b as { new: unknown }).new } : b),
  changePasswordSchema,
);
passportApi.post("/changePassword", guard("auth"), validate("json", changePasswordBody), async (c) => {
  const auth = c.get("auth");
  await changePassword(c.get("deps"), auth.user, auth.sessionId, c.req.valid("json"), c.get("locale"));
  return c.json({ ok: true });
});

passportApi.post("/restore", validate("json", z.object({ email: z.string().trim().toLowerCase().pipe(z.email("common.validation.email")) })), async (c) => {
  await requestRestore(c.get("deps"), c.req.valid("json").email, requestMeta(c));
  return c.json({ ok: true });
});

passportApi.post("/restore/confirm", validate("json", resetPasswordSchema), async (c) => {
  await resetPassword(c.get("deps"), c.req.valid("json"));
  return c.json({ ok: true });
});

passportApi.post("/resend", guard("auth"), async (c) => c.json(await resendConfirmation(c.get("scope"), c.get("user"))));

passportApi.get("/invites", guard("auth"), async (c) => c.json({ docs: await listOwnInvites(c.get("deps").db, c.get("user")) }));
passportApi.post(`/invites/${ID_PARAM}`, guard("auth"), async (c) => c.json(await acceptInvite(c.get("scope"), c.get("user"), pathId(c))));

passportApi.get("/sessions", guard("auth"), async (c) => {
  const auth = c.get("auth");
  const rows = await listUserSessions(c.get("deps").db, auth.user.id);
  return c.json({
    docs: rows.map((s) => ({
      _id: s.id,
      userAgent: s.userAgent,
      ip: s.ip,
      createdAt: s.createdAt,
      lastUsedAt: s.lastUsedAt,
      expiresAt: s.expiresAt,
      current: s.id === auth.sessionId,
    })),
  });
});
passportApi.delete("/sessions/:id", guard("auth"), async (c) => {
  const auth = c.get("auth");
  if (!(await revokeSession(c.get("deps").db, c.req.param("id"), auth.user.id))) throw notFound();
  return c.json({ ok: true });
});
passportApi.delete("/sessions", guard("auth"), async (c) => {
  const auth = c.get("auth");
  await revokeUserSessions(c.get("deps").db, auth.user.id, auth.sessionId);
  return c.json({ ok: true });
});

passportApi.get("/export", guard("auth"), async (c) => {
  const data = await exportData(c.get("deps").db, c.get("user"));
  c.header("Content-Disposition", `attachment; filename="thinking-format-data.json"`);
  return c.json(data);
});

passportApi.delete("/", guard("auth"), validate("json", z.object({ password: z.string().min(1, "common.validation.required").max(1024) })), async (c) => {
  await deleteAccount(c.get("deps"), c.get("user"), c.req.valid("json").password, c.get("locale"));
  forgetPerson(c);
  return c.json({ ok: true });
});
