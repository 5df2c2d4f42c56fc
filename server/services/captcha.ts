// reCAPTCHA v3, verified on the server when RECAPTCHA_SECRET is set (off otherwise).
// https://developers.google.com/recaptcha/docs/verify
import type { Config } from "../config";
import { AppError } from "../lib/errors";

export const CAPTCHA_MIN_SCORE = 0.5;

/** Throws a 400 (field `captcha`) unless Google vouches for the token; `ip` is the visitor's, when known. */
export async function verifyCaptcha(config: Pick<Config, "RECAPTCHA_SECRET" | "RECAPTCHA_VERIFY_URL">, token: string | undefined, ip: string | null) {
  const { RECAPTCHA_SECRET: secret, RECAPTCHA_VERIFY_URL: url } = config;
  if (!secret) return;
  const fail = () => new AppError(400, "captcha_failed", "auth.errors.captcha", { captcha: "auth.errors.captcha" });
  if (!token) throw fail();
  const body = new URLSearchParams({ secret, response: token });
  if (ip) body.set("remoteip", ip);
  let data: { success?: boolean; score?: number };
  try {
    const res = await fetch(url, { method: "POST", body, signal: AbortSignal.timeout(5000) });
    data = (await res.json()) as typeof data;
  } catch {
    throw fail();
  }
  if (!data.success || (typeof data.score === "number" && data.score < CAPTCHA_MIN_SCORE)) throw fail();
}
