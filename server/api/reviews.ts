// /api/review: published reviews (paged) and leaving one.
import * as X from "./answer-schemas";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { ID_PARAM, pathId } from "../lib/ids";
import { omit, pagingSchema, parseNameList } from "../lib/listing";
import { answers, validate } from "../lib/validate";
import { guard } from "../middleware/guards";
import { createReview, getPublishedReview, listPublishedReviews, REVIEW_PAGE_SIZE, REVIEW_POPULATE, reviewSchema, toReviewDoc } from "../services/reviews";

const reviewQuery = pagingSchema(REVIEW_PAGE_SIZE).extend({ populate: z.string().optional(), exclude: z.string().optional() });
const REVIEW_FIELDS = ["name", "position", "img", "text", "user", "createdAt", "isPublished"];

export const reviewsApi = new Hono<AppEnv>();

reviewsApi.get("/", validate("query", reviewQuery), answers(X.reviews), async (c) => {
  const q = c.req.valid("query");
  const populate = parseNameList(q.populate, REVIEW_POPULATE, "populate");
  const exclude = parseNameList(q.exclude, REVIEW_FIELDS, "exclude");
  const list = await listPublishedReviews(c.get("scope").db, { page: q.page, limit: q.limit, populateUser: populate.has("user") });
  return c.json({ ...list, docs: list.docs.map((d) => omit(d, exclude)) });
});

reviewsApi.get(`/${ID_PARAM}`, answers(X.review), async (c) => c.json(toReviewDoc(await getPublishedReview(c.get("scope").db, pathId(c)))));

reviewsApi.post("/", guard("auth"), validate("json", reviewSchema), answers(X.review, 201), async (c) =>
  c.json(toReviewDoc(await createReview(c.get("scope"), c.get("user"), c.req.valid("json"))), 201),
);
