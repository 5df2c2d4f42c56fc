// /api/passport: identity, profile, password, sessions, own data (spec §7).
import * as X from "./answer-schemas";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { notFound } from "../lib/errors";
import { forgetPerson, requestMeta, setSessionCookies, signOut, trackingCookies } from "../lib/http";
import { answers, validate } from "../lib/validate";
import { guard } from "../middleware/guards";
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

passportApi.post("/signup", validate("json", signupSchema), answers(X.session, 201), async (c) => {
  const input = c.req.valid("json");
  const { user, token } = await signup(c.get("scope"), input, { ...requestMeta(c), cookies: trackingCookies(c) });
  setSessionCookies(c, token, user.id);
  return c.json({ token, _id: user.id }, 201);
});

passportApi.post("/auth", validate("json", loginSchema), answers(X.session), async (c) => {
  const { user, token } = await login(c.get("scope"), c.req.valid("json"), requestMeta(c));
  setSessionCookies(c, token, user.id);
  keepAccountLocale(c, user);
  return c.json({ token, _id: user.id });
});

passportApi.post("/logout", answers(X.done), async (c) => {
  await signOut(c);
  return c.json({ ok: true });
});

passportApi.get("/", guard("auth"), answers(X.me), async (c) => c.json(await toUserDoc(c.get("scope").db, c.get("user"))));

passportApi.put("/", guard("auth"), validate("json", profileSchema), answers(X.me), async (c) => {
  const user = await updateProfile(c.get("scope"), c.req.valid("json"));
  return c.json(await toUserDoc(c.get("scope").db, user));
});

const changePasswordBody = z.preprocess(
  // the spec names the fields current, new and repeat; `password` is accepted for `new`
  (b) => (b && typeof b === "object" && "new" in b ? { ...b, password: (b as { new: unknown }).new } : b),
  changePasswordSchema,
);
passportApi.post("/changePassword", guard("auth"), validate("json", changePasswordBody), answers(X.done), async (c) => {
  await changePassword(c.get("scope"), c.req.valid("json"));
  return c.json({ ok: true });
});

passportApi.post(
  "/restore",
  validate("json", z.object({ email: z.string().trim().toLowerCase().pipe(z.email("common.validation.email")) })),
  answers(X.done),
  async (c) => {
    await requestRestore(c.get("scope"), c.req.valid("json"), requestMeta(c));
    return c.json({ ok: true });
  },
);

passportApi.post("/restore/confirm", validate("json", resetPasswordSchema), answers(X.done), async (c) => {
  await resetPassword(c.get("scope"), c.req.valid("json"));
  return c.json({ ok: true });
});

passportApi.post("/resend", guard("auth"), answers(X.resent), async (c) => c.json(await resendConfirmation(c.get("scope"), c.get("user"))));

passportApi.get("/invites", guard("auth"), answers(X.myInvites), async (c) => c.json({ docs: await listOwnInvites(c.get("scope")) }));
passportApi.post(`/invites/${ID_PARAM}`, guard("auth"), answers(X.inviteAccepted), async (c) =>
  c.json(await acceptInvite(c.get("scope"), c.get("user"), pathId(c))),
);

passportApi.get("/sessions", guard("auth"), answers(X.sessions), async (c) => {
  const auth = c.get("auth");
  const rows = await listUserSessions(c.get("scope").db, auth.user.id);
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
passportApi.delete("/sessions/:id", guard("auth"), answers(X.done), async (c) => {
  const auth = c.get("auth");
  if (!(await revokeSession(c.get("scope").db, c.req.param("id"), auth.user.id))) throw notFound();
  return c.json({ ok: true });
});
passportApi.delete("/sessions", guard("auth"), answers(X.done), async (c) => {
  const auth = c.get("auth");
  await revokeUserSessions(c.get("scope").db, auth.user.id, auth.sessionId);
  return c.json({ ok: true });
});

passportApi.get("/export", guard("auth"), answers(X.dataExport), async (c) => {
  const data = await exportData(c.get("scope"));
  c.header("Content-Disposition", `attachment; filename="thinking-format-data.json"`);
  return c.json(data);
});

passportApi.delete(
  "/",
  guard("auth"),
  validate("json", z.object({ password: z.string().min(1, "common.validation.required").max(1024) })),
  answers(X.done),
  async (c) => {
    await deleteAccount(c.get("scope"), c.req.valid("json"));
    forgetPerson(c);
    return c.json({ ok: true });
  },
);
