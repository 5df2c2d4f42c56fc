import { and, count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { reviews, users } from "../../db/schema";
import type { Locale } from "../../locales";
import { stat } from "node:fs/promises";
import { basename, join } from "node:path";
import { photoDir } from "../admin/photos";
import { AppError, notFound, validationFailed } from "../lib/errors";
import type { Scope } from "../scope";
import { take } from "./rate-limits";
import { createId, ID_SOURCE } from "../lib/ids";
import type { UserRow } from "./users";
import { paged } from "../lib/listing";

export type ReviewRow = typeof reviews.$inferSelect;
export const REVIEW_PAGE_SIZE = 50;
export const REVIEW_POPULATE = ["user"] as const;
export const REVIEW_FIELDS = ["name", "position", "img", "text", "user", "createdAt", "isPublished"] as const;

export function toReviewDoc(r: ReviewRow, user?: { _id: string; name: string | null } | null) {
  return {
    _id: r.id,
    name: r.name,
    position: r.position,
    img: r.img,
    text: r.text,
    user: user ?? r.userId,
    isPublished: r.isPublished,
    createdAt: r.createdAt,
  };
}

/** Text in the reader's language, falling back to the other one. */
export const reviewText = (r: Pick<ReviewRow, "text">, locale: Locale) => r.text[locale] || r.text.ru || r.text.en || "";

export async function listPublishedReviews(db: Db, opts: { page: number; limit: number; populateUser?: boolean }) {
  const where = eq(reviews.isPublished, true);
  const [{ total }] = await db.select({ total: count() }).from(reviews).where(where);
  const rows = await db
    .select({ review: reviews, userName: users.name })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.userId))
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit);
  const docs = rows.map(({ review, userName }) => toReviewDoc(review, opts.populateUser && review.userId ? { _id: review.userId, name: userName } : null));
  return paged(docs, total, opts.page, opts.limit);
}

export async function getPublishedReview(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.id, id), eq(reviews.isPublished, true)));
  if (!row) throw notFound();
  return row;
}

/** The review photos we serve (server/uploads.ts): /uploads/reviews/<id>.<jpg|png|webp>. */
const STORED_PHOTO = new RegExp(`^/uploads/reviews/${ID_SOURCE}\\.(jpg|png|webp)$`);

/** A review from a user with a completed result; it waits for moderation before it is shown. */
export const reviewSchema = z.object({
  name: z.string({ error: "common.validation.required" }).trim().min(1, "common.validation.required").max(80),
  position: z
    .string()
    .trim()
    .max(120)
    .optional()
    .transform((v) => v || null),
  text: z.string({ error: "common.validation.required" }).trim().min(20, "common.validation.tooShort").max(2000),
  // only a photo we stored: any other address, even one of ours,
  // would be fetched by every reader's browser with their cookies (a GET that signs them into the demo)
  img: z
    .string()
    .trim()
    .max(500)
    .regex(STORED_PHOTO, "review.errors.photo")
    .optional()
    .or(z.literal(""))
    .transform((v) => v || null),
});

export async function createReview(scope: Scope, user: UserRow, input: z.infer<typeof reviewSchema>) {
  if (!user.isCompleted) throw new AppError(403, "test_required", "review.errors.testRequired");
  if (input.img && !(await stat(join(photoDir(scope.deps), basename(input.img))).catch(() => null))) throw validationFailed({ img: "review.errors.photo" });
  await take(scope.db, "reviews", user.id);
  const db = scope.db;
  const locale = scope.locale;
  const id = createId();
  await db
    .insert(reviews)
    .values({ id, userId: user.id, name: input.name, position: input.position, img: input.img, text: { [locale]: input.text }, isPublished: false });
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id));
  return row!;
}
