// Sign-up: an e-mail, the three agreements and (when configured) a passing reCAPTCHA; without a
// password one is generated and mailed with the confirmation link. Referral, invite and UTM
// (from the body or the tracking cookies) are attached to the new user.
import { z } from "zod";
import { users } from "../../../db/schema";
import { tFor } from "../../../locales";
import { transaction, type Scope } from "../../scope";
import { crashPoint } from "../../lib/crash-points";
import { conflict } from "../../lib/errors";
import { createId } from "../../lib/ids";
import { pickUtm, TRACKING_VALUE_MAX, UTM_KEYS, type UtmKey } from "../../lib/tracking";
import { fields } from "../../lib/validate";
import { logActivity } from "../activity";
import { verifyCaptcha } from "../captcha";
import { consume } from "../rate-limits";
import { creditedReferral, recordReferralSignup } from "../referrals";
import { acceptInviteByLink } from "../invites";
import { quotedName } from "../business/follow-up";
import { findInvitation } from "../business/join";
import { generatePassword, hashPassword, passwordSchema } from "../passwords";
import { createSession } from "../sessions";
import { findUserByEmail, normalizeEmail, type UserRow } from "../users";
import { sendConfirmation } from "./confirm";
import type { RequestMeta } from "./meta";

const agreement = z.literal(true, { error: "common.validation.agree" });
const utmValue = z.string().max(TRACKING_VALUE_MAX).optional();
const utmSchema = z.object(Object.fromEntries(UTM_KEYS.map((key) => [key, utmValue])) as Record<UtmKey, typeof utmValue>).strip();

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

const emailTaken = (meta: RequestMeta) => conflict("auth.errors.emailTaken", { email: tFor(meta.locale)("auth.errors.emailTaken") });

/**
 * Creates the account. The checks, the captcha and the password's hash come first; then the account,
 * its invitation, the log, the confirmation's tokens and mail (queued in the outbox) and the session
 * are one unit of work. So mail that cannot leave now never fails a sign-up (it leaves when SMTP is
 * back), and a crash never leaves an account nobody was told about.
 */
type SignupMeta = RequestMeta & { cookies: Partial<Record<string, string>>; fallback?: string | null };
export type SignedUp = { user: UserRow; token: string; generatedPassword: boolean };

export async function signup(
  scope: Scope,
  input: SignupInput,
  /** `fallback`: one of our pages to go on to, kept in the confirmation link (the business activation…) */
  meta: SignupMeta,
): Promise<SignedUp> {
  const write = await prepareSignup(scope, input, meta);
  return transaction(scope, write);
}

/**
 * A sign-up in two parts: what must happen before its unit of work (the captcha, the rate limit and
 * the password's hash: remote or slow), then the unit's body, which writes the account. Split so an
 * operation that signs up and does more (signupAndJoin) writes all of it in one unit.
 */
export async function prepareSignup(
  scope: Scope,
  input: SignupInput,
  meta: SignupMeta,
  /** A sign-up on a link the caller has checked is counted per that link, not per address. */
  checkedInvite?: string,
): Promise<(tx: Scope) => Promise<SignedUp>> {
  const { deps } = scope;
  await verifyCaptcha(deps.config, input.captcha, meta.ip);
  if (checkedInvite) await consume(deps.db, "signupInvite", checkedInvite);
  else await consume(deps.db, "signup", meta.ip);
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(deps.db, email)) throw emailTaken(meta);
  const generated = !input.password;
  const password = input.password ?? generatePassword();
  const refCode = input.ref ?? meta.cookies.ref ?? meta.cookies.referral;
  const referralId = await creditedReferral(deps.db, refCode);
  const referral = referralId ? { id: referralId } : undefined;
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
  return async (tx) => {
    try {
      await tx.db.insert(users).values(user);
    } catch (e) {
      if (String((e as Error).message).includes("UNIQUE")) throw emailTaken(meta);
      throw e;
    }
    crashPoint("signup.afterUser");
    const row = (await findUserByEmail(tx.db, email))!;
    if (input.invite) await acceptInviteByLink(tx.db, row, input.invite);
    if (referral) await recordReferralSignup(tx.db, referral.id, row.id);
    await logActivity(tx.db, row.id, "signup", { referral: referral?.id ?? null });
    const invitedBy = input.invite ? await findInvitation(tx.db, input.invite) : null;
    await sendConfirmation(tx, row, { setPassword: generated, fallback: meta.fallback, company: invitedBy ? quotedName(invitedBy.project.name) : null });
    const { token } = await createSession(tx.db, row.id, { userAgent: meta.userAgent, ip: meta.ip });
    return { user: row, token, generatedPassword: generated };
  };
}
