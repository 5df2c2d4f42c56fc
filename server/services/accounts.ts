// Accounts: sign-up, sign-in, e-mail confirmation, password restore and change, profile,
// data export and deletion. The API (server/api/passport.ts) and the pages call these.
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { z } from "zod";
import {
  answers,
  couponUses,
  emailTokens,
  invites,
  logs,
  oauthAccounts,
  orders,
  referrals,
  results,
  reviews,
  sessions,
  users,
} from "../../db/schema";
import type { Db } from "../../db/client";
import { tFor, type Locale } from "../../locales";
import type { AppDeps } from "../context";
import { AppError, conflict, tooMany, unauthorized, validationFailed } from "../lib/errors";
import { createId } from "../lib/ids";
import { Throttle } from "../lib/throttle";
import { fields } from "../lib/validate";
import { logActivity } from "./activity";
import { generatePassword, hashPassword, passwordSchema, verifyPassword } from "./passwords";
import { createSession, generateToken, hashToken, revokeUserSessions } from "./sessions";
import { findUserByEmail, normalizeEmail, type UserRow } from "./users";

const HOUR = 3_600_000;
export const CONFIRM_TTL_MS = 7 * 24 * HOUR;
export const RESTORE_TTL_MS = HOUR;
/** The wait before the confirmation e-mail can be sent again (spec: "not shown"; we chose 60 s). */
export const RESEND_WAIT_SECONDS = 60;

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
  locale: Locale;
}

// ------------------------------------------------------------------ schemas
const agreement = z.literal(true, { error: "common.validation.agree" });
const utmSchema = z
  .object({
    utm_source: z.string().max(200).optional(),
    utm_medium: z.string().max(200).optional(),
    utm_term: z.string().max(200).optional(),
    utm_content: z.string().max(200).optional(),
    utm_campaign: z.string().max(200).optional(),
    utm_test: z.string().max(200).optional(),
  })
  .strip();

export const signupSchema = z.object({
  email: fields.email(),
  password: passwordSchema().optional(),
  policy: agreement,
  terms: agreement,
  offer: agreement,
  utm: utmSchema.optional(),
  ref: z.string().trim().max(100).optional(),
  invite: z.string().trim().max(100).optional(),
  captcha: z.string().max(4000).optional(),
});
export type SignupInput = z.infer<typeof signupSchema>;

export const loginSchema = z.object({
  email: fields.email(),
  password: z.string({ error: "common.validation.required" }).min(1, "common.validation.required").max(1024),
});

const repeatMatches = <T extends { password: string; repeat: string }>(v: T) => v.password === v.repeat;
export const changePasswordSchema = z
  .object({
    current: z.string({ error: "common.validation.required" }).min(1, "common.validation.required").max(1024),
    password: passwordSchema(),
    repeat: z.string({ error: "common.validation.required" }),
  })
  .refine(repeatMatches, { message: "auth.errors.repeatMismatch", path: ["repeat"] });

export const resetPasswordSchema = z
  .object({ token: z.string().min(16).max(100), password: passwordSchema(), repeat: z.string({ error: "common.validation.required" }) })
  .refine(repeatMatches, { message: "auth.errors.repeatMismatch", path: ["repeat"] });

const optionalField = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);

export const profileSchema = z.object({
  name: optionalField(120),
  birthday: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "auth.errors.birthday")
    .refine((d) => {
      const t = Date.parse(`${d}T00:00:00Z`);
      return Number.isFinite(t) && t < Date.now() && t > Date.UTC(1900, 0, 1);
    }, "auth.errors.birthday")
    .nullish()
    .or(z.literal("").transform(() => null)),
  city: optionalField(120),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9()\-\s]{7,20}$/, "common.validation.phone")
    .nullish()
    .or(z.literal("").transform(() => null)),
  gender: z.enum(["Male", "Female"]).nullish().or(z.literal("").transform(() => null)),
  PersonnelId: optionalField(60),
  locale: z.enum(["ru", "en"]).optional(),
});

// ------------------------------------------------------------------ throttling
const byEmail = new Throttle(5, 15 * 60_000);
const byIp = new Throttle(30, 15 * 60_000);

function checkThrottle(email: string, ip: string | null) {
  const wait = Math.max(byEmail.retryAfter(email), ip ? byIp.retryAfter(ip) : 0);
  if (wait > 0) throw tooMany(wait);
}

/** For tests: forget all failure counts. */
export function resetLoginThrottle() {
  (byEmail as unknown as { hits: Map<string, unknown> }).hits.clear();
  (byIp as unknown as { hits: Map<string, unknown> }).hits.clear();
}

// ------------------------------------------------------------------ e-mail tokens
async function issueEmailToken(db: Db, userId: string, purpose: "confirm" | "restore") {
  const token = generateToken(20);
  const ttl = purpose === "confirm" ? CONFIRM_TTL_MS : RESTORE_TTL_MS;
  await db.insert(emailTokens).values({ id: createId(), userId, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttl) });
  return token;
}

/** Marks a live token used and returns its user id; an unknown, used or expired token gives null. */
async function consumeEmailToken(db: Db, token: string, purpose: "confirm" | "restore"): Promise<string | null> {
  if (!/^[a-z2-7]{16,64}$/.test(token)) return null;
  const now = new Date();
  const rows = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)))
    .returning({ userId: emailTokens.userId });
  return rows[0]?.userId ?? null;
}

async function sendConfirmation(deps: AppDeps, user: UserRow, password?: string) {
  const t = tFor(user.locale);
  const token = await issueEmailToken(deps.db, user.id, "confirm");
  const link = `${deps.config.PUBLIC_URL}/confirm/${token}`;
  const lines = [t("mail.confirm.greeting"), "", t("mail.confirm.body"), link, ""];
  if (password) lines.push(t("mail.confirm.password", { password }), "");
  lines.push(t("mail.confirm.ignore"), "", t("mail.signature"));
  await deps.mailer.send({ to: user.email, subject: t("mail.confirm.subject"), text: lines.join("\n") });
}

// ------------------------------------------------------------------ sign-up and sign-in
export async function signup(
  deps: AppDeps,
  input: SignupInput,
  meta: RequestMeta & { cookies: Partial<Record<string, string>> },
): Promise<{ user: UserRow; token: string; generatedPassword: boolean }> {
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(deps.db, email)) throw conflict("auth.errors.emailTaken", { email: tFor(meta.locale)("auth.errors.emailTaken") });
  const generated = !input.password;
  const password = input.password ?? generatePassword();
  const refCode = input.ref ?? meta.cookies.ref ?? meta.cookies.referral;
  const [referral] = refCode ? await deps.db.select({ id: referrals.id }).from(referrals).where(eq(referrals.code, refCode)) : [];
  const utm = { ...pickUtm(meta.cookies), ...input.utm };
  const user: typeof users.$inferInsert = {
    id: createId(),
    email,
    passwordHash: await hashPassword(password),
    locale: meta.locale,
    referralId: referral?.id ?? null,
    inviteLink: input.invite ?? null,
    utm: Object.keys(utm).length ? utm : null,
  };
  try {
    await deps.db.insert(users).values(user);
  } catch (e) {
    if (String((e as Error).message).includes("UNIQUE")) throw conflict("auth.errors.emailTaken", { email: tFor(meta.locale)("auth.errors.emailTaken") });
    throw e;
  }
  const row = (await findUserByEmail(deps.db, email))!;
  if (input.invite) await attachInvite(deps.db, row, input.invite);
  await logActivity(deps.db, row.id, "signup", { referral: referral?.id ?? null });
  await sendConfirmation(deps, row, generated ? password : undefined);
  const { token } = await createSession(deps.db, row.id, { userAgent: meta.userAgent, ip: meta.ip });
  return { user: row, token, generatedPassword: generated };
}

function pickUtm(cookies: Partial<Record<string, string>>) {
  const out: Record<string, string> = {};
  for (const key of ["utm_source", "utm_medium", "utm_term", "utm_content", "utm_campaign", "utm_test"]) {
    const v = cookies[key];
    if (v) out[key] = v.slice(0, 200);
  }
  return out;
}

/** An invite link (its `link` code or id) used at sign-up marks the invite accepted by this user. */
async function attachInvite(db: Db, user: UserRow, code: string) {
  const [invite] = await db.select().from(invites).where(eq(invites.link, code));
  if (!invite || !invite.isActive) return;
  await db.update(invites).set({ userId: user.id, status: "Accepted", updatedAt: new Date() }).where(eq(invites.id, invite.id));
}

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

// ------------------------------------------------------------------ confirmation and restore
export async function confirmEmail(deps: AppDeps, token: string) {
  const userId = await consumeEmailToken(deps.db, token, "confirm");
  if (!userId) return null;
  await deps.db.update(users).set({ emailConfirmedAt: new Date(), updatedAt: new Date() }).where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)));
  return userId;
}

/** Seconds until another confirmation e-mail may be sent (0 = now). */
export async function resendWait(db: Db, userId: string): Promise<number> {
  const [last] = await db
    .select({ createdAt: emailTokens.createdAt })
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, "confirm")))
    .orderBy(desc(emailTokens.createdAt))
    .limit(1);
  if (!last) return 0;
  return Math.max(0, Math.ceil((last.createdAt.getTime() + RESEND_WAIT_SECONDS * 1000 - Date.now()) / 1000));
}

export async function resendConfirmation(deps: AppDeps, user: UserRow) {
  if (user.emailConfirmedAt) return { sent: false, confirmed: true, wait: 0 };
  const wait = await resendWait(deps.db, user.id);
  if (wait > 0) throw tooMany(wait);
  await sendConfirmation(deps, user);
  return { sent: true, confirmed: false, wait: RESEND_WAIT_SECONDS };
}

/** Always succeeds from the caller's view, so the answer never tells whether an e-mail is registered. */
export async function requestRestore(deps: AppDeps, email: string, meta: RequestMeta) {
  const key = `restore:${normalizeEmail(email)}`;
  if (byEmail.retryAfter(key) > 0) return;
  byEmail.fail(key);
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  const t = tFor(user.locale ?? meta.locale);
  const token = await issueEmailToken(deps.db, user.id, "restore");
  const link = `${deps.config.PUBLIC_URL}/restore?token=${token}`;
  await deps.mailer.send({
    to: user.email,
    subject: t("mail.restore.subject"),
    text: [t("mail.restore.body"), link, "", t("mail.restore.ignore"), "", t("mail.signature")].join("\n"),
  });
}

export async function resetPassword(deps: AppDeps, input: z.infer<typeof resetPasswordSchema>) {
  const userId = await consumeEmailToken(deps.db, input.token, "restore");
  if (!userId) throw new AppError(400, "token_invalid", "auth.errors.tokenInvalid", { token: tFor("ru")("auth.errors.tokenInvalid") });
  // A working restore link proves the mailbox too.
  await deps.db
    .update(users)
    .set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() })
    .where(eq(users.id, userId));
  await deps.db.update(users).set({ emailConfirmedAt: new Date() }).where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)));
  await revokeUserSessions(deps.db, userId);
  await logActivity(deps.db, userId, "password.reset");
  return userId;
}

export async function changePassword(deps: AppDeps, user: UserRow, sessionId: string, input: z.infer<typeof changePasswordSchema>, locale: Locale) {
  if (!(await verifyPassword(user.passwordHash, input.current))) {
    throw validationFailed({ current: tFor(locale)("auth.errors.currentWrong") });
  }
  await deps.db.update(users).set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() }).where(eq(users.id, user.id));
  await revokeUserSessions(deps.db, user.id, sessionId);
  await logActivity(deps.db, user.id, "password.change");
}

// ------------------------------------------------------------------ profile
export async function updateProfile(db: Db, user: UserRow, input: z.infer<typeof profileSchema>) {
  const patch: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (input.name !== undefined) patch.name = input.name;
  if (input.birthday !== undefined) patch.birthday = input.birthday;
  if (input.city !== undefined) patch.city = input.city;
  if (input.phone !== undefined) patch.phone = input.phone;
  if (input.gender !== undefined) patch.gender = input.gender;
  if (input.PersonnelId !== undefined) patch.personnelId = input.PersonnelId;
  if (input.locale !== undefined) patch.locale = input.locale;
  await db.update(users).set(patch).where(eq(users.id, user.id));
  const [row] = await db.select().from(users).where(eq(users.id, user.id));
  return row!;
}

// ------------------------------------------------------------------ data export and deletion
export async function exportData(db: Db, user: UserRow) {
  const { passwordHash: _secret, ...profile } = user;
  const userResults = await db.select().from(results).where(eq(results.userId, user.id));
  const userAnswers = [];
  for (const r of userResults) userAnswers.push(...(await db.select().from(answers).where(eq(answers.resultId, r.id))));
  return {
    exportedAt: new Date().toISOString(),
    profile,
    results: userResults,
    answers: userAnswers,
    sessions: (await db.select().from(sessions).where(eq(sessions.userId, user.id))).map(({ tokenHash: _t, ...s }) => s),
    orders: await db.select().from(orders).where(eq(orders.userId, user.id)),
    reviews: await db.select().from(reviews).where(eq(reviews.userId, user.id)),
    activity: await db.select().from(logs).where(eq(logs.userId, user.id)),
  };
}

/**
 * Deletes the account after the password is re-entered. Answers, results, sessions, tokens and
 * sign-in links go; orders and payments are kept as accounting law requires, attached to an
 * anonymised stub instead of the person.
 */
export async function deleteAccount(deps: AppDeps, user: UserRow, password: string, locale: Locale) {
  if (!(await verifyPassword(user.passwordHash, password))) throw validationFailed({ password: tFor(locale)("auth.errors.currentWrong") });
  await eraseAccount(deps.db, user);
}

/** The deletion rules themselves, shared by a user's own deletion and a manager's (back-office). */
export async function eraseAccount(db: Db, user: UserRow) {
  const resultIds = (await db.select({ id: results.id }).from(results).where(eq(results.userId, user.id))).map((r) => r.id);
  for (const id of resultIds) await db.delete(answers).where(eq(answers.resultId, id));
  await db.delete(results).where(eq(results.userId, user.id));
  await db.delete(sessions).where(eq(sessions.userId, user.id));
  await db.delete(emailTokens).where(eq(emailTokens.userId, user.id));
  await db.delete(oauthAccounts).where(eq(oauthAccounts.userId, user.id));
  await db.delete(couponUses).where(eq(couponUses.userId, user.id));
  await db.update(reviews).set({ userId: null }).where(eq(reviews.userId, user.id));
  await db.delete(logs).where(eq(logs.userId, user.id));
  const [kept] = await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, user.id)).limit(1);
  if (kept) {
    await db
      .update(users)
      .set({
        email: `deleted-${user.id}@deleted.invalid`,
        passwordHash: null,
        name: null,
        phone: null,
        birthday: null,
        city: null,
        gender: null,
        personnelId: null,
        utm: null,
        isActive: false,
        formatCode: null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id));
  } else {
    await db.delete(users).where(eq(users.id, user.id));
  }
}

export function requireUser(user: UserRow | undefined | null): UserRow {
  if (!user) throw unauthorized();
  return user;
}
