// argon2id with the OWASP minimum: 19 MiB memory, 2 iterations, parallelism 1. Passwords are
// 8–128 characters with no composition rules, and the commonest leaked passwords are refused.
import { hash, verify } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";
import { z } from "zod";

const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;
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

export const hashPassword = (password: string) => hash(password, { ...OPTIONS, algorithm: 2 /* Argon2id */ });

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    // Same work as a real check, so timing does not tell which accounts exist.
    await hash(password, { ...OPTIONS, algorithm: 2 });
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A readable random password for sign-ups that only gave an e-mail: 4 groups of 4. */
export function generatePassword(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join("")).join("-");
}
