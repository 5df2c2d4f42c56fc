import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { formats, users } from "../../db/schema";

export type UserRow = typeof users.$inferSelect;

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

export async function findUserById(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return row ?? null;
}

export function ageFrom(birthday: string | null, now = new Date()): number | null {
  if (!birthday) return null;
  const b = new Date(`${birthday}T00:00:00Z`);
  if (Number.isNaN(b.getTime())) return null;
  let age = now.getUTCFullYear() - b.getUTCFullYear();
  const m = now.getUTCMonth() - b.getUTCMonth();
  if (m < 0 || (m === 0 && now.getUTCDate() < b.getUTCDate())) age--;
  return age;
}

/** The user's own fields as the API shows them: `_id`, no secrets (no format: see toUserDoc). */
export function userFields(u: UserRow) {
  return {
    _id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    birthday: u.birthday,
    city: u.city,
    age: ageFrom(u.birthday),
    gender: u.gender,
    PersonnelId: u.personnelId,
    balance: u.balance,
    role: u.role,
    isActive: u.isActive,
    isBusiness: u.isBusiness,
    isManager: isManager(u),
    isCompleted: u.isCompleted,
    isFull: u.isFull,
    isConfirmed: isEmailConfirmed(u),
    alert: u.alert,
    locale: u.locale,
    createdAt: u.createdAt,
  };
}

/** The user as the API shows them, with their format's name. */
export async function toUserDoc(db: Db, u: UserRow) {
  let format: { code: string; name: unknown } | null = null;
  if (u.formatCode) {
    const [f] = await db.select({ code: formats.code, name: formats.name }).from(formats).where(eq(formats.code, u.formatCode));
    format = f ?? null;
  }
  return { ...userFields(u), format };
}

/** The one rule for "is a manager" (spec: role equals the manager role, admin), with a confirmed
 * address (an account promoted before its owner proved the mailbox gets no manager rights) and
 * active (a manager switched off on the Managers screen has none). What a manager may do in the
 * back-office is their role's (server/admin/roles.ts). */
export const isManager = (u: Pick<UserRow, "role" | "emailConfirmedAt"> & { isActive?: boolean }) =>
  hasManagerRole(u) && u.emailConfirmedAt != null && u.isActive !== false;
/** The role alone, confirmed or not: such an account is never a masquerade target. */
export const hasManagerRole = (u: Pick<UserRow, "role">) => u.role === "admin";

export const isEmailConfirmed = (u: Pick<UserRow, "emailConfirmedAt">) => u.emailConfirmedAt != null;
export const isProfileComplete = (u: Pick<UserRow, "name" | "birthday">) => Boolean(u.name && u.birthday);
