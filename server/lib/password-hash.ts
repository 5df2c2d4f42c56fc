// argon2id with the OWASP minimum: 19 MiB memory, 2 iterations, parallelism 1. Here rather than
// in services/ because the seed (db/seed) hashes the admin's password too.
import { hash, verify } from "@node-rs/argon2";

const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

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
