import { z } from "zod";
import { handleForm } from "../server/lib/forms";
import { doneKey, withDone } from "../server/lib/notice";
import { ID_PARAM, idSchema } from "../server/lib/ids";
import { definePage } from "../server/render/define";
import { usePage } from "../server/render/page";
import { createReview, getPublishedReview, listPublishedReviews, reviewSchema, reviewText, REVIEW_PAGE_SIZE, toReviewDoc } from "../server/services/reviews";
import { PublicLayout } from "./_layouts/public";
import { ServerForm } from "./_blocks/blocks";

type Doc = ReturnType<typeof toReviewDoc>;

function ReviewCard({ r }: { r: Doc }) {
  const { locale } = usePage();
  return (
    <figure className="card" data-testid="review">
      <blockquote className="text-slate-700">“{reviewText(r, locale)}”</blockquote>
      <figcaption className="mt-4 flex items-center gap-3 text-sm">
        {r.img && <img src={r.img} alt="" width={40} height={40} loading="lazy" className="h-10 w-10 shrink-0 rounded-full object-cover" />}
        <span>
          <a href={`/review/${r._id}`} className="font-semibold hover:underline">
            {r.name}
          </a>
          {r.position && <span className="text-slate-500">, {r.position}</span>}
        </span>
      </figcaption>
    </figure>
  );
}

function Reviews({ data }: { data: { docs: Doc[] } }) {
  const { t, auth, url } = usePage();
  return (
    <PublicLayout>
      <div className="container-page py-10">
        <h1 className="mb-2 text-3xl font-black">{t("review.title")}</h1>
        <p className="mb-8 text-slate-600">{t("review.lead")}</p>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {data.docs.map((r) => (
            <ReviewCard key={r._id} r={r} />
          ))}
        </div>
        <section className="mt-12 max-w-xl">
          <h2 className="mb-4 text-2xl font-bold">{t("review.leave")}</h2>
          {auth?.user.isCompleted ? (
            <div className="card">
              <ServerForm
                kind="review"
                submit={t("review.submit")}
                notice={doneKey(url) === "review" ? t("review.sent") : null}
                fields={[
                  { name: "name", label: t("review.name"), required: true, value: auth.user.name },
                  { name: "position", label: t("review.position") },
                  { name: "text", label: t("review.text"), type: "textarea", required: true, hint: t("review.textHint") },
                ]}
              />
            </div>
          ) : (
            <p className="text-slate-600">{t("review.needTest")}</p>
          )}
        </section>
      </div>
    </PublicLayout>
  );
}

export const reviewsPage = definePage({
  path: "/review",
  load: async (c) => ({ docs: (await listPublishedReviews(c.get("scope").db, { page: 1, limit: REVIEW_PAGE_SIZE })).docs }),
  title: (t) => t("review.title"),
  Component: Reviews,
  action: async (c) => {
    const auth = c.get("auth");
    if (!auth) return c.redirect("/login?fallback=/review", 303);
    return handleForm(c, "review", reviewSchema, async (input) => {
      await createReview(c.get("scope"), auth.user, input);
      return c.redirect(withDone("/review#form-review", "review"), 303);
    });
  },
});

function OneReview({ data }: { data: Doc }) {
  const { t } = usePage();
  return (
    <PublicLayout>
      <div className="container-page max-w-2xl py-10">
        <ReviewCard r={data} />
        <a href="/review" className="mt-6 inline-block text-brand-700 hover:underline">
          ← {t("review.back")}
        </a>
      </div>
    </PublicLayout>
  );
}

export const reviewPage = definePage({
  path: `/review/${ID_PARAM}`,
  params: z.object({ id: idSchema() }),
  load: async (c) => toReviewDoc(await getPublishedReview(c.get("scope").db, c.req.param("id")!)),
  title: (t) => t("review.title"),
  Component: OneReview,
});
