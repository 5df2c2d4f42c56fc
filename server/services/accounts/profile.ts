// The profile: name, birthday, city, phone, gender, personnel number and language.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { employees, users } from "../../../db/schema";
import { fields } from "../../lib/validate";
import { type Scope, transaction, type UserScope } from "../../scope";
import type { Locale } from "../../../locales";

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
  phone: fields
    .phone()
    .nullish()
    .or(z.literal("").transform(() => null)),
  gender: z
    .enum(["Male", "Female"])
    .nullish()
    .or(z.literal("").transform(() => null)),
  PersonnelId: optionalField(60),
  locale: z.enum(["ru", "en"]).optional(),
});

export async function updateProfile(scope: UserScope, input: z.infer<typeof profileSchema>) {
  const { user } = scope;
  const patch: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (input.name !== undefined) patch.name = input.name;
  if (input.birthday !== undefined) patch.birthday = input.birthday;
  if (input.city !== undefined) patch.city = input.city;
  if (input.phone !== undefined) patch.phone = input.phone;
  if (input.gender !== undefined) patch.gender = input.gender;
  if (input.PersonnelId !== undefined) patch.personnelId = input.PersonnelId;
  if (input.locale !== undefined) patch.locale = input.locale;
  await transaction(scope, async ({ db: tx }) => {
    await tx.update(users).set(patch).where(eq(users.id, user.id));
    // the companies see the name the person gives, unless an owner renamed them there
    if (input.name && input.name !== user.name) {
      await tx
        .update(employees)
        .set({ name: input.name })
        .where(and(eq(employees.userId, user.id), eq(employees.nameByOwner, false)));
    }
  });
  const [row] = await scope.db.select().from(users).where(eq(users.id, user.id));
  return row!;
}

/** The language a person chose on one of their devices becomes their account's: pages on every
 * device, mails and PDFs follow it. */
export async function rememberLocale(scope: Scope, input: { userId: string; locale: Locale }) {
  await scope.db.update(users).set({ locale: input.locale, updatedAt: new Date() }).where(eq(users.id, input.userId));
}
