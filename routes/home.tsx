import { primaryAction } from "../server/lib/links";
import { usePage } from "../server/render/page";
import { definePage } from "../server/render/define";
import { listPublishedReviews, reviewText, REVIEW_PAGE_SIZE } from "../server/services/reviews";
import { totalUsers } from "../server/services/stats";
import { PublicLayout } from "./_layouts/public";
import { CardGrid, Counter, Faq, Section, ShowAll, SignedInNext, SignupBlock, Steps } from "./_blocks/blocks";

type Review = Awaited<ReturnType<typeof listPublishedReviews>>["docs"][number];

export function Promo({ total, ns = "home" }: { total: number; ns?: string }) {
  const { t, auth } = usePage();
  const bullets = t.raw<string[]>(`${ns}.promo.bullets`);
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="container-page grid min-h-[488px] items-center gap-10 py-10 sm:py-16 md:grid-cols-2">
        <div>
          <p className="mb-3 text-sm font-semibold uppercase tracking-wide text-brand-700">{t(`${ns}.promo.kicker`)}</p>
          <h1 className="text-3xl font-black leading-tight sm:text-5xl">{t(`${ns}.promo.title`)}</h1>
          <p className="mt-4 text-lg text-slate-700">{t(`${ns}.promo.lead`)}</p>
          {/* a phone's first screen holds no form: the way to it (or on, when signed in) is here */}
          <a href={auth ? primaryAction(auth).href : "#signup"} className="btn-primary mt-6 md:hidden" data-testid="promo-cta">
            {t(primaryAction(auth).labelKey)}
          </a>
          {Array.isArray(bullets) && (
            <ul className="mt-6 space-y-2">
              {bullets.map((b) => (
                <li key={b} className="flex gap-2 text-slate-700">
                  <span className="text-brand-600" aria-hidden>
                    ✓
                  </span>
                  {b}
                </li>
              ))}
            </ul>
          )}
          <div className="mt-8">
            <Counter total={total} />
          </div>
        </div>
        <div className="card" id="signup">
          {auth ? (
            <SignedInNext />
          ) : (
            <>
              <h2 className="mb-4 text-xl font-bold">{t("common.signup.title")}</h2>
              <SignupBlock />
            </>
          )}
        </div>
      </div>
    </section>
  );
}

export function ReportTeaser() {
  const { t } = usePage();
  const blocks = t.raw<{ title: string; text: string }[]>("home.teaser.blocks");
  return (
    <Section id="report" title={t("home.teaser.title")} tone="muted">
      <ShowAll
        items={blocks}
        visible={3}
        label={t("home.teaser.showAll")}
        render={(b, i) => (
          <div key={b.title} className="card">
            <p className="mb-2 text-sm font-bold text-brand-600">{String(i + 1).padStart(2, "0")}</p>
            <h3 className="mb-2 text-lg font-semibold">{b.title}</h3>
            <p className="text-slate-600">{b.text}</p>
          </div>
        )}
      />
    </Section>
  );
}

export function Reviews({ reviews }: { reviews: Review[] }) {
  const { t, locale } = usePage();
  return (
    <Section id="reviews" title={t("home.reviews.title")}>
      {reviews.length === 0 ? (
        <p className="text-slate-600">{t("home.reviews.empty")}</p>
      ) : (
        <ShowAll
          items={reviews}
          visible={3}
          label={t("home.reviews.showAll")}
          render={(r) => (
            <figure key={r._id} className="card" data-testid="review">
              <blockquote className="text-slate-700">“{reviewText(r, locale)}”</blockquote>
              <figcaption className="mt-4 text-sm">
                <span className="font-semibold">{r.name}</span>
                {r.position && <span className="text-slate-500">, {r.position}</span>}
              </figcaption>
            </figure>
          )}
        />
      )}
    </Section>
  );
}

export function OfferBlock() {
  const { t } = usePage();
  return (
    <Section tone="brand">
      <div className="flex flex-col items-start gap-6 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-2xl font-bold sm:text-3xl">{t("home.offer.title")}</h2>
          <p className="mt-2 max-w-2xl text-brand-100">{t("home.offer.text")}</p>
        </div>
        <a href="#signup" className="btn bg-white text-brand-900 hover:bg-brand-50">
          {t("home.offer.cta")}
        </a>
      </div>
    </Section>
  );
}

function Home({ data }: { data: { total: number; reviews: Review[] } }) {
  const { t, url } = usePage();
  return (
    <PublicLayout>
      {/* an erased account lands here: it is told so, not left to wonder whether it worked */}
      {url.searchParams.get("deleted") === "1" && (
        <div className="container-page mt-4">
          <p role="status" className="rounded-xl bg-emerald-50 p-4 text-emerald-900" data-testid="account-deleted">
            {t("auth.account.deleted")}
          </p>
        </div>
      )}
      {url.searchParams.get("signedout") === "1" && (
        <div className="container-page mt-4">
          <p role="status" className="rounded-xl bg-emerald-50 p-4 text-emerald-900" data-testid="signed-out">
            {t("auth.signedOut")}
          </p>
        </div>
      )}
      <Promo total={data.total} />
      <Section id="about" title={t("home.about.title")}>
        <p className="mb-8 max-w-3xl text-lg text-slate-700">{t("home.about.text")}</p>
        <CardGrid items={t.raw("home.about.items")} />
      </Section>
      <Steps k="home.how" />
      <ReportTeaser />
      <OfferBlock />
      <Reviews reviews={data.reviews} />
      <Faq title={t("home.faq.title")} items={t.raw("home.faq.items")} />
      <Section title={t("home.business.title")}>
        <div className="card flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="max-w-2xl text-slate-700">{t("home.business.text")}</p>
          <a href="/business_demo" className="btn-secondary">
            {t("home.business.cta")}
          </a>
        </div>
      </Section>
    </PublicLayout>
  );
}

export default definePage({
  path: "/",
  load: async (c) => {
    const db = c.get("scope").db;
    const [total, reviews] = await Promise.all([totalUsers(db), listPublishedReviews(db, { page: 1, limit: REVIEW_PAGE_SIZE })]);
    return { total, reviews: reviews.docs };
  },
  title: (t) => t("home.title"),
  description: (t) => t("home.description"),
  Component: Home,
  publicCache: true,
});
