// reCAPTCHA v3, verified on the server when RECAPTCHA_SECRET is set (off otherwise).
// https://developers.google.com/recaptcha/docs/verify
import type { Context } from "hono";
import { AppError } from "../lib/errors";
import { requestMeta } from "../lib/http";

export const CAPTCHA_MIN_SCORE = 0.5;

export async function verifyCaptcha(c: Context, token: string | undefined) {
  const { RECAPTCHA_SECRET: secret, RECAPTCHA_VERIFY_URL: url } = c.var.deps.config;
  if (!secret) return;
  const fail = () => new AppError(400, "captcha_failed", "auth.errors.captcha", { captcha: c.var.t("auth.errors.captcha") });
  if (!token) throw fail();
  const body = new URLSearchParams({ secret, response: token });
  const ip = requestMeta(c).ip;
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
