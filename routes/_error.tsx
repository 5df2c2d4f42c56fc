// The error catalogue (spec §8): 404 "This page could not be found" with a link home; any other
// error shows its message (or "Error") and status (default 500).
import { usePage } from "../server/render/page";
import { PublicLayout } from "./_layouts/public";

export function ErrorPage({ status, message }: { status: number; message?: string }) {
  const { t } = usePage();
  const notFound = status === 404;
  return (
    <PublicLayout>
      <section className="container-page flex min-h-[50vh] flex-col items-center justify-center py-16 text-center" data-testid="error-page">
        <p className="text-6xl font-black text-brand-600">{status}</p>
        <h1 className="mt-4 text-2xl font-bold">{notFound ? t("common.errors.notFoundTitle") : message || t("common.errors.error")}</h1>
        <p className="mt-2 text-slate-600">{notFound ? t("common.errors.notFoundHint") : t("common.errors.status", { status })}</p>
        <a href="/" className="btn-primary mt-8">
          {t("common.errors.home")}
        </a>
      </section>
    </PublicLayout>
  );
}

/** Used when rendering ErrorPage itself throws: no layout, no data, nothing that can fail. */
export const ERROR_PAGE_FALLBACK = (status: number) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Error</title></head><body style="font-family:system-ui;text-align:center;padding:4rem 1rem"><h1>An error occurred while showing the error page</h1><p>${status}</p><p><a href="/">Home</a></p></body></html>`;
