// The report's sharing block: create a public card of the format, see its link, or stop sharing.
import { usePage } from "../../server/render/page";

/** Sharing the format, opted into: a public card (no answers, no e-mail), revocable. */
export function ShareBlock({ code }: { code: string | null }) {
  const { t, config } = usePage();
  const link = code ? `${config.PUBLIC_URL}/share/${code}` : null;
  return (
    <section id="share" className="container-page max-w-5xl pb-4" aria-labelledby="share-title" data-testid="share">
      <div className="card">
        <h2 id="share-title" className="mb-2 text-xl font-semibold">
          {t("report.share.title")}
        </h2>
        <p className="mb-4 text-slate-700">{t("report.share.lead")}</p>
        {link && (
          <p className="mb-4">
            <span className="block text-sm text-slate-600">{t("report.share.link")}</span>
            <a href={link} className="font-semibold text-brand-700 underline" data-testid="share-link">
              {link}
            </a>
          </p>
        )}
        <form method="post" action="#share">
          <input type="hidden" name="_form" value={link ? "unshare" : "share"} />
          <button type="submit" className={link ? "btn-secondary" : "btn-primary"}>
            {t(link ? "report.share.stop" : "report.share.create")}
          </button>
        </form>
      </div>
    </section>
  );
}
