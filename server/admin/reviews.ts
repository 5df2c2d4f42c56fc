// Reviews in the back-office: written by a manager (with a photo) or left by users, shown on the
// site only once approved (isPublished). Approve and hide are audited like every manager write.
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { reviews, users } from "../../db/schema";
import { notFound, validationFailed } from "../lib/errors";
import { createId, ID_SOURCE, idSchema } from "../lib/ids";
import { transaction, type ManagerScope } from "../scope";
import { auditBy } from "./audit";

const text = z.string().trim().max(2000).optional();
/** a stored photo's path (from the upload) or an https address */
const img = z
  .string()
  .trim()
  .max(500)
  .regex(new RegExp(`^(/uploads/reviews/${ID_SOURCE}\\.(jpg|png|webp)|https://[^\\s"'<>]+)$`), "manager.reviews.photoUrl")
  .optional();

export const reviewFields = {
  name: z.string("common.validation.required").trim().min(1, "common.validation.required").max(80),
  position: z.string().trim().max(120).optional(),
  textRu: text,
  textEn: text,
  img,
  isPublished: z.boolean().optional(),
};
export const reviewCreateSchema = z.object({ ...reviewFields, user: idSchema().optional() });
export const reviewUpdateSchema = z.object(reviewFields).partial();

/** The form's textRu/textEn → the row's `text` per locale (sent together; an empty one is dropped). */
export function reviewColumns(v: Record<string, unknown>) {
  const { textRu, textEn, user, ...rest } = v;
  const out: Record<string, unknown> = { ...rest, position: rest.position === undefined ? undefined : rest.position || null };
  if (user !== undefined) out.userId = user;
  if (textRu !== undefined || textEn !== undefined) out.text = { ...(textRu ? { ru: textRu } : {}), ...(textEn ? { en: textEn } : {}) };
  return out;
}

export const reviewValues = (row: Record<string, unknown>) => {
  const t = (row.text ?? {}) as { ru?: string; en?: string };
  return { ...row, textRu: t.ru ?? "", textEn: t.en ?? "" };
};

/** A review needs its text in at least one language, and the account it names must exist. */
export async function checkReview(scope: ManagerScope, next: Record<string, unknown>) {
  const t = (next.text ?? {}) as { ru?: string; en?: string };
  if (!t.ru && !t.en) throw validationFailed({ textRu: "manager.reviews.textRequired" });
  if (typeof next.userId === "string") {
    const [u] = await scope.db.select({ id: users.id }).from(users).where(eq(users.id, next.userId));
    if (!u) throw validationFailed({ user: "manager.projects.noSuchUser" });
  }
}

export async function insertReview(db: Db, input: Record<string, unknown>) {
  const id = createId();
  const v = reviewColumns(input) as {
    name: string;
    position?: string | null;
    img?: string;
    text: { ru?: string; en?: string };
    isPublished?: boolean;
    userId?: string;
  };
  await db.insert(reviews).values({
    id,
    name: v.name,
    position: v.position ?? null,
    img: v.img ?? null,
    text: v.text,
    isPublished: v.isPublished ?? false,
    userId: v.userId ?? null,
  });
  return id;
}

/** Approve (shown on the site) or hide a review. */
export async function publishReview(scope: ManagerScope, id: string, isPublished: boolean) {
  await transaction(scope, async (tx) => {
    const [before] = await tx.db.select({ isPublished: reviews.isPublished, userId: reviews.userId }).from(reviews).where(eq(reviews.id, id));
    if (!before) throw notFound();
    if (before.isPublished === isPublished) return; // already so: nothing to record
    await tx.db.update(reviews).set({ isPublished }).where(eq(reviews.id, id));
    await auditBy(tx, {
      action: isPublished ? "reviews.approve" : "reviews.hide",
      entity: "reviews",
      entityId: id,
      subjectUserId: before.userId,
      changes: { isPublished },
    });
  });
}

/** Deletes a review (spam, a duplicate): the audit keeps its name and text. */
export async function deleteReview(scope: ManagerScope, id: string) {
  await transaction(scope, async (tx) => {
    const [before] = await tx.db.select().from(reviews).where(eq(reviews.id, id));
    if (!before) throw notFound();
    await tx.db.delete(reviews).where(eq(reviews.id, id));
    await auditBy(tx, {
      action: "reviews.delete",
      entity: "reviews",
      entityId: id,
      subjectUserId: before.userId,
      changes: { name: { from: before.name, to: null }, text: { from: before.text, to: null }, isPublished: { from: before.isPublished, to: null } },
    });
  });
}
