// Public calls: the counter, reviews, formats, marketing forms and the health check.
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { ID_PATTERN } from "../lib/ids";
import { omit, pagingSchema, parseNameList } from "../lib/listing";
import { validate } from "../lib/validate";
import { getFormat, listFormats } from "../services/formats";
import { hasConsultation, submitLead, type LeadKind } from "../services/leads";
import { createReview, getPublishedReview, listPublishedReviews, REVIEW_PAGE_SIZE, REVIEW_POPULATE, reviewSchema, toReviewDoc } from "../services/reviews";
import { guard } from "../middleware/guards";
import { totalUsers } from "../services/stats";
import { notFound } from "../lib/errors";

export const publicApi = new Hono<AppEnv>();

publicApi.get("/health", async (c) => {
  try {
    await c.var.deps.database.ping();
    return c.json({ status: "ok", database: c.var.deps.database.kind });
  } catch {
    return c.json({ status: "error", database: "unreachable" }, 503);
  }
});

publicApi.get("/total", async (c) => c.json({ total: await totalUsers(c.var.deps.db) }));

const reviewQuery = pagingSchema(REVIEW_PAGE_SIZE).extend({ populate: z.string().optional(), exclude: z.string().optional() });

publicApi.get("/review", validate("query", reviewQuery), async (c) => {
  const q = c.req.valid("query");
  const populate = parseNameList(q.populate, REVIEW_POPULATE, "populate");
  const exclude = parseNameList(q.exclude, ["name", "position", "img", "text", "user", "createdAt", "isPublished"], "exclude");
  const list = await listPublishedReviews(c.var.deps.db, { page: q.page, limit: q.limit, populateUser: populate.has("user") });
  return c.json({ ...list, docs: list.docs.map((d) => omit(d, exclude)) });
});

const idParam = z.object({ id: z.string().regex(ID_PATTERN) });

publicApi.get("/review/:id", async (c) => {
  const parsed = idParam.safeParse(c.req.param());
  if (!parsed.success) throw notFound();
  return c.json(toReviewDoc(await getPublishedReview(c.var.deps.db, parsed.data.id)));
});

publicApi.post("/review", guard("auth"), validate("json", reviewSchema), async (c) =>
  c.json(toReviewDoc(await createReview(c.var.deps.db, c.var.auth!.user, c.req.valid("json"), c.var.locale)), 201),
);

publicApi.get("/format", async (c) => c.json({ docs: await listFormats(c.var.deps.db) }));
publicApi.get("/format/:id", async (c) => c.json(await getFormat(c.var.deps.db, c.req.param("id").toUpperCase())));

function leadRoute(kind: LeadKind) {
  return [
    validate("json", z.unknown()), // answers malformed JSON; submitLead validates the fields
    async (c: import("hono").Context<AppEnv>) => {
      const input = (c.req as unknown as { valid(t: "json"): unknown }).valid("json");
      return c.json(await submitLead(c.var.deps, kind, input, { userId: c.var.auth?.user.id ?? null, t: c.var.t }), 201);
    },
  ] as const;
}

publicApi.post("/amo/business-lead", ...leadRoute("demo"));
publicApi.post("/consultation/add-ticket", ...leadRoute("consultation"));
publicApi.post("/webinar/user", ...leadRoute("webinar"));

/** A generic site form: `form` names which one (demo, research, consultation, webinar). */
const sendFormSchema = z.object({ form: z.enum(["demo", "research", "consultation", "webinar"]) }).loose();

publicApi.post("/notify/send-form", validate("json", sendFormSchema), async (c) => {
  const body = c.req.valid("json");
  return c.json(await submitLead(c.var.deps, body.form, body, { userId: c.var.auth?.user.id ?? null, t: c.var.t }), 201);
});

publicApi.get("/consultation/check", validate("query", z.object({ email: z.email() })), async (c) =>
  c.json({ exists: await hasConsultation(c.var.deps.db, c.req.valid("query").email.toLowerCase()) }),
);
