// Passwords are 8–128 characters with no composition rules, and the commonest leaked passwords
// are refused. Hashing (argon2id) lives in lib/password-hash, which the seed shares.
import { dictionary } from "@zxcvbn-ts/language-common";
import { z } from "zod";
export { hashPassword, verifyPassword } from "../lib/password-hash";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const COMMON = new Set((dictionary["passwords-common"] as string[]).filter((p) => p.length >= PASSWORD_MIN));

export const isCommonPassword = (password: string) => COMMON.has(password.toLowerCase());

export const passwordSchema = () =>
  z
    .string({ error: "common.validation.required" })
    .min(PASSWORD_MIN, "auth.errors.passwordShort")
    .max(PASSWORD_MAX, "auth.errors.passwordLong")
    .refine((p) => !isCommonPassword(p), "auth.errors.passwordCommon");

/** A readable random password for sign-ups that only gave an e-mail: 4 groups of 4. */
export function generatePassword(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join("")).join("-");
}
